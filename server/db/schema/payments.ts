import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

// --- payments: deposits and withdrawals through payment providers ---
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** The transaction id players and providers see (random, not guessable). */
    publicId: text('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    direction: text('direction', { enum: ['deposit', 'withdrawal'] }).notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /**
     * deposit: created -> pending -> success | failed | cancelled;
     * withdrawal: requested -> approved (paid out) | declined | cancelled.
     */
    status: text('status').notNull(),
    /** Why a failed deposit failed, as its provider said: `declined` (by the bank) or `service_error` (the provider's own). */
    failure: text('failure', { enum: ['declined', 'service_error'] }),
    requisites: jsonb('requisites').notNull().default(sql`'{}'::jsonb`),
    campaignOfferId: integer('campaign_offer_id').notNull().default(-1),
    domain: text('domain'),
    /** The browser's device fingerprint the deposit was asked from (docs/devices.md); null when none came. */
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_public_id_unique').on(table.publicId),
    index('payments_user_idx').on(table.userId, table.direction, table.createdAt),
    // The back office finds players by the IBAN or wallet they withdraw to, and accounts that share one.
    index('payments_requisites_iban_idx').on(sql`(${table.requisites} ->> 'iban')`).where(sql`${table.requisites} ? 'iban'`),
    index('payments_requisites_wallet_idx').on(sql`lower(${table.requisites} ->> 'wallet_email')`).where(sql`${table.requisites} ? 'wallet_email'`),
    // A welcome offer taken from one device by several accounts (docs/risk.md, offer_per_device).
    index('payments_device_idx').on(table.deviceId).where(sql`${table.deviceId} is not null`),
    check('payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** Provider callbacks by event id: a replayed event is recognised and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    status: text('status').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_events_provider_event_unique').on(table.provider, table.eventId)],
);

/** A player's own deposit limit: one period at a time; an increase waits 24 hours. */
export const depositLimits = pgTable('deposit_limits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  /** A requested increase and when it takes effect. */
  pendingPeriod: text('pending_period', { enum: ['day', 'week', 'month'] }),
  pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
  pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- the demo payment provider's own books (it stands in for an external service) ---
export const demoPspPayments = pgTable(
  'demo_psp_payments',
  {
    ref: text('ref').primaryKey(),
    merchantPaymentId: text('merchant_payment_id').notNull(),
    kind: text('kind', { enum: ['payin', 'payout', 'refund', 'chargeback'] }).notNull(),
    /** For a refund or a chargeback: the ref of the pay-in it takes back. */
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('demo_psp_payments_merchant_unique').on(table.merchantPaymentId, table.kind)],
);
