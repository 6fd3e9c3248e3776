import { sql, type SQL } from 'drizzle-orm';
import { betReturn } from '../../../contract/betting.ts';
import type { ReportDimension, ReportLiability } from '../../../contract/backoffice-reports.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { FIGURE_COLUMNS, movementRows } from './fold.ts';
import { periodUnit, reportMoney, type ReportQuery } from './query.ts';

/**
 * The report's figures read on demand rather than folded (docs/reports.md): the sportsbook's
 * turnover and margin, what became of the bonus money granted, the split by campaign and by
 * affiliate, and the liabilities now. Each from the ledger or the read model the owning module
 * keeps in the same transaction as its ledger movement (betting_bets, player_bonuses, cashbacks,
 * loyalty_totals), never from a count of its own. Test accounts are left out everywhere.
 */

/** Figures of one period, currency and key, minor units. */
export type KeyedSums = Map<string, Record<string, bigint>>;

export const lineId = (period: string, currency: string, key: string) => `${period}|${currency}|${key}`;

/** A day of the query as the start of that UTC day. */
const dayStart = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;

/** The period a time falls in, as its first day (YYYY-MM-DD, UTC). */
const periodOf = (query: ReportQuery, time: SQL) => sql`to_char(date_trunc(${periodUnit(query.period)}, ${time} at time zone 'UTC'), 'YYYY-MM-DD')`;

/**
 * How a player (`u`, a users row) is keyed for a dimension that splits players: their profile
 * country, or the affiliate their first-touch attribution names (players without one are left out
 * of the affiliate split: its rows are the affiliates').
 */
function playerDimension(by: ReportDimension): { key: SQL; join: SQL } {
  if (by === 'country') return { key: sql`coalesce(u.country_code, '')`, join: sql`` };
  if (by === 'affiliate') return { key: sql`af.name`, join: sql`join player_attributions pa on pa.user_id = u.id join affiliates af on af.id = pa.affiliate_id` };
  return { key: sql`''`, join: sql`` };
}

function playerFilters(query: ReportQuery, currencyColumn: SQL): SQL[] {
  const filters = [sql`not u.is_test_account`];
  if (query.currency) filters.push(sql`${currencyColumn} = ${query.currency}`);
  if (query.country !== undefined) filters.push(sql`coalesce(u.country_code, '') = ${query.country}`);
  return filters;
}

const toSums = (rows: Array<Record<string, string | number>>, fields: string[]): KeyedSums =>
  new Map(rows.map((row) => [lineId(String(row.period), String(row.currency), String(row.key)), Object.fromEntries(fields.map((field) => [field, BigInt(row[field] ?? 0)]))]));

/**
 * The sportsbook per period (betting_bets, whose stake and pay-outs are its ledger movements'):
 * `turnover`, the stakes of the bets placed in the period (cash and free bets, as the report's
 * stakes count bonus money); `settled` and `paid`, the stakes of the bets whose latest settlement
 * (or cash-out) falls in the period and what they paid back (to main, and a void free bet's stake
 * to the betting bonus). Total, per country and per affiliate; the other dimensions have no sports.
 */
export async function sportsFigures(db: Db, query: ReportQuery): Promise<KeyedSums | null> {
  if (query.by !== 'total' && query.by !== 'country' && query.by !== 'affiliate') return null;
  const { key, join } = playerDimension(query.by);
  const where = sql.join(playerFilters(query, sql`b.currency`), sql` and `);
  const rows = await queryRows<Record<string, string>>(
    db,
    sql`select period, currency, key, sum(turnover)::text as turnover, sum(settled)::text as settled, sum(paid)::text as paid from (
          select ${periodOf(query, sql`b.placed_at`)} as period, b.currency, ${key} as key, sum(b.stake) as turnover, 0 as settled, 0 as paid
          from betting_bets b join users u on u.id = b.user_id ${join}
          where ${where} and b.placed_at >= ${dayStart(query.from)} and b.placed_at < ${dayStart(query.to)}
          group by 1, 2, 3
          union all
          select ${periodOf(query, sql`b.settled_at`)}, b.currency, ${key}, 0, sum(b.stake), sum(b.paid_main + b.paid_bonus)
          from betting_bets b join users u on u.id = b.user_id ${join}
          where ${where} and b.status <> 'open' and b.settled_at >= ${dayStart(query.from)} and b.settled_at < ${dayStart(query.to)}
          group by 1, 2, 3
        ) sports group by 1, 2, 3`,
  );
  return toSums(rows, ['turnover', 'settled', 'paid']);
}

