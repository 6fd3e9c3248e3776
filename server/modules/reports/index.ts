/**
 * Business reports (docs/reports.md): the ledger folded into daily rows by the job runner, and
 * the report read from them per day, week or month and per currency, country, provider or game.
 */
import { sql } from 'drizzle-orm';
import type { BusinessReport } from '../../../contract/backoffice-reports.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import type { ScheduledJob } from '../../platform/jobs/runner.ts';
import { FOLD_STATE, foldLedger, rebuildReports, type FoldOptions } from './fold.ts';
import { businessReport, businessReportCsv, reportRow, type ReportQuery } from './report.ts';

export { foldLedger, rebuildReports, type FoldOptions } from './fold.ts';
export { businessReport, businessReportCsv, type ReportLine, type ReportQuery } from './report.ts';

export const REPORTS_FOLD_JOB = 'reports.fold';

export function createReports(deps: { db: Db; cron?: string; fold?: FoldOptions }) {
  /** Every minute (REPORTS_FOLD_CRON): the ledger's settled new movements added into the rows. */
  const foldJob: ScheduledJob = {
    name: REPORTS_FOLD_JOB,
    cron: deps.cron ?? '* * * * *',
    run: async (tx) => {
      await foldLedger(tx, deps.fold);
    },
  };

  async function report(query: ReportQuery): Promise<BusinessReport> {
    const [lines, [state]] = await Promise.all([
      businessReport(deps.db, query),
      queryRows<{ through: number; at: string | Date }>(deps.db, sql`select folded_through as through, folded_at as at from report_fold_state where name = ${FOLD_STATE}`),
    ]);
    return {
      from: query.from,
      to: query.to,
      period: query.period,
      by: query.by,
      rows: lines.map(reportRow),
      folded_through: Number(state?.through ?? 0),
      folded_at: state ? new Date(state.at).toISOString() : null,
    };
  }

  return {
    foldJob,
    report,
    reportCsv: async (query: ReportQuery) => businessReportCsv(await report(query)),
    /** Folds what has settled now (tests, the rebuild command). */
    foldNow: (options?: FoldOptions) => deps.db.transaction((tx) => foldLedger(tx, { ...deps.fold, ...options })),
    rebuild: (options?: FoldOptions) => rebuildReports(deps.db, { ...deps.fold, ...options }),
  };
}

export type Reports = ReturnType<typeof createReports>;
