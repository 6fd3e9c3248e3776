/**
 * Identity verification (KYC, docs/verification.md): one case per player, the documents they
 * uploaded (the files themselves live on disk outside the web root, under random names), and the
 * provider webhooks already applied (a replay changes nothing).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A player's verification. No row: not started. `pending` waits for a review, `approved` is
 * verified, `resubmission` was rejected with a reason and asks for new documents, `rejected` was
 * rejected for good (with a reason).
 */
export const verificationCases = pgTable(
  'verification_cases',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    status: text('status', { enum: ['not_started', 'pending', 'approved', 'rejected', 'resubmission'] }).notNull().default('not_started'),
    /** Who reviews: the built-in review by operators, or Sumsub. */
    provider: text('provider', { enum: ['builtin', 'sumsub'] }).notNull().default('builtin'),
    /** The provider's applicant id (Sumsub), once created. */
    externalId: text('external_id'),
    /** The reviewer's reason, shown to the player when rejected or asked to resubmit. */
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('verification_cases_status_idx').on(table.status, table.submittedAt),
    uniqueIndex('verification_cases_external_idx').on(table.provider, table.externalId),
  ],
);

/**
 * One uploaded document. `draft` until the player submits, then `submitted`; the review marks
 * the submitted ones `approved` or `rejected`; a newer upload of the same kind before submitting
 * replaces a draft (`replaced`), so each kind has at most one live file.
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: serial('id').primaryKey(),
    /** What the player's page and the file route address it by (random, not guessable). */
    publicId: text('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['identity_front', 'identity_back', 'proof_of_address', 'selfie'] }).notNull(),
    status: text('status', { enum: ['draft', 'submitted', 'approved', 'rejected', 'replaced'] }).notNull().default('draft'),
    /** Random file name under the storage directory; never derived from what the player sent. */
    storageName: text('storage_name').notNull(),
    /** The stored file's type after inspection and re-encoding (image/jpeg, image/png, application/pdf). */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** The player's file name, for their own list only (cut and cleaned). */
    originalName: text('original_name').notNull(),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('verification_documents_public_idx').on(table.publicId),
    index('verification_documents_user_idx').on(table.userId, table.status),
  ],
);

/** Provider webhooks applied, by the provider's own event key: a replay is answered without effect. */
export const verificationWebhooks = pgTable(
  'verification_webhooks',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('verification_webhooks_event_idx').on(table.provider, table.eventKey)],
);
