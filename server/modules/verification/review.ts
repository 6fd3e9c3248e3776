import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { VerificationStatus } from '../../../contract/verification.ts';
import type { Db } from '../../platform/db/database.ts';
import { verificationCases, verificationDocuments, verificationWebhooks } from '../../db/schema/verification.ts';
import type { DocumentFiles } from './files.ts';

/**
 * The review desk: what the back office's verification screens read (docs/backoffice.md). The
 * decisions themselves go through the service's `review`, the same function `ops kyc:approve` and
 * `kyc:reject` call; this file only reads the module's tables.
 */

/** A case in the queue. */
export type QueueRow = {
  user_id: number;
  status: VerificationStatus;
  provider: 'builtin' | 'sumsub';
  submitted_at: string | null;
  reviewed_at: string | null;
  reason: string | null;
  /** Kinds of the documents sent in this round. */
  documents: string[];
};

export type QueueFilter = {
  /** `pending` by default (as `ops kyc:pending`); `all` lists every case that was ever sent. */
  status?: VerificationStatus | 'all';
  provider?: 'builtin' | 'sumsub';
  /** Only cases sent at least this many hours ago (a review that waits too long). */
  olderThanHours?: number;
};

/** A document as the case page shows it (its file through the back office's document endpoint). */
export type StaffDocumentRow = {
  id: string;
  kind: string;
  status: 'draft' | 'submitted' | 'approved' | 'rejected' | 'replaced';
  content_type: string;
  size: number;
  sha256: string;
  name: string;
  uploaded_at: string;
  width: number | null;
  height: number | null;
};

export function createReviewDesk(deps: { db: Db; files: DocumentFiles }) {
  const { db, files } = deps;

  async function queue(filter: QueueFilter, page: { limit: number; offset: number }, now = new Date()): Promise<{ items: QueueRow[]; total: number }> {
    const status = filter.status ?? 'pending';
    const conditions: SQL[] = [];
    if (status !== 'all') conditions.push(eq(verificationCases.status, status));
    // Not started cases have nothing to review.
    else conditions.push(sql`${verificationCases.status} <> 'not_started'`);
    if (filter.provider) conditions.push(eq(verificationCases.provider, filter.provider));
    if (filter.olderThanHours) conditions.push(lte(verificationCases.submittedAt, new Date(now.getTime() - filter.olderThanHours * 3600_000)));
    const where = and(...conditions);
    // The oldest waiting case first: it has waited longest. Decided cases: the latest first.
    const order = status === 'pending' ? [asc(verificationCases.submittedAt), asc(verificationCases.userId)] : [desc(verificationCases.updatedAt), desc(verificationCases.userId)];
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(verificationCases)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      db.select({ total: count() }).from(verificationCases).where(where),
    ]);
    const ids = rows.map((row) => row.userId);
    const documents = ids.length
      ? await db
          .select({ userId: verificationDocuments.userId, kind: verificationDocuments.kind })
          .from(verificationDocuments)
          .where(and(inArray(verificationDocuments.userId, ids), inArray(verificationDocuments.status, ['submitted', 'approved', 'rejected'])))
          .orderBy(asc(verificationDocuments.id))
      : [];
    return {
      items: rows.map((row) => ({
        user_id: row.userId,
        status: row.status,
        provider: row.provider,
        submitted_at: row.submittedAt?.toISOString() ?? null,
        reviewed_at: row.reviewedAt?.toISOString() ?? null,
        reason: row.reason,
        documents: documents.filter((doc) => doc.userId === row.userId).map((doc) => doc.kind),
      })),
      total,
    };
  }

  /** One player's case for a reviewer: every document on record, and Sumsub's webhooks for it. */
  async function staffCase(userId: number) {
    const [row] = await db.select().from(verificationCases).where(eq(verificationCases.userId, userId));
    const documents = await db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, userId)).orderBy(desc(verificationDocuments.id));
    const webhooks = row?.externalId
      ? await db
          .select()
          .from(verificationWebhooks)
          .where(and(eq(verificationWebhooks.provider, 'sumsub'), sql`${verificationWebhooks.payload}->>'applicantId' = ${row.externalId}`))
          .orderBy(desc(verificationWebhooks.id))
          .limit(100)
      : [];
    return {
      user_id: userId,
      status: (row?.status ?? 'not_started') as VerificationStatus,
      provider: row?.provider ?? 'builtin',
      external_id: row?.externalId ?? null,
      reason: row?.reason ?? null,
      submitted_at: row?.submittedAt?.toISOString() ?? null,
      reviewed_at: row?.reviewedAt?.toISOString() ?? null,
      reviewed_by: row?.reviewedBy ?? null,
      created_at: row?.createdAt.toISOString() ?? null,
      documents: documents.map((doc): StaffDocumentRow => {
        const details = (doc.details ?? {}) as { width?: number | null; height?: number | null };
        return {
          id: doc.publicId,
          kind: doc.kind,
          status: doc.status,
          content_type: doc.contentType,
          size: doc.sizeBytes,
          sha256: doc.sha256,
          name: doc.originalName,
          uploaded_at: doc.createdAt.toISOString(),
          width: details.width ?? null,
          height: details.height ?? null,
        };
      }),
      webhooks: webhooks.map((hook) => {
        const payload = (hook.payload ?? {}) as { type?: string; reviewStatus?: string; reviewResult?: { reviewAnswer?: string; reviewRejectType?: string; moderationComment?: string; clientComment?: string } };
        return {
          id: hook.id,
          received_at: hook.receivedAt.toISOString(),
          type: payload.type ?? null,
          review_status: payload.reviewStatus ?? null,
          answer: payload.reviewResult?.reviewAnswer ?? null,
          reject_type: payload.reviewResult?.reviewRejectType ?? null,
          comment: payload.reviewResult?.clientComment ?? payload.reviewResult?.moderationComment ?? null,
        };
      }),
    };
  }

  /** A document's file for a reviewer (any player's; the caller checked the permission). Null when unknown or its file is gone. */
  async function staffFile(publicId: string) {
    if (!/^[A-Za-z0-9_-]{24}$/.test(publicId)) return null;
    const [row] = await db.select().from(verificationDocuments).where(eq(verificationDocuments.publicId, publicId));
    if (!row) return null;
    const bytes = await files.read(row.storageName).catch(() => null);
    if (!bytes) return null;
    return { userId: row.userId, kind: row.kind, bytes, contentType: row.contentType, filename: `${row.kind}-${row.userId}.${row.storageName.split('.').pop()}` };
  }

  /** The case's status and reason as the audit trail records them before and after a decision. */
  async function caseState(userId: number) {
    const [row] = await db.select().from(verificationCases).where(eq(verificationCases.userId, userId));
    return { status: (row?.status ?? 'not_started') as VerificationStatus, provider: row?.provider ?? 'builtin', reason: row?.reason ?? null };
  }

  return { queue, staffCase, staffFile, caseState };
}

export type ReviewDesk = ReturnType<typeof createReviewDesk>;
