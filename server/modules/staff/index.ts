import { BlockList, isIP } from 'node:net';
import type { Db, Tx } from '../../platform/db/database.ts';
import type { RateLimitStore } from '../../platform/rate-limit/index.ts';
import type { Messenger } from '../../platform/messaging/index.ts';
import { BACKOFFICE_PATH, type StaffRole } from '../../../contract/backoffice.ts';
import { createTotp } from './totp.ts';
import { activeMembers, changeRole, findMember, inviteMember, listMembers, memberState, memberView, resetSignIn, setDisabled, SETUP_LINK_HOURS } from './members.ts';
import { completeSecondFactor, confirmSetup, setupLinkInfo, signInWithPassword, startSetup } from './sign-in.ts';
import { resolveStaffSession, revokeAllStaffSessions, revokeStaffSession, type StaffSession } from './sessions.ts';
import { listAudit, recordAudit } from './audit.ts';
import { approversOf } from './four-eyes.ts';

export { BACKOFFICE_SESSION_COOKIE, STAFF_SESSION_POLICY, type StaffSession } from './sessions.ts';
export { STAFF_LIMITS, STAFF_PASSWORD_MIN } from './sign-in.ts';
export { memberState, memberView } from './members.ts';
export { auditAs, recordAudit, type AuditEntry } from './audit.ts';
export { TOTP_PERIOD_SECONDS } from './totp.ts';

/**
 * The back office's members (docs/backoffice.md): who they are, how they sign in, what they may
 * touch (contract/backoffice.ts) and the audit trail of what they did. Players are the accounts
 * module's; nothing here reads their tables.
 */
export function createStaff(deps: { db: Db; limits: RateLimitStore; appSecret: string; messenger: Messenger; origin: string; allowedIps?: string[] }) {
  const { db } = deps;
  const totp = createTotp(deps.appSecret);
  const signIn = { db, limits: deps.limits, totp };
  const allowList = deps.allowedIps ? blockListOf(deps.allowedIps) : null;
  const setupLink = (token: string) => `${deps.origin}${BACKOFFICE_PATH}/setup#token=${token}`;

  async function mailSetupLink(email: string, link: string, reason: 'invite' | 'reset') {
    const subject = reason === 'invite' ? 'Your Croupier back-office account' : 'Set up your Croupier back-office sign-in again';
    const text = `Open this link within ${SETUP_LINK_HOURS} hours to choose a password and set up your authenticator app:\n\n${link}\n\nThe link works once. If you did not expect it, ignore this message.`;
    await deps.messenger.send({ channel: 'email', to: email, subject, text, locale: 'en' });
  }

  return {
    totp,
    /** Whether an address may reach the back office at all (BACKOFFICE_ALLOWED_IPS). */
    addressAllowed(address: string): boolean {
      if (!allowList) return true;
      // A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d.
      const ip = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
      const family = isIP(ip);
      return family !== 0 && allowList.check(ip, family === 4 ? 'ipv4' : 'ipv6');
    },
    resolveSession: (token: string | undefined) => resolveStaffSession(db, token),
    signOut: (sessionId: number) => revokeStaffSession(db, sessionId),
    signInWithPassword: (input: { email: string; password: string }, meta: { ip: string; userAgent?: string }) => signInWithPassword(signIn, input, meta),
    completeSecondFactor: (session: StaffSession, input: { code: string }, meta: { ip: string; userAgent?: string }, now?: Date) =>
      completeSecondFactor(signIn, session, input, meta, now),
    setupLinkInfo: (token: string, meta: { ip: string }) => setupLinkInfo(signIn, token, meta),
    startSetup: (input: { token: string; password: string }, meta: { ip: string }) => startSetup(signIn, input, meta),
    confirmSetup: (input: { token: string; code: string }, meta: { ip: string; userAgent?: string }, now?: Date) => confirmSetup(signIn, input, meta, now),

    member: (id: number) => findMember(db, id).then(memberView),
    listMembers: () => listMembers(db),
    activeMembers: (roles: readonly StaffRole[], tx?: Tx) => activeMembers(tx ?? db, roles),
    /** Invites a member (or invites them again), mails the set-up link, and answers it too. */
    async invite(input: { email: string; role: StaffRole; displayName: string; invitedBy: number | null }) {
      const { member, before, token } = await inviteMember(db, input);
      const link = setupLink(token);
      await mailSetupLink(member.email, link, 'invite');
      return { member: memberView(member), before: before ? memberState(before) : null, after: memberState(member), link };
    },
    async changeRole(actorId: number, id: number, role: StaffRole) {
      const { before, after } = await changeRole(db, actorId, id, role);
      return { member: memberView(after), before: memberState(before), after: memberState(after) };
    },
    async setDisabled(actorId: number, id: number, disabled: boolean) {
      const { before, after } = await setDisabled(db, actorId, id, disabled);
      return { member: memberView(after), before: memberState(before), after: memberState(after) };
    },
    async resetSignIn(actorId: number, id: number) {
      const { before, after, token } = await resetSignIn(db, actorId, id);
      const link = setupLink(token);
      await mailSetupLink(after.email, link, 'reset');
      return { member: memberView(after), before: memberState(before), after: memberState(after), link };
    },
    endSessions: (staffId: number) => revokeAllStaffSessions(db, staffId),

    recordAudit: (entry: Parameters<typeof recordAudit>[1]) => recordAudit(db, entry),
    listAudit: (filter: Parameters<typeof listAudit>[1], page: Parameters<typeof listAudit>[2]) => listAudit(db, filter, page),
    setupLink,
    /** Who approved these four-eyes subjects so far, first first (the queues' "waiting for a second member"). */
    approversOf: (subjects: string[]) => approversOf(db, subjects),
  };
}

export type Staff = ReturnType<typeof createStaff>;

function blockListOf(ranges: string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}
export { approve, approversOf, fourEyesThreshold, type ApprovalState } from './four-eyes.ts';
