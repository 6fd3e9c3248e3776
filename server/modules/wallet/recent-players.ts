import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

/**
 * Players who bet real money on each game in the last `days` days, from the wallet's played
 * games (one row per player and game, stamped at their latest bet): the catalogue's popularity.
 * A full read of the table, meant for a job every quarter of an hour, not for a page.
 */
export async function recentPlayersByGame(db: Db, days: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ game: string; players: number }>(
    db,
    sql`select game, count(*)::int as players from played_games where last_played_at > now() - make_interval(days => ${days}) group by game`,
  );
  return new Map(rows.map((row) => [row.game, row.players]));
}
