import { sql, type SQL } from 'drizzle-orm';
import type { BusinessReport, BusinessReportRow, ReportDimension, ReportLiability, ReportPeriod } from '../../../contract/backoffice-reports.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { csvDocument } from '../history/index.ts';
import { affiliateMoney, affiliateSignups, bonusConversion, campaignCosts, lineId, sportsFigures } from './figures.ts';
import { FOLD_STATE } from './fold.ts';
import { periodUnit, reportMoney, type ReportQuery } from './query.ts';

export { reportMoney, type ReportQuery } from './query.ts';

/**
 * The business report (docs/reports.md): the folded daily rows summed per period and dimension,
 * with sign-ups from the accounts and active players from the fold's list of who played. Money
 * is in minor units per currency, never converted.
 */


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
  /** Only the bonus figures apply (a campaign's row): play, deposits and withdrawals are not its. */
  bonusOnly?: boolean;
  /** The sportsbook (figures.ts): turnover placed, stakes settled and what those paid; null where the dimension has no sports. */
  sports?: { turnover: bigint; settled: bigint; paid: bigint } | null;
  /** The bonus money granted in the period and what became of it (figures.ts); null per provider or game. */
  bonuses?: { granted: bigint; converted: bigint; expired: bigint; forfeited: bigint; running: number } | null;
};

const dimensionColumn = (by: ReportDimension): SQL => (by === 'total' ? sql`''` : by === 'country' ? sql`country` : by === 'provider' ? sql`provider` : sql`game`);

const emptyLine = (periodStart: string, currency: string, keyValue: string): ReportLine => ({
  period: periodStart, currency, key: keyValue, stakes: 0n, wins: 0n, refunds: 0n, ggr: 0n, bonusCost: 0n, cashback: 0n, ngr: 0n,
  deposits: 0n, depositCount: 0, firstDeposits: 0, withdrawals: 0n, withdrawalCount: 0, signups: null, activePlayers: null, arpu: null,
});

/** The money figures of a row summed by FIGURE_COLUMNS (report_days' or the on-demand ones) into a line. */
function moneyLine(row: Record<string, string | number>): ReportLine {
  const line = emptyLine(String(row.period), String(row.currency), String(row.key));
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
  return line;
}

/**
 * The report: the folded figures (or, per affiliate and per campaign, the same read on demand,
 * figures.ts), with the sportsbook and the bonus conversion beside them where the dimension has them.
 */
export async function businessReport(db: Db, query: ReportQuery): Promise<ReportLine[]> {
  const lines = query.by === 'affiliate' ? await affiliateLines(db, query) : query.by === 'campaign' ? await campaignLines(db, query) : await foldedLines(db, query);
  const [sports, bonuses] = await Promise.all([sportsFigures(db, query), bonusConversion(db, query)]);
  const lineFor = (id: string) => {
    const found = lines.get(id);
    if (found) return found;
    const [periodStart, currency, keyValue] = id.split('|') as [string, string, string];
    const line = emptyLine(periodStart, currency, keyValue);
    if (query.by === 'campaign') line.bonusOnly = true;
    else if (query.by === 'total' || query.by === 'country' || query.by === 'affiliate') {
      line.signups = 0;
      line.activePlayers = 0;
    }
    lines.set(id, line);
    return line;
  };
  for (const [id, figures] of sports ?? []) lineFor(id).sports = { turnover: figures.turnover!, settled: figures.settled!, paid: figures.paid! };
  for (const [id, figures] of bonuses ?? []) {
    lineFor(id).bonuses = { granted: figures.granted!, converted: figures.converted!, expired: figures.expired!, forfeited: figures.forfeited!, running: Number(figures.running) };
  }
  for (const line of lines.values()) {
    if (sports) line.sports ??= { turnover: 0n, settled: 0n, paid: 0n };
    else line.sports = null;
    if (bonuses) line.bonuses ??= { granted: 0n, converted: 0n, expired: 0n, forfeited: 0n, running: 0 };
    else line.bonuses = null;
  }
  return [...lines.values()].sort((a, b) => a.period.localeCompare(b.period) || a.currency.localeCompare(b.currency) || a.key.localeCompare(b.key));
}

/** Per affiliate: the attributed players' money read on demand up to the fold's watermark, their sign-ups and who played. */
async function affiliateLines(db: Db, query: ReportQuery): Promise<Map<string, ReportLine>> {
  const [state] = await queryRows<{ through: number }>(db, sql`select folded_through as through from report_fold_state where name = ${FOLD_STATE}`);
  const [money, signups] = await Promise.all([affiliateMoney(db, query, Number(state?.through ?? 0)), affiliateSignups(db, query)]);
  const lines = new Map<string, ReportLine>();
  for (const row of money) {
    const line = moneyLine(row);
    line.activePlayers = Number(row.active_players);
    lines.set(lineId(line.period, line.currency, line.key), line);
  }
  for (const row of signups) {
    const id = lineId(row.period, row.currency, row.key);
    const line = lines.get(id) ?? emptyLine(row.period, row.currency, row.key);
    line.signups = Number(row.signups);
    lines.set(id, line);
  }
  for (const line of lines.values()) {
    line.signups ??= 0;
    line.activePlayers ??= 0;
    line.arpu = line.activePlayers > 0 ? line.ngr / BigInt(line.activePlayers) : null;
  }
  return lines;
}

