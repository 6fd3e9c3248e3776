import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { signBody } from './signature.ts';

/**
 * Chargebacks of deposits (docs/payments.md, "Chargebacks"): the demo provider's signed notice,
 * the ledger's split between the main balance and the receivable, replays, forgeries, the flag,
 * the recovery from later deposits, and the reconciliation against the provider's own totals.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PSP_DEMO_SECRET: 'psp-test-secret-psp-test-secret-0123456' });
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
type Client = { cookie: string; ip: string; uid: number };

async function player(): Promise<Client> {
  const ip = `10.19.${Math.floor(++counter / 250)}.${counter % 250}`;
  const answer = await t.call('register', {
    body: { email: `chargeback.${Date.now()}.${counter}@example.com`, password: 'secret12', terms: '1', currency: 'EUR' },
    headers: { 'x-croupier-client-ip': ip },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const cookie = answer.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  return { cookie, ip, uid: (answer.json.data as { uid: number }).uid };
}

const as = (who: Client) => ({ cookie: who.cookie, 'x-croupier-client-ip': who.ip });
const call = (who: Client, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) => t.call(method, { ...options, headers: as(who) });
const balance = async (who: Client) => ((await call(who, 'getBalance')).json.data as { balance_main: { amount: string } }).balance_main.amount;

async function deposit(who: Client, amount: string, outcome: 'success' | 'pending' = 'success'): Promise<string> {
  const started = await call(who, 'cashier/makedeposit', { body: { method: 'card', amount } });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const { transaction_id, redirect_url } = started.json.data as { transaction_id: string; redirect_url: string };
  const form = new FormData();
  form.set('outcome', outcome);
  expect((await t.app.request(`${TEST_ORIGIN}${redirect_url}`, { method: 'POST', body: form })).status).toBe(303);
  return transaction_id;
}

const callback = (body: object, secret = t.env.PSP_DEMO_SECRET!) => {
  const raw = JSON.stringify(body);
  return t.app.request(`${TEST_ORIGIN}/platform/payments/callback/demo`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) } });
};

const receivable = () => t.services.ledger.houseBalance('chargeback_receivable', 'EUR');
const chargebacksOf = async (paymentId: string) => {
  return queryRows<{ amount: string; covered: string; shortfall: string; recovered: string; transaction_id: number | null }>(
    t.database.db,
    sql`select c.amount::text, c.covered::text, c.shortfall::text, c.recovered::text, c.transaction_id from payment_chargebacks c join payments p on p.id = c.payment_id where p.public_id = ${paymentId} order by c.id`,
  );
};
const flagsOf = async (uid: number) => {
  const [user] = await queryRows<{ is_kyc_block_enabled: boolean }>(t.database.db, sql`select is_kyc_block_enabled from users where id = ${uid}`);
  const tags = await queryRows<{ tag: string }>(t.database.db, sql`select tag from player_tags where user_id = ${uid}`);
  return { kycBlock: user.is_kyc_block_enabled, tags: tags.map((row) => row.tag) };
};

const bank = { method: 'bank_transfer', 'requisites[iban]': 'FR14 2004 1010 0505 0001 3M02 606', 'requisites[account_holder]': "Ann O'Neil" };

async function ledgerHolds() {
  expect((await t.services.ledger.verify()).problems).toEqual([]);
}

/** The provider's own totals against the ledger's clearing accounts, today: they match. */
async function reconciliationMatches() {
  const from = new Date(new Date().toISOString().slice(0, 10));
  const to = new Date(from.getTime() + 86_400_000);
  const provider = (await t.services.demoPsp.provider.dailyTotals!(from, to)).filter((row) => row.currency === 'EUR');
  const ledger = (await t.services.ledger.reports.clearingByDay(from, to)).filter((row) => row.currency === 'EUR');
  expect(provider.map((row) => row.payins)).toEqual(ledger.map((row) => row.deposits));
}

