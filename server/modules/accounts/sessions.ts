import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { sessions, users } from '../../db/schema.ts';

/**
 * Sessions: the cookie holds a 256-bit random token, the database only its SHA-256. A session
 * ends at its idle expiry (pushed forward as the player is active) or its absolute expiry,
 * whichever comes first, or when revoked (logout, password change, ban).
 */
export const SESSION_COOKIE = 'sid';

export type SessionPolicy = { idleSeconds: number; absoluteSeconds: number };
export type ResolvedSession = { sessionId: number; userId: number; status: 'active' | 'banned' | 'deleted' };

/** Activity refreshes the idle expiry at most this often, so reads do not all turn into writes. */
const TOUCH_EVERY_MS = 60_000;

export function createSessionStore(db: Db, policy: SessionPolicy) {
  /** `deviceId`: the browser's fingerprint, already checked (devices/fingerprint.ts); null or absent when none came. */
  async function create(tx: Db | Tx, userId: number, meta: { ip?: string; userAgent?: string; deviceId?: string | null }): Promise<string> {
    const token = randomToken();
    const now = Date.now();
    await tx.insert(sessions).values({
      userId,
      tokenHash: sha256(token),
      idleExpiresAt: new Date(now + policy.idleSeconds * 1000),
      absoluteExpiresAt: new Date(now + policy.absoluteSeconds * 1000),
      ip: meta.ip?.slice(0, 64),
      userAgent: meta.userAgent?.slice(0, 256),
      deviceId: meta.deviceId ?? null,
    });
    return token;
  }

  /**
   * The live session a token names, or null. `touch: false` checks without counting as activity
   * (a live stream re-checking its session must not keep an idle session alive).
   */
  async function resolve(token: string | undefined, options: { touch?: boolean } = {}): Promise<ResolvedSession | null> {
    if (!token || token.length < 32 || token.length > 64) return null;
    const now = new Date();
    const [row] = await db
      .select({ id: sessions.id, userId: sessions.userId, lastSeenAt: sessions.lastSeenAt, status: users.status })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sha256(token)),
          isNull(sessions.revokedAt),
          gt(sessions.idleExpiresAt, now),
          gt(sessions.absoluteExpiresAt, now),
        ),
      );
    if (!row) return null;
    if (options.touch !== false && now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await db
        .update(sessions)
        .set({
          lastSeenAt: now,
          idleExpiresAt: sql`least(${sessions.absoluteExpiresAt}, ${new Date(now.getTime() + policy.idleSeconds * 1000)})`,
        })
        .where(eq(sessions.id, row.id));
    }
    return { sessionId: row.id, userId: row.userId, status: row.status };
  }

  async function revoke(sessionId: number): Promise<void> {
    await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every session of a user, except `keepSessionId` when given. */
  async function revokeAll(tx: Db | Tx, userId: number, keepSessionId?: number): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined),
      );
  }

  return { create, resolve, revoke, revokeAll };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
