import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

// --- jackpots: progressive pools fed by real-money bets (docs/jackpots.md) ---
/**
 * One pool per jackpot and currency (`mega` in EUR, `mega` in GBP ...). The configuration (seed,
 * share, odds, eligible games) is the operator's; `cycle` counts the pool's wins. The live amount
 * is `cycle_seed` plus the contributions of the current cycle: bets never update this row (they
 * append contributions under a key-share lock), only a win does, under its row lock.
 */
export const jackpotPools = pgTable(
  'jackpot_pools',
  {
    id: serial('id').primaryKey(),
    /** The jackpot (`mega`, `major`, `mini`): its address /jackpots/{jackpot}. */
    jackpot: text('jackpot').notNull(),
    currency: text('currency').notNull(),
    /** Display name per locale: {"en": "Mega", "fr": "Méga"}. */
    names: jsonb('names').notNull().default(sql`'{}'::jsonb`),
    position: integer('position').notNull().default(0),
    /** What a new cycle starts at, minor units; funded from the house's game_house account. */
    seed: bigint('seed', { mode: 'bigint' }).notNull(),
    /** Share of each eligible bet added to the pool, in basis points (100 = 1 %). */
    contributionBps: integer('contribution_bps').notNull(),
    /**
     * The odds: an eligible bet of b minor units wins the pool with probability
     * min(b, trigger_stake) / trigger_stake, so the pool drops once per trigger_stake wagered on average.
     */
    triggerStake: bigint('trigger_stake', { mode: 'bigint' }).notNull(),
    /** Smallest eligible bet, minor units. */
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull().default(sql`1`),
    /** Eligible games by sysname; null: every game the platform's engines play (games.engine set). */
    games: text('games').array(),
    isActive: boolean('is_active').notNull().default(true),
    /** Wins so far: contributions carry the cycle they fed. */
    cycle: integer('cycle').notNull().default(0),
    /** The seed the current cycle started with (the operator may change `seed` for the next one). */
    cycleSeed: bigint('cycle_seed', { mode: 'bigint' }).notNull(),
    cycleStartedAt: timestamp('cycle_started_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jackpot_pools_jackpot_currency_unique').on(table.jackpot, table.currency),
    check('jackpot_pools_config', sql`${table.seed} >= 0 and ${table.cycleSeed} >= 0 and ${table.contributionBps} between 0 and 10000 and ${table.minBet} >= 1`),
    // crypto.randomInt draws below 2^48.
    check('jackpot_pools_trigger_stake', sql`${table.triggerStake} between 1 and 281474976710655`),
  ],
);

/** A bet's share added to a pool: one row per pool and bet, written once (the pool row is never a hot row). */
export const jackpotContributions = pgTable(
  'jackpot_contributions',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => jackpotPools.id),
    cycle: integer('cycle').notNull(),
    /** The wallet bet: provider and transaction_uuid. */
    provider: text('provider').notNull(),
    transactionUuid: text('transaction_uuid').notNull(),
    /** Minor units of the pool's currency. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jackpot_contributions_bet_unique').on(table.poolId, table.provider, table.transactionUuid),
    // The live amount sums one cycle of one pool (index-only).
    index('jackpot_contributions_cycle_idx').on(table.poolId, table.cycle, table.amount),
    check('jackpot_contributions_amount', sql`${table.amount} > 0`),
  ],
);

/** A pool won: who, on which bet, how much. One per pool cycle. */
export const jackpotWins = pgTable(
  'jackpot_wins',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => jackpotPools.id),
    jackpot: text('jackpot').notNull(),
    cycle: integer('cycle').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    game: text('game').notNull(),
    provider: text('provider').notNull(),
    transactionUuid: text('transaction_uuid').notNull(),
    /** The winning bet, minor units. */
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    /** Paid to the player's main balance, minor units. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jackpot_wins_pool_cycle_unique').on(table.poolId, table.cycle),
    index('jackpot_wins_recent_idx').on(table.createdAt),
    index('jackpot_wins_jackpot_idx').on(table.jackpot, table.createdAt),
  ],
);