/**
 * What became of the bonus money granted in the period (docs/reports.md, "Bonus conversion"): the
 * bonuses whose credit movement (`bonus-credit:<id>`, `betting-credit:<id>`) is in the period, and
 * the amounts their conversion (`…-convert:<id>`, to main once wagered) and forfeit (`…-forfeit:<id>`,
 * back to bonus_funding) movements moved, whenever they came. The movements are found by their
 * idempotency keys (unique, indexed); player_bonuses says which campaign granted a bonus and
 * whether it ended by expiry or was forfeited. Every dimension but provider and game.
 */
export async function bonusConversion(db: Db, query: ReportQuery): Promise<KeyedSums | null> {
  if (query.by === 'provider' || query.by === 'game') return null;
  const { key, join } = query.by === 'campaign' ? { key: sql`coalesce(c.sysname, '')`, join: sql`left join campaigns c on c.id = b.campaign_id` } : playerDimension(query.by);
  const where = sql.join(playerFilters(query, sql`b.currency`), sql` and `);
  // The positive legs of a movement: the amount it moved (each of these has one credit leg).
  const moved = (transaction: SQL) => sql`(select sum(amount) from ledger_postings where transaction_id = ${transaction} and amount > 0)`;
  const rows = await queryRows<Record<string, string>>(
    db,
    sql`with grants as (
          select b.id, b.status, b.currency, ${key} as key, case when b.kind = 'bonus' then 'bonus' else 'betting' end as prefix
          from player_bonuses b join users u on u.id = b.user_id ${join}
          where ${where} and b.kind in ('bonus', 'betting_bonus') and b.amount > 0
            -- activated_at is the credit's time to the millisecond; the ledger's own time decides below
            and b.activated_at >= ${dayStart(query.from)} - interval '1 day' and b.activated_at < ${dayStart(query.to)} + interval '1 day'
        )
        select ${periodOf(query, sql`ct.created_at`)} as period, g.currency, g.key,
               sum(${moved(sql`ct.id`)})::text as granted,
               coalesce(sum(${moved(sql`vt.id`)}), 0)::text as converted,
               coalesce(sum(${moved(sql`ft.id`)}) filter (where g.status = 'expired'), 0)::text as expired,
               coalesce(sum(${moved(sql`ft.id`)}) filter (where g.status <> 'expired'), 0)::text as forfeited,
               count(*) filter (where g.status = 'active')::int as running
        from grants g
        -- lateral: one lookup by the unique key per bonus, never a scan of the ledger's movements
        cross join lateral (select id, created_at from ledger_transactions where idempotency_key = g.prefix || '-credit:' || g.id) ct
        left join lateral (select id from ledger_transactions where idempotency_key = g.prefix || '-convert:' || g.id) vt on true
        left join lateral (select id from ledger_transactions where idempotency_key = g.prefix || '-forfeit:' || g.id) ft on true
        where ct.created_at >= ${dayStart(query.from)} and ct.created_at < ${dayStart(query.to)}
        group by 1, 2, 3`,
  );
  return toSums(rows, ['granted', 'converted', 'expired', 'forfeited', 'running']);
}

/**
 * Per campaign: the bonus cost of the bonuses it granted (credits in the period minus the forfeits
 * in the period, as the total's bonus cost counts them) and the cashback it paid in the period.
 * Bonuses without a campaign (the loyalty shop, an operator's grant) are the '' row; tournament
 * prizes name no bonus and are in the total's bonus cost only.
 */
