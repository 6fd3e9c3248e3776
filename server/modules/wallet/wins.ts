import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { gameSessions, walletTransactions } from '../../db/schema.ts';

/** A real-money win the wallet paid: its player, game, amount and the bet it paid (minor units). */
export type PaidWin = {
  id: number;
  userId: number;
  game: string;
  provider: string;
  currency: string;
  amount: bigint;
  bet: bigint;
  /** Win / bet with two decimals ("125.00"), null for a free (zero) bet. */
  multiplier: string | null;
  wonAt: Date;
};

type Row = { id: number; user_id: number; game: string; provider: string; currency: string; amount: string; bet: string | null; multiplier: string | null; won_at: Date | string };

const toWin = (row: Row): PaidWin => ({
  id: row.id,
  userId: row.user_id,
  game: row.game,
  provider: row.provider,
  currency: row.currency,
  amount: BigInt(row.amount),
  bet: BigInt(row.bet ?? '0'),
  multiplier: row.multiplier,
  wonAt: new Date(row.won_at),
});

/**
 * Read side of the wallet's journal for public lists (recent big wins, leaderboards): paid wins of
 * real-money sessions of signed-in players, each with the bet it paid. Demo wins never show.
 */
export function createWinsReader(db: Db) {
  const columns = sql`w.id, s.user_id, w.game, w.provider, w.currency, w.amount::text as amount, b.amount::text as bet,
    case when b.amount > 0 then round(w.amount::numeric / b.amount, 2)::text end as multiplier, w.created_at as won_at`;
  const paidRealWins = sql`${walletTransactions} w
    join ${gameSessions} s on s.id = w.session_id
    left join ${walletTransactions} b on b.provider = w.provider and b.transaction_uuid = w.reference_transaction_uuid and b.kind = 'bet'
    where w.kind = 'win' and w.moved and s.mode = 'real' and s.user_id is not null`;

  /** Wins of at least `minAmount` minor units and `minMultiplier` times their bet (any multiple for a free bet), newest first. */
  async function recentWins(input: { minAmount: bigint; minMultiplier: number; limit: number }): Promise<PaidWin[]> {
    const rows = await queryRows<Row>(
      db,
      sql`select ${columns} from ${paidRealWins} and w.amount >= ${input.minAmount.toString()}::bigint
        and (coalesce(b.amount, 0) = 0 or w.amount >= ${input.minMultiplier}::numeric * b.amount)
        order by w.created_at desc, w.id desc limit ${input.limit}`,
    );
    return rows.map(toWin);
  }

  /**
   * Each player's best win since `since` in one currency, by amount or by multiplier, best first;
   * ties go to the earlier win. Only wins that pay more than their bet count (wins of a free bet
   * have no multiplier and are left out of that ranking).
   */
  async function bestWins(input: { since: Date; currency: string; by: 'amount' | 'multiplier'; limit: number }): Promise<PaidWin[]> {
    const metric = input.by === 'amount' ? sql`w.amount::numeric` : sql`(w.amount::numeric / b.amount)`;
    const rows = await queryRows<Row & { metric: string }>(
      db,
      sql`select * from (
        select distinct on (s.user_id) ${columns}, ${metric} as metric
        from ${paidRealWins} and w.created_at >= ${input.since.toISOString()}::timestamptz and w.currency = ${input.currency}
          and (coalesce(b.amount, 0) = 0 or w.amount > b.amount) ${input.by === 'multiplier' ? sql`and b.amount > 0` : sql``}
        order by s.user_id, ${metric} desc, w.created_at asc, w.id asc
      ) best order by metric desc, won_at asc, id asc limit ${input.limit}`,
    );
    return rows.map(toWin);
  }

  return { recentWins, bestWins };
}

export type WinsReader = ReturnType<typeof createWinsReader>;
