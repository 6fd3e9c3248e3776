/**
 * Business reports (docs/reports.md): the ledger folded into daily rows by the job runner, and
 * the report read from them per day, week or month and per currency, country, provider or game.
 */
import { sql } from 'drizzle-orm';
import type { BusinessReport, LiveDashboard, LiveDashboardQueues } from '../../../contract/backoffice-reports.ts';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import type { NamedJob, ScheduledJob } from '../../platform/jobs/runner.ts';
import { gameRtpOutside } from '../../platform/observability/metrics.ts';
import { FOLD_STATE, foldLedger, rebuildReports, type FoldOptions } from './fold.ts';
import { businessReport, businessReportCsv, reportRow, type ReportQuery } from './report.ts';
import { liabilities } from './figures.ts';
import { RTP_WATCH_WINDOWS_DAYS, rtpWatchLine, type RtpWatchLine } from './rtp-watch.ts';
import { forgetPresence, LIVE_DASHBOARD_JOB, liveFigures, recordPresence } from './live-dashboard.ts';
import { DAILY_MAIL_JOB, DAILY_MAIL_ROLES, DAILY_MAIL_SEND_JOB, dailyReportMail, reportedDay, shiftDay } from './daily-mail.ts';
import type { GameRoundSums } from '../wallet/index.ts';

export { foldLedger, rebuildReports, type FoldOptions } from './fold.ts';
export { businessReport, businessReportCsv, type ReportLine, type ReportQuery } from './report.ts';
export { liabilities } from './figures.ts';
export { LIVE_DASHBOARD_JOB, PRESENCE_EVERY_MS } from './live-dashboard.ts';
export { DAILY_MAIL_JOB, DAILY_MAIL_ROLES, DAILY_MAIL_SEND_JOB, dailyReportMail, reportedDay } from './daily-mail.ts';
export { RTP_WATCH_CONFIDENCE, RTP_WATCH_MIN_ROUNDS, RTP_WATCH_WINDOWS_DAYS, rtpWatchLine, type RtpWatchLine } from './rtp-watch.ts';

export const REPORTS_FOLD_JOB = 'reports.fold';
export const RTP_WATCH_JOB = 'reports.rtp-watch';

