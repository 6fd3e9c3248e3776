import { z } from 'zod';
import { STAFF_ROLES } from '../../../contract/backoffice.ts';
import { defineRead, defineWrite, signedIn } from '../endpoint.ts';

/** The staff screen: members, invitations, roles, disabling, sign-in resets (owners). */

const id = z.coerce.number().int().positive();
const role = z.enum(STAFF_ROLES);

export const listStaff = defineRead({
  name: 'staff/list',
  access: 'staff.read',
  summary: 'Every member with role, status, creation and last sign-in.',
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.staff.listMembers(),
});

export const inviteStaff = defineWrite({
  name: 'staff/invite',
  access: 'staff.manage',
  summary: 'Invites a member with a role: a set-up link good for 72 hours, mailed and answered (`link`).',
  input: z.object({ email: z.email().max(254), display_name: z.string().trim().min(2).max(80), role }),
  handler: async (input, context) => {
    const staff = signedIn(context);
    const { member, before, after, link } = await context.services.staff.invite({ email: input.email, role: input.role, displayName: input.display_name, invitedBy: staff.staffId });
    return { data: { member, link }, audit: { subject: `staff:${member.id}`, before, after } };
  },
});

export const changeStaffRole = defineWrite({
  name: 'staff/role',
  access: 'staff.manage',
  summary: "Changes a member's role; their sessions end. Not one's own; the last owner stays owner.",
  input: z.object({ id, role }),
  handler: async (input, context) => {
    const { member, before, after } = await context.services.staff.changeRole(signedIn(context).staffId, input.id, input.role);
    return { data: member, audit: { subject: `staff:${member.id}`, before, after } };
  },
});

export const disableStaff = defineWrite({
  name: 'staff/disable',
  access: 'staff.manage',
  summary: 'Disables (`disabled: true`) or enables a member; disabling ends their sessions.',
  input: z.object({ id, disabled: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]) }),
  handler: async (input, context) => {
    const { member, before, after } = await context.services.staff.setDisabled(signedIn(context).staffId, input.id, input.disabled);
    return { data: member, audit: { action: input.disabled ? 'staff.disable' : 'staff.enable', subject: `staff:${member.id}`, before, after } };
  },
});

export const resetStaffSignIn = defineWrite({
  name: 'staff/reset-sign-in',
  access: 'staff.manage',
  summary: "A lost phone: the member's password, authenticator and recovery codes are cleared, sessions end, and a new set-up link is made (`link`).",
  input: z.object({ id }),
  handler: async (input, context) => {
    const { member, before, after, link } = await context.services.staff.resetSignIn(signedIn(context).staffId, input.id);
    return { data: { member, link }, audit: { subject: `staff:${member.id}`, before, after } };
  },
});
