import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { games } from './catalogue.ts';

/**
 * Tables of the aggregator module (docs/aggregator.md): which catalogue games came from a game
 * aggregator's list, under which of its game codes. The game itself (name, provider, image, type,
 * active or not) is an ordinary row of `games`; this row says the aggregator owns it, so a sync
 * updates and disables only its own games and a launch knows the code to ask a URL for.
 */
export const aggregatorGames = pgTable(
  'aggregator_games',
  {
    /** The catalogue game (games.sysname). */
    game: text('game')
      .primaryKey()
      .references(() => games.sysname),
    /** The aggregator (AGGREGATOR_PROVIDER): the wallet partner of the game's sessions. */
    aggregator: text('aggregator').notNull(),
    /** The aggregator's `game_code`, as its API spells it. */
    gameCode: text('game_code').notNull(),
    /** Whether the last game list offered it (enabled); a game dropped or disabled there is hidden here. */
    listed: boolean('listed').notNull().default(true),
    /** When a game list last mentioned it. */
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('aggregator_games_code_unique').on(table.aggregator, table.gameCode), index('aggregator_games_aggregator_idx').on(table.aggregator)],
);
