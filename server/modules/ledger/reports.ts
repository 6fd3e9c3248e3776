import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import type { HouseAccount } from './accounts.ts';

/**
 * What the back office reads of the books (docs/backoffice.md, Money): house balances, the
 * clearing accounts per day for the reconciliation, and the figures behind the withdrawal
 * queue's flags (a player's recent game result, a bonus just converted). Reads only.
 */

/** House accounts that are the other side of play: a player's movements against them are wins and losses. */
export const PLAY_ACCOUNTS: readonly HouseAccount[] = ['game_house', 'jackpot_pool', 'sportsbook_stakes'];

const inList = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * What a player staked with real money (main, bonus, betting bonus) in `currency` since `since`,
 * minor units: their debits in movements against the house's play accounts (casino rounds,
 * jackpots, the sportsbook), before any win or rollback. The risk rules' turnover (docs/risk.md);
 * takes the caller's transaction, so a job handler can read it.
 */
export async function realStakesSince(tx: Db | Tx, userId: number, currency: string, since: Date): Promise<bigint> {
  const [row] = await queryRows<{ staked: string }>(
    tx,
    sql`select coalesce(-sum(p.amount), 0)::text as staked
        from ledger_accounts a
        join ledger_postings p on p.account_id = a.id and p.amount < 0
        join ledger_transactions t on t.id = p.transaction_id
        where a.owner_type = 'player' and a.owner_id = ${String(userId)} and a.currency = ${currency}
          and a.kind in ('main', 'bonus', 'betting_bonus')
          and t.created_at >= ${since.toISOString()}::timestamptz
          and exists (select 1 from ledger_postings hp join ledger_accounts ha on ha.id = hp.account_id
                      where hp.transaction_id = t.id and ha.owner_type = 'house' and ha.owner_id in (${inList(PLAY_ACCOUNTS)}))`,
  );
  return BigInt(row?.staked ?? '0');
}

/** One player's figures over a period in one currency (minor units), read from the ledger. */
export type PlayerFigures = { userId: number; currency: string; deposits: bigint; depositCount: number; ggr: bigint; bonusCost: bigint; cashback: bigint };

