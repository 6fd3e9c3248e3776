import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Tables of the responsible-gaming module (docs/responsible-gaming.md): a player's loss, wager and
 * session-time limits, their real-money play per UTC day (what the limits are checked against,
 * kept only for players with a money limit), time-outs and self-exclusions, reality-check settings.
 */

/**
 * One limit of a player. `amount` is minor units of `currency` for loss and wager limits, and
 * minutes for the session-time limit (period 'session'). A stricter value applies at once; a looser
 * one, or a removal, waits in `pending_*` until `pending_effective_at` (24 h).
 */
export const rgLimits = pgTable(
  'rg_limits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['loss', 'wager', 'session'] }).notNull(),
    period: text('period', { enum: ['day', 'week', 'month', 'session'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** The requested looser value; null with a pending_effective_at means removal. */
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.period] }),
    check('rg_limits_amount', sql`${table.amount} > 0 and (${table.pendingAmount} is null or ${table.pendingAmount} > 0)`),
    check('rg_limits_period', sql`(${table.kind} = 'session') = (${table.period} = 'session')`),
  ],
);

/**
 * Real-money stakes and returns of a player per UTC day, written by the bet and the win in their
 * own transaction (only while the player has a loss or wager limit). A week or a month is the sum
 * of its days.
 */
export const rgPlayDays = pgTable(
  'rg_play_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    wagered: bigint('wagered', { mode: 'bigint' }).notNull().default(sql`0`),
    won: bigint('won', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [primaryKey({ columns: [table.userId, table.currency, table.day] })],
);

/** A time-out or self-exclusion: while it runs the player cannot sign in, bet, deposit or be mailed offers. */
export const rgExclusions = pgTable(
  'rg_exclusions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** `operator_exclusion`: set from the back office (rg.restrict); works as a self-exclusion. */
    kind: text('kind', { enum: ['time_out', 'self_exclusion', 'operator_exclusion'] }).notNull(),
    /** The chosen length as asked ('24h', '7d', '6w', '6m', '1y', '2y', '5y'). */
    length: text('length').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rg_exclusions_user_idx').on(table.userId, table.endsAt), check('rg_exclusions_span', sql`${table.endsAt} > ${table.startsAt}`)],
);

/** Per-player settings: the reality-check interval in minutes (null: off). */
export const rgSettings = pgTable('rg_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  realityCheckMinutes: integer('reality_check_minutes'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
