import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Business reports (module reports, docs/reports.md): the ledger's movements folded into daily
 * rows by the job runner, so a report over months reads a few thousand rows instead of every
 * posting. Rebuildable at any time from the ledger (`npm run reports:rebuild`): nothing here is
 * a second bookkeeping, only a sum kept ahead of time.
 */
export const reportDays = pgTable(
  'report_days',
  {
    /** The ledger transaction's UTC day. */
    day: date('day').notNull(),
    currency: text('currency').notNull(),
    /** The player's profile country ('' when unknown). */
    country: text('country').notNull(),
    /** The wallet provider and game of a round ('' for movements outside play: deposits, bonuses ...). */
    provider: text('provider').notNull(),
    game: text('game').notNull(),
    /** Real-money stakes (main, bonus and betting-bonus money) against the house's play accounts. */
    stakes: bigint('stakes', { mode: 'bigint' }).notNull().default(sql`0`),
    /** What those play movements paid back, rollbacks apart. */
    wins: bigint('wins', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Stakes given back by a rollback. */
    refunds: bigint('refunds', { mode: 'bigint' }).notNull().default(sql`0`),
    /** What the house's bonus_funding gave outside rounds, net of what came back (cashback apart). */
    bonusCost: bigint('bonus_cost', { mode: 'bigint' }).notNull().default(sql`0`),
    cashback: bigint('cashback', { mode: 'bigint' }).notNull().default(sql`0`),
    deposits: bigint('deposits', { mode: 'bigint' }).notNull().default(sql`0`),
    depositCount: integer('deposit_count').notNull().default(0),
    /** Players whose first credited deposit this is. */
    firstDeposits: integer('first_deposits').notNull().default(0),
    withdrawals: bigint('withdrawals', { mode: 'bigint' }).notNull().default(sql`0`),
    withdrawalCount: integer('withdrawal_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.currency, table.country, table.provider, table.game] })],
);

/** Who played with real money on a day: active players over any period are the distinct ids. */
export const reportActivePlayers = pgTable(
  'report_active_players',
  {
    day: date('day').notNull(),
    currency: text('currency').notNull(),
    userId: integer('user_id').notNull(),
    country: text('country').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.currency, table.userId] }),
    // Whether a player was already counted in a week or month (the fold, report_active_counts).
    index('report_active_players_user_idx').on(table.userId, table.currency, table.day),
  ],
);

/**
 * Active players per day, week (from Monday) and month, per currency and country, kept by the fold
 * as it adds players to `report_active_players`: a player counts once in a period, in the country
 * of their first day in it. A report over whole periods reads these few rows instead of counting
 * distinct players over millions of player-days (docs/reports.md, "Rollups").
 */
export const reportActiveCounts = pgTable(
  'report_active_counts',
  {
    period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
    /** The period's first day (a Monday for a week, the 1st for a month). */
    start: date('start').notNull(),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    players: integer('players').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.period, table.start, table.currency, table.country] })],
);

/**
 * The last two days minute by minute, per currency (test accounts left out): the live dashboard's
 * last hour. Folded with the days, in the same statement; older minutes are dropped by the fold.
 */
export const reportMinutes = pgTable(
  'report_minutes',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    /** Real-money stakes placed (ledger movements taking a player's money into a play account). */
    bets: integer('bets').notNull().default(0),
    stakes: bigint('stakes', { mode: 'bigint' }).notNull().default(sql`0`),
    wins: bigint('wins', { mode: 'bigint' }).notNull().default(sql`0`),
    refunds: bigint('refunds', { mode: 'bigint' }).notNull().default(sql`0`),
    deposits: bigint('deposits', { mode: 'bigint' }).notNull().default(sql`0`),
    withdrawals: bigint('withdrawals', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [primaryKey({ columns: [table.minute, table.currency] })],
);

/**
 * Who has the site open, per web process: the signed-in players with a live stream on it, written
 * every few seconds. Players online are the distinct ids of the rows seen lately; a process that
 * stops (or dies) stops counting when its row ages out.
 */
export const livePresence = pgTable('live_presence', {
  process: text('process').primaryKey(),
  playerIds: integer('player_ids').array().notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How far the fold has read the ledger: every transaction up to `foldedThrough` is in the rows. */
export const reportFoldState = pgTable('report_fold_state', {
  name: text('name').primaryKey(),
  foldedThrough: integer('folded_through').notNull().default(0),
  foldedAt: timestamp('folded_at', { withTimezone: true }).notNull().defaultNow(),
});
