import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { createSkrillStandIn, type SkrillStandIn } from './skrill-stand-in.ts';

/** Skrill's adapter against the local stand-in over real HTTP (docs/payments.md, "Skrill"). */
const MERCHANT = { merchantEmail: 'merchant@croupier.test', merchantId: '100005', secretWord: 'stand-in-secret-word', mqiPassword: 'stand-in-mqi-password' };

let t: TestApp;
let skrill: SkrillStandIn;
beforeAll(async () => {
  // The stand-in posts its notices to the app in-process (the test app listens on no port).
  skrill = createSkrillStandIn({
    ...MERCHANT,
    deliver: async (url, body) => {
      const response = await t.app.request(`${TEST_ORIGIN}${new URL(url).pathname}`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      return { status: response.status };
    },
  });
  const urls = await skrill.start();
  t = await createTestApp({
    SKRILL_MERCHANT_EMAIL: MERCHANT.merchantEmail,
    SKRILL_MERCHANT_ID: MERCHANT.merchantId,
    SKRILL_SECRET_WORD: MERCHANT.secretWord,
    SKRILL_MQI_PASSWORD: MERCHANT.mqiPassword,
    SKRILL_CHECKOUT_URL: urls.checkoutUrl,
    SKRILL_API_URL: urls.apiUrl,
    SKRILL_TIMEOUT_MS: '2000',
  });
});
afterAll(async () => {
  await t.close();
  await skrill.stop();
});

let counter = 0;
type Client = { cookie: string; ip: string; uid: number };

async function player(): Promise<Client> {
  const ip = `10.34.${Math.floor(++counter / 250)}.${counter % 250}`;
  const answer = await t.call('register', { body: { email: `skrill.${Date.now()}.${counter}@example.com`, password: 'secret12', terms: '1', currency: 'EUR' }, headers: { 'x-croupier-client-ip': ip } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return { cookie: answer.headers.getSetCookie().map((value) => value.split(';')[0]).join('; '), ip, uid: (answer.json.data as { uid: number }).uid };
}
const call = (who: Client, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) =>
  t.call(method, { ...options, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
const balance = async (who: Client) => ((await call(who, 'getBalance')).json.data as { balance_main: { amount: string } }).balance_main.amount;
const info = async (who: Client, id: string) => (await call(who, 'cashier/getdepositinfo', { query: { id } })).json.data as { status: string; failure: { type: string } | null };
const ledgerHolds = async () => expect((await t.services.ledger.verify()).problems).toEqual([]);

/** Starts a Skrill deposit: the adapter prepares it at the stand-in, the player is sent there. */
async function startDeposit(who: Client, amount: string) {
  const started = await call(who, 'cashier/makedeposit', { body: { method: 'skrill', amount, 'requisites[wallet_email]': 'player@example.com' } });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const { transaction_id, redirect_url } = started.json.data as { transaction_id: string; redirect_url: string };
  return { id: transaction_id, redirect: redirect_url };
}

/** The player's part on the stand-in's hosted page. */
async function choose(redirect: string, outcome: 'pay' | 'decline' | 'pending' | 'cancel') {
  const page = await fetch(redirect);
  expect(page.status).toBe(200);
  const sid = new URL(redirect).searchParams.get('sid')!;
  const answer = await fetch(new URL('/pay', redirect), { method: 'POST', body: new URLSearchParams({ sid, outcome }), redirect: 'manual' });
  expect(answer.status).toBe(303);
  return answer.headers.get('location')!;
}

const postNotice = (fields: Record<string, string> | string) =>
  t.app.request(`${TEST_ORIGIN}/platform/payments/callback/skrill`, { method: 'POST', body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

async function depositSettled(who: Client, amount: string) {
  const { id, redirect } = await startDeposit(who, amount);
  await choose(redirect, 'pay');
  return id;
}

describe('Skrill deposits (Quick Checkout against the stand-in)', () => {
  it('routes the skrill method to Skrill and the others to the demo provider', async () => {
    const who = await player();
    const settings = (await call(who, 'cashier/getdepositsettings')).json.data as { methods: Array<{ sysname: string }> };
    expect(settings.methods.map((method) => method.sysname)).toEqual(['card', 'sepa', 'skrill']);
    const { redirect } = await startDeposit(who, '25');
    expect(new URL(redirect).searchParams.get('sid')).toMatch(/^[0-9a-f]{32}$/);
    expect(new URL(redirect).origin).toBe(new URL(t.env.SKRILL_CHECKOUT_URL).origin);
    const card = await call(who, 'cashier/makedeposit', { body: { method: 'card', amount: '10' } });
    expect((card.json.data as { redirect_url: string }).redirect_url).toMatch(/^\/psp\/demo\/pay\//);
  });

  it('credits a processed payment once and sends the player back to the success page', async () => {
    const who = await player();
    const { id, redirect } = await startDeposit(who, '40');
    const location = await choose(redirect, 'pay');
    expect(new URL(location).pathname).toBe(`/cashier/paysuccess/${id}`);
    expect(await balance(who)).toBe('40.00');
    expect((await info(who, id)).status).toBe('success');
    const [row] = (await t.services.payments.admin.listDeposits({ reference: id }, { by: 'created_at', dir: 'desc' }, { limit: 1, offset: 0 })).items;
    expect(row).toMatchObject({ provider: 'skrill', providerRef: skrill.sessionOf(id)!.mbTransactionId });
    await ledgerHolds();
  });

  it('closes a failed (-2) or cancelled (-1) payment without money', async () => {
    const who = await player();
    const failed = await startDeposit(who, '30');
    await choose(failed.redirect, 'decline');
    expect(await info(who, failed.id)).toMatchObject({ status: 'failed', failure: { type: 'BillingTransactionDeclinedException' } });
    const cancelled = await startDeposit(who, '30');
    expect(new URL(await choose(cancelled.redirect, 'cancel')).pathname).toBe('/cashier/paycancel');
    expect((await info(who, cancelled.id)).status).toBe('cancelled');
    expect(await balance(who)).toBe('0.00');
    await ledgerHolds();
  });

  it('waits on pending (0), then credits when Skrill processes it', async () => {
    const who = await player();
    const { id, redirect } = await startDeposit(who, '55');
    await choose(redirect, 'pending');
    expect((await info(who, id)).status).toBe('pending');
    expect(await balance(who)).toBe('0.00');
    expect(await skrill.notify(id, '2')).toBe(200);
    expect((await info(who, id)).status).toBe('success');
    expect(await balance(who)).toBe('55.00');
    await ledgerHolds();
  });

  it('refuses a forged signature, another merchant, and another amount or currency, crediting nothing', async () => {
    const who = await player();
    const { id } = await startDeposit(who, '60');
    const session = skrill.sessionOf(id)!;
    expect((await postNotice(skrill.noticeFields(session, '2', { md5sig: 'F'.repeat(32) }))).status).toBe(401);
    // Signed with another secret word: what someone without ours would make.
    const forged = createSkrillStandIn({ ...MERCHANT, secretWord: 'not-our-secret-word' }).noticeFields(session, '2');
    expect((await postNotice(forged)).status).toBe(401);
    // An unsigned field changed after signing.
    expect((await postNotice({ ...skrill.noticeFields(session, '2'), mb_amount: '6000.00' })).status).toBe(401);
    expect((await postNotice(skrill.noticeFields(session, '2', { merchant_id: '999999' }))).status).toBe(401);
    // Correctly signed, but not what the transaction is for.
    expect((await postNotice(skrill.noticeFields(session, '2', { mb_amount: '6.00' }))).status).toBe(422);
    expect((await postNotice(skrill.noticeFields(session, '2', { mb_currency: 'USD' }))).status).toBe(422);
    expect((await postNotice(skrill.noticeFields(session, '2', { transaction_id: 'dep_unknownunknown' }))).status).toBe(404);
    expect((await postNotice('not a form at all')).status).toBe(401);
    expect(await balance(who)).toBe('0.00');
    expect((await info(who, id)).status).toBe('created');
    await ledgerHolds();
  });

  it('moves nothing twice for a replayed notice (Skrill resends until it gets 200)', async () => {
    const who = await player();
    const id = await depositSettled(who, '70');
    const answers = await Promise.all(Array.from({ length: 8 }, () => skrill.notify(id, '2')));
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(await balance(who)).toBe('70.00');
    await ledgerHolds();
  });

  it('credits a late processed notice after the session was cancelled (timed out), once', async () => {
    const who = await player();
    const { id, redirect } = await startDeposit(who, '35');
    await choose(redirect, 'cancel');
    expect((await info(who, id)).status).toBe('cancelled');
    expect(await skrill.notify(id, '2')).toBe(200);
    expect(await skrill.notify(id, '2')).toBe(200);
    expect((await info(who, id)).status).toBe('success');
    expect(await balance(who)).toBe('35.00');
    await ledgerHolds();
  });

  it('answers BillingUnavailableException when Skrill is down, keeping the deposit as failed', async () => {
    const who = await player();
    skrill.state.down = true;
    try {
      const started = await call(who, 'cashier/makedeposit', { body: { method: 'skrill', amount: '20', 'requisites[wallet_email]': 'player@example.com' } });
      expect(started.json.error?.type).toBe('BillingUnavailableException');
    } finally {
      skrill.state.down = false;
    }
    const history = (await call(who, 'cashier/gethistory', { query: { type: 'deposit', offset: '0', count: '10' } })).json.data as { items: Array<{ status: string }> };
    expect(history.items.map((item) => item.status)).toEqual(['failed']);
    await ledgerHolds();
  });

  it('hands a chargeback notice (-3) to the chargeback hook, once', async () => {
    const who = await player();
    const id = await depositSettled(who, '45');
    expect(await skrill.notify(id, '-3')).toBe(200);
    expect(await skrill.notify(id, '-3')).toBe(200);
    expect(skrill.notices.at(-1)!.fields.status).toBe('-3');
    // Handed over once (the chargeback module moves its money: chargebacks.test.ts).
    const seen = await queryRows<{ status: string }>(t.database.db, sql`select e.status from payment_events e join payments p on p.id = e.payment_id where p.public_id = ${id} order by e.id`);
    expect(seen.map((row) => row.status)).toEqual(['success', 'chargeback']);
    await ledgerHolds();
  });
});

describe('Skrill payouts (money-transfer API against the stand-in)', () => {
  async function withdrawal(who: Client, amount: string, wallet = 'winner@example.com') {
    const answer = await call(who, 'cashier/makewithdrawal', { body: { method: 'skrill', amount, 'requisites[wallet_email]': wallet } });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return (answer.json.data as { transaction_id: string }).transaction_id;
  }
  const status = async (id: string) => (await t.services.payments.admin.byPublicId(id))!.status;

  it('pays out through prepare and transfer, with our id as frn_trn_id, once', async () => {
    const who = await player();
    await depositSettled(who, '100');
    const id = await withdrawal(who, '60');
    const result = await t.services.payments.approveWithdrawalBy(id);
    expect(result.outcome).toBe('paid');
    expect(skrill.transfers.filter((transfer) => transfer.frnTrnId === id)).toEqual([expect.objectContaining({ bnfEmail: 'winner@example.com', amount: '60.00', currency: 'EUR' })]);
    expect(await status(id)).toBe('approved');
    expect(await balance(who)).toBe('40.00');
    await ledgerHolds();
  });

  it("returns the money with Skrill's reason when it refuses the transfer", async () => {
    const who = await player();
    await depositSettled(who, '100');
    const denied = await withdrawal(who, '30', 'someone@blocked.skrill.test');
    expect(await t.services.payments.approveWithdrawalBy(denied)).toMatchObject({ outcome: 'refused', reason: 'refused by the provider: Skrill: PAYMENT_DENIED' });
    skrill.state.balance.EUR = 10;
    try {
      const poor = await withdrawal(who, '50');
      expect(await t.services.payments.approveWithdrawalBy(poor)).toMatchObject({ outcome: 'refused', reason: 'refused by the provider: Skrill: BALANCE_NOT_ENOUGH' });
    } finally {
      skrill.state.balance.EUR = 100_000;
    }
    expect(await balance(who)).toBe('100.00');
    await ledgerHolds();
  });

  it('returns the money, saying why, when Skrill is down before anything was paid', async () => {
    const who = await player();
    await depositSettled(who, '100');
    const id = await withdrawal(who, '25');
    skrill.state.down = true;
    try {
      const result = await t.services.payments.approveWithdrawalBy(id);
      expect(result).toMatchObject({ outcome: 'refused' });
      expect((result as { reason: string }).reason).toMatch(/provider unavailable: Skrill answered HTTP 503/);
    } finally {
      skrill.state.down = false;
    }
    expect(await status(id)).toBe('declined');
    expect(await balance(who)).toBe('100.00');
    // The player hears of it: the withdrawal's event carries the reason.
    const history = (await call(who, 'cashier/gethistory', { query: { type: 'withdrawal', offset: '0', count: '10' } })).json.data as { items: Array<{ id: string; status: string }> };
    expect(history.items.find((item) => item.id === id)?.status).toBe('declined');
    await ledgerHolds();
  });

  it('keeps a payout whose transfer went unanswered processing, and the job runner books it once Skrill answers', async () => {
    const who = await player();
    await depositSettled(who, '100');
    const id = await withdrawal(who, '80');
    skrill.state.dropTransferAnswers = 1;
    const result = await t.services.payments.approveWithdrawalBy(id);
    expect(result.outcome).toBe('retrying');
    expect(await status(id)).toBe('processing');
    expect(await balance(who)).toBe('20.00');
    // Skrill is down when the job first asks again: still unknown, the job fails and is retried.
    skrill.state.down = true;
    await expect(t.services.payments.recheckPayout(id)).rejects.toThrow(/does not confirm/);
    expect(await status(id)).toBe('processing');
    skrill.state.down = false;
    // Skrill made the transfer the first time: asked again, it answers ALREADY_EXECUTED.
    expect(await t.services.payments.recheckPayout(id)).toBe('paid');
    expect(await status(id)).toBe('approved');
    expect(skrill.transfers.filter((transfer) => transfer.frnTrnId === id)).toHaveLength(1);
    expect(await t.services.payments.recheckPayout(id)).toMatch(/nothing to do/);
    expect(await balance(who)).toBe('20.00');
    await ledgerHolds();
  });

  it('has the job queued for the retry', async () => {
    const who = await player();
    await depositSettled(who, '50');
    const id = await withdrawal(who, '20');
    skrill.state.dropTransferAnswers = 1;
    expect((await t.services.payments.approveWithdrawalBy(id)).outcome).toBe('retrying');
    expect(await queryRows(t.database.db, sql`select key from jobs where key = ${`payments.payout-check:${id}`}`)).toHaveLength(1);
    expect(await t.services.payments.recheckPayout(id)).toBe('paid');
    await ledgerHolds();
  });
});
