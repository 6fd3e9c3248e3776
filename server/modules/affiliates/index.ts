/**
 * Affiliates and tracking (docs/affiliates.md): `/hit` visits and the first-touch cookie, the
 * attribution copied onto an account at sign-up, affiliates and their links for the back office,
 * postbacks on sign-up and first deposit, and the monthly report.
 */
import type { Db, Tx } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import { createPostbacks } from './postbacks.ts';
import { affiliateReport, reportCsv, type ReportDeps } from './report.ts';
import { createTracking, hitsRetentionJob } from './tracking.ts';

export { FIRST_TOUCH_COOKIE, FIRST_TOUCH_DAYS, decodeTouch, encodeTouch, readHitQuery, type Touch } from './attribution.ts';
export { HIT_RETENTION_DAYS } from './tracking.ts';
export { POSTBACK_JOB, POSTBACK_MAX_ATTEMPTS, POSTBACK_PLACEHOLDERS, postbackUrl } from './postbacks.ts';
export { monthBounds } from './report.ts';
export {
  auditable,
  createAffiliate,
  createLink,
  getAffiliate,
  listAffiliates,
  listLinks,
  listPostbacks,
  playerAttribution,
  rotateSecret,
  setLinkStatus,
  updateAffiliate,
  CPA_CURRENCIES,
} from './manage.ts';

export function createAffiliates(deps: {
  db: Db;
  logger: Logger;
  /** Signs the first-touch cookie. */
  secret: string;
  /** Queues a postback's delivery in the caller's transaction (the job runner's enqueue). */
  enqueue(tx: Tx, key: string, payload: Record<string, unknown>): Promise<void>;
  report: Omit<ReportDeps, 'db'>;
  fetch?: typeof fetch;
}) {
  const tracking = createTracking({ db: deps.db, secret: deps.secret });
  const postbacks = createPostbacks({ db: deps.db, logger: deps.logger, enqueue: deps.enqueue, fetch: deps.fetch });
  return {
    ...tracking,
    /** The outbox handler and the delivery job, registered with the job runner (server/services.ts). */
    postbackHandler: postbacks.handler,
    postbackJob: postbacks.job,
    hitsRetentionJob,
    deliverPostback: postbacks.deliver,
    report: (month: string, options?: { affiliateId?: number }) => affiliateReport({ db: deps.db, ...deps.report }, month, options),
    reportCsv,
  };
}

export type Affiliates = ReturnType<typeof createAffiliates>;
