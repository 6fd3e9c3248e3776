/**
 * The live dashboard's figures (docs/reports.md, "Live dashboard"): players online from the web
 * processes' presence rows, and the money from the fold's rows (today from `report_days`, the
 * last hour from `report_minutes`), so the dashboard reads a few hundred rows however busy the
 * casino is. Pushed to the back office every few seconds by the job `reports.live-dashboard`.
 */
import { sql } from 'drizzle-orm';
import type { LiveDashboard, LiveDashboardCurrency } from '../../../contract/backoffice-reports.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { ggrOf, reportMoney as money } from './report.ts';

export const LIVE_DASHBOARD_JOB = 'reports.live-dashboard';

/** A web process writes its presence this often; a row older than PRESENCE_FRESH_MS no longer counts. */
export const PRESENCE_EVERY_MS = 15_000;
const PRESENCE_FRESH_MS = 45_000;
/** A row this old is a process that died without saying so: removed by the next write. */
const PRESENCE_FORGOTTEN_MS = 600_000;

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;

/** Records the signed-in players with a live stream on this process (and drops long-dead processes' rows). */
export async function recordPresence(db: Db, process: string, playerIds: number[]): Promise<void> {
  const ids = [...new Set(playerIds)].sort((a, b) => a - b);
  await db.execute(sql`insert into live_presence (process, player_ids, seen_at)
    values (${process}, ${`{${ids.join(',')}}`}::int[], now())
    on conflict (process) do update set player_ids = excluded.player_ids, seen_at = excluded.seen_at`);
  await db.execute(sql`delete from live_presence where seen_at < now() - make_interval(secs => ${PRESENCE_FORGOTTEN_MS / 1000})`);
}

/** A process that stops says so: its players stop counting at once. */
export async function forgetPresence(db: Db, process: string): Promise<void> {
  await db.execute(sql`delete from live_presence where process = ${process}`);
}

/**
 * Everything but the queues. `foldedAt` is when the fold last ran and `settleMs` its settling
 * time: the last hour ends at the last minute the fold has certainly read to its end (a minute
 * younger than that may still be missing movements, and would show as a false dip).
 */
export async function liveFigures(db: Db, options: { now?: Date; foldedAt: string | null; settleMs: number }): Promise<Omit<LiveDashboard, 'queues'>> {
  const now = options.now ?? new Date();
  const today = now.toISOString().slice(0, 10);
  const foldedAt = options.foldedAt ? new Date(options.foldedAt) : null;
  const horizon = foldedAt ? foldedAt.getTime() - options.settleMs : now.getTime();
  const through = Math.floor(horizon / MINUTE_MS) * MINUTE_MS;
  const from = through - HOUR_MINUTES * MINUTE_MS;

  const [online, days, active, minutes, todayBets] = await Promise.all([
    queryRows<{ players: number }>(
      db,
      sql`select count(distinct id)::int as players from live_presence, unnest(player_ids) as id
          where seen_at >= now() - make_interval(secs => ${PRESENCE_FRESH_MS / 1000})`,
    ),
    queryRows<{ currency: string; stakes: string; wins: string; refunds: string; deposits: string; deposit_count: number; withdrawals: string; withdrawal_count: number }>(
      db,
      sql`select currency, sum(stakes)::text as stakes, sum(wins)::text as wins, sum(refunds)::text as refunds, sum(deposits)::text as deposits,
                 sum(deposit_count)::int as deposit_count, sum(withdrawals)::text as withdrawals, sum(withdrawal_count)::int as withdrawal_count
          from report_days where day = ${today}::date group by currency`,
    ),
    queryRows<{ currency: string; players: number }>(db, sql`select currency, count(*)::int as players from report_active_players where day = ${today}::date group by currency`),
    queryRows<{ minute: string | Date; currency: string; bets: number; stakes: string; wins: string; refunds: string; deposits: string }>(
      db,
      sql`select minute, currency, bets, stakes::text as stakes, wins::text as wins, refunds::text as refunds, deposits::text as deposits
          from report_minutes where minute >= ${new Date(from).toISOString()}::timestamptz and minute < ${new Date(through).toISOString()}::timestamptz`,
    ),
    queryRows<{ currency: string; bets: number }>(db, sql`select currency, sum(bets)::int as bets from report_minutes where minute >= ${today}::date::timestamptz group by currency`),
  ]);

  const currencies = [...new Set([...days.map((row) => row.currency), ...minutes.map((row) => row.currency)])].sort();
  const series = (currency: string): LiveDashboardCurrency['last_hour'] => {
    const byMinute = new Map(minutes.filter((row) => row.currency === currency).map((row) => [new Date(row.minute).getTime(), row]));
    return Array.from({ length: HOUR_MINUTES }, (_, index) => {
      const at = from + index * MINUTE_MS;
      const row = byMinute.get(at);
      const ggr = row ? ggrOf(BigInt(row.stakes), BigInt(row.wins), BigInt(row.refunds)) : 0n;
      return { minute: new Date(at).toISOString(), bets: row ? Number(row.bets) : 0, stakes: money(row?.stakes ?? 0, currency), ggr: money(ggr, currency), deposits: money(row?.deposits ?? 0, currency) };
    });
  };
  return {
    at: now.toISOString(),
    players_online: Number(online[0]?.players ?? 0),
    currencies: currencies.map((currency) => {
      const day = days.find((row) => row.currency === currency);
      const ggr = day ? ggrOf(BigInt(day.stakes), BigInt(day.wins), BigInt(day.refunds)) : 0n;
      return {
        currency,
        today: {
          ggr: money(ggr, currency),
          stakes: money(day?.stakes ?? 0, currency),
          bets: Number(todayBets.find((row) => row.currency === currency)?.bets ?? 0),
          deposits: money(day?.deposits ?? 0, currency),
          deposit_count: Number(day?.deposit_count ?? 0),
          withdrawals: money(day?.withdrawals ?? 0, currency),
          withdrawal_count: Number(day?.withdrawal_count ?? 0),
          active_players: Number(active.find((row) => row.currency === currency)?.players ?? 0),
        },
        last_hour: series(currency),
      };
    }),
    folded_at: foldedAt?.toISOString() ?? null,
    through: new Date(through).toISOString(),
  };
}
