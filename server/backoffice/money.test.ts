import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DepositRowView, HouseBalanceView, LedgerVerifyView, ReconciliationDayView, WithdrawalDecisionView, WithdrawalRowView } from '../../contract/backoffice-money.ts';
import { queryRows } from '../platform/db/database.ts';
import type { LiveConnection } from '../platform/live/index.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../platform/testing/test-app.ts';
import { backoffice, createStaffMember, type TestStaff } from '../platform/testing/staff.ts';

/**
 * The money screens' endpoints (docs/backoffice.md, Money): the withdrawal queue and its flags,
 * four-eyes approvals, declines and provider refusals, deposits and their settling, the ledger's
 * house accounts, its check and the reconciliation. Players deposit and withdraw through the
 * real cashier API and the demo provider.
 */
let t: TestApp;
let financeA: TestStaff;
let financeB: TestStaff;
let financeC: TestStaff;
let analyst: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ PSP_DEMO_SECRET: 'psp-test-secret-psp-test-secret-0123456', BACKOFFICE_FOUR_EYES: '500' });
  financeA = await createStaffMember(t, 'finance');
  financeB = await createStaffMember(t, 'finance');
  financeC = await createStaffMember(t, 'finance');
  analyst = await createStaffMember(t, 'analyst');
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
type Player = { cookie: string; ip: string; uid: number };

