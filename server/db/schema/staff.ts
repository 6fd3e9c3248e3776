import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Tables of the staff module (docs/backoffice.md): the back office's members, apart from players,
 * their sessions and their two-factor recovery codes. Roles and permissions are code
 * (contract/backoffice.ts), not data: a member has one role.
 */

export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased; the sign-in name. */
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role').notNull(),
    /** invited: has a set-up link and no password yet; active; disabled: may not sign in. */
    status: text('status', { enum: ['invited', 'active', 'disabled'] }).notNull().default('invited'),
    passwordHash: text('password_hash'),
    /** The TOTP secret, encrypted with a key derived from APP_SECRET (server/modules/staff/totp.ts). */
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code of that step or an earlier one is a replay. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** SHA-256 of the one-time set-up link's token, while the link is open. */
    setupTokenHash: text('setup_token_hash'),
    setupExpiresAt: timestamp('setup_expires_at', { withTimezone: true }),
    invitedBy: integer('invited_by'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_members_email_unique').on(table.email),
    uniqueIndex('staff_members_setup_token_unique').on(table.setupTokenHash),
    check('staff_members_role', sql`${table.role} in ('owner', 'manager', 'finance', 'compliance', 'support', 'marketing', 'trader', 'analyst')`),
    check('staff_members_active_has_factors', sql`${table.status} <> 'active' or (${table.passwordHash} is not null and ${table.totpConfirmedAt} is not null)`),
  ],
);

/**
 * A back-office session. The cookie holds a random token; the row its SHA-256. `stage` is
 * `second_factor` between a right password and a right code (a few minutes, no access to
 * anything), then a new row with a new token is made `active`: the token a browser held before
 * signing in never becomes a signed-in one.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    tokenHash: text('token_hash').notNull(),
    stage: text('stage', { enum: ['second_factor', 'active'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_sessions_token_unique').on(table.tokenHash), index('staff_sessions_staff_idx').on(table.staffId)],
);

/** Recovery codes, shown once at enrolment, stored hashed; each works once instead of a TOTP code. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_recovery_codes_staff_idx').on(table.staffId)],
);

/**
 * Four-eyes approvals: one row per member who approved a subject (`withdrawal:88`,
 * `adjustment:12`). The unique key makes a member count once however often they click; the
 * action runs when the subject's rule is met (server/modules/staff/four-eyes.ts).
 */
export const staffApprovals = pgTable(
  'staff_approvals',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('staff_approvals_subject_staff_unique').on(table.subject, table.staffId)],
);

// --- operator audit: every change an operator makes, from the back office or an ops command (who, what, when);
// append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0029) ---
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: serial('id').primaryKey(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The back-office member's role when the change was made (null for ops commands and the system). */
    actorRole: text('actor_role'),
    /** The subject before and after the change, where it has a state to show. */
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (table) => [
    index('operator_audit_subject_idx').on(table.subject, table.createdAt),
    index('operator_audit_created_idx').on(table.createdAt),
    index('operator_audit_actor_idx').on(table.actor, table.createdAt),
  ],
);