describe('chargebacks through the demo provider', () => {
  it('takes a chargeback fully from the main balance when it holds it, flags the player, and the books and the reconciliation hold', async () => {
    const who = await player();
    const paid = await deposit(who, '100');
    expect(await balance(who)).toBe('100.00');
    const before = await receivable();
    const sent = await t.services.demoPsp.chargeback(paid);
    expect(sent).toMatchObject({ ok: true, delivered: true });
    expect(await balance(who)).toBe('0.00');
    expect(await receivable()).toBe(before);
    expect(await chargebacksOf(paid)).toMatchObject([{ amount: '10000', covered: '10000', shortfall: '0', recovered: '0' }]);
    expect(await flagsOf(who.uid)).toEqual({ kycBlock: true, tags: ['chargeback'] });
    // The player's balance updates live: the movement wrote its event.
    const [event] = await queryRows<{ payload: { status: string; amount: string; balanceAfter: string; payment: string } }>(
      t.database.db,
      sql`select payload from outbox_events where type = 'cashier.chargeback' and user_id = ${who.uid}`,
    );
    expect(event.payload).toMatchObject({ status: 'charged_back', amount: '10000', balanceAfter: '0', payment: paid });
    // The demo charges a pay-in back once.
    expect(await t.services.demoPsp.chargeback(paid)).toEqual({ ok: false, reason: 'payment was refunded or charged back already' });
    await ledgerHolds();
    await reconciliationMatches();
  });

  it("moves the provider's own refund of a deposit the same way, booked as a provider refund", async () => {
    const who = await player();
    const paid = await deposit(who, '40');
    expect(await t.services.demoPsp.chargeback(paid, 'refund')).toMatchObject({ ok: true, delivered: true });
    expect(await balance(who)).toBe('0.00');
    const [moved] = await queryRows<{ kind: string }>(t.database.db, sql`select kind from ledger_transactions where metadata->>'payment' = ${paid} and kind in ('provider_refund', 'chargeback')`);
    expect(moved.kind).toBe('provider_refund');
    const [row] = await queryRows<{ kind: string; amount: string }>(t.database.db, sql`select c.kind, c.amount::text from payment_chargebacks c join payments p on p.id = c.payment_id where p.public_id = ${paid}`);
    expect(row).toEqual({ kind: 'refund', amount: '4000' });
    await ledgerHolds();
    await reconciliationMatches();
  });

  it('takes what the main balance has and puts the rest on the receivable, never a negative balance; later deposits settle it first', async () => {
    const who = await player();
    const paid = await deposit(who, '100');
    // 60 reserved for a withdrawal: the main balance keeps 40 (a chargeback takes the main balance only).
    const withdrawal = await call(who, 'cashier/makewithdrawal', { body: { ...bank, amount: '60' } });
    expect(withdrawal.status, JSON.stringify(withdrawal.json)).toBe(200);
    expect(await balance(who)).toBe('40.00');
    const before = await receivable();
    expect((await t.services.demoPsp.chargeback(paid)).ok).toBe(true);
    expect(await balance(who)).toBe('0.00');
    expect(await receivable()).toBe(before - 6000n);
    expect(await chargebacksOf(paid)).toMatchObject([{ amount: '10000', covered: '4000', shortfall: '6000', recovered: '0' }]);
    expect(await t.services.chargebacks.owedBy([who.uid])).toEqual(new Map([[who.uid, [{ currency: 'EUR', owed: 6000n }]]]));
    // The player's history shows it on the deposit, with what is still owed.
    const history = (await call(who, 'cashier/gethistory', { query: { type: 'deposit' } })).json.data as { items: Array<{ id: string; chargeback: unknown }> };
    expect(history.items.find((item) => item.id === paid)?.chargeback).toEqual({ amount: { amount: '100.00', currency: 'EUR' }, owed: { amount: '60.00', currency: 'EUR' } });
    expect((await call(who, 'cashier/getdepositinfo', { query: { id: paid } })).json.data).toMatchObject({ chargeback: { owed: { amount: '60.00' } } });
    await ledgerHolds();
    await reconciliationMatches();

    // A deposit of 50 goes to what is owed, all of it; one of 30 settles the last 10.
    await deposit(who, '50');
    await t.services.jobs.drain();
    expect(await balance(who)).toBe('0.00');
    expect(await receivable()).toBe(before - 1000n);
    await deposit(who, '30');
    await t.services.jobs.drain();
    expect(await balance(who)).toBe('20.00');
    expect(await receivable()).toBe(before);
    expect(await chargebacksOf(paid)).toMatchObject([{ shortfall: '6000', recovered: '6000' }]);
    expect(await t.services.chargebacks.owedBy([who.uid])).toEqual(new Map());
    // Owing nothing, the next deposit is the player's whole.
    await deposit(who, '10');
    await t.services.jobs.drain();
    expect(await balance(who)).toBe('30.00');
    await ledgerHolds();
    await reconciliationMatches();
  });

  it('moves nothing twice for a replayed notice, refuses a forged one, and answers a notice it cannot apply without a 500', async () => {
    const who = await player();
    const paid = await deposit(who, '80');
    const forged = await callback({ event_id: `cb-forged-${who.uid}`, payment_id: paid, provider_ref: 'dpc_forged', status: 'chargeback', amount: '8000', currency: 'EUR' }, 'not-the-provider-secret-not-the-provider-secret');
    expect(forged.status).toBe(401);
    expect(await balance(who)).toBe('80.00');
    expect(await chargebacksOf(paid)).toEqual([]);

    const sent = await t.services.demoPsp.chargeback(paid);
    if (!sent.ok) throw new Error(sent.reason);
    expect(await balance(who)).toBe('0.00');
    // The provider sends the same notice again (its retry): the same body, a fresh signature.
    const notice = { event_id: `${sent.ref}:chargeback`, payment_id: paid, provider_ref: sent.ref, status: 'chargeback', amount: '8000', currency: 'EUR' };
    const again = await callback(notice);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { result: string }).result).toBe('duplicate');
    // The same notice straight to the module (an adapter delivering it twice): its first record.
    const direct = await t.services.chargebacks.recordChargeback(undefined, { provider: 'demo', paymentPublicId: paid, providerRef: sent.ref, eventId: notice.event_id, amount: 8000n, currency: 'EUR' });
    expect(direct.replayed).toBe(true);
    expect(await chargebacksOf(paid)).toHaveLength(1);

    // A new notice for what was already taken back: nothing left, nothing moves, the provider is told why.
    const more = await callback({ ...notice, event_id: `cb-more-${who.uid}` });
    expect(more.status).toBe(200);
    expect(((await more.json()) as { result: string }).result).toMatch(/^refused: At most 0\.00 EUR is left/);
    expect(await chargebacksOf(paid)).toHaveLength(1);
    await ledgerHolds();
    await reconciliationMatches();
  });

  it("charges back through the demo provider's signed back-office endpoint, as npm run ops -- payment:chargeback does", async () => {
    const who = await player();
    const paid = await deposit(who, '25');
    const post = (secret: string) => {
      const raw = JSON.stringify({ payment_id: paid });
      return t.app.request(`${TEST_ORIGIN}/psp/demo/chargeback`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) } });
    };
    expect((await post('not-the-provider-secret-not-the-provider-secret')).status).toBe(401);
    expect(await balance(who)).toBe('25.00');
    const done = await post(t.env.PSP_DEMO_SECRET!);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ result: 'charged back', ref: expect.stringMatching(/^dpc_/) });
    expect(await balance(who)).toBe('0.00');
    expect((await post(t.env.PSP_DEMO_SECRET!)).status).toBe(422);
    await ledgerHolds();
    await reconciliationMatches();
  });

  it('refuses, naming the field, a notice for a deposit not settled, in another currency, or over what is left', async () => {
    const who = await player();
    const pending = await deposit(who, '40', 'pending');
    const refused = await callback({ event_id: `cb-pending-${who.uid}`, payment_id: pending, provider_ref: 'dpc_pending', status: 'chargeback', amount: '4000', currency: 'EUR' });
    expect(((await refused.json()) as { result: string }).result).toMatch(/only a settled deposit can be charged back/);

    const paid = await deposit(who, '50');
    const record = (amount: bigint, currency = 'EUR', eventId = `cb-${who.uid}-${amount}-${currency}`) =>
      t.services.chargebacks.recordChargeback(undefined, { provider: 'demo', paymentPublicId: paid, eventId, amount, currency, providerRef: null }).then(
        () => null,
        (error: unknown) => (error instanceof AppError ? { fields: error.fields, status: error.status } : error),
      );
    expect(await record(1000n, 'USD')).toMatchObject({ fields: { currency: expect.stringContaining('in EUR, not USD') }, status: 422 });
    expect(await record(5001n)).toMatchObject({ fields: { amount: 'At most 50.00 EUR is left of deposit ' + paid }, status: 422 });
    expect(await t.services.chargebacks.recordChargeback(undefined, { provider: 'skrill', paymentPublicId: paid, eventId: 'x', amount: 100n, currency: 'EUR' }).catch((error: AppError) => error.fields)).toEqual({
      payment_id: `Deposit ${paid} not found at skrill`,
    });
    // A part of it (an adapter whose notices may be partial): 20 now, then the rest; never past the deposit.
    expect(await record(2000n)).toBeNull();
    expect(await record(3000n)).toBeNull();
    expect(await record(1n)).toMatchObject({ fields: { amount: expect.stringContaining('At most 0.00 EUR') } });
    expect(await balance(who)).toBe('0.00');
    await ledgerHolds();
  });
});
