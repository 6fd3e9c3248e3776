/**
 * Device intelligence (docs/devices.md): the answers of SEON's fraud API, one per sign-up and per
 * deposit, when the site runs with `SEON_API_KEY`. The device fingerprints themselves live with
 * what they describe: the session (`sessions.device_id`), the sign-up (`users.signup_device_id`)
 * and the deposit (`payments.device_id`).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { payments } from './payments.ts';

/**
 * One call to SEON's fraud API. `scored`: SEON answered (its transaction id, state and score);
 * `failed`: it did not (a timeout, a 5xx, an error answer), with why. The player was never held
 * up either way: the call runs in a job after the sign-up or the deposit committed.
 */
export const seonChecks = pgTable(
  'seon_checks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: ['sign_up', 'deposit'] }).notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    /** The id SEON was given for it: the deposit's public id, or `signup_<uid>`. */
    transactionId: text('transaction_id').notNull(),
    status: text('status', { enum: ['scored', 'failed'] }).notNull(),
    /** SEON's own id of the transaction it scored. */
    seonId: text('seon_id'),
    /** APPROVE, REVIEW or DECLINE, as SEON's rules decided. */
    state: text('state'),
    fraudScore: numeric('fraud_score', { precision: 8, scale: 2 }),
    /** The rules SEON applied (id, name, score), kept short for the player page. */
    rules: jsonb('rules').notNull().default(sql`'[]'::jsonb`),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One check per sign-up and per deposit: a job run twice records nothing new.
    uniqueIndex('seon_checks_subject_unique').on(table.action, table.userId, sql`coalesce(${table.paymentId}, 0)`),
    index('seon_checks_user_idx').on(table.userId, table.createdAt),
    check('seon_checks_payment_with_deposit', sql`(${table.action} = 'deposit') = (${table.paymentId} is not null)`),
  ],
);
