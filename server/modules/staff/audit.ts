import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { containsPattern, prefixPattern } from '../../platform/db/like.ts';
import { operatorAudit } from '../../db/schema.ts';
import type { AuditEntryView } from '../../../contract/backoffice.ts';

/**
 * The audit trail: one append-only table (a trigger refuses UPDATE, DELETE and TRUNCATE) for the
 * back office's writes and the ops commands' alike. A back-office write adds exactly one row,
 * written by the back office's router after the endpoint succeeded (server/backoffice/router.ts).
 */
export type AuditEntry = {
  /** Who: a staff member as `staff:<id> <email>`, or an ops command's operator. */
  actor: string;
  actorRole?: string | null;
  /** What, as `area.verb` (e.g. `staff.invite`, `player.ban`). */
  action: string;
  /** On what, as `kind:id` (e.g. `staff:4`, `user:1203`, `withdrawal:88`). */
  subject: string;
  before?: unknown;
  after?: unknown;
  details?: Record<string, unknown>;
  ip?: string | null;
  requestId?: string | null;
};

export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(operatorAudit).values({
    actor: entry.actor,
    actorRole: entry.actorRole ?? null,
    action: entry.action,
    subject: entry.subject,
    before: entry.before ?? null,
    after: entry.after ?? null,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
  });
}

/**
 * An ops command's or admin service's audit writer for one operator: `audit(tx, action, subject,
 * details)` records the change in the caller's transaction.
 */
export function auditAs(actor: string) {
  return (tx: Db | Tx, action: string, subject: string, details: Record<string, unknown>) => recordAudit(tx, { actor, action, subject, details });
}

export type AuditFilter = { actor?: string; action?: string; subject?: string; from?: Date; to?: Date };

/** The trail newest first, filtered, one page at a time, with how many rows match in all. */
export async function listAudit(db: Db, filter: AuditFilter, page: { limit: number; offset: number }): Promise<{ items: AuditEntryView[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(ilike(operatorAudit.actor, containsPattern(filter.actor)));
  if (filter.action) conditions.push(or(eq(operatorAudit.action, filter.action), ilike(operatorAudit.action, prefixPattern(filter.action)))!);
  if (filter.subject) conditions.push(eq(operatorAudit.subject, filter.subject));
  if (filter.from) conditions.push(gte(operatorAudit.createdAt, filter.from));
  if (filter.to) conditions.push(lt(operatorAudit.createdAt, filter.to));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(operatorAudit).where(where).orderBy(desc(operatorAudit.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(operatorAudit).where(where),
  ]);
  const items = rows.map((row) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: row.actor,
    actor_role: row.actorRole,
    action: row.action,
    subject: row.subject,
    before: row.before,
    after: row.after,
    details: row.details,
    ip: row.ip,
    request_id: row.requestId,
  }));
  return { items, total };
}

/** A search text used in LIKE matches literally (`%` and `_` are not wildcards for the operator). */