export function createLedgerReports(db: Db) {
  /** Every house account's balance (the sum of its postings) per currency, with its number of postings. */
  async function houseBalances(): Promise<Array<{ account: string; currency: string; balance: bigint; postings: number }>> {
    const rows = await queryRows<{ account: string; currency: string; balance: string; postings: number }>(
      db,
      sql`select a.owner_id as account, a.currency, coalesce(sum(p.amount), 0)::text as balance, count(p.id)::int as postings
          from ledger_accounts a left join ledger_postings p on p.account_id = a.id
          where a.owner_type = 'house'
          group by a.owner_id, a.currency
          order by a.owner_id, a.currency`,
    );
    return rows.map((row) => ({ account: row.account, currency: row.currency, balance: BigInt(row.balance), postings: Number(row.postings) }));
  }

  /**
   * The clearing accounts per UTC day (`YYYY-MM-DD`) and currency: money in from providers
   * (deposits credited take it from `payment_clearing`, so it is the negated sum) and money out
   * (withdrawals paid out post to `payout_clearing`).
   */
  async function clearingByDay(from: Date, to: Date): Promise<Array<{ day: string; currency: string; deposits: bigint; depositCount: number; payouts: bigint; payoutCount: number }>> {
    const rows = await queryRows<{ day: string; currency: string; deposits: string; deposit_count: number; payouts: string; payout_count: number }>(
      db,
      sql`select to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, p.currency,
                 (-coalesce(sum(p.amount) filter (where a.owner_id = 'payment_clearing'), 0))::text as deposits,
                 (count(*) filter (where a.owner_id = 'payment_clearing'))::int as deposit_count,
                 coalesce(sum(p.amount) filter (where a.owner_id = 'payout_clearing'), 0)::text as payouts,
                 (count(*) filter (where a.owner_id = 'payout_clearing'))::int as payout_count
          from ledger_postings p
          join ledger_accounts a on a.id = p.account_id
          join ledger_transactions t on t.id = p.transaction_id
          where a.owner_type = 'house' and a.owner_id in ('payment_clearing', 'payout_clearing')
            and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
          group by 1, 2
          order by 1 desc, 2`,
    );
    return rows.map((row) => ({
      day: row.day,
      currency: row.currency,
      deposits: BigInt(row.deposits),
      depositCount: Number(row.deposit_count),
      payouts: BigInt(row.payouts),
      payoutCount: Number(row.payout_count),
    }));
  }

  /**
   * Each player's net game result since `since` per currency (minor units; positive: the player
   * won): the sum of their real-money postings (main, bonus, betting bonus) in movements against
   * the house's play accounts (casino rounds, jackpots, the sportsbook).
   */
  async function gameResultSince(userIds: number[], since: Date): Promise<Map<number, Array<{ currency: string; net: bigint }>>> {
    const result = new Map<number, Array<{ currency: string; net: bigint }>>();
    if (!userIds.length) return result;
    const rows = await queryRows<{ user_id: string; currency: string; net: string }>(
      db,
      sql`select a.owner_id as user_id, a.currency, sum(p.amount)::text as net
          from ledger_accounts a
          join ledger_postings p on p.account_id = a.id
          join ledger_transactions t on t.id = p.transaction_id
          where a.owner_type = 'player' and a.owner_id in (${inList(userIds.map(String))})
            and a.kind in ('main', 'bonus', 'betting_bonus')
            and t.created_at >= ${since.toISOString()}::timestamptz
            and exists (select 1 from ledger_postings hp join ledger_accounts ha on ha.id = hp.account_id
                        where hp.transaction_id = t.id and ha.owner_type = 'house' and ha.owner_id in (${inList(PLAY_ACCOUNTS)}))
          group by a.owner_id, a.currency`,
    );
    for (const row of rows) result.set(Number(row.user_id), [...(result.get(Number(row.user_id)) ?? []), { currency: row.currency, net: BigInt(row.net) }]);
    return result;
  }

  /** Players among `userIds` with a movement of `kind` (e.g. `bonus_convert`) since `since`, with the latest one's time. */
  async function lastMovementSince(userIds: number[], kind: string, since: Date): Promise<Map<number, Date>> {
    const result = new Map<number, Date>();
    if (!userIds.length) return result;
    const rows = await queryRows<{ user_id: string; at: string | Date }>(
      db,
      sql`select a.owner_id as user_id, max(t.created_at) as at
          from ledger_accounts a
          join ledger_postings p on p.account_id = a.id
          join ledger_transactions t on t.id = p.transaction_id
          where a.owner_type = 'player' and a.owner_id in (${inList(userIds.map(String))})
            and t.kind = ${kind} and t.created_at >= ${since.toISOString()}::timestamptz
          group by a.owner_id`,
    );
    for (const row of rows) result.set(Number(row.user_id), new Date(row.at));
    return result;
  }

  /**
   * What players brought in over [from, to), per player and currency, from their postings alone
   * (docs/reports.md): deposits (credited deposit movements), GGR (the negated sum of their
   * real-money postings in movements against the house's play accounts: stakes minus wins,
   * jackpot wins included), bonus cost (what the house's bonus_funding gave them outside rounds,
   * net of what went back: bonus credits, forfeits, free bets, tournament prizes, loyalty
   * rewards) and cashback (bonus_funding movements of kind `cashback`).
   */
  async function playerFigures(userIds: number[], from: Date, to: Date): Promise<PlayerFigures[]> {
    if (!userIds.length) return [];
    const rows = await queryRows<{ user_id: string; currency: string; deposits: string; deposit_count: number; ggr: string; bonus_cost: string; cashback: string }>(
      db,
      sql`with mine as (
            select a.owner_id as user_id, a.currency, a.kind, p.amount, p.transaction_id, t.kind as movement
            from ledger_accounts a
            join ledger_postings p on p.account_id = a.id
            join ledger_transactions t on t.id = p.transaction_id
            where a.owner_type = 'player' and a.owner_id in (${inList(userIds.map(String))})
              and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
          ),
          per_movement as (
            select user_id, currency, transaction_id, movement,
              sum(amount) filter (where kind in ('main', 'bonus', 'betting_bonus')) as real_amount,
              sum(amount) filter (where kind = 'main') as main_amount
            from mine group by user_id, currency, transaction_id, movement
          ),
          house as (
            select hp.transaction_id,
              bool_or(ha.owner_id in (${inList(PLAY_ACCOUNTS)})) as play,
              sum(hp.amount) filter (where ha.owner_id = 'bonus_funding') as funding
            from ledger_postings hp join ledger_accounts ha on ha.id = hp.account_id
            where ha.owner_type = 'house' and hp.transaction_id in (select transaction_id from mine)
            group by hp.transaction_id
          )
          select m.user_id, m.currency,
            coalesce(sum(m.main_amount) filter (where m.movement = 'deposit'), 0)::text as deposits,
            (count(*) filter (where m.movement = 'deposit'))::int as deposit_count,
            (-coalesce(sum(m.real_amount) filter (where h.play), 0))::text as ggr,
            -- bonus_funding legs inside a round (a win on a bonus that has ended) are the house's own: not a cost
            (-coalesce(sum(h.funding) filter (where not coalesce(h.play, false) and m.movement <> 'cashback'), 0))::text as bonus_cost,
            (-coalesce(sum(h.funding) filter (where m.movement = 'cashback'), 0))::text as cashback
          from per_movement m
          left join house h on h.transaction_id = m.transaction_id
          group by m.user_id, m.currency`,
    );
    return rows.map((row) => ({
      userId: Number(row.user_id),
      currency: row.currency,
      deposits: BigInt(row.deposits),
      depositCount: Number(row.deposit_count),
      ggr: BigInt(row.ggr),
      bonusCost: BigInt(row.bonus_cost),
      cashback: BigInt(row.cashback),
    }));
  }

  return { houseBalances, clearingByDay, gameResultSince, lastMovementSince, playerFigures };
}
