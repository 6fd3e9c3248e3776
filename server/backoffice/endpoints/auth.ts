import { z } from 'zod';
import { ROLE_PERMISSIONS, type StaffMe } from '../../../contract/backoffice.ts';
import { defineRead, defineWrite, signedIn } from '../endpoint.ts';

/** Signing in and out, and the set-up link's two steps (docs/backoffice.md). */

const email = z.string().trim().min(3).max(254);
const setupToken = z.string().min(20).max(100);

export const signInWithPassword = defineWrite({
  name: 'auth/login',
  access: 'public',
  summary: 'E-mail and password. Right: a half session (cookie) that can only take the second factor; answers {next: "code"}.',
  input: z.object({ email, password: z.string().min(1).max(256) }),
  handler: async (input, context) => {
    const { token, staffId } = await context.services.staff.signInWithPassword(input, { ip: context.ip, userAgent: context.userAgent });
    context.startSession(token);
    return { data: { next: 'code' }, audit: { action: 'staff.password-accepted', subject: `staff:${staffId}`, actor: { staffId } } };
  },
});

export const signInWithCode = defineWrite({
  name: 'auth/code',
  access: 'second-factor',
  summary: 'The authenticator code (or a recovery code) after the password: a new, signed-in session. Answers the member.',
  input: z.object({ code: z.string().trim().min(6).max(20) }),
  handler: async (input, context) => {
    const staff = signedIn(context);
    const { token, usedRecoveryCode } = await context.services.staff.completeSecondFactor(staff, input, { ip: context.ip, userAgent: context.userAgent });
    context.startSession(token);
    return { data: me(staff), audit: { action: 'staff.sign-in', subject: `staff:${staff.staffId}`, details: { recovery_code: usedRecoveryCode } } };
  },
});

export const signOut = defineWrite({
  name: 'auth/logout',
  access: 'signed-in',
  summary: 'Ends this session.',
  input: z.object({}).strip(),
  handler: async (_input, context) => {
    const staff = signedIn(context);
    await context.services.staff.signOut(staff.sessionId);
    context.endSession();
    return { data: 1, audit: { action: 'staff.sign-out', subject: `staff:${staff.staffId}` } };
  },
});

export const whoAmI = defineRead({
  name: 'auth/me',
  access: 'signed-in',
  summary: 'The signed-in member with their role and permissions (the interface hides what they lack).',
  input: z.object({}).strip(),
  handler: async (_input, context) => me(signedIn(context)),
});

export const setupInfo = defineRead({
  name: 'auth/setup-info',
  access: 'public',
  summary: 'Who a set-up link is for: {email, display_name, role}; 404 when it is used, expired or unknown.',
  input: z.object({ token: setupToken }),
  handler: (input, context) => context.services.staff.setupLinkInfo(input.token, { ip: context.ip }),
});

export const setupPassword = defineWrite({
  name: 'auth/setup-password',
  access: 'public',
  summary: 'Set-up, step one: the password (12 characters or more). Answers the authenticator secret as a QR code (SVG), its otpauth:// address and the secret.',
  input: z.object({ token: setupToken, password: z.string().min(1).max(256) }),
  handler: async (input, context) => {
    const { staffId, ...enrolment } = await context.services.staff.startSetup(input, { ip: context.ip });
    return { data: enrolment, audit: { action: 'staff.setup-password', subject: `staff:${staffId}`, actor: { staffId } } };
  },
});

export const setupConfirm = defineWrite({
  name: 'auth/setup-confirm',
  access: 'public',
  summary: 'Set-up, step two: a first code from the authenticator. The member is active and signed in; answers the ten recovery codes, shown this once.',
  input: z.object({ token: setupToken, code: z.string().trim().min(6).max(6) }),
  handler: async (input, context) => {
    const { staffId, token, recovery_codes } = await context.services.staff.confirmSetup(input, { ip: context.ip, userAgent: context.userAgent });
    context.startSession(token);
    return { data: { recovery_codes }, audit: { action: 'staff.setup-complete', subject: `staff:${staffId}`, actor: { staffId } } };
  },
});

function me(staff: { staffId: number; email: string; displayName: string; role: StaffMe['role'] }): StaffMe {
  return { id: staff.staffId, email: staff.email, display_name: staff.displayName, role: staff.role, permissions: [...ROLE_PERMISSIONS[staff.role]] };
}
