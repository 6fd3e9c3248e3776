import { and, eq, gt, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { enforce, type Limit, type RateLimitStore } from '../../platform/rate-limit/index.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../accounts/index.ts';
import { staffMembers, staffRecoveryCodes } from '../../db/schema/staff.ts';
import type { StaffRole } from '../../../contract/backoffice.ts';
import { normaliseEmail } from './members.ts';
import { openStaffSession, revokeStaffSession, type StaffSession } from './sessions.ts';
import type { Totp } from './totp.ts';

/**
 * Signing in to the back office: a password (Argon2id, as players'), then a TOTP code (mandatory
 * for every member) or one of their recovery codes. Set-up links lead a new member through a
 * password, the authenticator's QR code and a first code, and show the recovery codes once.
 *
 * Throttling: wrong passwords are counted per account and address together and per address, so
 * a stranger's guesses from elsewhere never lock a member out (docs/accounts.md's rule); wrong
 * codes are counted per account and address, and a half-signed-in session dies after a few.
 */
export const STAFF_LIMITS = {
  passwordPerAccountAndIp: { name: 'staff-login-pair', max: 5, windowSeconds: 900 },
  passwordPerIp: { name: 'staff-login-ip', max: 20, windowSeconds: 900 },
  codesPerAccountAndIp: { name: 'staff-code-pair', max: 5, windowSeconds: 900 },
  setupPerIp: { name: 'staff-setup-ip', max: 20, windowSeconds: 900 },
} as const satisfies Record<string, Limit>;

export const STAFF_PASSWORD_MIN = 12;
const RECOVERY_CODES = 10;

export type SignInDeps = { db: Db; limits: RateLimitStore; totp: Totp };
type Meta = { ip: string; userAgent?: string };

const wrongCredentials = () =>
  new AppError('AuthorizationException', 'Wrong e-mail or password', { fields: { password: 'Wrong e-mail or password' } });
const wrongCode = () => new AppError('AuthorizationException', 'Wrong or used code', { fields: { code: 'Wrong or used code' } });

/** A right password opens a session that can only take a second factor (stage `second_factor`). */
export async function signInWithPassword(deps: SignInDeps, input: { email: string; password: string }, meta: Meta): Promise<{ token: string; staffId: number }> {
  const email = normaliseEmail(input.email);
  await enforce(deps.limits, meta.ip, STAFF_LIMITS.passwordPerIp);
  await enforce(deps.limits, `${email}|${meta.ip}`, STAFF_LIMITS.passwordPerAccountAndIp);
  const [member] = await deps.db.select().from(staffMembers).where(eq(staffMembers.email, email));
  if (!member || member.status !== 'active' || !member.passwordHash) {
    await verifyAgainstDecoy(input.password);
    throw wrongCredentials();
  }
  if (!(await verifyPassword(member.passwordHash, input.password))) throw wrongCredentials();
  const token = await openStaffSession(deps.db, member.id, 'second_factor', meta);
  return { token, staffId: member.id };
}

/**
 * The second factor: a TOTP code (one step of drift either way, never the same step twice) or an
 * unused recovery code. The half session ends and a new, active one begins.
 */
export async function completeSecondFactor(
  deps: SignInDeps,
  session: StaffSession,
  input: { code: string },
  meta: Meta,
  now = new Date(),
): Promise<{ token: string; usedRecoveryCode: boolean }> {
  if (session.stage !== 'second_factor') throw new AppError('InvalidRequestException', 'Already signed in');
  await enforce(deps.limits, `${session.staffId}|${meta.ip}`, STAFF_LIMITS.codesPerAccountAndIp);
  const code = input.code.replace(/[\s-]+/g, '').toLowerCase();
  return deps.db.transaction(async (tx) => {
    // The member's row is locked: two codes sent at once cannot both pass the replay check.
    const [member] = await tx.select().from(staffMembers).where(eq(staffMembers.id, session.staffId)).for('update');
    if (!member || member.status !== 'active' || !member.totpSecret) throw wrongCode();
    let usedRecoveryCode = false;
    const step = await deps.totp.check(member.totpSecret, code, member.totpLastStep, now.getTime());
    if (step !== null) {
      await tx.update(staffMembers).set({ totpLastStep: step }).where(eq(staffMembers.id, member.id));
    } else {
      const [recovery] = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(staffRecoveryCodes.staffId, member.id), eq(staffRecoveryCodes.codeHash, sha256(code)), isNull(staffRecoveryCodes.usedAt)))
        .returning({ id: staffRecoveryCodes.id });
      if (!recovery) throw wrongCode();
      usedRecoveryCode = true;
    }
    await revokeStaffSession(tx, session.sessionId);
    await tx.update(staffMembers).set({ lastSignInAt: now }).where(eq(staffMembers.id, member.id));
    const token = await openStaffSession(tx, member.id, 'active', meta, now);
    return { token, usedRecoveryCode };
  });
}

