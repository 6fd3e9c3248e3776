import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';

/**
 * What each game took and paid per real-money round since `since`, as the sums the RTP watch
 * needs (docs/reports.md, "RTP watch"): rounds, and per round its stake s and what it paid w,
 * summed as s, w, s², w², s·w (numeric strings: sums of squares outgrow a bigint). A round is a
 * provider's round id with its bets and wins; rounds with a rollback and free rounds (no stake)
 * are left out. A scan of the window's wallet transactions: for a job or an operator's screen,
 * not for a page. With `userId`, one player's rounds only (the risk rule on a player's RTP).
 */
export type GameRoundSums = { game: string; currency: string; rounds: number; stakes: string; wins: string; stakesSquared: string; winsSquared: string; stakeTimesWin: string };

export async function roundSumsByGame(db: Db | Tx, since: Date, options: { userId?: number } = {}): Promise<GameRoundSums[]> {
  const rows = await queryRows<{ game: string; currency: string; rounds: number; s: string; w: string; ss: string; ww: string; sw: string }>(
    db,
    sql`with rounds as (
          select wt.game, wt.currency, wt.provider, wt.round_id,
                 coalesce(sum(wt.amount) filter (where wt.kind = 'bet' and wt.moved), 0)::numeric as s,
                 coalesce(sum(wt.amount) filter (where wt.kind = 'win' and wt.moved), 0)::numeric as w,
                 bool_or(wt.kind = 'rollback') as rolled_back
          from wallet_transactions wt
          join game_sessions gs on gs.id = wt.session_id and gs.mode = 'real'
          where wt.created_at >= ${since.toISOString()}::timestamptz
            ${options.userId === undefined ? sql`` : sql`and gs.user_id = ${options.userId}`}
          group by wt.game, wt.currency, wt.provider, wt.round_id
        )
        select game, currency, count(*)::int as rounds, sum(s)::text as s, sum(w)::text as w,
               sum(s * s)::text as ss, sum(w * w)::text as ww, sum(s * w)::text as sw
        from rounds where not rolled_back and s > 0
        group by game, currency`,
  );
  return rows.map((row) => ({
    game: row.game,
    currency: row.currency,
    rounds: Number(row.rounds),
    stakes: row.s,
    wins: row.w,
    stakesSquared: row.ss,
    winsSquared: row.ww,
    stakeTimesWin: row.sw,
  }));
}
