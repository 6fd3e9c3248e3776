import { z } from 'zod';
import { roleCan, staffTopic, type StaffRole } from '../../../contract/backoffice.ts';
import { formatMinor, isCurrency } from '../../../contract/money.ts';
import { RISK_CASE_OUTCOMES, RISK_CASE_STATUSES, RISK_RULE_IDS, type RiskAlertView, type RiskCaseDetailView, type RiskCaseView } from '../../../contract/risk.ts';
import type { PlayerDeviceView } from '../../../contract/devices.ts';
import { devicesOfPlayer, playersOnDevice } from '../../modules/accounts/index.ts';
import { playersDepositingFrom } from '../../modules/payments/index.ts';
import { defineRead, defineWrite, signedIn, type Endpoint, type EndpointContext } from '../endpoint.ts';

/**
 * The risk screens (docs/risk.md): the rules and their thresholds, the alerts the rules raised,
 * compliance cases and a case's page. The risk module keeps the rules, alerts and cases; this
 * file adds who the players are (their sign-in contact) and writes the audit rows.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(200).default(50);
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

/** Each item with its player's sign-in contact. */
async function withPlayers<T extends { user_id: number }>(context: EndpointContext, items: T[]): Promise<Array<T & { player: string | null }>> {
  const people = await context.services.payerReview.review(items.map((item) => item.user_id));
  return items.map((item) => ({ ...item, player: people.get(item.user_id)?.login ?? null }));
}

const listRules = defineRead({
  name: 'risk/rules',
  access: 'risk.read',
  summary: 'The risk rules: each with `enabled`, its `thresholds` (defaults where unchanged), the fields the thresholds take, who changed it last and its alerts over 30 days.',
  input: z.object({}),
  handler: async (_input, { services }) => ({ items: await services.risk.listRules() }),
});

const updateRule = defineWrite({
  name: 'risk/rule',
  access: 'risk.rules',
  summary:
    'Changes a rule (`rule_id`): `enabled` and/or `thresholds` (an object checked by the rule\'s own schema; a wrong value is refused naming `thresholds.<field>` and nothing is written). Answers the rule.',
  input: z.object({ rule_id: z.enum(RISK_RULE_IDS), enabled: flag.optional(), thresholds: z.record(z.string(), z.unknown()).optional() }),
  handler: async (input, context) => {
    const staff = signedIn(context);
    const { before, after } = await context.services.risk.updateRule(input.rule_id, { enabled: input.enabled, thresholds: input.thresholds }, staff.staffId, context.locale);
    return {
      data: after,
      audit: { subject: `risk-rule:${input.rule_id}`, before: { enabled: before.enabled, thresholds: before.thresholds }, after: { enabled: after.enabled, thresholds: after.thresholds } },
    };
  },
});

const listAlerts = defineRead({
  name: 'risk/alerts',
  access: 'risk.read',
  summary: 'Alerts, newest first, by `rule` and player (`user_id`), a page at a time: {items, total}. Each with its case and what the rule saw.',
  input: z.object({ rule: z.enum(RISK_RULE_IDS).optional().or(z.literal('').transform(() => undefined)), user_id: id.optional(), page, limit }),
  handler: async (input, context) => {
    const found = await context.services.risk.listAlerts({ rule: input.rule, userId: input.user_id }, { limit: input.limit, offset: (input.page - 1) * input.limit });
    return { items: (await withPlayers(context, found.items)) satisfies RiskAlertView[], total: found.total };
  },
});

const listCases = defineRead({
  name: 'risk/cases',
  access: 'risk.read',
  summary: 'Compliance cases, last changed first: `status` (`active`: open or investigating, by default; `all`; or one status), `assigned_to` (a member id), `user_id`; paged: {items, total}.',
  input: z.object({ status: z.enum([...RISK_CASE_STATUSES, 'active', 'all']).default('active'), assigned_to: id.optional(), user_id: id.optional(), page, limit }),
  handler: async (input, context) => {
    const found = await context.services.risk.listCases(
      { status: input.status === 'all' ? undefined : input.status, assignedTo: input.assigned_to, userId: input.user_id },
      { limit: input.limit, offset: (input.page - 1) * input.limit },
    );
    return { items: (await withPlayers(context, found.items)) satisfies RiskCaseView[], total: found.total };
  },
});

/** A case as its page shows it: with its player, its alerts' players and the player's waiting withdrawals (payments module). */
async function caseView(context: EndpointContext, id: number): Promise<RiskCaseDetailView> {
  const found = await context.services.risk.caseDetail(id);
  const [[withPlayer], alerts, waiting] = await Promise.all([
    withPlayers(context, [found]),
    withPlayers(context, found.alert_list),
    context.services.payments.admin.listWithdrawals({ userId: found.user_id, statuses: ['requested'] }, { by: 'created_at', dir: 'asc' }, { limit: 50, offset: 0 }),
  ]);
  return {
    ...withPlayer,
    alert_list: alerts,
    waiting_withdrawals: waiting.items.map((item) => ({
      id: item.publicId,
      amount: isCurrency(item.currency) ? formatMinor(item.amount, item.currency) : item.amount.toString(),
      currency: item.currency,
      created_at: item.createdAt.toISOString(),
    })),
  };
}

