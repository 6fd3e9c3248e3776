import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { randomDigits, safeEqual, sha256 } from '../../platform/crypto.ts';
import { oneTimeCodes } from '../../db/schema.ts';

/**
 * One-time codes (two-factor login, contact confirmation, password restore, two-factor change):
 * 6 digits, single use, valid 10 minutes, a new one not before the resend time, and void after
 * 5 wrong tries. Only a hash of the code is stored.
 */
export const CODE_TTL_SECONDS = 600;
export const CODE_RESEND_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

export type IssueResult =
  | { issued: true; code: string; resendAt: Date }
  | { issued: false; resendAt: Date };

export type CheckResult = 'ok' | 'invalid' | 'expired' | 'missing';

const codeHash = (id: string, code: string) => sha256(`${id}:${code}`);

export function createCodeStore(db: Db) {
  async function latest(tx: Db | Tx, userId: number, purpose: CodePurpose, target: string) {
    const [row] = await tx
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.target, target), isNull(oneTimeCodes.consumedAt)))
      .orderBy(desc(oneTimeCodes.id))
      .limit(1);
    return row;
  }

  /** A new code, unless the last one is still within its resend time. */
  async function issue(
    userId: number,
    purpose: CodePurpose,
    target: string,
    payload: Record<string, unknown> = {},
    now = new Date(),
  ): Promise<IssueResult> {
    const previous = await latest(db, userId, purpose, target);
    if (previous && previous.resendAt > now && previous.attempts < CODE_MAX_ATTEMPTS) {
      return { issued: false, resendAt: previous.resendAt };
    }
    const code = randomDigits(6);
    const resendAt = new Date(now.getTime() + CODE_RESEND_SECONDS * 1000);
    await db.transaction(async (tx) => {
      // Only the newest code of a purpose and target is valid.
      await tx
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.target, target), isNull(oneTimeCodes.consumedAt)));
      await tx.insert(oneTimeCodes).values({
        userId,
        purpose,
        target,
        payload,
        codeHash: codeHash(`${userId}:${purpose}:${target}`, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
        resendAt,
      });
    });
    return { issued: true, code, resendAt };
  }

  /**
   * Checks a code and, when right, consumes it (single use, even against a parallel request). A
   * wrong code counts a try. Runs on its own, never inside the caller's transaction: a try must
   * stay counted even when the caller then fails the request.
   */
  async function consume(
    userId: number,
    purpose: CodePurpose,
    target: string,
    code: string,
    now = new Date(),
  ): Promise<{ result: CheckResult; payload?: Record<string, unknown> }> {
    const row = await latest(db, userId, purpose, target);
    if (!row || row.attempts >= CODE_MAX_ATTEMPTS) return { result: 'missing' };
    if (row.expiresAt <= now) return { result: 'expired' };
    if (!safeEqual(row.codeHash, codeHash(`${userId}:${purpose}:${target}`, code))) {
      await db.update(oneTimeCodes).set({ attempts: sql`${oneTimeCodes.attempts} + 1` }).where(eq(oneTimeCodes.id, row.id));
      return { result: 'invalid' };
    }
    const consumed = await db
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    // A parallel request used it first: single use wins.
    if (consumed.length === 0) return { result: 'missing' };
    return { result: 'ok', payload: row.payload as Record<string, unknown> };
  }

  async function pending(userId: number, purpose: CodePurpose, target: string) {
    const row = await latest(db, userId, purpose, target);
    return row && row.attempts < CODE_MAX_ATTEMPTS && row.expiresAt > new Date() ? row : null;
  }

  return { issue, consume, pending };
}

export type CodeStore = ReturnType<typeof createCodeStore>;
