import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Tables of the sportsbook (docs/betting.md). Odds are integer thousandths (2.15 -> 2150), lines
 * integer hundredths (-0.75 -> -75, 2.5 -> 250), money bigint minor units.
 */

export const bettingCompetitions = pgTable(
  'betting_competitions',
  {
    id: serial('id').primaryKey(),
    sport: text('sport', { enum: ['football', 'tennis', 'basketball'] }).notNull(),
    name: text('name').notNull(),
    country: text('country').notNull(),
  },
  (table) => [uniqueIndex('betting_competitions_name').on(table.sport, table.name)],
);

export const bettingEvents = pgTable(
  'betting_events',
  {
    id: serial('id').primaryKey(),
    /** The feed's own id of the fixture (unique per feed): a repeated fixture is the same event. */
    feedRef: text('feed_ref').notNull(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => bettingCompetitions.id),
    sport: text('sport', { enum: ['football', 'tennis', 'basketball'] }).notNull(),
    home: text('home').notNull(),
    away: text('away').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['scheduled', 'live', 'ended', 'settled', 'cancelled'] }).notNull(),
    scoreHome: integer('score_home'),
    scoreAway: integer('score_away'),
    /** {period, minute, label} while live. */
    clock: jsonb('clock'),
    /** The demo feed's private state of the match (strengths, clock), never shown. */
    feedState: jsonb('feed_state').notNull().default(sql`'{}'::jsonb`),
    /** How many times results were published: above 1 after a correction. */
    resultVersion: integer('result_version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('betting_events_feed_ref').on(table.feedRef),
    index('betting_events_status_start').on(table.status, table.startsAt),
  ],
);

export const bettingMarkets = pgTable(
  'betting_markets',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => bettingEvents.id),
    type: text('type', { enum: ['1x2', 'match_winner', 'total', 'handicap'] }).notNull(),
    /** Hundredths: 250 for 2.5, -75 for -0.75; null for 1x2 and match_winner. */
    line: integer('line'),
    /** Shown in event lists (the main line of each type). */
    main: integer('main').notNull().default(0),
    status: text('status', { enum: ['open', 'suspended', 'settled'] }).notNull(),
    /** Grows with every change of odds or status; bets lock the row, so a change and a bet are ordered. */
    version: integer('version').notNull().default(1),
    /** A trader suspended it (back office): the feed's "open" no longer reopens it, only a trader does. */
    traderSuspended: boolean('trader_suspended').notNull().default(false),
    /** A trader set its odds by hand: the feed's prices are ignored until the trader gives it back. */
    oddsOverride: boolean('odds_override').notNull().default(false),
    /** The trader's margin in basis points (500 = 5%): the feed's prices are rescaled to it; null keeps the feed's. */
    marginBp: integer('margin_bp'),
  },
  (table) => [index('betting_markets_event').on(table.eventId)],
);

export const bettingSelections = pgTable(
  'betting_selections',
  {
    id: serial('id').primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => bettingMarkets.id),
    key: text('key', { enum: ['home', 'draw', 'away', 'over', 'under'] }).notNull(),
    /** Decimal odds in thousandths. */
    odds: integer('odds').notNull(),
    result: text('result', { enum: ['won', 'lost', 'void', 'half_won', 'half_lost'] }),
  },
  (table) => [index('betting_selections_market').on(table.marketId), check('betting_selections_odds', sql`${table.odds} >= 1010`)],
);

export const bettingBets = pgTable(
  'betting_bets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The slip's idempotency key: a repeat answers the same bet. */
    requestId: text('request_id').notNull(),
    kind: text('kind', { enum: ['single', 'accumulator'] }).notNull(),
    currency: text('currency').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    funding: text('funding', { enum: ['cash', 'free_bet'] }).notNull(),
    bonusId: integer('bonus_id'),
    /** An odds boost's percent added to the winnings (0: none). */
    boostPercent: integer('boost_percent').notNull().default(0),
    status: text('status', { enum: ['open', 'won', 'half_won', 'lost', 'half_lost', 'void', 'cashed_out'] }).notNull(),
    /** What the bet has paid to main so far (the sum of its settlement movements), minor units. */
    paidMain: bigint('paid_main', { mode: 'bigint' }).notNull().default(sql`0`),
    /** What it has paid back to the betting bonus balance (a void free bet's stake). */
    paidBonus: bigint('paid_bonus', { mode: 'bigint' }).notNull().default(sql`0`),
    settlementVersion: integer('settlement_version').notNull().default(0),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('betting_bets_request').on(table.userId, table.requestId),
    index('betting_bets_user').on(table.userId, table.placedAt),
    check('betting_bets_stake', sql`${table.stake} > 0`),
  ],
);

export const bettingBetLegs = pgTable(
  'betting_bet_legs',
  {
    betId: integer('bet_id')
      .notNull()
      .references(() => bettingBets.id),
    position: integer('position').notNull(),
    selectionId: integer('selection_id')
      .notNull()
      .references(() => bettingSelections.id),
    marketId: integer('market_id').notNull(),
    eventId: integer('event_id').notNull(),
    /** The odds locked at placement, thousandths. */
    odds: integer('odds').notNull(),
  },
  (table) => [primaryKey({ columns: [table.betId, table.position] }), index('betting_bet_legs_event').on(table.eventId, table.betId)],
);

/**
 * A trader's stake limits for one player (docs/betting.md, "Stake limits"): a cash bet above
 * `max_stake` or above `stake_factor` x the book's maximum stake is refused (STAKE_TOO_HIGH).
 * No row: the book's limits alone.
 */
export const bettingPlayerLimits = pgTable(
  'betting_player_limits',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    /** Thousandths: 250 lets this player stake a quarter of the book's maximum; 1000 the whole of it. */
    stakeFactor: integer('stake_factor').notNull().default(1000),
    /** Minor units of the player's currency; null: no own maximum. */
    maxStake: bigint('max_stake', { mode: 'bigint' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('betting_player_limits_factor', sql`${table.stakeFactor} >= 0 and ${table.stakeFactor} <= 10000`), check('betting_player_limits_max', sql`${table.maxStake} is null or ${table.maxStake} >= 0`)],
);