/** Members who may work cases: the choices of the case page's "assigned to". */
async function caseWorkers(context: EndpointContext) {
  const members = await context.services.staff.listMembers();
  return members.filter((member) => member.status === 'active' && roleCan(member.role as StaffRole, 'risk.manage')).map((member) => ({ id: member.id, name: member.display_name }));
}

const getCase = defineRead({
  name: 'risk/case',
  access: 'risk.read',
  summary: "A case: its player, status, outcome, assignee, hold, every alert, the notes, the player's waiting withdrawals, and the members it can be assigned to.",
  input: z.object({ id }),
  handler: async (input, context) => {
    return { ...(await caseView(context, input.id)), workers: await caseWorkers(context) };
  },
});

const updateCase = defineWrite({
  name: 'risk/case/update',
  access: 'risk.manage',
  summary:
    'Works a case (`id`): `status` (open → investigating → closed; closing needs an `outcome`: no_action, edd_requested, account_restricted, reported_to_fiu, and releases a hold), `assigned_to` (a member whose role works cases, or null), `holds_withdrawals` (the player\'s waiting withdrawals cannot be approved while true). A closed case is not changed.',
  input: z.object({
    id,
    status: z.enum(RISK_CASE_STATUSES).optional(),
    outcome: z.enum(RISK_CASE_OUTCOMES).optional(),
    assigned_to: z.union([id, z.null()]).optional(),
    holds_withdrawals: flag.optional(),
  }),
  handler: async (input, context) => {
    const workers = await caseWorkers(context);
    const change = await context.services.risk.changeCase(
      input.id,
      { status: input.status, outcome: input.outcome, assigned_to: input.assigned_to, holds_withdrawals: input.holds_withdrawals },
      async (staffId) => workers.some((worker) => worker.id === staffId),
    );
    // The withdrawal queue shows holds: it refetches for the members who see it.
    if (change.before.holds_withdrawals !== change.after.holds_withdrawals) {
      await context.services.live.publish(staffTopic('withdrawals.read'), { type: 'withdrawals', data: { user_id: change.userId, held: change.after.holds_withdrawals } });
    }
    await context.services.live.publish(staffTopic('risk.read'), { type: 'risk', data: { user_id: change.userId, case_id: input.id } });
    return {
      data: await caseView(context, input.id),
      audit: { subject: `risk-case:${input.id}`, before: change.before, after: change.after, details: { user_id: change.userId } },
    };
  },
});

const addCaseNote = defineWrite({
  name: 'risk/case/note',
  access: 'risk.manage',
  summary: 'Adds a note (`body`, 3 to 2000 characters) to a case (`id`); closed cases take notes too.',
  input: z.object({ id, body: z.string().trim().min(3).max(2000) }),
  handler: async (input, context) => {
    const staff = signedIn(context);
    const note = await context.services.risk.addNote(input.id, staff.staffId, input.body);
    return { data: await caseView(context, input.id), audit: { subject: `risk-case:${input.id}`, after: { note: note.noteId }, details: { user_id: note.userId, body: input.body } } };
  },
});

/**
 * The player page's devices (docs/devices.md): the fingerprints the player's browsers sent (sign-up
 * and sessions), each with the other accounts seen with it, and SEON's answers while SEON runs.
 */
const playerDevices = defineRead({
  name: 'risk/devices',
  access: 'risk.read',
  summary: "A player's device fingerprints (`user_id`), last seen first, each with its sessions and the other accounts seen with it; and SEON's checks of the player's sign-up and deposits: {devices, seon: {enabled, checks}}.",
  input: z.object({ user_id: id }),
  handler: async (input, context) => {
    const db = context.services.database.db;
    const seen = await devicesOfPlayer(db, input.user_id);
    const shared = await Promise.all(
      seen.map(async (device) => [...new Set([...(await playersOnDevice(db, device.device_id, input.user_id, 20)), ...(await playersDepositingFrom(db, device.device_id, input.user_id, 20))])].slice(0, 20)),
    );
    const people = await context.services.payerReview.review([...new Set(shared.flat())]);
    const devices: PlayerDeviceView[] = seen.map((device, index) => ({
      device_id: device.device_id,
      sessions: device.sessions,
      first_seen: device.first_seen.toISOString(),
      last_seen: device.last_seen.toISOString(),
      ip: device.ip,
      user_agent: device.user_agent,
      shared_with: shared[index].map((userId) => ({ user_id: userId, player: people.get(userId)?.login ?? null })),
    }));
    return { devices, seon: { enabled: context.services.seon.enabled, checks: await context.services.seon.checksOf(input.user_id) } };
  },
});

export const RISK_ENDPOINTS: Endpoint[] = [listRules, updateRule, listAlerts, listCases, getCase, updateCase, addCaseNote, playerDevices] as Endpoint[];
