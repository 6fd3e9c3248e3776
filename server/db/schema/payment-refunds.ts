import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { payments } from './payments.ts';

/**
 * A refund of a settled deposit, asked for by an operator in the back office (module payments,
 * docs/payments.md "Refunds"). The money is first held out of the player's main balance
 * (`processing`), then the provider refunds it: `refunded` posts the hold to `payment_clearing`,
 * `failed` returns it. Ledger keys name the refund (`deposit-refund-hold:<id>`,
 * `deposit-refund:<id>`, `deposit-refund-void:<id>`), so nothing moves twice.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    /** The provider is told `rf_<id>`: its idempotency key for the refund. */
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    userId: integer('user_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['processing', 'refunded', 'failed'] }).notNull().default('processing'),
    reason: text('reason').notNull(),
    /** The staff member who asked, and how the audit trail names them. */
    requestedBy: integer('requested_by').notNull(),
    requestedByName: text('requested_by_name').notNull(),
    providerRef: text('provider_ref'),
    /** Why the provider refused, when it did. */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_refunds_payment_idx').on(table.paymentId),
    check('payment_refunds_amount_positive', sql`${table.amount} > 0`),
  ],
);
