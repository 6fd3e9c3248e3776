import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ledgerTransactions } from './ledger.ts';

/**
 * What the back office keeps about players (docs/backoffice.md, "Players"): staff notes and tags
 * (module accounts, server/modules/accounts/admin.ts), and manual balance adjustments waiting for
 * or past their approval (module ledger, server/modules/ledger/adjustments.ts).
 */

/** A staff member's note on a player: written once, never edited (a correction is a new note). */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The staff member's id (staff module) and how the audit trail names them, kept as written. */
    staffId: integer('staff_id').notNull(),
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('player_notes_user_idx').on(table.userId, table.id)],
);

/** A player's tags (`vip`, `bonus-abuse`, ...): lower case, one row per tag. */
export const playerTags = pgTable(
  'player_tags',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tag] }), index('player_tags_tag_idx').on(table.tag)],
);

/**
 * A manual balance adjustment of a player's main balance against the house account
 * `corrections`. Above BACKOFFICE_FOUR_EYES it waits (`pending`) for a second member; the ledger
 * movement's key is `adjustment:<id>`, so it can move once whatever repeats.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    /** Signed minor units: positive credits the player, negative takes money back. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by').notNull(),
    requestedByName: text('requested_by_name').notNull(),
    status: text('status', { enum: ['pending', 'applied', 'rejected'] }).notNull(),
    decidedBy: integer('decided_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    transactionId: integer('transaction_id').references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('balance_adjustments_user_idx').on(table.userId, table.id),
    index('balance_adjustments_pending_idx').on(table.id).where(sql`${table.status} = 'pending'`),
    check('balance_adjustments_amount', sql`${table.amount} <> 0`),
    check('balance_adjustments_applied_has_movement', sql`(${table.status} = 'applied') = (${table.transactionId} is not null)`),
  ],
);
