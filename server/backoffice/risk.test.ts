import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalRowView } from '../../contract/backoffice-money.ts';
import type { RiskCaseDetailView, RiskRuleView } from '../../contract/risk.ts';
import { queryRows } from '../platform/db/database.ts';
import { registerPlayer, type TestPlayer } from '../platform/testing/players.ts';
import { backoffice, createStaffMember, type TestStaff } from '../platform/testing/staff.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../platform/testing/test-app.ts';

/**
 * The risk screens through their endpoints (docs/risk.md): thresholds checked by each rule's
 * schema (a wrong one names its field and writes nothing), a deposit's alert opening a case,
 * the case worked by compliance, and a hold that keeps the player's withdrawal from being
 * approved until the case closes. Every write leaves one audit row.
 */

let t: TestApp;
let compliance: TestStaff;
let finance: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ PSP_DEMO_SECRET: 'psp-test-secret-psp-test-secret-0123456', BACKOFFICE_FOUR_EYES: '100000' });
  [compliance, finance, support] = [await createStaffMember(t, 'compliance'), await createStaffMember(t, 'finance'), await createStaffMember(t, 'support')];
});
afterAll(async () => {
  await t.close();
});

const as = (member: TestStaff, name: string, options: { query?: Record<string, string>; body?: Record<string, unknown>; french?: boolean } = {}) =>
  backoffice(t, name, { query: options.query, body: options.body, cookie: options.french ? `${member.cookie}; bo_locale=fr` : member.cookie, ip: member.ip });
const auditRows = (subject: string) => queryRows<{ action: string; before: unknown; after: unknown }>(t.database.db, sql`select action, before, after from operator_audit where subject = ${subject} order by id`);

