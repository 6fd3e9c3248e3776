import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../platform/env.ts';
import { queryRows } from '../../platform/db/database.ts';
import { registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { eip55, validAddress } from './crypto-addresses.ts';
import { nowpaymentsSignature } from './nowpayments-provider.ts';
import { createNowPaymentsStandIn, type NowPaymentsStandIn } from './nowpayments-stand-in.ts';

/** NOWPayments' adapter against the local stand-in over real HTTP (docs/payments.md, "Crypto (NOWPayments)"). */
const ACCOUNT = { apiKey: 'stand-in-api-key', ipnSecret: 'stand-in-ipn-secret', email: 'merchant@croupier.test', password: 'stand-in-password', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let t: TestApp;
let np: NowPaymentsStandIn;
beforeAll(async () => {
  // The stand-in posts its IPNs to the app in-process (the test app listens on no port).
  np = createNowPaymentsStandIn({
    ...ACCOUNT,
    deliver: async (url, body, headers) => {
      const response = await t.app.request(`${TEST_ORIGIN}${new URL(url).pathname}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
      return { status: response.status };
    },
  });
  const { apiUrl } = await np.start();
  t = await createTestApp({
    NOWPAYMENTS_API_KEY: ACCOUNT.apiKey,
    NOWPAYMENTS_IPN_SECRET: ACCOUNT.ipnSecret,
    NOWPAYMENTS_API_URL: apiUrl,
    NOWPAYMENTS_PAYOUT_EMAIL: ACCOUNT.email,
    NOWPAYMENTS_PAYOUT_PASSWORD: ACCOUNT.password,
    NOWPAYMENTS_PAYOUT_TOTP_SECRET: ACCOUNT.totpSecret,
    NOWPAYMENTS_TIMEOUT_MS: '2000',
  });
});
afterAll(async () => {
  await t.close();
  await np.stop();
});

type Client = TestPlayer;
const player = () => registerPlayer(t, { tag: 'crypto' });
const call = (who: Client, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) =>
  t.call(method, { ...options, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
const balance = async (who: Client) => ((await call(who, 'getBalance')).json.data as { balance_main: { amount: string } }).balance_main.amount;
const info = async (who: Client, id: string) => ((await call(who, 'cashier/getdepositinfo', { query: { id } })).json.data as { status: string }).status;
const ledgerHolds = async () => expect((await t.services.ledger.verify()).problems).toEqual([]);
const events = async (id: string) =>
  (await queryRows<{ event_id: string; status: string }>(t.database.db, sql`select e.event_id, e.status from payment_events e join payments p on p.id = e.payment_id where p.public_id = ${id} order by e.id`));

async function startDeposit(who: Client, amount: string, method = 'crypto_btc') {
  const started = await call(who, 'cashier/makedeposit', { body: { method, amount } });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const { transaction_id, redirect_url } = started.json.data as { transaction_id: string; redirect_url: string };
  return { id: transaction_id, redirect: redirect_url };
}

/** The player's part on the stand-in's invoice page; the IPNs are sent before the answer. */
async function choose(redirect: string, outcome: 'pay' | 'part' | 'more' | 'expire') {
  const page = await fetch(redirect);
  expect(page.status).toBe(200);
  const iid = new URL(redirect).searchParams.get('iid')!;
  const answer = await fetch(new URL('/invoice/pay', redirect), { method: 'POST', body: new URLSearchParams({ iid, outcome }), redirect: 'manual' });
  expect(answer.status).toBe(303);
  return answer.headers.get('location')!;
}

const postIpn = (body: string, signature?: string) =>
  t.app.request(`${TEST_ORIGIN}/platform/payments/callback/nowpayments`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-nowpayments-sig': signature } : {}) },
  });

describe('wallet addresses per coin', () => {
  it('checks BTC base58check and bech32/bech32m, ETH EIP-55, USDT on TRON', () => {
    expect(validAddress('btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true);
    expect(validAddress('btc', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(validAddress('btc', BTC)).toBe(true);
    expect(validAddress('btc', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(true);
    expect(validAddress('btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(validAddress('btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toBe(false);
    expect(eip55(ETH.toLowerCase())).toBe(ETH);
    expect(validAddress('eth', ETH)).toBe(true);
    expect(validAddress('eth', ETH.toLowerCase())).toBe(true);
    expect(validAddress('eth', `${ETH.slice(0, -1)}D`)).toBe(false);
    expect(validAddress('usdttrc20', TRON)).toBe(true);
    expect(validAddress('usdttrc20', `${TRON.slice(0, -1)}u`)).toBe(false);
    expect(validAddress('usdttrc20', ETH)).toBe(false);
  });

  it('refuses a partial NOWPAYMENTS_ configuration at start, naming what is missing', () => {
    const base = { NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-0123' };
    expect(() => parseEnv({ ...base, NOWPAYMENTS_API_KEY: 'some-api-key' })).toThrow(/NOWPAYMENTS_IPN_SECRET: required/);
    expect(() => parseEnv({ ...base, NOWPAYMENTS_API_KEY: 'some-api-key', NOWPAYMENTS_IPN_SECRET: 'some-secret', NOWPAYMENTS_PAYOUT_EMAIL: 'a@example.com' })).toThrow(
      /NOWPAYMENTS_PAYOUT_PASSWORD, NOWPAYMENTS_PAYOUT_TOTP_SECRET: required/,
    );
    expect(parseEnv({ ...base, NOWPAYMENTS_API_KEY: 'some-api-key', NOWPAYMENTS_IPN_SECRET: 'some-secret' }).NOWPAYMENTS_API_URL).toBe('https://api.nowpayments.io');
  });
});

describe('NOWPayments deposits (invoices against the stand-in)', () => {
  it('offers one method per coin and sends the player to the hosted invoice, priced in the account currency', async () => {
    const who = await player();
    const settings = (await call(who, 'cashier/getdepositsettings')).json.data as { methods: Array<{ sysname: string }> };
    expect(settings.methods.map((method) => method.sysname)).toEqual(expect.arrayContaining(['crypto_btc', 'crypto_eth', 'crypto_usdt']));
    const { id, redirect } = await startDeposit(who, '100', 'crypto_eth');
    expect(new URL(redirect).origin).toBe(new URL(t.env.NOWPAYMENTS_API_URL).origin);
    const invoice = np.invoiceOf(id)!;
    expect(invoice).toMatchObject({ priceAmount: 100, priceCurrency: 'eur', payCurrency: 'eth', payAmount: 0.04 });
    expect(invoice.ipnUrl).toMatch(/\/platform\/payments\/callback\/nowpayments$/);
    await startDeposit(who, '30', 'crypto_usdt');
    expect(np.invoiceOf((await startDeposit(who, '30', 'crypto_usdt')).id)!.payCurrency).toBe('usdttrc20');
  });

  it('waits through the confirmations, then credits on finished, once', async () => {
    const who = await player();
    const { id, redirect } = await startDeposit(who, '50');
    np.state.confirmations = 3;
    try {
      expect(new URL(await choose(redirect, 'pay')).pathname).toBe(`/cashier/paysuccess/${id}`);
    } finally {
      np.state.confirmations = 2;
    }
    // waiting, confirming (each confirmation's notice is one event), confirmed, sending; then finished.
    expect((await events(id)).map((row) => row.status)).toEqual(['pending', 'pending', 'pending', 'pending', 'success']);
    expect(np.notices.filter((notice) => notice.body.order_id === id).map((notice) => notice.body.payment_status)).toEqual([
      'waiting',
      'confirming',
      'confirming',
      'confirming',
      'confirmed',
      'sending',
      'finished',
    ]);
    expect(await balance(who)).toBe('50.00');
    expect(await info(who, id)).toBe('success');
    await ledgerHolds();
  });

  it('keeps a deposit pending before finished: no credit while confirming', async () => {
    const who = await player();
    const { id } = await startDeposit(who, '40');
    expect(await np.notify(id, 'waiting')).toBe(200);
    expect(await np.notify(id, 'confirming', { actually_paid: np.invoiceOf(id)!.payAmount })).toBe(200);
    expect(await info(who, id)).toBe('pending');
    expect(await balance(who)).toBe('0.00');
    np.invoiceOf(id)!.actuallyPaid = np.invoiceOf(id)!.payAmount;
    expect(await np.notify(id, 'finished')).toBe(200);
    expect(await balance(who)).toBe('40.00');
    await ledgerHolds();
  });

  it('waits on a partial payment (nothing credited), and credits once the rest arrives', async () => {
    const who = await player();
    const { id, redirect } = await startDeposit(who, '60');
    await choose(redirect, 'part');
    expect(await info(who, id)).toBe('pending');
    expect(await balance(who)).toBe('0.00');
    expect((await events(id)).at(-1)).toMatchObject({ event_id: expect.stringMatching(/:partially_paid:0\.0006$/), status: 'pending' });
    // A "finished" that says less arrived than asked is not credited either.
    expect(await np.notify(id, 'finished')).toBe(200);
    expect(await balance(who)).toBe('0.00');
    // The player sends the rest.
    np.invoiceOf(id)!.actuallyPaid = np.invoiceOf(id)!.payAmount;
    expect(await np.notify(id, 'finished')).toBe(200);
    expect(await balance(who)).toBe('60.00');
    await ledgerHolds();
  });

  it('credits the invoice amount for an overpayment and records the rest for an operator', async () => {
    const who = await player();
    const { id, redirect } = await startDeposit(who, '100');
    await choose(redirect, 'more');
    expect(await balance(who)).toBe('100.00');
    expect((await events(id)).at(-1)).toMatchObject({ event_id: expect.stringMatching(/:finished:overpaid:0\.0002:btc$/), status: 'success' });
    await ledgerHolds();
  });

  it('fails an expired invoice without money, and still credits a late finished once', async () => {
    const who = await player();
    const { id, redirect } = await startDeposit(who, '25');
    expect(new URL(await choose(redirect, 'expire')).pathname).toBe('/cashier/paycancel');
    expect(await info(who, id)).toBe('failed');
    expect(await balance(who)).toBe('0.00');
    np.invoiceOf(id)!.actuallyPaid = np.invoiceOf(id)!.payAmount;
    expect(await np.notify(id, 'finished')).toBe(200);
    expect(await np.notify(id, 'finished')).toBe(200);
    expect(await balance(who)).toBe('25.00');
    await ledgerHolds();
  });

  it('refuses forged, altered and unsigned IPNs, and another amount or currency, crediting nothing', async () => {
    const who = await player();
    const { id } = await startDeposit(who, '80');
    const invoice = np.invoiceOf(id)!;
    invoice.paymentId = '777000111';
    invoice.actuallyPaid = invoice.payAmount;
    const body = np.noticeBody(invoice, 'finished');
    expect((await postIpn(JSON.stringify(body))).status).toBe(401);
    expect((await postIpn(JSON.stringify(body), 'f'.repeat(128))).status).toBe(401);
    expect((await postIpn(JSON.stringify(body), nowpaymentsSignature('not-our-ipn-secret', body))).status).toBe(401);
    expect((await postIpn(JSON.stringify({ ...body, actually_paid: 99 }), nowpaymentsSignature(ACCOUNT.ipnSecret, body))).status).toBe(401);
    expect((await postIpn('not json', nowpaymentsSignature(ACCOUNT.ipnSecret, body))).status).toBe(401);
    // Signed with our secret, but not what the deposit is for.
    expect(await np.notify(id, 'finished', { price_amount: 8 })).toBe(422);
    expect(await np.notify(id, 'finished', { price_currency: 'usd' })).toBe(422);
    expect(await np.notify(id, 'finished', { order_id: 'dep_unknownunknown' })).toBe(404);
    // The keys in another order sign the same: the signature is over the sorted body.
    const reversed = Object.fromEntries(Object.entries(body).reverse());
    expect((await postIpn(JSON.stringify(reversed), nowpaymentsSignature(ACCOUNT.ipnSecret, body))).status).toBe(200);
    expect(await balance(who)).toBe('80.00');
    await ledgerHolds();
  });

  it('moves nothing twice for replayed IPNs', async () => {
    const who = await player();
    const { id, redirect } = await startDeposit(who, '70');
    await choose(redirect, 'pay');
    const answers = await Promise.all(Array.from({ length: 8 }, () => np.notify(id, 'finished', { updated_at: '2026-01-01T00:00:00.000Z' })));
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(await balance(who)).toBe('70.00');
    expect((await events(id)).filter((row) => row.status === 'success')).toHaveLength(1);
    // A signed status we do not act on is acknowledged (or the processor would resend it for days) and moves nothing.
    expect(await np.notify(id, 'wrong_asset_confirmed')).toBe(200);
    expect(await balance(who)).toBe('70.00');
    // The processor refunding the payer takes the deposit back as a provider refund, once.
    expect(await np.notify(id, 'refunded')).toBe(200);
    expect(await np.notify(id, 'refunded')).toBe(200);
    expect(await balance(who)).toBe('0.00');
    await ledgerHolds();
  });

  it('answers BillingUnavailableException when NOWPayments is down, keeping the deposit as failed', async () => {
    const who = await player();
    np.state.down = true;
    try {
      const started = await call(who, 'cashier/makedeposit', { body: { method: 'crypto_btc', amount: '20' } });
      expect(started.json.error?.type).toBe('BillingUnavailableException');
    } finally {
      np.state.down = false;
    }
    const history = (await call(who, 'cashier/gethistory', { query: { type: 'deposit', offset: '0', count: '10' } })).json.data as { items: Array<{ status: string }> };
    expect(history.items.map((item) => item.status)).toEqual(['failed']);
    await ledgerHolds();
  });
});

describe('NOWPayments payouts (payout API against the stand-in)', () => {
  async function funded(amount: string) {
    const who = await player();
    const { redirect } = await startDeposit(who, amount);
    await choose(redirect, 'pay');
    return who;
  }
  const withdraw = (who: Client, method: string, amount: string, address: string) =>
    call(who, 'cashier/makewithdrawal', { body: { method, amount, 'requisites[wallet_address]': address } });
  const status = async (id: string) => (await t.services.payments.admin.byPublicId(id))!.status;

  it('refuses a mistyped address before reserving anything', async () => {
    const who = await funded('100');
    const shape = await withdraw(who, 'crypto_eth', '30', '0x1234');
    expect(shape.json.error?.fields).toHaveProperty(['requisites.wallet_address']);
    const checksum = await withdraw(who, 'crypto_eth', '30', `${ETH.slice(0, -1)}D`);
    expect(checksum.json.error?.type).toBe('RequisitesFraudulentException');
    const tron = await withdraw(who, 'crypto_usdt', '30', `${TRON.slice(0, -1)}u`);
    expect(tron.json.error?.type).toBe('RequisitesFraudulentException');
    expect(await balance(who)).toBe('100.00');
    await ledgerHolds();
  });

  it('pays out once: converted at the estimate, verified with the two-factor code, our id as unique_external_id', async () => {
    const who = await funded('200');
    const made = await withdraw(who, 'crypto_eth', '50', ETH);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const id = (made.json.data as { transaction_id: string }).transaction_id;
    expect((await t.services.payments.approveWithdrawalBy(id)).outcome).toBe('paid');
    expect(np.payouts.filter((payout) => payout.unique_external_id === id)).toEqual([expect.objectContaining({ address: ETH, currency: 'eth', amount: 0.02, status: 'FINISHED' })]);
    expect(await status(id)).toBe('approved');
    expect(await t.services.payments.recheckPayout(id)).toMatch(/nothing to do/);
    expect(np.payouts.filter((payout) => payout.unique_external_id === id)).toHaveLength(1);
    expect(await balance(who)).toBe('150.00');
    await ledgerHolds();
  });

  it("returns the money with the processor's reason when it refuses the payout", async () => {
    const who = await funded('100');
    np.state.balance.btc = 0.0001;
    try {
      const id = ((await withdraw(who, 'crypto_btc', '40', BTC)).json.data as { transaction_id: string }).transaction_id;
      expect(await t.services.payments.approveWithdrawalBy(id)).toMatchObject({ outcome: 'refused', reason: 'refused by the provider: NOWPayments: Insufficient balance' });
      expect(await status(id)).toBe('declined');
    } finally {
      np.state.balance.btc = 10;
    }
    expect(await balance(who)).toBe('100.00');
    await ledgerHolds();
  });

  it('returns the money when NOWPayments is down before anything was made', async () => {
    const who = await funded('100');
    const id = ((await withdraw(who, 'crypto_usdt', '30', TRON)).json.data as { transaction_id: string }).transaction_id;
    np.state.down = true;
    try {
      const result = await t.services.payments.approveWithdrawalBy(id);
      expect(result).toMatchObject({ outcome: 'refused' });
      expect((result as { reason: string }).reason).toMatch(/NOWPayments answered HTTP 503/);
    } finally {
      np.state.down = false;
    }
    expect(await balance(who)).toBe('100.00');
    expect(np.payouts.some((payout) => payout.unique_external_id === id)).toBe(false);
    await ledgerHolds();
  });

  it('leaves an unanswered payout unknown, and the job runner finds and finishes it once', async () => {
    const who = await funded('100');
    const id = ((await withdraw(who, 'crypto_btc', '60', BTC)).json.data as { transaction_id: string }).transaction_id;
    np.state.dropPayoutAnswers = 1;
    expect((await t.services.payments.approveWithdrawalBy(id)).outcome).toBe('retrying');
    expect(await status(id)).toBe('processing');
    expect(await queryRows(t.database.db, sql`select key from jobs where key = ${`payments.payout-check:${id}`}`)).toHaveLength(1);
    np.state.down = true;
    await expect(t.services.payments.recheckPayout(id)).rejects.toThrow(/does not confirm/);
    np.state.down = false;
    // Made but not verified the first time: found by its unique_external_id, verified, finished.
    expect(await t.services.payments.recheckPayout(id)).toBe('paid');
    expect(np.payouts.filter((payout) => payout.unique_external_id === id)).toEqual([expect.objectContaining({ status: 'FINISHED' })]);
    expect(await status(id)).toBe('approved');
    expect(await balance(who)).toBe('40.00');
    await ledgerHolds();
  });
});
