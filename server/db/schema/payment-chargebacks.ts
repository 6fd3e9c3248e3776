import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { payments } from './payments.ts';

/**
 * A provider's chargeback, or its own refund, of a settled deposit (module payments,
 * docs/payments.md "Chargebacks"; decision 036). One row per provider notice: (provider,
 * event_id) is unique, so a replayed notice finds its row and moves nothing. The money moved
 * under `chargeback:<id>`: `covered` left the player's main balance, `shortfall` went to the house
 * account `chargeback_receivable`; later deposits of the player settle the shortfall
 * (`recovered`, under `chargeback-recovery:<deposit id>`).
 */
export const paymentChargebacks = pgTable(
  'payment_chargebacks',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    /** The provider's id of the notice: its idempotency key here. */
    eventId: text('event_id').notNull(),
    /** A chargeback the card holder's bank imposed, or a refund the provider made on its side. */
    kind: text('kind', { enum: ['chargeback', 'refund'] }).notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    userId: integer('user_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** Taken from the player's main balance. */
    covered: bigint('covered', { mode: 'bigint' }).notNull(),
    /** What the main balance lacked: owed by the player, on `chargeback_receivable`. */
    shortfall: bigint('shortfall', { mode: 'bigint' }).notNull(),
    /** Of the shortfall, settled by later deposits. */
    recovered: bigint('recovered', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The provider's reference of the chargeback (or refund). */
    providerRef: text('provider_ref'),
    /** The reason the provider gave (a reason code, "fraud", ...). */
    reason: text('reason'),
    /** The ledger transaction that moved the money. */
    transactionId: integer('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_chargebacks_provider_event_unique').on(table.provider, table.eventId),
    index('payment_chargebacks_payment_idx').on(table.paymentId),
    index('payment_chargebacks_user_idx').on(table.userId, table.currency),
    check('payment_chargebacks_amount_positive', sql`${table.amount} > 0`),
    check('payment_chargebacks_split', sql`${table.covered} >= 0 and ${table.shortfall} >= 0 and ${table.covered} + ${table.shortfall} = ${table.amount}`),
    check('payment_chargebacks_recovered', sql`${table.recovered} >= 0 and ${table.recovered} <= ${table.shortfall}`),
  ],
);