async function deposit(who: TestPlayer, amount: string) {
  const started = await t.call('cashier/makedeposit', { body: { method: 'card', amount }, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const form = new FormData();
  form.set('outcome', 'success');
  expect((await t.app.request(`${TEST_ORIGIN}${(started.json.data as { redirect_url: string }).redirect_url}`, { method: 'POST', body: form })).status).toBe(303);
}

describe('risk rules', () => {
  it('lists every rule with its defaults, refuses a wrong threshold naming the field (in French too) and writes nothing', async () => {
    const rules = (await as(compliance, 'risk/rules')).json.data as { items: RiskRuleView[] };
    expect(rules.items.map((rule) => rule.id)).toEqual(['large_deposit', 'deposits_30d', 'low_turnover_withdrawal', 'failed_deposits', 'linked_to_excluded', 'rapid_limit_increases', 'shared_requisites', 'player_rtp_outlier', 'shared_device', 'offer_per_device', 'shared_address']);
    expect(rules.items[0]).toMatchObject({ enabled: true, thresholds: { amount_eur: 2000 }, updated_at: null });

    const bad = await as(compliance, 'risk/rule', { body: { rule_id: 'failed_deposits', thresholds: { count: 1, minutes: 'soon' } } });
    expect(bad.status).toBe(422);
    expect(bad.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { 'thresholds.count': 'Min value is 2', 'thresholds.minutes': 'Wrong value' } });
    const unknown = await as(compliance, 'risk/rule', { body: { rule_id: 'large_deposit', thresholds: { amount_eur: 3000, extra: 1 } } });
    expect(unknown.status).toBe(422);
    const empty = await as(compliance, 'risk/rule', { body: { rule_id: 'large_deposit', thresholds: { amount_eur: '' } }, french: true });
    expect(empty.json.error?.fields).toEqual({ 'thresholds.amount_eur': 'Champ obligatoire' });
    const neither = await as(compliance, 'risk/rule', { body: { rule_id: 'linked_to_excluded', thresholds: { by_address: false, by_requisites: false, by_device: false } } });
    expect(neither.json.error?.fields).toHaveProperty(['thresholds.by_address']);
    expect(await queryRows(t.database.db, sql`select * from risk_rules`)).toEqual([]);
    expect(await auditRows('risk-rule:failed_deposits')).toEqual([]);

    expect((await as(support, 'risk/rule', { body: { rule_id: 'failed_deposits', thresholds: { count: 3, minutes: 30 } } })).status).toBe(403);
    const saved = await as(compliance, 'risk/rule', { body: { rule_id: 'failed_deposits', thresholds: { count: '3', minutes: '30' } } });
    expect(saved.json.data).toMatchObject({ thresholds: { count: 3, minutes: 30 }, updated_by: expect.stringMatching(/^compliance/) });
    expect(await auditRows('risk-rule:failed_deposits')).toMatchObject([{ action: 'risk.rule', before: { thresholds: { count: 5, minutes: 60 } }, after: { thresholds: { count: 3, minutes: 30 } } }]);
  });
});

describe('a case from a deposit of 2,500', () => {
  it('opens a case compliance works: assigned, investigating, a note, withdrawals held then released when it closes with an outcome', async () => {
    const who = await registerPlayer(t, { tag: 'risk-case' });
    await deposit(who, '2500');
    await t.services.jobs.drain();
    const alerts = (await as(compliance, 'risk/alerts', { query: { user_id: String(who.uid) } })).json.data as { items: Array<{ rule_id: string; case_id: number; player: string }> };
    expect(alerts.items).toMatchObject([{ rule_id: 'large_deposit', player: who.email }]);
    const caseId = alerts.items[0].case_id;
    const listed = (await as(compliance, 'risk/cases')).json.data as { items: Array<{ id: number; status: string }> };
    expect(listed.items.find((item) => item.id === caseId)).toMatchObject({ status: 'open' });

    const update = (body: Record<string, unknown>, member = compliance) => as(member, 'risk/case/update', { body: { id: caseId, ...body } });
    expect((await update({ assigned_to: support.id })).json.error?.fields).toEqual({ assigned_to: 'This member may not work risk cases' });
    expect((await update({ holds_withdrawals: true }, finance)).status).toBe(403);
    expect((await update({ assigned_to: compliance.id, status: 'investigating', holds_withdrawals: true })).status).toBe(200);
    expect((await as(compliance, 'risk/case/note', { body: { id: caseId, body: 'Asked for a payslip' } })).status).toBe(200);

    // The player asks for a withdrawal: the queue shows the hold, approval is refused.
    const asked = await t.call('cashier/makewithdrawal', {
      body: { method: 'bank_transfer', amount: '300', 'requisites[iban]': 'FR14 2004 1010 0505 0001 3M02 606', 'requisites[account_holder]': 'Ann Smith' },
      headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip },
    });
    const withdrawal = (asked.json.data as { transaction_id: string }).transaction_id;
    const queue = (await as(finance, 'withdrawals/list', { query: { user_id: String(who.uid) } })).json.data as { items: WithdrawalRowView[] };
    expect(queue.items[0]).toMatchObject({ id: withdrawal, flags: expect.arrayContaining(['risk_hold']), risk_hold: { case_id: caseId } });
    const refused = await as(finance, 'withdrawals/approve', { body: { id: withdrawal } });
    expect(refused.status).toBe(409);
    expect(refused.json.error?.fields).toEqual({ id: `Withdrawal ${withdrawal} is held by risk case ${caseId}` });
    const french = await as(finance, 'withdrawals/approve', { body: { id: withdrawal }, french: true });
    expect(french.json.error?.fields).toEqual({ id: `Le retrait ${withdrawal} est bloqué par le dossier de risque ${caseId}` });
    // Nor through the payments module directly (the ops command's path).
    await expect(t.services.payments.approveWithdrawalBy(withdrawal)).rejects.toThrow(/held by risk case/);

    const detail = (await as(compliance, 'risk/case', { query: { id: String(caseId) } })).json.data as RiskCaseDetailView;
    expect(detail).toMatchObject({ status: 'investigating', holds_withdrawals: true, assigned_to: { id: compliance.id }, notes: [{ body: 'Asked for a payslip' }], waiting_withdrawals: [{ id: withdrawal, amount: '300.00' }] });

    expect((await update({ status: 'closed' })).json.error?.fields).toEqual({ outcome: 'Choose the outcome of the case' });
    expect((await update({ outcome: 'no_action' })).json.error?.fields).toEqual({ outcome: 'An outcome is given when the case is closed' });
    const closed = await update({ status: 'closed', outcome: 'edd_requested' });
    expect(closed.json.data).toMatchObject({ status: 'closed', outcome: 'edd_requested', holds_withdrawals: false });
    expect((await update({ status: 'investigating' })).status).toBe(409);

    const paid = await as(finance, 'withdrawals/approve', { body: { id: withdrawal } });
    expect(paid.json.data).toMatchObject({ outcome: 'paid' });

    const audit = await auditRows(`risk-case:${caseId}`);
    expect(audit.map((row) => row.action)).toEqual(['risk.case.update', 'risk.case.note', 'risk.case.update']);
    expect(audit[2]).toMatchObject({ before: { status: 'investigating', holds_withdrawals: true }, after: { status: 'closed', outcome: 'edd_requested', holds_withdrawals: false } });

    // A new alert after the case closed opens a new case.
    await deposit(who, '2100');
    await t.services.jobs.drain();
    const cases = (await as(compliance, 'risk/cases', { query: { user_id: String(who.uid), status: 'all' } })).json.data as { items: Array<{ id: number; status: string }> };
    expect(cases.items.map((item) => item.status)).toEqual(['open', 'closed']);
  });
});

describe("the player page's devices", () => {
  it('lists the fingerprints a player signed up and signed in with, and the other accounts seen on each; support may not read them', async () => {
    const shared = `fp-bo-${Date.now()}-shared`;
    const who = await registerPlayer(t, { tag: 'risk-devices', device: shared });
    const other = await registerPlayer(t, { tag: 'risk-devices-other', device: shared });
    const own = `fp-bo-${Date.now()}-own`;
    expect((await t.call('login', { body: { login: who.email, password: 'secret12', device_id: own }, headers: { 'x-croupier-client-ip': who.ip } })).status).toBe(200);
    const answer = await as(compliance, 'risk/devices', { query: { user_id: String(who.uid) } });
    expect(answer.status).toBe(200);
    const data = answer.json.data as { devices: Array<{ device_id: string; sessions: number; ip: string | null; shared_with: Array<{ user_id: number; player: string | null }> }>; seon: { enabled: boolean; checks: unknown[] } };
    expect(data.devices).toMatchObject([
      { device_id: own, sessions: 1, ip: who.ip, shared_with: [] },
      { device_id: shared, sessions: 1, shared_with: [{ user_id: other.uid, player: other.email }] },
    ]);
    expect(data.seon).toEqual({ enabled: false, checks: [] });
    expect((await as(support, 'risk/devices', { query: { user_id: String(who.uid) } })).status).toBe(403);
  });
});