export async function campaignCosts(db: Db, query: ReportQuery): Promise<KeyedSums> {
  const inPeriod = sql`t.created_at >= ${dayStart(query.from)} and t.created_at < ${dayStart(query.to)}`;
  // The bonus row's own times narrow the bonuses to look at (the ledger's time decides): each
  // movement is then one lookup by its unique key.
  const near = (time: SQL) => sql`${time} >= ${dayStart(query.from)} - interval '1 day' and ${time} < ${dayStart(query.to)} + interval '1 day'`;
  const bonuses = (movement: 'credit' | 'forfeit', time: SQL) => sql`
    select b.campaign_id, b.currency, (case when b.kind = 'bonus' then 'bonus' else 'betting' end) || ${`-${movement}:`} || b.id as key
    from player_bonuses b join users u on u.id = b.user_id
    where ${sql.join(playerFilters(query, sql`b.currency`), sql` and `)} and b.kind in ('bonus', 'betting_bonus') and b.amount > 0 and ${near(time)}`;
  const rows = await queryRows<Record<string, string>>(
    db,
    sql`with keyed as (${bonuses('credit', sql`b.activated_at`)} union all ${bonuses('forfeit', sql`b.finished_at`)}),
        moved as (
          select k.campaign_id, k.currency, t.created_at, -p.amount as cost, 0 as cashback
          from keyed k
          cross join lateral (select id, created_at from ledger_transactions where idempotency_key = k.key) t
          join ledger_postings p on p.transaction_id = t.id
          join ledger_accounts a on a.id = p.account_id and a.owner_type = 'house' and a.owner_id = 'bonus_funding'
          where ${inPeriod}
          union all
          select k.campaign_id, k.currency, t.created_at, 0, k.amount
          from cashbacks k
          join users u on u.id = k.user_id
          cross join lateral (select id, created_at from ledger_transactions where idempotency_key = 'cashback:' || k.id) t
          where ${sql.join(playerFilters(query, sql`k.currency`), sql` and `)} and ${near(sql`k.paid_out_at`)} and ${inPeriod}
        )
        select ${periodOf(query, sql`m.created_at`)} as period, m.currency, coalesce(c.sysname, '') as key,
               sum(m.cost)::text as bonus_cost, sum(m.cashback)::text as cashback
        from moved m left join campaigns c on c.id = m.campaign_id
        group by 1, 2, 3`,
  );
  return toSums(rows, ['bonus_cost', 'cashback']);
}

/**
 * The money figures per affiliate, read from the ledger when asked: the attributed players'
 * movements of the period, through the fold's own definitions (movementRows, FIGURE_COLUMNS), up
 * to the movement the fold has reached, so an affiliate's figures and the totals describe the same
 * movements. A player's attribution is written once at sign-up, so it needs no fold of its own.
 */
export async function affiliateMoney(db: Db, query: ReportQuery, through: number): Promise<Array<Record<string, string | number>>> {
  const filters = [sql`true`];
  if (query.currency) filters.push(sql`currency = ${query.currency}`);
  if (query.country !== undefined) filters.push(sql`country = ${query.country}`);
  return queryRows<Record<string, string | number>>(
    db,
    sql`with ${movementRows({
      // Every posting of the attributed players' movements of the period (theirs and the house's).
      postings: sql`p.transaction_id in (
        select ap.transaction_id from ledger_postings ap join ledger_accounts aa on aa.id = ap.account_id
        where aa.owner_type = 'player' and aa.owner_id in (select pa.user_id::text from player_attributions pa where pa.affiliate_id is not null)
          and ap.transaction_id <= ${through}
          and exists (select 1 from ledger_transactions t where t.id = ap.transaction_id and t.created_at >= ${dayStart(query.from)} and t.created_at < ${dayStart(query.to)}))`,
      transactions: sql`t.id in (select id from player_moves)`,
    })},
      attributed as (
        select r.*, af.name as affiliate from rows r
        join player_attributions pa on pa.user_id = r.user_id join affiliates af on af.id = pa.affiliate_id
      )
      select to_char(date_trunc(${periodUnit(query.period)}, day), 'YYYY-MM-DD') as period, currency, affiliate as key, ${FIGURE_COLUMNS},
             count(distinct user_id) filter (where play and real_amount is not null)::int as active_players
      from attributed where ${sql.join(filters, sql` and `)}
      group by 1, 2, 3`,
  );
}

/** Sign-ups per period and affiliate: the attributed accounts registered in the period. */
export async function affiliateSignups(db: Db, query: ReportQuery): Promise<Array<{ period: string; currency: string; key: string; signups: number }>> {
  const filters = playerFilters(query, sql`u.currency`);
  return queryRows(
    db,
    sql`select ${periodOf(query, sql`u.registered_at`)} as period, u.currency, af.name as key, count(*)::int as signups
        from users u join player_attributions pa on pa.user_id = u.id join affiliates af on af.id = pa.affiliate_id
        where ${sql.join(filters, sql` and `)} and u.registered_at >= ${dayStart(query.from)} and u.registered_at < ${dayStart(query.to)}
        group by 1, 2, 3`,
  );
}

