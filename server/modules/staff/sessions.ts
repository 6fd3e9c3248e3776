import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { staffMembers, staffSessions } from '../../db/schema/staff.ts';
import type { StaffRole } from '../../../contract/backoffice.ts';

/**
 * Back-office sessions: a cookie of its own (BACKOFFICE_SESSION_COOKIE, scoped to /backoffice,
 * SameSite=Strict), a random token of which the database keeps only the SHA-256, idle 30 minutes
 * and at most 12 hours. A `second_factor` session only proves a right password, for a few
 * minutes; the right code replaces it with a new `active` one (a new token: session fixation
 * cannot carry over).
 */
export const BACKOFFICE_SESSION_COOKIE = 'bo_sid';
export const STAFF_SESSION_POLICY = { idleSeconds: 30 * 60, absoluteSeconds: 12 * 60 * 60, secondFactorSeconds: 5 * 60 };
/** Activity refreshes the idle expiry at most this often. */
const TOUCH_EVERY_MS = 60_000;

export type StaffSession = {
  sessionId: number;
  staffId: number;
  stage: 'second_factor' | 'active';
  role: StaffRole;
  email: string;
  displayName: string;
};

export async function openStaffSession(
  tx: Db | Tx,
  staffId: number,
  stage: StaffSession['stage'],
  meta: { ip?: string; userAgent?: string },
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  const idle = stage === 'active' ? STAFF_SESSION_POLICY.idleSeconds : STAFF_SESSION_POLICY.secondFactorSeconds;
  const absolute = stage === 'active' ? STAFF_SESSION_POLICY.absoluteSeconds : STAFF_SESSION_POLICY.secondFactorSeconds;
  await tx.insert(staffSessions).values({
    staffId,
    tokenHash: sha256(token),
    stage,
    ip: meta.ip?.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 256),
    idleExpiresAt: new Date(now.getTime() + idle * 1000),
    absoluteExpiresAt: new Date(now.getTime() + absolute * 1000),
  });
  return token;
}

/** The live session a cookie names, with its member (who must still be active), or null. */
export async function resolveStaffSession(db: Db, token: string | undefined, now = new Date()): Promise<StaffSession | null> {
  if (!token || token.length < 32 || token.length > 64) return null;
  const [row] = await db
    .select({
      id: staffSessions.id,
      staffId: staffSessions.staffId,
      stage: staffSessions.stage,
      lastSeenAt: staffSessions.lastSeenAt,
      role: staffMembers.role,
      email: staffMembers.email,
      displayName: staffMembers.displayName,
      status: staffMembers.status,
    })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, sha256(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.idleExpiresAt, now),
        gt(staffSessions.absoluteExpiresAt, now),
      ),
    );
  // A member disabled while signed in (or still being set up) has no session, whatever the row says.
  if (!row || (row.stage === 'active' && row.status !== 'active') || row.status === 'disabled') return null;
  if (row.stage === 'active' && now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(staffSessions)
      .set({
        lastSeenAt: now,
        idleExpiresAt: sql`least(${staffSessions.absoluteExpiresAt}, ${new Date(now.getTime() + STAFF_SESSION_POLICY.idleSeconds * 1000)})`,
      })
      .where(eq(staffSessions.id, row.id));
  }
  return { sessionId: row.id, staffId: row.staffId, stage: row.stage, role: row.role as StaffRole, email: row.email, displayName: row.displayName };
}

export async function revokeStaffSession(db: Db | Tx, sessionId: number): Promise<void> {
  await db.update(staffSessions).set({ revokedAt: new Date() }).where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/** Ends every session of a member (role changed, disabled, two-factor reset). */
export async function revokeAllStaffSessions(db: Db | Tx, staffId: number): Promise<void> {
  await db.update(staffSessions).set({ revokedAt: new Date() }).where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}
