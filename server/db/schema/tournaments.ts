import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

// --- tournaments: points from real play, prizes by rank (docs/tournaments.md) ---
/**
 * A tournament: its window, the games and minimum bet that count, how a round scores, what joining
 * costs, and the prize of each rank (`prizes`: [{from, to, amount}] in minor units of `currency`,
 * paid to the main balance). `finished_at` is set once, by the job that ranks and pays.
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: serial('id').primaryKey(),
    /** Its address: /tournaments/{sysname}. */
    sysname: text('sysname').notNull(),
    /** Per locale: {"en": ..., "fr": ...}. */
    names: jsonb('names').notNull().default(sql`'{}'::jsonb`),
    descriptions: jsonb('descriptions').notNull().default(sql`'{}'::jsonb`),
    imageUrl: text('image_url'),
    currency: text('currency').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Eligible games by sysname; null: every game the platform's engines play. */
    games: text('games').array(),
    scoring: text('scoring', { enum: ['total_win', 'biggest_multiplier', 'wagered'] }).notNull(),
    /** Smallest bet a round needs to count, minor units. */
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull().default(sql`1`),
    /** What joining costs, minor units (0: free), taken from the main balance. */
    buyIn: bigint('buy_in', { mode: 'bigint' }).notNull().default(sql`0`),
    prizes: jsonb('prizes').notNull().default(sql`'[]'::jsonb`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tournaments_sysname_unique').on(table.sysname),
    index('tournaments_unfinished_idx').on(table.endsAt).where(sql`${table.finishedAt} is null`),
    check('tournaments_config', sql`${table.endsAt} > ${table.startsAt} and ${table.minBet} >= 1 and ${table.buyIn} >= 0`),
  ],
);

/**
 * A player in a tournament: when they joined (only rounds bet after count); the points, rank and
 * prize they finished with, frozen when the tournament finishes. While it runs, standings are
 * computed from tournament_scores (docs/tournaments.md).
 */
export const tournamentPlayers = pgTable(
  'tournament_players',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    points: bigint('points', { mode: 'bigint' }),
    rank: integer('rank'),
    prize: bigint('prize', { mode: 'bigint' }),
  },
  (table) => [primaryKey({ columns: [table.tournamentId, table.userId] }), index('tournament_players_user_idx').on(table.userId)],
);

/**
 * What one money event scored in one tournament, with the event's time: written once per event
 * (a redelivered event scores nothing twice) and never changed, so scoring takes no lock a
 * player's other events wait on. Standings are the sum (or best) per player.
 */
export const tournamentScores = pgTable(
  'tournament_scores',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tournamentId, table.eventId] }), index('tournament_scores_player_idx').on(table.tournamentId, table.userId, table.points, table.createdAt)],
);
