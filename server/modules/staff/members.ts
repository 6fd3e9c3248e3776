import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { staffMembers, staffRecoveryCodes } from '../../db/schema/staff.ts';
import type { StaffMemberView, StaffRole } from '../../../contract/backoffice.ts';
import { revokeAllStaffSessions } from './sessions.ts';

/** A set-up link (first owner, invitation, two-factor reset) is good for this long, once. */
export const SETUP_LINK_HOURS = 72;

type MemberRow = typeof staffMembers.$inferSelect;

export const memberView = (row: MemberRow): StaffMemberView => ({
  id: row.id,
  email: row.email,
  display_name: row.displayName,
  role: row.role as StaffRole,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
});

/** What the audit shows of a member before and after a change: never a secret or a hash. */
export const memberState = (row: MemberRow) => ({ email: row.email, display_name: row.displayName, role: row.role, status: row.status });

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findMember(db: Db | Tx, id: number): Promise<MemberRow> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, id));
  if (!row) throw new AppError('InvalidParameterException', 'No such staff member', { status: 404, fields: { id: 'No such staff member' } });
  return row;
}

export async function listMembers(db: Db): Promise<StaffMemberView[]> {
  const rows = await db.select().from(staffMembers).orderBy(asc(staffMembers.id));
  return rows.map(memberView);
}

/** The active members holding one of these roles (the daily report's managers), in a transaction or not. */
export async function activeMembers(db: Db | Tx, roles: readonly StaffRole[]): Promise<StaffMemberView[]> {
  const rows = await db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.status, 'active'), inArray(staffMembers.role, [...roles])))
    .orderBy(asc(staffMembers.id));
  return rows.map(memberView);
}

/**
 * A member waiting for their set-up link: new, or (an existing e-mail) invited again, in which
 * case the old link dies. An active or disabled member's e-mail is refused: they exist.
 * Answers the member and the link's token (shown once: only its hash is kept).
 */
export async function inviteMember(
  db: Db | Tx,
  input: { email: string; role: StaffRole; displayName: string; invitedBy: number | null },
  now = new Date(),
): Promise<{ member: MemberRow; before: MemberRow | null; token: string }> {
  const email = normaliseEmail(input.email);
  const token = randomToken();
  const expires = new Date(now.getTime() + SETUP_LINK_HOURS * 3600 * 1000);
  const [existing] = await db.select().from(staffMembers).where(eq(staffMembers.email, email));
  if (existing && existing.status !== 'invited') {
    throw new AppError('InvalidParameterException', 'A staff member with this e-mail exists', { fields: { email: 'A staff member with this e-mail exists' } });
  }
  const values = { role: input.role, displayName: input.displayName.trim(), setupTokenHash: sha256(token), setupExpiresAt: expires, invitedBy: input.invitedBy, updatedAt: now };
  const [member] = existing
    ? await db.update(staffMembers).set(values).where(eq(staffMembers.id, existing.id)).returning()
    : await db.insert(staffMembers).values({ email, status: 'invited', ...values }).returning();
  return { member, before: existing ?? null, token };
}

/** Owners left who can sign in: the last one may not be demoted or disabled. */
async function otherActiveOwners(db: Db | Tx, id: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffMembers)
    .where(and(eq(staffMembers.role, 'owner'), eq(staffMembers.status, 'active'), ne(staffMembers.id, id)));
  return row.count;
}

/** A new role; the member's sessions end, so the new permissions apply from their next sign-in. */
export async function changeRole(db: Db, actorId: number, id: number, role: StaffRole): Promise<{ before: MemberRow; after: MemberRow }> {
  if (id === actorId) throw new AppError('InvalidParameterException', 'You cannot change your own role', { fields: { id: 'You cannot change your own role' } });
  return db.transaction(async (tx) => {
    const before = await findMember(tx, id);
    if (before.role === 'owner' && role !== 'owner' && (await otherActiveOwners(tx, id)) === 0) {
      throw new AppError('InvalidParameterException', 'The last owner keeps the owner role', { fields: { role: 'The last owner keeps the owner role' } });
    }
    const [after] = await tx.update(staffMembers).set({ role, updatedAt: new Date() }).where(eq(staffMembers.id, id)).returning();
    await revokeAllStaffSessions(tx, id);
    return { before, after };
  });
}

/** Disabled: no sign-in, every session ended. Enabled again: back to active (or to invited, if never set up). */
export async function setDisabled(db: Db, actorId: number, id: number, disabled: boolean): Promise<{ before: MemberRow; after: MemberRow }> {
  if (id === actorId) throw new AppError('InvalidParameterException', 'You cannot disable yourself', { fields: { id: 'You cannot disable yourself' } });
  return db.transaction(async (tx) => {
    const before = await findMember(tx, id);
    if (disabled && before.role === 'owner' && (await otherActiveOwners(tx, id)) === 0) {
      throw new AppError('InvalidParameterException', 'The last owner cannot be disabled', { fields: { id: 'The last owner cannot be disabled' } });
    }
    const status = disabled ? 'disabled' : before.totpConfirmedAt && before.passwordHash ? 'active' : 'invited';
    const [after] = await tx.update(staffMembers).set({ status, updatedAt: new Date() }).where(eq(staffMembers.id, id)).returning();
    await revokeAllStaffSessions(tx, id);
    return { before, after };
  });
}

/**
 * A member who lost their phone: password, second factor and recovery codes are cleared, every
 * session ends, and a new set-up link is made for them.
 */
export async function resetSignIn(db: Db, actorId: number, id: number, now = new Date()): Promise<{ before: MemberRow; after: MemberRow; token: string }> {
  if (id === actorId) throw new AppError('InvalidParameterException', 'Ask another owner to reset your sign-in', { fields: { id: 'Ask another owner to reset your sign-in' } });
  const token = randomToken();
  return db.transaction(async (tx) => {
    const before = await findMember(tx, id);
    if (before.status === 'disabled') throw new AppError('InvalidParameterException', 'Enable the member first', { fields: { id: 'Enable the member first' } });
    const [after] = await tx
      .update(staffMembers)
      .set({
        status: 'invited',
        passwordHash: null,
        totpSecret: null,
        totpConfirmedAt: null,
        totpLastStep: null,
        setupTokenHash: sha256(token),
        setupExpiresAt: new Date(now.getTime() + SETUP_LINK_HOURS * 3600 * 1000),
        updatedAt: now,
      })
      .where(eq(staffMembers.id, id))
      .returning();
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
    await revokeAllStaffSessions(tx, id);
    return { before, after, token };
  });
}