async function player(options: { ip?: string; verified?: boolean } = {}): Promise<Player> {
  counter++;
  const ip = options.ip ?? `10.77.${Math.floor(counter / 250)}.${counter % 250}`;
  const answer = await t.call('register', {
    body: { email: `money.${Date.now()}.${counter}@example.com`, password: 'secret12', terms: '1', currency: 'EUR' },
    headers: { 'x-croupier-client-ip': ip },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const uid = (answer.json.data as { uid: number }).uid;
  if (options.verified) await t.database.db.execute(sql`update users set is_verified = true where id = ${uid}`);
  return { cookie: answer.headers.getSetCookie().map((value) => value.split(';')[0]).join('; '), ip, uid };
}

const call = (who: Player, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) =>
  t.call(method, { ...options, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });

const balance = async (who: Player) => ((await call(who, 'getBalance')).json.data as { balance_main: { amount: string } }).balance_main.amount;

async function deposit(who: Player, amount: string, options: { method?: string; outcome?: 'success' | 'pending' } = {}): Promise<string> {
  const started = await call(who, 'cashier/makedeposit', { body: { method: options.method ?? 'card', amount } });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const { transaction_id, redirect_url } = started.json.data as { transaction_id: string; redirect_url: string };
  const form = new FormData();
  form.set('outcome', options.outcome ?? 'success');
  expect((await t.app.request(`${TEST_ORIGIN}${redirect_url}`, { method: 'POST', body: form })).status).toBe(303);
  return transaction_id;
}

const bank = { method: 'bank_transfer', 'requisites[iban]': 'FR14 2004 1010 0505 0001 3M02 606', 'requisites[account_holder]': 'Ann Money' };

async function withdraw(who: Player, amount: string): Promise<string> {
  const answer = await call(who, 'cashier/makewithdrawal', { body: { ...bank, amount } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json.data as { transaction_id: string }).transaction_id;
}

const auditCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from operator_audit`))[0].n;
const statusOf = async (publicId: string) => (await t.services.payments.admin.byPublicId(publicId))!.status;
const payoutsOf = async (publicId: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from demo_psp_payments where merchant_payment_id = ${publicId} and kind = 'payout'`))[0].n;
const postedOf = async (publicId: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ledger_transactions where kind = 'withdrawal_post' and metadata->>'payment' = ${publicId}`))[0].n;
const holdOf = async (who: Player) => (await t.services.ledger.balances(who.uid, 'EUR')).withdrawal_hold;

const queue = async (query: Record<string, string>, member: TestStaff = financeA) => {
  const answer = await backoffice(t, 'withdrawals/list', { query, cookie: member.cookie, ip: member.ip });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as { items: WithdrawalRowView[]; total: number };
};
const approveAs = (member: TestStaff, id: string, extra: Record<string, unknown> = {}) => backoffice(t, 'withdrawals/approve', { body: { id, ...extra }, cookie: member.cookie, ip: member.ip });
const declineAs = (member: TestStaff, id: string, reason: string) => backoffice(t, 'withdrawals/decline', { body: { id, reason }, cookie: member.cookie, ip: member.ip });

async function ledgerHolds() {
  expect((await t.services.ledger.verify()).problems).toEqual([]);
}

/** A player with nothing to flag: verified, own address, deposited by SEPA, one withdrawal already paid out. */
async function cleanPlayer(): Promise<Player> {
  const who = await player({ verified: true });
  await deposit(who, '300', { method: 'sepa' });
  const earlier = await withdraw(who, '20');
  expect((await approveAs(financeA, earlier)).status).toBe(200);
  return who;
}

describe('the withdrawal queue', () => {
  it('shows each waiting withdrawal with its player and flags', async () => {
    const who = await player();
    await deposit(who, '1000');
    const id = await withdraw(who, '100');
    const { items, total } = await queue({ user_id: String(who.uid) });
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      id,
      user_id: who.uid,
      player: expect.stringMatching(/^money\./),
      method: 'bank_transfer',
      amount: { amount: '100.00', currency: 'EUR' },
      status: 'requested',
      requisites: { iban: 'FR14 •••• 2606' },
      other_deposit_methods: ['card'],
      four_eyes: { required: false, threshold: { amount: '500.00', currency: 'EUR' }, approvers: [] },
    });
    // A card deposit paid back by bank transfer, a first withdrawal, an unverified identity.
    expect(items[0].flags.sort()).toEqual(['first_withdrawal', 'other_method', 'unverified']);

    const clean = await cleanPlayer();
    const cleanId = await withdraw(clean, '40');
    const [row] = (await queue({ user_id: String(clean.uid) })).items;
    expect(row).toMatchObject({ id: cleanId, flags: [], other_deposit_methods: [] });
  });

  it('flags linked accounts, a net win in the last 24 hours and a bonus just converted', async () => {
    const first = await player({ ip: '10.76.0.1', verified: true });
    const second = await player({ ip: '10.76.0.1', verified: true });
    await deposit(first, '200', { method: 'sepa' });
    // A casino win and a converted bonus, as the wallet and promotions post them.
    await t.services.ledger.transfer({ key: `test-win:${first.uid}`, kind: 'win', currency: 'EUR', legs: [{ account: { house: 'game_house' }, amount: -7000n }, { account: { player: first.uid, kind: 'main' }, amount: 7000n }] });
    await t.services.ledger.transfer({ key: `test-bonus:${first.uid}`, kind: 'bonus_grant', currency: 'EUR', legs: [{ account: { house: 'bonus_funding' }, amount: -1000n }, { account: { player: first.uid, kind: 'bonus' }, amount: 1000n }] });
    await t.services.ledger.transfer({ key: `test-convert:${first.uid}`, kind: 'bonus_convert', currency: 'EUR', legs: [{ account: { player: first.uid, kind: 'bonus' }, amount: -1000n }, { account: { player: first.uid, kind: 'main' }, amount: 1000n }] });
    const id = await withdraw(first, '250');
    const [row] = (await queue({ user_id: String(first.uid) })).items;
    expect(row.id).toBe(id);
    expect(row.flags.sort()).toEqual(['bonus_converted', 'first_withdrawal', 'linked_accounts', 'net_win']);
    expect(row.linked_players).toEqual([second.uid]);
    expect(row.net_win_24h).toEqual({ amount: '70.00', currency: 'EUR' });
  });

  it('filters by status, method, amount range, age and flag, and pages and sorts on the server', async () => {
    const who = await player();
    await deposit(who, '2000');
    const small = await withdraw(who, '30');
    const middle = await withdraw(who, '120');
    const large = await withdraw(who, '700');
    const mine = { user_id: String(who.uid) };
    expect((await queue({ ...mine, sort: 'amount', dir: 'asc' })).items.map((row) => row.id)).toEqual([small, middle, large]);
    expect((await queue({ ...mine, sort: 'amount', dir: 'desc', limit: '2', page: '1' })).items.map((row) => row.id)).toEqual([large, middle]);
    const second = await queue({ ...mine, sort: 'amount', dir: 'desc', limit: '2', page: '2' });
    expect([second.total, second.items.map((row) => row.id)]).toEqual([3, [small]]);
    expect((await queue({ ...mine, amount_min: '100', amount_max: '500' })).items.map((row) => row.id)).toEqual([middle]);
    expect((await queue({ ...mine, method: 'skrill' })).total).toBe(0);
    expect((await queue({ ...mine, older_than_hours: '1' })).total).toBe(0);
    expect((await queue({ ...mine, newer_than_hours: '1' })).total).toBe(3);
    expect((await queue({ ...mine, flag: 'first_withdrawal', limit: '2' })).total).toBe(3);
    expect((await queue({ ...mine, flag: 'net_win' })).total).toBe(0);
    expect((await queue({ ...mine, reference: middle })).items.map((row) => row.id)).toEqual([middle]);

    await declineAs(financeA, small, 'Test decline');
    expect((await queue({ ...mine, status: 'declined' })).items.map((row) => row.id)).toEqual([small]);
    expect((await queue({ ...mine, status: 'all' })).total).toBe(3);
    expect((await queue(mine)).total).toBe(2);

    const bad = await backoffice(t, 'withdrawals/list', { query: { amount_min: '12.345', status: 'nope', flag: 'rich' }, cookie: analyst.cookie, ip: analyst.ip });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error!.fields!).sort()).toEqual(['amount_min', 'flag', 'status']);
    const reversed = await backoffice(t, 'withdrawals/list', { query: { amount_min: '50', amount_max: '10' }, cookie: analyst.cookie, ip: analyst.ip });
    expect(reversed.json.error?.fields).toEqual({ amount_max: 'At least the minimum amount' });
  });
});

describe('approving and declining', () => {
  it('pays out at or below the four-eyes threshold on one approval, with one audit row', async () => {
    const who = await player();
    await deposit(who, '600');
    const id = await withdraw(who, '500');
    const before = await auditCount();
    const answer = await approveAs(financeA, id, { reason: 'Regular customer' });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.data).toMatchObject({ outcome: 'paid', reason: null, withdrawal: { id, status: 'approved', provider_ref: expect.stringMatching(/^dpo_/) } });
    expect(await auditCount()).toBe(before + 1);
    const {
      items: [row],
    } = await t.services.staff.listAudit({ subject: `withdrawal:${id}` }, { limit: 5, offset: 0 });
    expect(row).toMatchObject({
      actor: `staff:${financeA.id} ${financeA.email}`,
      action: 'withdrawals.approve',
      before: { status: 'requested', approvers: [] },
      after: { status: 'approved', approvers: [financeA.id] },
      details: { outcome: 'paid', amount: '500.00', currency: 'EUR', note: 'Regular customer' },
    });
    expect(await balance(who)).toBe('100.00');
    expect(await holdOf(who)).toBe(0n);
    expect([await payoutsOf(id), await postedOf(id)]).toEqual([1, 1]);
    await ledgerHolds();
  });

  it('above the threshold waits for a second member: the first alone pays nothing, the same member twice does not count, a second pays once', async () => {
    const who = await player();
    await deposit(who, '1000');
    const id = await withdraw(who, '800');
    const audits = await auditCount();

    const first = await approveAs(financeA, id);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data).toMatchObject({ outcome: 'waiting', withdrawal: { status: 'requested', four_eyes: { required: true, approvers: [{ id: financeA.id }] } } });
    expect([await statusOf(id), await payoutsOf(id), await holdOf(who)]).toEqual(['requested', 0, 80000n]);

    const again = await approveAs(financeA, id);
    expect(again.status).toBe(409);
    expect(again.json.error?.fields).toEqual({ id: 'You approved this withdrawal already: a second member must approve it' });
    expect([await statusOf(id), await payoutsOf(id)]).toEqual(['requested', 0]);
    const [row] = (await queue({ user_id: String(who.uid) })).items;
    expect(row.four_eyes.approvers.map((member) => member.id)).toEqual([financeA.id]);

    const second = await approveAs(financeB, id);
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(second.json.data).toMatchObject({ outcome: 'paid', withdrawal: { status: 'approved' } });
    const late = await approveAs(financeC, id);
    expect(late.status).toBe(409);
    expect(late.json.error?.fields?.id).toMatch(/is approved, not waiting/);

    expect([await payoutsOf(id), await postedOf(id), await holdOf(who)]).toEqual([1, 1, 0n]);
    expect(await balance(who)).toBe('200.00');
    // Two successful calls, two audit rows; the refused ones wrote none.
    expect(await auditCount()).toBe(audits + 2);
    await ledgerHolds();
  });

  it('pays once when members approve at the same moment', async () => {
    const who = await player();
    await deposit(who, '3000');
    // Two members at once on a fresh request: one waits, the other pays.
    const fresh = await withdraw(who, '900');
    const together = await Promise.all([approveAs(financeA, fresh), approveAs(financeB, fresh)]);
    expect(together.map((answer) => answer.status)).toEqual([200, 200]);
    expect(together.map((answer) => (answer.json.data as WithdrawalDecisionView).outcome).sort()).toEqual(['paid', 'waiting']);
    // Two second approvers racing after a first: one pays, the other finds it paid.
    const raced = await withdraw(who, '1000');
    expect((await approveAs(financeA, raced)).status).toBe(200);
    const racing = await Promise.all([approveAs(financeB, raced), approveAs(financeC, raced), approveAs(financeB, raced)]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    for (const id of [fresh, raced]) expect([await statusOf(id), await payoutsOf(id), await postedOf(id)]).toEqual(['approved', 1, 1]);
    expect(await balance(who)).toBe('1100.00');
    await ledgerHolds();
  });

  it('declines with a reason, returning the reserve, and refuses a decline without one', async () => {
    const who = await player();
    await deposit(who, '100');
    const id = await withdraw(who, '80');
    expect(await balance(who)).toBe('20.00');
    const missing = await backoffice(t, 'withdrawals/decline', { body: { id }, cookie: financeA.cookie, ip: financeA.ip });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.json.error!.fields!)).toEqual(['reason']);

    const before = await auditCount();
    const answer = await declineAs(financeA, id, 'Requisites do not match the account holder');
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.data).toMatchObject({ outcome: 'declined', reason: 'Requisites do not match the account holder', withdrawal: { status: 'declined' } });
    expect(await auditCount()).toBe(before + 1);
    expect(await balance(who)).toBe('100.00');
    expect(await holdOf(who)).toBe(0n);
    const [movement] = await queryRows<{ reason: string }>(t.database.db, sql`select metadata->>'reason' as reason from ledger_transactions where kind = 'withdrawal_void' and metadata->>'payment' = ${id}`);
    expect(movement.reason).toBe('Requisites do not match the account holder');
    expect((await declineAs(financeB, id, 'Again')).status).toBe(409);
    expect((await approveAs(financeB, id)).status).toBe(409);
    expect(await auditCount()).toBe(before + 1);
    await ledgerHolds();
  });

  it('returns the reserve with the reason when the provider refuses or cannot be reached', async () => {
    const who = await player();
    await deposit(who, '500');
    const refused = await withdraw(who, '100');
    const spy = vi.spyOn(t.services.demoPsp.provider, 'payout').mockResolvedValueOnce({ providerRef: 'dpo_refused', status: 'failed', reason: 'beneficiary account closed' });
    const answer = await approveAs(financeA, refused);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.data).toMatchObject({ outcome: 'refused', reason: 'refused by the provider: beneficiary account closed', withdrawal: { status: 'declined' } });
    expect(await balance(who)).toBe('500.00');
    const {
      items: [row],
    } = await t.services.staff.listAudit({ subject: `withdrawal:${refused}` }, { limit: 5, offset: 0 });
    expect(row.details).toMatchObject({ outcome: 'refused', reason: 'refused by the provider: beneficiary account closed' });

    const unreachable = await withdraw(who, '100');
    spy.mockRejectedValueOnce(new Error('connect ETIMEDOUT'));
    const down = await approveAs(financeA, unreachable);
    expect(down.json.data).toMatchObject({ outcome: 'refused', reason: 'refused by the provider: provider unavailable: connect ETIMEDOUT' });
    expect([await statusOf(unreachable), await holdOf(who), await balance(who)]).toEqual(['declined', 0n, '500.00']);
    spy.mockRestore();
    await ledgerHolds();
  });

  it('approves a batch only of rows without flags, one call and one audit row each', async () => {
    const clean = await cleanPlayer();
    const flagged = await player();
    await deposit(flagged, '100');
    const ok = [await withdraw(clean, '30'), await withdraw(clean, '35')];
    const notOk = await withdraw(flagged, '30');
    const before = await auditCount();
    const answers = await Promise.all([...ok, notOk].map((id) => approveAs(financeA, id, { unflagged_only: true })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 422]);
    expect(answers[2].json.error?.fields?.id).toMatch(/has flags \(first_withdrawal, other_method, unverified\)/);
    expect(await auditCount()).toBe(before + 2);
    expect(await statusOf(notOk)).toBe('requested');
    const {
      items: [row],
    } = await t.services.staff.listAudit({ subject: `withdrawal:${ok[0]}` }, { limit: 5, offset: 0 });
    expect(row.details).toMatchObject({ batch: true, outcome: 'paid' });
  });

  it('refuses members without withdrawals.decide and names a bad id', async () => {
    const who = await player();
    await deposit(who, '100');
    const id = await withdraw(who, '50');
    const denied = await approveAs(analyst, id);
    expect(denied.status).toBe(403);
    expect(denied.json.error?.details).toEqual({ permission: 'withdrawals.decide' });
    expect((await approveAs(financeA, 'wd_doesnotexist')).status).toBe(404);
    expect((await approveAs(financeA, 'dep_123456')).json.error?.fields).toEqual({ id: 'Wrong value' });
    expect(await statusOf(id)).toBe('requested');
  });
});

describe('live updates of the queue', () => {
  it('tells the members who may see the queue when a withdrawal is requested, approved once, declined or paid', async () => {
    const heard: { type: string; data: { payment: string; status: string } }[] = [];
    const connection: LiveConnection = {
      topics: new Set(['staff:withdrawals.read']),
      write(chunk) {
        const type = /^event: (.+)$/m.exec(chunk)?.[1];
        const data = /^data: (.+)$/m.exec(chunk)?.[1];
        if (type && data) heard.push({ type, data: JSON.parse(data) });
        return true;
      },
      close() {},
    };
    const other: string[] = [];
    const bystander: LiveConnection = { topics: new Set(['staff:support.chat']), write: (chunk) => (other.push(chunk), true), close() {} };
    t.services.live.attach(connection);
    t.services.live.attach(bystander);
    try {
      const who = await player();
      await deposit(who, '2000');
      const big = await withdraw(who, '900');
      const small = await withdraw(who, '50');
      await t.services.jobs.drain();
      const mine = () => heard.filter((message) => message.data.payment === big || message.data.payment === small);
      await vi.waitFor(() => expect(mine().map((m) => [m.data.payment, m.data.status])).toEqual([
        [big, 'requested'],
        [small, 'requested'],
      ]));
      await approveAs(financeA, big);
      await vi.waitFor(() => expect(heard.at(-1)).toMatchObject({ type: 'withdrawals', data: { payment: big, status: 'requested', approvers: [financeA.id] } }));
      await approveAs(financeB, big);
      await declineAs(financeA, small, 'Duplicate request');
      await t.services.jobs.drain();
      await vi.waitFor(() =>
        expect(mine().filter((m) => m.data.status !== 'requested').map((m) => [m.data.payment, m.data.status])).toEqual([
          [big, 'approved'],
          [small, 'declined'],
        ]),
      );
      expect(heard.every((message) => message.type === 'withdrawals')).toBe(true);
      expect(other.filter((chunk) => chunk.includes('withdrawals'))).toEqual([]);
    } finally {
      t.services.live.detach(connection);
      t.services.live.detach(bystander);
    }
  });
});

describe('deposits', () => {
  it('lists deposits with their provider reference, filters them, and settles a pending one through the provider', async () => {
    const who = await player();
    const paid = await deposit(who, '40');
    const pending = await deposit(who, '60', { outcome: 'pending' });
    const list = async (query: Record<string, string>) => {
      const answer = await backoffice(t, 'deposits/list', { query: { user_id: String(who.uid), ...query }, cookie: analyst.cookie, ip: analyst.ip });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return answer.json.data as { items: DepositRowView[]; total: number };
    };
    const all = await list({});
    expect(all.items.map((row) => [row.id, row.status])).toEqual([
      [pending, 'pending'],
      [paid, 'success'],
    ]);
    expect(all.items[1]).toMatchObject({ method: 'card', provider: 'demo', provider_ref: expect.stringMatching(/^dp_/), amount: { amount: '40.00', currency: 'EUR' } });
    expect((await list({ status: 'pending' })).items.map((row) => row.id)).toEqual([pending]);
    expect((await list({ amount_min: '50' })).items.map((row) => row.id)).toEqual([pending]);
    expect((await list({ reference: all.items[1].provider_ref! })).items.map((row) => row.id)).toEqual([paid]);
    expect((await list({ sort: 'amount', dir: 'asc' })).items.map((row) => row.id)).toEqual([paid, pending]);

    expect((await backoffice(t, 'deposits/settle', { body: { id: pending, outcome: 'success' }, cookie: analyst.cookie, ip: analyst.ip })).status).toBe(403);
    const before = await auditCount();
    const settled = await backoffice(t, 'deposits/settle', { body: { id: pending, outcome: 'success' }, cookie: financeA.cookie, ip: financeA.ip });
    expect(settled.status, JSON.stringify(settled.json)).toBe(200);
    expect(settled.json.data).toMatchObject({ id: pending, status: 'success' });
    expect(await auditCount()).toBe(before + 1);
    expect(await balance(who)).toBe('100.00');
    const again = await backoffice(t, 'deposits/settle', { body: { id: pending, outcome: 'failed' }, cookie: financeA.cookie, ip: financeA.ip });
    expect(again.status).toBe(409);
    expect(again.json.error?.fields?.id).toMatch(/is success/);
    expect(await balance(who)).toBe('100.00');
    expect(await auditCount()).toBe(before + 1);

    const failing = await deposit(who, '25', { outcome: 'pending' });
    const failed = await backoffice(t, 'deposits/settle', { body: { id: failing, outcome: 'failed' }, cookie: financeA.cookie, ip: financeA.ip });
    expect(failed.json.data).toMatchObject({ status: 'failed' });
    expect(await balance(who)).toBe('100.00');
    await ledgerHolds();
  });
});

describe('refunds', () => {
  const refund = (id: string, body: Record<string, string> = {}, member: TestStaff = financeA) =>
    backoffice(t, 'deposits/refund', { body: { id, reason: 'Player asked, card charged twice', ...body }, cookie: member.cookie, ip: member.ip });
  const depositRow = async (id: string) => {
    const answer = await backoffice(t, 'deposits/list', { query: { reference: id }, cookie: analyst.cookie, ip: analyst.ip });
    return (answer.json.data as { items: DepositRowView[] }).items[0];
  };
  const clearingOf = async (id: string) =>
    (
      await queryRows<{ total: string }>(
        t.database.db,
        sql`select coalesce(sum(p.amount), 0)::text as total from ledger_postings p join ledger_accounts a on a.id = p.account_id
            join ledger_transactions x on x.id = p.transaction_id where a.owner_id = 'payment_clearing' and x.metadata->>'payment' = ${id}`,
      )
    )[0].total;

  it('refunds part of a deposit then the rest through the provider, the money leaving the main balance once, with one audit row each', async () => {
    const who = await player();
    const paid = await deposit(who, '80');
    expect(await depositRow(paid)).toMatchObject({ refundable: true, refunded: { amount: '0.00' }, refunds: [] });
    expect((await refund(paid, {}, analyst)).status).toBe(403);

    const before = await auditCount();
    const part = await refund(paid, { amount: '30' });
    expect(part.status, JSON.stringify(part.json)).toBe(200);
    expect(part.json.data).toMatchObject({ outcome: 'refunded', reason: null, deposit: { refunded: { amount: '30.00' }, refundable: true } });
    expect(await balance(who)).toBe('50.00');
    expect(await auditCount()).toBe(before + 1);
    const {
      items: [row],
    } = await t.services.staff.listAudit({ subject: `payment:${paid}`, action: 'deposits.refund' }, { limit: 1, offset: 0 });
    expect(row).toMatchObject({ before: { refunded: '0.00' }, after: { refunded: '30.00', status: 'refunded' }, details: { amount: '30.00', outcome: 'refunded' } });

    const tooMuch = await refund(paid, { amount: '50.01' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.json.error?.fields?.amount).toBe('At most 50.00 EUR is left to refund');
    // A member who reads French gets the same refusal in French, and so the schema's.
    const inFrench = (body: Record<string, string>) =>
      backoffice(t, 'deposits/refund', { body: { id: paid, ...body }, cookie: `${financeA.cookie}; bo_locale=fr`, ip: financeA.ip });
    expect((await inFrench({ amount: '50.01', reason: 'Deux fois débité' })).json.error?.fields?.amount).toBe('Il reste au plus 50.00 EUR à rembourser');
    const noReason = (await inFrench({ amount: '1' })).json.error;
    expect(noReason?.fields?.reason).toBeTruthy();
    expect(noReason?.fields?.reason).not.toBe((await refund(paid, { amount: '1', reason: '' })).json.error?.fields?.reason);
    const rest = await refund(paid);
    expect(rest.json.data).toMatchObject({ outcome: 'refunded', deposit: { refunded: { amount: '80.00' }, refundable: false } });
    expect(await balance(who)).toBe('0.00');
    expect((await depositRow(paid)).refunds.map((item) => [item.amount.amount, item.status, item.provider_ref?.slice(0, 4)])).toEqual([
      ['30.00', 'refunded', 'dpr_'],
      ['50.00', 'refunded', 'dpr_'],
    ]);
    // The deposit's credit from payment_clearing is undone exactly: -80 then +30 and +50.
    expect(await clearingOf(paid)).toBe('0');
    // The player's history says what came back to where it was paid from.
    const history = (await call(who, 'cashier/gethistory', { query: { type: 'deposit' } })).json.data as { items: Array<{ id: string; refunded: { amount: string; currency: string } | null }> };
    expect(history.items.find((item) => item.id === paid)?.refunded).toEqual({ amount: '80.00', currency: 'EUR' });
    expect(((await call(who, 'cashier/getdepositinfo', { query: { id: paid } })).json.data as { refunded: unknown }).refunded).toEqual({ amount: '80.00', currency: 'EUR' });
    const again = await refund(paid);
    expect(again.status).toBe(409);
    expect(again.json.error?.fields?.id).toMatch(/refunded already/);
    expect(await auditCount()).toBe(before + 2);
    await ledgerHolds();
  });

  it('refuses, naming the amount, a refund the player has already spent, and a deposit not settled', async () => {
    const who = await player();
    const paid = await deposit(who, '40');
    await withdraw(who, '25');
    const spent = await refund(paid);
    expect(spent.status).toBe(422);
    expect(spent.json.error?.fields?.amount).toMatch(/main balance is below 40\.00 EUR/);
    expect(await balance(who)).toBe('15.00');
    expect((await depositRow(paid)).refunds).toEqual([]);

    const pending = await deposit(who, '10', { outcome: 'pending' });
    const notPaid = await refund(pending);
    expect(notPaid.status).toBe(409);
    expect(notPaid.json.error?.fields?.id).toMatch(/is pending/);
    expect((await refund(paid, { amount: 'ten' })).json.error?.fields?.amount).toMatch(/An amount like 25/);
    expect((await refund(paid, { reason: '' })).json.error?.fields?.reason).toBeTruthy();
    await ledgerHolds();
  });

  it('returns the money to the player when the provider refuses or cannot be reached, and says why', async () => {
    const who = await player();
    const paid = await deposit(who, '60');
    const spy = vi.spyOn(t.services.demoPsp.provider, 'refund').mockResolvedValueOnce({ providerRef: '', status: 'failed', reason: 'card expired' });
    const refused = await refund(paid, { amount: '20' });
    expect(refused.status, JSON.stringify(refused.json)).toBe(200);
    expect(refused.json.data).toMatchObject({ outcome: 'failed', reason: 'refused by the provider: card expired', deposit: { refunded: { amount: '0.00' }, refundable: true } });
    expect([await balance(who), await holdOf(who)]).toEqual(['60.00', 0n]);

    spy.mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    const down = await refund(paid, { amount: '20' });
    expect(down.json.data).toMatchObject({ outcome: 'failed', reason: 'refused by the provider: provider unavailable: connect ECONNREFUSED' });
    expect([await balance(who), await holdOf(who)]).toEqual(['60.00', 0n]);
    expect((await depositRow(paid)).refunds.map((item) => [item.status, item.failure])).toEqual([
      ['failed', 'refused by the provider: card expired'],
      ['failed', 'refused by the provider: provider unavailable: connect ECONNREFUSED'],
    ]);
    spy.mockRestore();
    expect(await clearingOf(paid)).toBe('-6000');
    await ledgerHolds();
  });
});

describe('chargebacks', () => {
  it('shows a chargeback on the deposit with what the balance gave and what is owed, flags the withdrawals, and the reconciliation still matches', async () => {
    const who = await player({ verified: true });
    const paid = await deposit(who, '100');
    const waiting = await withdraw(who, '70');
    expect((await t.services.demoPsp.chargeback(paid)).ok).toBe(true);
    expect(await balance(who)).toBe('0.00');

    const listed = await backoffice(t, 'deposits/list', { query: { reference: paid }, cookie: analyst.cookie, ip: analyst.ip });
    const [row] = (listed.json.data as { items: DepositRowView[] }).items;
    expect(row).toMatchObject({
      id: paid,
      status: 'success',
      charged_back: { amount: '100.00', currency: 'EUR' },
      refundable: false,
      chargebacks: [{ kind: 'chargeback', amount: { amount: '100.00' }, covered: { amount: '30.00' }, shortfall: { amount: '70.00' }, recovered: { amount: '0.00' } }],
    });
    expect(row.chargebacks[0].provider_ref).toMatch(/^dpc_/);
    // Nothing is left of it to refund: refused before any money moves.
    const refund = await backoffice(t, 'deposits/refund', { body: { id: paid, reason: 'Asked after the chargeback' }, cookie: financeA.cookie, ip: financeA.ip });
    expect(refund.status).toBe(409);
    expect(refund.json.error?.fields?.id).toBe(`Deposit ${paid} is refunded already`);

    const flagged = await queue({ flag: 'chargeback', user_id: String(who.uid) });
    expect(flagged.items.map((item) => item.id)).toEqual([waiting]);
    expect(flagged.items[0]).toMatchObject({ flags: expect.arrayContaining(['chargeback']), chargeback_owed: { amount: '70.00', currency: 'EUR' } });

    const reconciliation = await backoffice(t, 'ledger/reconciliation', { query: { days: '1' }, cookie: analyst.cookie, ip: analyst.ip });
    const [day] = (reconciliation.json.data as { days: ReconciliationDayView[] }).days.filter((item) => item.currency === 'EUR');
    expect(day).toMatchObject({ matches: true, difference: { payins: '0.00' } });
    await ledgerHolds();
  });
});

describe('the ledger', () => {
  it('shows house balances, runs the check with its result in the audit row, and reconciles the provider per day', async () => {
    const houses = (await backoffice(t, 'ledger/houses', { cookie: analyst.cookie, ip: analyst.ip })).json.data as HouseBalanceView[];
    const clearing = houses.find((row) => row.account === 'payment_clearing' && row.currency === 'EUR')!;
    expect(Number(clearing.balance)).toBeLessThan(0);
    expect(houses.find((row) => row.account === 'payout_clearing')).toMatchObject({ currency: 'EUR' });

    expect((await backoffice(t, 'ledger/verify', { verb: 'POST', cookie: analyst.cookie, ip: analyst.ip })).status).toBe(403);
    const before = await auditCount();
    const verified = await backoffice(t, 'ledger/verify', { verb: 'POST', cookie: financeA.cookie, ip: financeA.ip });
    expect(verified.status, JSON.stringify(verified.json)).toBe(200);
    const report = verified.json.data as LedgerVerifyView;
    expect(report).toMatchObject({ holds: true, problems: [] });
    expect(report.postings).toBeGreaterThan(0);
    expect(await auditCount()).toBe(before + 1);
    const {
      items: [row],
    } = await t.services.staff.listAudit({ action: 'ledger.verify' }, { limit: 1, offset: 0 });
    expect(row).toMatchObject({ subject: 'ledger', after: { holds: true, problems: 0 }, details: { postings: report.postings, problems: [] } });

    const reconcile = async () => {
      const answer = await backoffice(t, 'ledger/reconciliation', { query: { days: '7' }, cookie: analyst.cookie, ip: analyst.ip });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return (answer.json.data as { provider: string; days: ReconciliationDayView[] }).days;
    };
    const today = new Date().toISOString().slice(0, 10);
    const [day] = await reconcile();
    expect(day).toMatchObject({ day: today, currency: 'EUR', matches: true, difference: { payins: '0.00', payouts: '0.00' } });
    expect(day.provider!.payins).toBe(day.ledger.deposits);
    expect(day.provider!.payout_count).toBe(day.ledger.payout_count);
    expect(day.ledger.payout_count).toBeGreaterThan(0);

    // Money credited from the clearing account without the provider: the day no longer matches.
    const who = await player();
    await t.services.ledger.transfer({ key: `test-unmatched:${who.uid}`, kind: 'deposit', currency: 'EUR', legs: [{ account: { house: 'payment_clearing' }, amount: -1234n }, { account: { player: who.uid, kind: 'main' }, amount: 1234n }] });
    const [after] = await reconcile();
    expect(after).toMatchObject({ day: today, matches: false, difference: { payins: '-12.34', payouts: '0.00' } });
  });
});