async function memberBySetupToken(db: Db, token: string, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [member] = await db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.setupTokenHash, sha256(token)), gt(staffMembers.setupExpiresAt, now), eq(staffMembers.status, 'invited')));
  return member ?? null;
}

const deadLink = () => new AppError('InvalidParameterException', 'This set-up link is not valid any more', { status: 404, fields: { token: 'This set-up link is not valid any more' } });

/** Who a set-up link is for, to greet them. */
export async function setupLinkInfo(deps: SignInDeps, token: string, meta: Meta): Promise<{ email: string; display_name: string; role: StaffRole }> {
  await enforce(deps.limits, meta.ip, STAFF_LIMITS.setupPerIp);
  const member = await memberBySetupToken(deps.db, token);
  if (!member) throw deadLink();
  return { email: member.email, display_name: member.displayName, role: member.role as StaffRole };
}

/** Step one of set-up: the password, and a new authenticator secret shown as a QR code. */
export async function startSetup(
  deps: SignInDeps,
  input: { token: string; password: string },
  meta: Meta,
): Promise<{ staffId: number; otpauth_uri: string; secret: string; qr_svg: string }> {
  await enforce(deps.limits, meta.ip, STAFF_LIMITS.setupPerIp);
  const member = await memberBySetupToken(deps.db, input.token);
  if (!member) throw deadLink();
  if (input.password.length < STAFF_PASSWORD_MIN) {
    throw new AppError('InvalidParameterException', 'Invalid parameter: password', { fields: { password: `At least ${STAFF_PASSWORD_MIN} characters` } });
  }
  if (input.password.toLowerCase().includes(member.email.split('@')[0])) {
    throw new AppError('InvalidParameterException', 'Invalid parameter: password', { fields: { password: 'The password may not contain your e-mail name' } });
  }
  const enrolment = deps.totp.enrol(member.email);
  await deps.db
    .update(staffMembers)
    .set({ passwordHash: await hashPassword(input.password), totpSecret: enrolment.sealed, totpConfirmedAt: null, totpLastStep: null, updatedAt: new Date() })
    .where(eq(staffMembers.id, member.id));
  const qr = await QRCode.toString(enrolment.uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { staffId: member.id, otpauth_uri: enrolment.uri, secret: enrolment.secret, qr_svg: qr };
}

/**
 * Step two: a first code from the authenticator proves it was set up. The member becomes active,
 * the link dies, ten recovery codes are made (shown this once, kept hashed) and they are signed in.
 */
export async function confirmSetup(
  deps: SignInDeps,
  input: { token: string; code: string },
  meta: Meta,
  now = new Date(),
): Promise<{ staffId: number; token: string; recovery_codes: string[] }> {
  await enforce(deps.limits, meta.ip, STAFF_LIMITS.setupPerIp);
  const member = await memberBySetupToken(deps.db, input.token, now);
  if (!member) throw deadLink();
  if (!member.totpSecret || !member.passwordHash) throw new AppError('InvalidRequestException', 'Choose a password first');
  const step = await deps.totp.check(member.totpSecret, input.code.trim(), null, now.getTime());
  if (step === null) throw wrongCode();
  const codes = Array.from({ length: RECOVERY_CODES }, () => recoveryCode());
  const token = await deps.db.transaction(async (tx) => {
    await tx
      .update(staffMembers)
      .set({ status: 'active', totpConfirmedAt: now, totpLastStep: step, setupTokenHash: null, setupExpiresAt: null, lastSignInAt: now, updatedAt: now })
      .where(eq(staffMembers.id, member.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, member.id));
    await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId: member.id, codeHash: sha256(code.replaceAll('-', '')) })));
    return openStaffSession(tx, member.id, 'active', meta, now);
  });
  return { staffId: member.id, token, recovery_codes: codes };
}

/**
 * `abcd-efgh-ij`: 50 random bits in 32 letters and digits without look-alikes, easy to type from
 * paper; the hyphens (and case) are optional when typed. SHA-256 is enough to store them: 50
 * random bits are not a password a dictionary can find.
 */
function recoveryCode(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = Buffer.from(randomToken(16), 'base64url');
  const chars = Array.from(bytes.subarray(0, 10), (byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 10)}`;
}
