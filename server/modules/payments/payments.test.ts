import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { signBody } from './signature.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PSP_DEMO_SECRET: 'psp-test-secret-psp-test-secret-0123456' });
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
type Client = { cookie: string; ip: string; uid: number };

async function player(currency = 'EUR'): Promise<Client> {
  const ip = `10.9.${Math.floor(++counter / 250)}.${counter % 250}`;
  const answer = await t.call('register', {
    body: { email: `pay.${Date.now()}.${counter}@example.com`, password: 'secret12', terms: '1', currency },
    headers: { 'x-croupier-client-ip': ip },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const cookie = answer.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  return { cookie, ip, uid: (answer.json.data as { uid: number }).uid };
}

const as = (who: Client) => ({ cookie: who.cookie, 'x-croupier-client-ip': who.ip });
const call = (who: Client, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) =>
  t.call(method, { ...options, headers: as(who) });

const balance = async (who: Client) => ((await call(who, 'getBalance')).json.data as { balance_main: { amount: string } }).balance_main.amount;

/** Plays the player's part on the provider's page: submits the chosen outcome. */
async function payOnProviderPage(redirectUrl: string, outcome: 'success' | 'fail' | 'pending' | 'cancel') {
  const page = await t.app.request(`${TEST_ORIGIN}${redirectUrl}`);
  expect(page.status).toBe(200);
  const form = new FormData();
  form.set('outcome', outcome);
  const answer = await t.app.request(`${TEST_ORIGIN}${redirectUrl}`, { method: 'POST', body: form });
  expect(answer.status).toBe(303);
  return { location: answer.headers.get('location')!, html: await page.text() };
}

async function deposit(who: Client, amount: string, outcome: 'success' | 'fail' | 'pending' | 'cancel' = 'success') {
  const started = await call(who, 'cashier/makedeposit', { body: { method: 'card', amount } });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const { transaction_id, redirect_url } = started.json.data as { transaction_id: string; redirect_url: string };
  const { location, html } = await payOnProviderPage(redirect_url, outcome);
  return { transaction_id, redirect_url, location, html };
}

const callback = (body: object | string, options: { secret?: string; timestamp?: number } = {}) => {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return t.app.request(`${TEST_ORIGIN}/platform/payments/callback/demo`, {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json', 'x-signature': signBody(options.secret ?? t.env.PSP_DEMO_SECRET!, raw, options.timestamp) },
  });
};

async function ledgerHolds() {
  expect((await t.services.ledger.verify()).problems).toEqual([]);
}

describe('deposits through the demo provider', () => {
  it('credits the main balance once the provider confirms, and sends the player to the success page', async () => {
    const who = await player();
    const { transaction_id, location, html } = await deposit(who, '100');
    expect(html).toContain('€100.00');
    expect(location).toBe(`/cashier/paysuccess/${transaction_id}`);
    expect(await balance(who)).toBe('100.00');
    const info = await call(who, 'cashier/getdepositinfo', { query: { id: transaction_id } });
    expect(info.json.data).toMatchObject({ id: transaction_id, type: 'deposit', method: 'card', status: 'success', amount: { amount: '100.00', currency: 'EUR' } });
    await ledgerHolds();
  });

  it('does not credit a declined or cancelled payment, and sends the player to its page', async () => {
    const who = await player();
    const declined = await deposit(who, '50', 'fail');
    expect(declined.location).toBe(`/cashier/payfail/${declined.transaction_id}`);
    const cancelled = await deposit(who, '50', 'cancel');
    expect(cancelled.location).toBe('/cashier/paycancel');
    expect(await balance(who)).toBe('0.00');
    // Sending the form again changes nothing.
    const form = new FormData();
    form.set('outcome', 'success');
    await t.app.request(`${TEST_ORIGIN}${declined.redirect_url}`, { method: 'POST', body: form });
    expect(await balance(who)).toBe('0.00');
  });

  it('credits a pending payment when the provider settles it later', async () => {
    const who = await player();
    const pending = await deposit(who, '40', 'pending');
    expect(pending.location).toBe(`/cashier/paypending/${pending.transaction_id}`);
    expect(await balance(who)).toBe('0.00');
    expect(await t.services.demoPsp.settle(pending.transaction_id, 'success')).toBe(true);
    expect(await balance(who)).toBe('40.00');
    await ledgerHolds();
  });

  it('credits a callback replayed 10 times once', async () => {
    const who = await player();
    const started = await call(who, 'cashier/makedeposit', { body: { method: 'card', amount: '25' } });
    const { transaction_id } = started.json.data as { transaction_id: string };
    const body = { event_id: 'evt-replay', payment_id: transaction_id, provider_ref: 'ref', status: 'success', amount: '2500', currency: 'EUR' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => callback(body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    // Even a new event id for the same payment cannot credit it twice.
    expect((await callback({ ...body, event_id: 'evt-other' })).status).toBe(200);
    expect(await balance(who)).toBe('25.00');
    await ledgerHolds();
  });

  it('refuses callbacks with a bad signature, an old timestamp, an unknown payment or another amount, crediting nothing', async () => {
    const who = await player();
    const started = await call(who, 'cashier/makedeposit', { body: { method: 'card', amount: '30' } });
    const { transaction_id } = started.json.data as { transaction_id: string };
    const body = { event_id: 'evt-bad', payment_id: transaction_id, provider_ref: 'ref', status: 'success', amount: '3000', currency: 'EUR' };
    expect((await callback(body, { secret: 'someone-else-someone-else-someone-else' })).status).toBe(401);
    expect((await callback(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(401);
    const unsigned = await t.app.request(`${TEST_ORIGIN}/platform/payments/callback/demo`, { method: 'POST', body: JSON.stringify(body) });
    expect(unsigned.status).toBe(401);
    expect((await callback({ ...body, payment_id: 'dep_unknownunknown' })).status).toBe(404);
    expect((await callback({ ...body, amount: '300000' })).status).toBe(422);
    expect((await callback({ ...body, currency: 'USD' })).status).toBe(422);
    expect((await callback('{not json')).status).toBe(401);
    expect(await balance(who)).toBe('0.00');
  });

  it.each([
    ['-5'],
    ['0'],
    ['05'],
    ['10.5'],
    ['9'],
    ['5001'],
    ['99999999999999999999'],
    ['1e3'],
  ])('refuses the amount %s naming the field with both bounds, and starts nothing', async (amount) => {
    const who = await player();
    const answer = await call(who, 'cashier/makedeposit', { body: { method: 'card', amount } });
    expect(answer.status).toBe(422);
    expect(answer.json.error?.fields).toEqual({ amount: 'Enter a whole amount from €10.00 to €5,000.00' });
    expect((await call(who, 'cashier/gethistory')).json.data).toMatchObject({ total: 0 });
  });

  it('refuses unknown methods, bad requisites, and another player’s transaction', async () => {
    const who = await player();
    expect((await call(who, 'cashier/makedeposit', { body: { method: 'gold-bars', amount: '100' } })).json.error?.fields).toEqual({ method: 'This payment method is not available' });
    const skrill = await call(who, 'cashier/makedeposit', { body: { method: 'skrill', amount: '100', 'requisites[wallet_email]': 'nope' } });
    expect(skrill.json.error?.fields).toEqual({ 'requisites.wallet_email': 'Wrong email address' });
    const mine = await deposit(who, '20');
    const other = await player();
    const peek = await call(other, 'cashier/getdepositinfo', { query: { id: mine.transaction_id } });
    expect(peek.status).toBe(404);
    expect((await call(other, 'cashier/getdepositinfo', { query: { id: "dep_' or 1=1 --" } })).status).toBe(422);
    expect((await t.call('cashier/makedeposit', { body: { method: 'card', amount: '100' } })).status).toBe(401);
  });

  it('keeps the account currency for money, and the currency fixed after the first deposit', async () => {
    const who = await player('GBP');
    const settings = await call(who, 'cashier/getdepositsettings');
    expect(settings.json.data).toMatchObject({ currency: 'GBP', amounts: [20, 50, 100, 200] });
    expect((await call(who, 'setCurrency', { body: { currency: 'USD' } })).json.data).toBe(1);
    expect((await call(who, 'setCurrency', { body: { currency: 'GBP' } })).json.data).toBe(1);
    await deposit(who, '100');
    expect((await call(who, 'getBalance')).json.data).toMatchObject({ balance_main: { amount: '100.00', currency: 'GBP' } });
    const locked = await call(who, 'setCurrency', { body: { currency: 'EUR' } });
    expect(locked.json.error?.fields).toEqual({ currency: 'The currency can no longer be changed' });
  });
});

describe('deposit limits', () => {
  it('applies a decrease at once, an increase after 24 hours, and refuses deposits past it', async () => {
    const who = await player();
    expect((await call(who, 'getDepositLimit')).json.data).toMatchObject({ period: 'none', limit_amount: null });
    const set = await call(who, 'setDepositLimit', { body: { period: 'day', amount: '100' } });
    expect(set.json.data).toMatchObject({ period: 'day', limit_amount: { amount: '100.00' }, available_amount: { amount: '100.00' } });
    await deposit(who, '80');
    const over = await call(who, 'cashier/makedeposit', { body: { method: 'card', amount: '30' } });
    expect(over.status).toBe(409);
    expect(over.json.error?.type).toBe('BillingDepositLimitExceededException');
    expect(over.json.error?.message).toMatch(/up to €20.00/);
    const raised = await call(who, 'setDepositLimit', { body: { period: 'day', amount: '500' } });
    expect(raised.json.data).toMatchObject({ limit_amount: { amount: '100.00' }, pending: { period: 'day', limit_amount: { amount: '500.00' } } });
    const lowered = await call(who, 'setDepositLimit', { body: { period: 'day', amount: '90' } });
    expect(lowered.json.data).toMatchObject({ limit_amount: { amount: '90.00' }, available_amount: { amount: '10.00' }, pending: null });
    const later = await t.services.payments.getDepositLimit({ uid: who.uid, currency: 'EUR', isKycBlockEnabled: false, isVerified: false });
    expect(later.period).toBe('day');
    expect((await call(who, 'setDepositLimit', { body: { period: 'year', amount: '10' } })).status).toBe(422);
  });
});

describe('withdrawals', () => {
  const bank = { method: 'bank_transfer', 'requisites[iban]': 'FR14 2004 1010 0505 0001 3M02 606', 'requisites[account_holder]': "Ann O'Neil" };

  it('reserves the amount, lets the player cancel it, and lists both movements', async () => {
    const who = await player();
    const paid = await deposit(who, '100');
    const request = await call(who, 'cashier/makewithdrawal', { body: { ...bank, amount: '30' } });
    expect(request.status, JSON.stringify(request.json)).toBe(200);
    const { transaction_id } = request.json.data as { transaction_id: string };
    expect(await balance(who)).toBe('70.00');
    const history = await call(who, 'cashier/gethistory', { query: { type: 'all' } });
    expect(history.json.data).toMatchObject({ total: 2, items: [{ id: transaction_id, type: 'withdrawal', status: 'requested', requisites: { iban: 'FR14 •••• 2606' } }, { id: paid.transaction_id, type: 'deposit' }] });
    expect((await call(who, 'cashier/cancelwithdrawal', { body: { id: transaction_id } })).json.data).toBe(1);
    expect(await balance(who)).toBe('100.00');
    expect((await call(who, 'cashier/cancelwithdrawal', { body: { id: transaction_id } })).json.error?.fields).toEqual({ id: 'This withdrawal can no longer be cancelled' });
    await ledgerHolds();
  });

  it('pays out on approval, returns the money on decline', async () => {
    const who = await player();
    await deposit(who, '200');
    const first = (await call(who, 'cashier/makewithdrawal', { body: { ...bank, amount: '50' } })).json.data as { transaction_id: string };
    const second = (await call(who, 'cashier/makewithdrawal', { body: { ...bank, amount: '60' } })).json.data as { transaction_id: string };
    expect(await t.services.payments.approveWithdrawal(first.transaction_id)).toBe('paid out');
    await t.services.payments.declineWithdrawal(second.transaction_id);
    expect(await balance(who)).toBe('150.00');
    const cancel = await call(who, 'cashier/cancelwithdrawal', { body: { id: first.transaction_id } });
    expect(cancel.status).toBe(422);
    expect(await t.services.ledger.houseBalance('payout_clearing', 'EUR')).toBeGreaterThanOrEqual(5000n);
    await ledgerHolds();
    // Each movement wrote its outbox event in its own transaction, with the main balance after it.
    const events = await queryRows<{ type: string; status: string; amount: string; balance: string }>(
      t.services.database.db,
      sql`select type, payload->>'status' as status, payload->>'amount' as amount, payload->>'balanceAfter' as balance
          from outbox_events where user_id = ${who.uid} and type like 'cashier.%' order by id`,
    );
    expect(events).toEqual([
      { type: 'cashier.deposit', status: 'success', amount: '20000', balance: '20000' },
      { type: 'cashier.withdrawal', status: 'requested', amount: '5000', balance: '15000' },
      { type: 'cashier.withdrawal', status: 'requested', amount: '6000', balance: '9000' },
      { type: 'cashier.withdrawal', status: 'approved', amount: '5000', balance: '9000' },
      { type: 'cashier.withdrawal', status: 'declined', amount: '6000', balance: '15000' },
    ]);
  });

  it('refuses more than the balance, bad requisites, and a KYC-blocked unverified account', async () => {
    const who = await player();
    await deposit(who, '20');
    expect((await call(who, 'cashier/makewithdrawal', { body: { ...bank, amount: '25' } })).json.error?.fields).toEqual({ amount: 'Not enough money on your balance' });
    const badIban = await call(who, 'cashier/makewithdrawal', { body: { ...bank, 'requisites[iban]': 'FR00 1234', amount: '20' } });
    expect(badIban.json.error?.fields).toEqual({ 'requisites.iban': 'Wrong iban' });
    await t.database.db.execute(sql`update users set is_kyc_block_enabled = true where id = ${who.uid}`);
    const kyc = await call(who, 'cashier/makewithdrawal', { body: { ...bank, amount: '20' } });
    expect(kyc.status).toBe(409);
    expect(kyc.json.error?.type).toBe('KycWithdrawalException');
    expect(await balance(who)).toBe('20.00');
  });

  it.each([['-5'], ['0'], ['020'], ['20.5'], ['19'], ['10001'], ['99999999999999999999'], ['abc']])(
    'refuses the withdrawal amount %s naming the field, reserving nothing',
    async (amount) => {
      const who = await player();
      await deposit(who, '100');
      const answer = await call(who, 'cashier/makewithdrawal', { body: { ...bank, amount } });
      expect(answer.status).toBe(422);
      expect(answer.json.error?.fields).toEqual({ amount: 'Enter a whole amount from €20.00 to €10,000.00' });
      expect(await balance(who)).toBe('100.00');
    },
  );

  it("refuses to cancel another player's withdrawal, changing nothing", async () => {
    const owner = await player();
    await deposit(owner, '100');
    const { transaction_id } = (await call(owner, 'cashier/makewithdrawal', { body: { ...bank, amount: '40' } })).json.data as { transaction_id: string };
    const stranger = await player();
    const answer = await call(stranger, 'cashier/cancelwithdrawal', { body: { id: transaction_id } });
    expect(answer.status).toBe(404);
    expect(await balance(owner)).toBe('60.00');
    expect((await call(owner, 'cashier/gethistory', { query: { type: 'withdrawal' } })).json.data).toMatchObject({ items: [{ status: 'requested' }] });
  });

  it('refuses unknown methods and malformed history queries', async () => {
    const who = await player();
    expect((await call(who, 'cashier/makewithdrawal', { body: { method: 'cash-in-envelope', amount: '50' } })).json.error?.fields).toEqual({ method: 'This payment method is not available' });
    expect((await call(who, 'cashier/gethistory', { query: { type: 'everything' } })).status).toBe(422);
    expect((await call(who, 'cashier/gethistory', { query: { count: '100000' } })).status).toBe(422);
    expect((await call(who, 'cashier/gethistory', { query: { offset: '-1' } })).status).toBe(422);
  });

  it('limits withdrawals per day', async () => {
    const who = await player();
    await deposit(who, '5000');
    await deposit(who, '5000');
    await deposit(who, '2000');
    expect((await call(who, 'cashier/makewithdrawal', { body: { ...bank, amount: '9990' } })).status).toBe(200);
    const over = await call(who, 'cashier/makewithdrawal', { body: { ...bank, amount: '20' } });
    expect(over.json.error?.type).toBe('WithdrawalLimitsExceededException');
  });

  it('lets only one of two racing withdrawals reserve the same money', async () => {
    const who = await player();
    await deposit(who, '100');
    const [a, b] = await Promise.all([
      call(who, 'cashier/makewithdrawal', { body: { ...bank, amount: '80' } }),
      call(who, 'cashier/makewithdrawal', { body: { ...bank, amount: '80' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    expect(await balance(who)).toBe('20.00');
    await ledgerHolds();
  });

  it('keeps every balance equal to its postings under 50 concurrent deposits, withdrawals and cancellations', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => player()));
    await Promise.all(players.map((who) => deposit(who, '500')));
    const requested = await Promise.all(players.map((who) => call(who, 'cashier/makewithdrawal', { body: { ...bank, amount: '100' } })));
    const ids = requested.map((answer) => (answer.json.data as { transaction_id: string }).transaction_id);
    const work = Array.from({ length: 50 }, (_, index) => {
      const who = players[index % players.length];
      if (index % 3 === 0) return deposit(who, '20');
      if (index % 3 === 1) return call(who, 'cashier/makewithdrawal', { body: { ...bank, amount: '45' } });
      return call(who, 'cashier/cancelwithdrawal', { body: { id: ids[index % players.length] } });
    });
    await Promise.allSettled(work);
    for (const who of players) {
      const [row] = await queryRows<{ main: string; hold: string }>(
        t.database.db,
        sql`select coalesce(sum(balance) filter (where kind = 'main'), 0)::text as main, coalesce(sum(balance) filter (where kind = 'withdrawal_hold'), 0)::text as hold
            from ledger_accounts where owner_type = 'player' and owner_id = ${String(who.uid)}`,
      );
      expect(BigInt(row.main)).toBeGreaterThanOrEqual(0n);
      const [open] = await queryRows<{ total: string }>(
        t.database.db,
        sql`select coalesce(sum(amount), 0)::text as total from payments where user_id = ${who.uid} and direction = 'withdrawal' and status = 'requested'`,
      );
      expect(row.hold).toBe(open.total);
    }
    await ledgerHolds();
  });
});
