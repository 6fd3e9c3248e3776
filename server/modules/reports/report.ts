import { sql, type SQL } from 'drizzle-orm';
import type { BusinessReport, BusinessReportRow, ReportDimension, ReportPeriod } from '../../../contract/backoffice-reports.ts';
import { formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { csvDocument } from '../history/index.ts';

/**
 * The business report (docs/reports.md): the folded daily rows summed per period and dimension,
 * with sign-ups from the accounts and active players from the fold's list of who played. Money
 * is in minor units per currency, never converted.
 */

export type ReportQuery = {
  /** UTC days, `from` included, `to` excluded. */
  from: string;
  to: string;
  period: ReportPeriod;
  by: ReportDimension;
  currency?: string;
  country?: string;
};

export type ReportLine = {
  /** The period's first day (YYYY-MM-DD; weeks start on Monday). */
  period: string;
  currency: string;
  /** The dimension's value ('' for `total`). */
  key: string;
  stakes: bigint;
  wins: bigint;
  refunds: bigint;
  ggr: bigint;
  bonusCost: bigint;
  cashback: bigint;
  ngr: bigint;
  deposits: bigint;
  depositCount: number;
  firstDeposits: number;
  withdrawals: bigint;
  withdrawalCount: number;
  /** Left empty (null) where the dimension does not apply: a sign-up has no game. */
  signups: number | null;
  activePlayers: number | null;
  /** NGR per active player, minor units, rounded toward zero. */
  arpu: bigint | null;
};

const dimensionColumn = (by: ReportDimension): SQL => (by === 'total' ? sql`''` : by === 'country' ? sql`country` : by === 'provider' ? sql`provider` : sql`game`);

export async function businessReport(db: Db, query: ReportQuery): Promise<ReportLine[]> {
  const period = sql.raw(`'${query.period}'`);
  const key = dimensionColumn(query.by);
  const filters = [sql`day >= ${query.from}::date`, sql`day < ${query.to}::date`];
  if (query.currency) filters.push(sql`currency = ${query.currency}`);
  if (query.country !== undefined) filters.push(sql`country = ${query.country}`);
  // Per game or provider only play counts: deposits and bonuses belong to no game.
  if (query.by === 'game' || query.by === 'provider') filters.push(sql`game <> ''`);
  const where = sql.join(filters, sql` and `);

  // Grouped on the period's first day as a timestamp without time zone (no zone lookup per row),
  // formatted once per group.
  const periodOf = sql`date_trunc(${period}, day::timestamp)`;
  const money = await queryRows<{
    period: string; currency: string; key: string; stakes: string; wins: string; refunds: string; bonus_cost: string; cashback: string;
    deposits: string; deposit_count: number; first_deposits: number; withdrawals: string; withdrawal_count: number;
  }>(
    db,
    sql`select to_char(${periodOf}, 'YYYY-MM-DD') as period, currency, ${key} as key,
               sum(stakes)::text as stakes, sum(wins)::text as wins, sum(refunds)::text as refunds,
               sum(bonus_cost)::text as bonus_cost, sum(cashback)::text as cashback,
               sum(deposits)::text as deposits, sum(deposit_count)::int as deposit_count, sum(first_deposits)::int as first_deposits,
               sum(withdrawals)::text as withdrawals, sum(withdrawal_count)::int as withdrawal_count
        from report_days where ${where}
        group by ${periodOf}, currency, 3 order by 1, 2, 3`,
  );

  const people = new Map<string, { signups: number; active: number }>();
  const perPerson = query.by === 'total' || query.by === 'country';
  if (perPerson) {
    const personKey = query.by === 'country' ? sql`country` : sql`''`;
    const personFilters: SQL[] = [];
    if (query.currency) personFilters.push(sql`currency = ${query.currency}`);
    if (query.country !== undefined) personFilters.push(sql`country = ${query.country}`);
    const active = await activePlayers(db, query, personKey, personFilters);
    const signupKey = query.by === 'country' ? sql`coalesce(country_code, '')` : sql`''`;
    const signupFilters = [
      sql`not is_test_account`,
      sql`registered_at >= ${query.from}::date`,
      sql`registered_at < ${query.to}::date`,
    ];
    if (query.currency) signupFilters.push(sql`currency = ${query.currency}`);
    if (query.country !== undefined) signupFilters.push(sql`coalesce(country_code, '') = ${query.country}`);
    const signups = await queryRows<{ period: string; currency: string; key: string; signups: number }>(
      db,
      sql`select to_char(date_trunc(${period}, registered_at at time zone 'UTC'), 'YYYY-MM-DD') as period, currency, ${signupKey} as key, count(*)::int as signups
          from users where ${sql.join(signupFilters, sql` and `)} group by 1, 2, 3`,
    );
    for (const row of active) people.set(`${row.period}|${row.currency}|${row.key}`, { signups: 0, active: Number(row.players) });
    for (const row of signups) {
      const id = `${row.period}|${row.currency}|${row.key}`;
      people.set(id, { active: people.get(id)?.active ?? 0, signups: Number(row.signups) });
    }
  }

  const lines = new Map<string, ReportLine>();
  const empty = (periodStart: string, currency: string, keyValue: string): ReportLine => ({
    period: periodStart, currency, key: keyValue, stakes: 0n, wins: 0n, refunds: 0n, ggr: 0n, bonusCost: 0n, cashback: 0n, ngr: 0n,
    deposits: 0n, depositCount: 0, firstDeposits: 0, withdrawals: 0n, withdrawalCount: 0, signups: null, activePlayers: null, arpu: null,
  });
  for (const row of money) {
    const line = empty(row.period, row.currency, row.key);
    line.stakes = BigInt(row.stakes);
    line.wins = BigInt(row.wins);
    line.refunds = BigInt(row.refunds);
    line.ggr = ggrOf(line.stakes, line.wins, line.refunds);
    line.bonusCost = BigInt(row.bonus_cost);
    line.cashback = BigInt(row.cashback);
    line.ngr = line.ggr - line.bonusCost - line.cashback;
    line.deposits = BigInt(row.deposits);
    line.depositCount = Number(row.deposit_count);
    line.firstDeposits = Number(row.first_deposits);
    line.withdrawals = BigInt(row.withdrawals);
    line.withdrawalCount = Number(row.withdrawal_count);
    lines.set(`${row.period}|${row.currency}|${row.key}`, line);
  }
  if (perPerson) {
    for (const [id, figures] of people) {
      const [periodStart, currency, keyValue] = id.split('|') as [string, string, string];
      const line = lines.get(id) ?? empty(periodStart, currency, keyValue);
      line.signups = figures.signups;
      line.activePlayers = figures.active;
      line.arpu = figures.active > 0 ? line.ngr / BigInt(figures.active) : null;
      lines.set(id, line);
    }
    for (const line of lines.values()) {
      line.signups ??= 0;
      line.activePlayers ??= 0;
    }
  }
  return [...lines.values()].sort((a, b) => a.period.localeCompare(b.period) || a.currency.localeCompare(b.currency) || a.key.localeCompare(b.key));
}

/**
 * Distinct active players per period: whole periods from the fold's counts (report_active_counts,
 * a few rows per period), and a window's cut periods at either end (a week from a Wednesday) as
 * the distinct players of their days in report_active_players. A player counts once a period; in
 * a whole period, in the country of their first day in it.
 */
async function activePlayers(db: Db, query: ReportQuery, key: SQL, filters: SQL[]): Promise<Array<{ period: string; currency: string; key: string; players: number }>> {
  const wholeFrom = query.from === periodStart(query.from, query.period) ? query.from : nextPeriod(periodStart(query.from, query.period), query.period);
  const wholeTo = periodStart(query.to, query.period);
  const extra = filters.length ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
  const period = sql.raw(`'${query.period}'`);
  if (wholeFrom >= wholeTo) return distinctActive(db, period, key, sql`day >= ${query.from}::date and day < ${query.to}::date${extra}`);
  const cuts: SQL[] = [];
  if (query.from < wholeFrom) cuts.push(sql`(day >= ${query.from}::date and day < ${wholeFrom}::date)`);
  if (wholeTo < query.to) cuts.push(sql`(day >= ${wholeTo}::date and day < ${query.to}::date)`);
  const [whole, cut] = await Promise.all([
    queryRows<{ period: string; currency: string; key: string; players: number }>(
      db,
      sql`select to_char(start, 'YYYY-MM-DD') as period, currency, ${key} as key, sum(players)::int as players
          from report_active_counts where period = ${query.period} and start >= ${wholeFrom}::date and start < ${wholeTo}::date${extra}
          group by start, currency, 3`,
    ),
    cuts.length ? distinctActive(db, period, key, sql`(${sql.join(cuts, sql` or `)})${extra}`) : Promise.resolve([]),
  ]);
  return [...whole, ...cut];
}

const distinctActive = (db: Db, period: SQL, key: SQL, where: SQL) =>
  queryRows<{ period: string; currency: string; key: string; players: number }>(
    db,
    sql`select to_char(date_trunc(${period}, day::timestamp), 'YYYY-MM-DD') as period, currency, ${key} as key, count(distinct user_id)::int as players
        from report_active_players where ${where} group by date_trunc(${period}, day::timestamp), currency, 3`,
  );

/** The first day (YYYY-MM-DD, UTC) of the day, week (from Monday) or month holding `day`. */
export function periodStart(day: string, period: ReportPeriod): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (period === 'week') date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  if (period === 'month') date.setUTCDate(1);
  return date.toISOString().slice(0, 10);
}