/** Per campaign: the bonus cost and cashback of what it granted; the play figures are no campaign's. */
async function campaignLines(db: Db, query: ReportQuery): Promise<Map<string, ReportLine>> {
  const lines = new Map<string, ReportLine>();
  for (const [id, figures] of await campaignCosts(db, query)) {
    const [periodStart, currency, keyValue] = id.split('|') as [string, string, string];
    const line = emptyLine(periodStart, currency, keyValue);
    line.bonusOnly = true;
    line.bonusCost = figures.bonus_cost!;
    line.cashback = figures.cashback!;
    lines.set(id, line);
  }
  return lines;
}

/** The folded rows (report_days, report_active_players) per period and dimension, with sign-ups. */
async function foldedLines(db: Db, query: ReportQuery): Promise<Map<string, ReportLine>> {
  const period = periodUnit(query.period);
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
  for (const row of money) lines.set(lineId(row.period, row.currency, row.key), moneyLine(row));
  if (perPerson) {
    for (const [id, figures] of people) {
      const [periodStart, currency, keyValue] = id.split('|') as [string, string, string];
      const line = lines.get(id) ?? emptyLine(periodStart, currency, keyValue);
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
  return lines;
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
  const period = periodUnit(query.period);
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


/** part / whole in percent with two decimals; null when there is no whole. */
export function percentOf(part: bigint, whole: bigint): string | null {
  return whole === 0n ? null : ((Number(part) / Number(whole)) * 100).toFixed(2);
}

/** A line as the back office reads it: money as decimal strings of its currency, null where a figure is not the dimension's. */
export function reportRow(line: ReportLine): BusinessReportRow {
  const money = (minor: bigint) => reportMoney(minor, line.currency);
  const play = <T>(value: T): T | null => (line.bonusOnly ? null : value);
  const { sports, bonuses } = line;
  return {
    period: line.period,
    currency: line.currency,
    key: line.key,
    stakes: play(money(line.stakes)),
    wins: play(money(line.wins)),
    refunds: play(money(line.refunds)),
    ggr: play(money(line.ggr)),
    bonus_cost: money(line.bonusCost),
    cashback: money(line.cashback),
    ngr: play(money(line.ngr)),
    deposits: play(money(line.deposits)),
    deposit_count: play(line.depositCount),
    first_deposits: play(line.firstDeposits),
    withdrawals: play(money(line.withdrawals)),
    withdrawal_count: play(line.withdrawalCount),
    signups: line.signups,
    active_players: line.activePlayers,
    arpu: line.arpu === null ? null : money(line.arpu),
    sports_turnover: sports ? money(sports.turnover) : null,
    sports_settled_stakes: sports ? money(sports.settled) : null,
    sports_ggr: sports ? money(sports.settled - sports.paid) : null,
    sports_margin: sports ? percentOf(sports.settled - sports.paid, sports.settled) : null,
    bonus_granted: bonuses ? money(bonuses.granted) : null,
    bonus_converted: bonuses ? money(bonuses.converted) : null,
    bonus_expired: bonuses ? money(bonuses.expired) : null,
    bonus_forfeited: bonuses ? money(bonuses.forfeited) : null,
    bonus_running: bonuses ? bonuses.running : null,
    bonus_conversion: bonuses ? percentOf(bonuses.converted, bonuses.granted) : null,
  };
}

const CSV_COLUMNS = [
  'period', 'currency', 'key', 'stakes', 'wins', 'refunds', 'ggr', 'bonus_cost', 'cashback', 'ngr', 'deposits', 'deposit_count',
  'first_deposits', 'withdrawals', 'withdrawal_count', 'signups', 'active_players', 'arpu',
  'sports_turnover', 'sports_settled_stakes', 'sports_ggr', 'sports_margin',
  'bonus_granted', 'bonus_converted', 'bonus_expired', 'bonus_forfeited', 'bonus_running', 'bonus_conversion',
] as const satisfies ReadonlyArray<keyof BusinessReportRow>;

const LIABILITY_COLUMNS = [
  'currency', 'sports_open_bets', 'sports_open_stakes', 'sports_potential_payout', 'sports_open_liability', 'jackpot_pools', 'loyalty_points', 'loyalty_value',
] as const satisfies ReadonlyArray<keyof ReportLiability>;

/** The report as CSV (money in decimals, as on screen); the key column is named after the dimension. */
export function businessReportCsv(report: BusinessReport): { filename: string; csv: string; rows: number } {
  const header = CSV_COLUMNS.map((name) => (name === 'key' ? report.by : name));
  // The liabilities are a point in time, not a period: their own table under the periods, after an
  // empty line, with its own header (the first column says when they were read).
  const csv = csvDocument(header, [
    ...report.rows.map((row) => CSV_COLUMNS.map((name) => row[name])),
    [],
    [`liabilities_at ${report.liabilities_at}`, ...LIABILITY_COLUMNS],
    ...report.liabilities.map((line) => ['', ...LIABILITY_COLUMNS.map((name) => line[name])]),
  ]);
  return { filename: `report-${report.by}-${report.period}-${report.from}-${report.to}.csv`, csv, rows: report.rows.length };
}
