import type { ScheduledJob } from '../../platform/jobs/index.ts';
import type { Logger } from '../../platform/logger.ts';
import { ledgerCheckProblems, ledgerCheckTimestamp } from '../../platform/observability/metrics.ts';
import type { Ledger } from './ledger.ts';

export const LEDGER_CHECK_JOB = 'ledger.check';

/**
 * The ledger check on a schedule (LEDGER_CHECK_CRON, nightly by default): `verify`, as the ops
 * command ledger:verify and the back office run it, so that a broken invariant is found by an
 * alert (deploy/prometheus/alerts.yaml) and not by the next operator who happens to look. Its
 * result is the gauge croupier_ledger_check_problems; a check that finds problems also fails as
 * a job, with the problems as its error (npm run ops -- jobs:list failed shows them). One attempt:
 * running it again at once would find the same.
 */
export function ledgerCheckJob(ledger: Ledger, cron: string, logger: Logger): ScheduledJob {
  return {
    name: LEDGER_CHECK_JOB,
    cron,
    maxAttempts: 1,
    // Reads only; several statements over the whole ledger, none of which needs the job's transaction.
    ownTransactions: true,
    leaseSeconds: 3600,
    async run() {
      const report = await ledger.verify();
      ledgerCheckProblems.set(report.problems.length);
      ledgerCheckTimestamp.set(Date.now() / 1000);
      if (report.problems.length > 0) {
        logger.error({ problems: report.problems.slice(0, 20), count: report.problems.length }, 'ledger check failed');
        throw new Error(`ledger check: ${report.problems.length} problem(s): ${report.problems.slice(0, 5).join('; ')}`);
      }
      logger.info({ accounts: report.accounts, transactions: report.transactions, postings: report.postings }, 'ledger check passed');
    },
  };
}