/** The first day of the period after the one starting on `start`. */
function nextPeriod(start: string, period: ReportPeriod): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (period === 'day') date.setUTCDate(date.getUTCDate() + 1);
  else if (period === 'week') date.setUTCDate(date.getUTCDate() + 7);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}

/** GGR (docs/reports.md): what the stakes left after the wins and the stakes given back. */
export const ggrOf = (stakes: bigint, wins: bigint, refunds: bigint): bigint => stakes - wins - refunds;

/** Minor units of a report row's currency as a decimal string (a code the site no longer knows reads as EUR's two decimals). */
export function reportMoney(minor: bigint | string | number, currency: string): string {
  return formatMinor(BigInt(minor), (isCurrency(currency) ? currency : 'EUR') as CurrencyCode);
}

/** A line as the back office reads it: money as decimal strings of its currency. */
export function reportRow(line: ReportLine): BusinessReportRow {
  const money = (minor: bigint) => reportMoney(minor, line.currency);
  return {
    period: line.period,
    currency: line.currency,
    key: line.key,
    stakes: money(line.stakes),
    wins: money(line.wins),
    refunds: money(line.refunds),
    ggr: money(line.ggr),
    bonus_cost: money(line.bonusCost),
    cashback: money(line.cashback),
    ngr: money(line.ngr),
    deposits: money(line.deposits),
    deposit_count: line.depositCount,
    first_deposits: line.firstDeposits,
    withdrawals: money(line.withdrawals),
    withdrawal_count: line.withdrawalCount,
    signups: line.signups,
    active_players: line.activePlayers,
    arpu: line.arpu === null ? null : money(line.arpu),
  };
}

const CSV_COLUMNS = [
  'period', 'currency', 'key', 'stakes', 'wins', 'refunds', 'ggr', 'bonus_cost', 'cashback', 'ngr', 'deposits', 'deposit_count',
  'first_deposits', 'withdrawals', 'withdrawal_count', 'signups', 'active_players', 'arpu',
] as const satisfies ReadonlyArray<keyof BusinessReportRow>;

/** The report as CSV (money in decimals, as on screen); the key column is named after the dimension. */
export function businessReportCsv(report: BusinessReport): { filename: string; csv: string; rows: number } {
  const header = CSV_COLUMNS.map((name) => (name === 'key' ? report.by : name));
  const csv = csvDocument(header, report.rows.map((row) => CSV_COLUMNS.map((name) => row[name])));
  return { filename: `report-${report.by}-${report.period}-${report.from}-${report.to}.csv`, csv, rows: report.rows.length };
}