export function createReports(deps: {
  db: Db;
  cron?: string;
  fold?: FoldOptions;
  /** The wallet's per-round sums since a time (wallet.roundSumsByGame) and the catalogue's declared RTPs. */
  roundSums: (since: Date) => Promise<GameRoundSums[]>;
  declaredRtps: () => Promise<Map<string, { name: string; rtp: number }>>;
  /** Told each scheduled watch's lines, after the metric the alerts read is set (a log line per game outside). */
  onRtpWatch?: (lines: RtpWatchLine[]) => void;
  minRounds?: number;
  /** The daily mail to managers (daily-mail.ts): who gets it and how it leaves. */
  dailyMail: {
    cron?: string;
    /** The active members of DAILY_MAIL_ROLES, read in the scheduling job's transaction. */
    recipients: (tx: Tx) => Promise<Array<{ id: number; email: string }>>;
    /** A member as they are when their mail is sent (null: gone). */
    member: (id: number) => Promise<{ email: string; role: string; status: string } | null>;
    enqueue: (tx: Tx, name: string, key: string, payload: Record<string, unknown>) => Promise<void>;
    send: (mail: { to: string; subject: string; text: string }) => Promise<void>;
    /** The back office's daily report over [from, to), as a link. */
    reportLink: (from: string, to: string) => string;
  };
  /** The live dashboard: what waits for staff (other modules' queues), and how a snapshot reaches the back office. */
  live: {
    cron?: string;
    queues: () => Promise<LiveDashboardQueues>;
    publish: (snapshot: LiveDashboard) => Promise<void>;
  };
}) {
  /** Every minute (REPORTS_FOLD_CRON): the ledger's settled new movements added into the rows. */
  const foldJob: ScheduledJob = {
    name: REPORTS_FOLD_JOB,
    cron: deps.cron ?? '* * * * *',
    run: async (tx) => {
      await foldLedger(tx, deps.fold);
    },
  };

  /** The last ledger movement folded, and when. */
  async function foldState(): Promise<{ through: number; at: string | null }> {
    const [state] = await queryRows<{ through: number; at: string | Date }>(deps.db, sql`select folded_through as through, folded_at as at from report_fold_state where name = ${FOLD_STATE}`);
    return { through: Number(state?.through ?? 0), at: state ? new Date(state.at).toISOString() : null };
  }

  async function report(query: ReportQuery): Promise<BusinessReport> {
    const at = new Date().toISOString();
    const [lines, state, owed] = await Promise.all([businessReport(deps.db, query), foldState(), liabilities(deps.db, query.currency)]);
    return {
      from: query.from,
      to: query.to,
      period: query.period,
      by: query.by,
      rows: lines.map(reportRow),
      liabilities: owed,
      liabilities_at: at,
      folded_through: state.through,
      folded_at: state.at,
    };
  }

  /** Every game with real-money rounds, per window (1, 7, 30 days) and currency, against its declared RTP. */
  async function rtpWatch(now = new Date()): Promise<RtpWatchLine[]> {
    const declared = await deps.declaredRtps();
    const lines: RtpWatchLine[] = [];
    for (const days of RTP_WATCH_WINDOWS_DAYS) {
      const sums = await deps.roundSums(new Date(now.getTime() - days * 86_400_000));
      for (const game of sums) lines.push(rtpWatchLine(game, days, declared.get(game.game), { minRounds: deps.minRounds }));
    }
    const order = { outside: 0, ok: 1, 'too-few-rounds': 2, 'no-declared-rtp': 3 };
    return lines.sort((a, b) => order[a.status] - order[b.status] || a.name.localeCompare(b.name) || a.windowDays - b.windowDays || a.currency.localeCompare(b.currency));
  }

  /** Every hour: the watch computed, its result handed to the metric (docs/observability.md, GameRtpOutside). */
  const rtpWatchJob: ScheduledJob = {
    name: RTP_WATCH_JOB,
    cron: '7 * * * *',
    ownTransactions: true,
    run: async () => {
      const lines = await rtpWatch();
      gameRtpOutside.reset();
      for (const line of lines) {
        if (line.status === 'ok' || line.status === 'outside') gameRtpOutside.set({ game: line.game, window_days: String(line.windowDays), currency: line.currency }, line.status === 'outside' ? 1 : 0);
      }
      deps.onRtpWatch?.(lines);
    },
  };

  /** Every morning (REPORTS_DAILY_MAIL_CRON, 06:00 UTC): a send queued per manager for yesterday, once per day and member. */
  const dailyMailJob: ScheduledJob = {
    name: DAILY_MAIL_JOB,
    cron: deps.dailyMail.cron ?? '0 6 * * *',
    run: async (tx, { scheduledAt }) => {
      const day = reportedDay(scheduledAt);
      for (const member of await deps.dailyMail.recipients(tx)) {
        await deps.dailyMail.enqueue(tx, DAILY_MAIL_SEND_JOB, `${day}:${member.id}`, { day, staffId: member.id });
      }
    },
  };

  /** One member's mail: what has settled folded first, then the day against the week before. */
  const dailyMailSendJob: NamedJob = {
    name: DAILY_MAIL_SEND_JOB,
    ownTransactions: true,
    run: async (payload) => {
      const day = String(payload.day);
      const member = await deps.dailyMail.member(Number(payload.staffId));
      // Disabled, or no longer a manager, since the mail was queued: nothing to send.
      if (!member || member.status !== 'active' || !(DAILY_MAIL_ROLES as readonly string[]).includes(member.role)) return;
      await deps.db.transaction((tx) => foldLedger(tx, deps.fold));
      const owedAt = new Date().toISOString();
      const [lines, weekBefore, state, owed] = await Promise.all([
        businessReport(deps.db, { from: day, to: shiftDay(day, 1), period: 'day', by: 'total' }),
        businessReport(deps.db, { from: shiftDay(day, -7), to: shiftDay(day, -6), period: 'day', by: 'total' }),
        foldState(),
        liabilities(deps.db),
      ]);
      const mail = dailyReportMail({
        day,
        lines,
        weekBefore,
        reportLink: deps.dailyMail.reportLink(day, shiftDay(day, 1)),
        foldedAt: state.at,
        owed: { at: owedAt, liabilities: owed },
      });
      await deps.dailyMail.send({ to: member.email, ...mail });
    },
  };

  /** The live dashboard now (`reports/live`). */
  async function liveDashboard(now = new Date()): Promise<LiveDashboard> {
    const [figures, queues] = await Promise.all([
      foldState().then((state) => liveFigures(deps.db, { now, foldedAt: state.at, settleMs: deps.fold?.settleMs ?? 60_000 })),
      deps.live.queues(),
    ]);
    return { ...figures, queues };
  }

  /** Every 10 s (REPORTS_LIVE_CRON): the dashboard pushed to the members who may read reports. */
  const liveJob: ScheduledJob = {
    name: LIVE_DASHBOARD_JOB,
    cron: deps.live.cron ?? '*/10 * * * * *',
    ownTransactions: true,
    run: async () => deps.live.publish(await liveDashboard()),
  };

  return {
    foldJob,
    liveJob,
    liveDashboard,
    /** This web process's signed-in players with a live stream (every PRESENCE_EVERY_MS), and its leaving. */
    recordPresence: (process: string, playerIds: number[]) => recordPresence(deps.db, process, playerIds),
    forgetPresence: (process: string) => forgetPresence(deps.db, process),
    rtpWatchJob,
    dailyMailJob,
    dailyMailSendJob,
    rtpWatch,
    report,
    reportCsv: async (query: ReportQuery) => businessReportCsv(await report(query)),
    /** Folds what has settled now (tests, the rebuild command). */
    foldNow: (options?: FoldOptions) => deps.db.transaction((tx) => foldLedger(tx, { ...deps.fold, ...options })),
    rebuild: (options?: FoldOptions) => rebuildReports(deps.db, { ...deps.fold, ...options }),
  };
}

export type Reports = ReturnType<typeof createReports>;