/**
 * What the house owes now, per currency (docs/reports.md, "Liabilities"):
 * - the open sports bets: their stakes and what they would pay if every leg won (the betting
 *   module's own pay-out rule, `betReturn`, on the odds locked at placement), and the difference;
 * - the jackpot pools: the ledger balance of `jackpot_pool` (the jackpots module's audit checks it
 *   equals the pools' live amounts, seed plus the cycle's contributions);
 * - loyalty points: the whole points the players hold (loyalty_totals, kept equal to the points
 *   journal by its trigger), valued at the shop's best money rate in the player's currency.
 */
export async function liabilities(db: Db, currency?: string): Promise<ReportLiability[]> {
  const only = (column: SQL) => (currency ? sql`and ${column} = ${currency}` : sql``);
  const [bets, pools, points, products] = await Promise.all([
    queryRows<{ currency: string; stake: string; funding: string; boost_percent: number; odds: number[] }>(
      db,
      sql`select b.currency, b.stake::text as stake, b.funding, b.boost_percent, array_agg(l.odds order by l.position) as odds
          from betting_bets b join users u on u.id = b.user_id and not u.is_test_account
          join betting_bet_legs l on l.bet_id = b.id
          where b.status = 'open' ${only(sql`b.currency`)}
          group by b.id`,
    ),
    queryRows<{ currency: string; balance: string }>(
      db,
      sql`select a.currency, coalesce(sum(p.amount), 0)::text as balance
          from ledger_accounts a left join ledger_postings p on p.account_id = a.id
          where a.owner_type = 'house' and a.owner_id = 'jackpot_pool' ${only(sql`a.currency`)}
          group by a.currency`,
    ),
    queryRows<{ currency: string; points: string }>(
      db,
      sql`select u.currency, coalesce(sum(held.points), 0)::text as points
          from (select user_id, floor(sum(balance_milli) / 1000) as points from loyalty_totals group by user_id) held
          join users u on u.id = held.user_id and not u.is_test_account
          where held.points > 0 ${only(sql`u.currency`)}
          group by u.currency`,
    ),
    queryRows<{ currency: string; sysname: string; price: number; reward: { type: string; amount?: string; spins?: number; stake?: string } }>(
      db,
      sql`select currency, sysname, price, reward from loyalty_products where is_active and price > 0 ${only(sql`currency`)}`,
    ),
  ]);
  const byCurrency = new Map<string, { open: number; stakes: bigint; potential: bigint; pools: bigint; points: bigint }>();
  const entry = (code: string) => {
    let found = byCurrency.get(code);
    if (!found) byCurrency.set(code, (found = { open: 0, stakes: 0n, potential: 0n, pools: 0n, points: 0n }));
    return found;
  };
  for (const bet of bets) {
    const figures = entry(bet.currency);
    const stake = BigInt(bet.stake);
    figures.open += 1;
    figures.stakes += stake;
    figures.potential += betReturn({ stake, legs: bet.odds.map((odds) => ({ odds: Number(odds), result: null })), boostPercent: bet.boost_percent, freeBet: bet.funding === 'free_bet' });
  }
  for (const pool of pools) entry(pool.currency).pools = BigInt(pool.balance);
  for (const held of points) entry(held.currency).points = BigInt(held.points);

  // The shop's best money per point in each currency: bonus money at its amount, free spins at spins × stake.
  const best = new Map<string, { points: number; buys: bigint; product: string }>();
  for (const product of products) {
    const buys = product.reward.type === 'fixed_bonus' ? BigInt(product.reward.amount ?? 0) : product.reward.type === 'free_spins' ? BigInt(product.reward.spins ?? 0) * BigInt(product.reward.stake ?? 0) : 0n;
    if (buys <= 0n) continue;
    const current = best.get(product.currency);
    // a/b > c/d, in integers
    if (!current || buys * BigInt(current.points) > current.buys * BigInt(product.price)) best.set(product.currency, { points: product.price, buys, product: product.sysname });
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, figures]) => {
      const rate = best.get(code);
      return {
        currency: code,
        sports_open_bets: figures.open,
        sports_open_stakes: reportMoney(figures.stakes, code),
        sports_potential_payout: reportMoney(figures.potential, code),
        sports_open_liability: reportMoney(figures.potential - figures.stakes, code),
        jackpot_pools: reportMoney(figures.pools, code),
        loyalty_points: Number(figures.points),
        loyalty_rate: rate ? { points: rate.points, buys: reportMoney(rate.buys, code), product: rate.product } : null,
        loyalty_value: rate ? reportMoney((figures.points * rate.buys) / BigInt(rate.points), code) : null,
      };
    });
}
