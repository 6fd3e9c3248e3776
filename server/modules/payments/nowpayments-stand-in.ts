import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { verify } from 'otplib';
import { validAddress, type Coin } from './crypto-addresses.ts';
import { nowpaymentsSignature, NOWPAYMENTS_SIGNATURE_HEADER } from './nowpayments-provider.ts';

/**
 * A local stand-in for NOWPayments, for tests and demos (docs/payments.md, "Crypto
 * (NOWPayments)"): it speaks the requests, answers and IPN signatures of NOWPayments' public API,
 * so the adapter is exercised over real HTTP without the processor or a blockchain.
 *
 * - `GET /v1/estimate`: a fixed rate per coin (`rates`, in EUR-like units per coin).
 * - `POST /v1/invoice`: an invoice and its hosted page `GET /invoice?iid=` (Pay, Pay part, Pay
 *   more, Let it expire). `POST /invoice/pay` makes the payment and sends its signed IPNs:
 *   `waiting`, one `confirming` per confirmation (`confirmations`), `confirmed`, `sending`,
 *   `finished` (or `partially_paid`, or `expired`), `stepDelayMs` apart (0: before the player is
 *   sent back), then sends the player to `success_url`.
 * - Payouts: `POST /v1/auth` (token), `GET /v1/payout` (recent withdrawals), `POST /v1/payout`
 *   (a batch, `CREATING`, the address checked per coin, one withdrawal per `unique_external_id`),
 *   `POST /v1/payout/{batch}/verify` with the TOTP code of `totpSecret` (then `FINISHED`).
 *
 * Test levers: `down` (every request answers 503), `paused` (payments wait before their next
 * status), `dropPayoutAnswers` (the next payouts are made
 * but answered 503), `balance` (per coin), `notify()` (an IPN now: late, replayed, altered).
 */
export type NowPaymentsStandInOptions = {
  apiKey: string;
  ipnSecret: string;
  email: string;
  password: string;
  totpSecret: string;
  /** How IPNs reach the merchant (tests: in-process); default an HTTP POST. */
  deliver?: (url: string, body: string, headers: Record<string, string>) => Promise<{ status: number }>;
};

export type StandInInvoice = {
  id: string;
  orderId: string;
  priceAmount: number;
  priceCurrency: string;
  payCurrency: Coin;
  payAmount: number;
  ipnUrl: string;
  successUrl: string;
  cancelUrl: string;
  paymentId: string | null;
  actuallyPaid: number;
  status: string | null;
};

export type StandInPayout = { id: string; batch_withdrawal_id: string; address: string; currency: string; amount: number; unique_external_id: string; status: string; created_at: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
const round8 = (value: number) => Math.round(value * 1e8) / 1e8;
const COINS: readonly Coin[] = ['btc', 'eth', 'usdttrc20'];

export function createNowPaymentsStandIn(options: NowPaymentsStandInOptions) {
  const invoices = new Map<string, StandInInvoice>();
  const payouts: StandInPayout[] = [];
  const notices: Array<{ body: Record<string, unknown>; answer: number }> = [];
  const tokens = new Set<string>();
  const state = {
    down: false,
    dropPayoutAnswers: 0,
    confirmations: 2,
    stepDelayMs: 0,
    /** While true, a payment's next status waits (a chain that has not moved yet). */
    paused: false,
    rates: { btc: 50_000, eth: 2_500, usdttrc20: 1 } as Record<Coin, number>,
    balance: { btc: 10, eth: 100, usdttrc20: 100_000 } as Record<Coin, number>,
  };
  let counter = 5_000_000_000;
  const deliver =
    options.deliver ??
    (async (url: string, body: string, headers: Record<string, string>) => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      return { status: response.status };
    });

  /** The IPN body NOWPayments posts for an invoice's payment in this status. */
  function noticeBody(invoice: StandInInvoice, status: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const now = new Date().toISOString();
    return {
      payment_id: Number(invoice.paymentId ?? 0),
      invoice_id: Number(invoice.id),
      payment_status: status,
      pay_address: invoice.payCurrency === 'eth' ? '0x742d35cc6634c0532925a3b844bc454e4438f44e' : invoice.payCurrency === 'btc' ? 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' : 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      price_amount: invoice.priceAmount,
      price_currency: invoice.priceCurrency,
      pay_amount: invoice.payAmount,
      actually_paid: invoice.actuallyPaid,
      actually_paid_at_fiat: round8((invoice.actuallyPaid * invoice.priceAmount) / invoice.payAmount),
      pay_currency: invoice.payCurrency,
      order_id: invoice.orderId,
      order_description: 'Croupier deposit',
      purchase_id: Number(invoice.id) + 1,
      outcome_amount: invoice.actuallyPaid,
      outcome_currency: invoice.payCurrency,
      created_at: now,
      updated_at: now,
      ...overrides,
    };
  }

  /** Posts a signed IPN for the invoice of this order id now; `signature` replaces ours (a forgery). */
  async function notify(orderId: string, status: string, overrides: Record<string, unknown> = {}, signature?: string) {
    const invoice = invoiceOf(orderId);
    if (!invoice) throw new Error(`stand-in: no invoice for ${orderId}`);
    if (!invoice.paymentId) invoice.paymentId = String(++counter);
    invoice.status = status;
    const body = noticeBody(invoice, status, overrides);
    const answer = await deliver(invoice.ipnUrl, JSON.stringify(body), { [NOWPAYMENTS_SIGNATURE_HEADER]: signature ?? nowpaymentsSignature(options.ipnSecret, body) });
    notices.push({ body, answer: answer.status });
    return answer.status;
  }

  /** The statuses a payment goes through on the chain, from the first sight to its end. */
  async function progress(invoice: StandInInvoice, end: 'finished' | 'partially_paid' | 'expired') {
    const pause = () => (state.stepDelayMs ? new Promise((resolve) => setTimeout(resolve, state.stepDelayMs)) : null);
    const steps = end === 'expired' ? ['waiting', 'expired'] : ['waiting', ...Array.from({ length: state.confirmations }, () => 'confirming'), 'confirmed', 'sending', end];
    for (const [index, step] of steps.entries()) {
      await pause();
      while (state.paused) await new Promise((resolve) => setTimeout(resolve, 50));
      // Each confirmation is its own notice body (updated_at), as the chain moves.
      await notify(invoice.orderId, step, { updated_at: new Date(Date.now() + index).toISOString() });
    }
  }

  const invoiceOf = (orderId: string) => [...invoices.values()].find((item) => item.orderId === orderId) ?? null;
  const app = new Hono();
  app.use('*', async (c, next) => (state.down ? c.json({ message: 'Service Unavailable' }, 503) : next()));
  const bad = (c: { json: (body: unknown, status: 400 | 401 | 403) => Response }, message: string, status: 400 | 401 | 403 = 400) =>
    c.json({ status: false, statusCode: status, code: status === 400 ? 'BAD_REQUEST' : 'AUTH_REQUIRED', message }, status);
  app.use('/v1/*', async (c, next) => (c.req.header('x-api-key') === options.apiKey ? next() : bad(c, 'Invalid api key', 403)));

  app.get('/v1/estimate', (c) => {
    const amount = Number(c.req.query('amount'));
    const to = c.req.query('currency_to') as Coin;
    if (!(amount > 0) || !COINS.includes(to)) return bad(c, 'Invalid estimate request');
    return c.json({ currency_from: c.req.query('currency_from'), amount_from: amount, currency_to: to, estimated_amount: String(round8(amount / state.rates[to])) });
  });

  app.post('/v1/invoice', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body) return bad(c, 'Invalid body');
    const price = Number(body.price_amount);
    const coin = body.pay_currency as Coin;
    if (!(price > 0)) return bad(c, 'price_amount is invalid');
    if (!/^[a-z]{3}$/.test(String(body.price_currency))) return bad(c, 'price_currency is invalid');
    if (!COINS.includes(coin)) return bad(c, 'pay_currency is invalid');
    for (const name of ['ipn_callback_url', 'success_url', 'cancel_url']) if (!URL.canParse(String(body[name] ?? ''))) return bad(c, `${name} is invalid`);
    const id = String(++counter);
    const invoice: StandInInvoice = {
      id,
      orderId: String(body.order_id ?? ''),
      priceAmount: price,
      priceCurrency: String(body.price_currency),
      payCurrency: coin,
      payAmount: round8(price / state.rates[coin]),
      ipnUrl: String(body.ipn_callback_url),
      successUrl: String(body.success_url),
      cancelUrl: String(body.cancel_url),
      paymentId: null,
      actuallyPaid: 0,
      status: null,
    };
    invoices.set(id, invoice);
    const origin = new URL(c.req.url).origin;
    return c.json({ id, order_id: invoice.orderId, price_amount: String(price), price_currency: invoice.priceCurrency, pay_currency: coin, invoice_url: `${origin}/invoice?iid=${id}`, created_at: new Date().toISOString() });
  });

  app.get('/invoice', (c) => {
    const invoice = invoices.get(c.req.query('iid') ?? '');
    if (!invoice) return c.html('<!doctype html><title>NOWPayments</title><p>Invoice not found</p>', 404);
    const button = (outcome: string, label: string) => `<button type="submit" name="outcome" value="${outcome}" data-outcome="${outcome}">${label}</button>`;
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>NOWPayments invoice (stand-in)</title></head>
<body><main><h1>NOWPayments (stand-in)</h1><p data-testid="nowpayments-price">${escapeHtml(String(invoice.priceAmount))} ${escapeHtml(invoice.priceCurrency.toUpperCase())}</p>
<p data-testid="nowpayments-pay">Send ${escapeHtml(String(invoice.payAmount))} ${escapeHtml(invoice.payCurrency)}</p>
<form method="post" action="/invoice/pay"><input type="hidden" name="iid" value="${escapeHtml(invoice.id)}">
${button('pay', 'Pay')}${button('part', 'Pay part')}${button('more', 'Pay more')}${button('expire', 'Let it expire')}</form></main></body></html>`);
  });

  app.post('/invoice/pay', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const invoice = invoices.get(form.get('iid') ?? '');
    const outcome = form.get('outcome') ?? '';
    if (!invoice || !['pay', 'part', 'more', 'expire'].includes(outcome)) return c.text('Invoice not found', 404);
    if (invoice.status !== null) return c.redirect(invoice.successUrl, 303);
    invoice.paymentId = String(++counter);
    invoice.actuallyPaid = outcome === 'pay' ? invoice.payAmount : outcome === 'part' ? round8(invoice.payAmount / 2) : outcome === 'more' ? round8(invoice.payAmount * 1.1) : 0;
    const end = outcome === 'expire' ? 'expired' : outcome === 'part' ? 'partially_paid' : 'finished';
    invoice.status = 'waiting';
    const run = progress(invoice, end);
    if (state.stepDelayMs) void run.catch(() => undefined);
    else await run;
    return c.redirect(end === 'expired' ? invoice.cancelUrl : invoice.successUrl, 303);
  });

  const authorised = (header: string | undefined) => tokens.has((header ?? '').replace(/^Bearer /, ''));

  app.post('/v1/auth', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { email?: string; password?: string } | null;
    if (body?.email !== options.email || body?.password !== options.password) return bad(c, 'Wrong email or password', 401);
    const token = randomBytes(24).toString('base64url');
    tokens.add(token);
    return c.json({ token });
  });

  app.get('/v1/payout', (c) => {
    if (!authorised(c.req.header('authorization'))) return bad(c, 'Authorization required', 401);
    return c.json({ data: [...payouts].reverse().slice(0, Number(c.req.query('limit') ?? 10)) });
  });

  app.post('/v1/payout', async (c) => {
    if (!authorised(c.req.header('authorization'))) return bad(c, 'Authorization required', 401);
    const body = (await c.req.json().catch(() => null)) as { withdrawals?: Array<Record<string, unknown>> } | null;
    const withdrawals = body?.withdrawals ?? [];
    if (!withdrawals.length) return bad(c, 'withdrawals are required');
    for (const item of withdrawals) {
      const coin = item.currency as Coin;
      if (!COINS.includes(coin)) return bad(c, `Currency ${String(item.currency)} is not supported`);
      if (!validAddress(coin, String(item.address ?? ''))) return bad(c, `Invalid payout_address: ${String(item.address)}`);
      if (!(Number(item.amount) > 0)) return bad(c, 'Invalid amount');
      if (Number(item.amount) > state.balance[coin]) return bad(c, 'Insufficient balance');
      if (payouts.some((payout) => payout.unique_external_id === item.unique_external_id)) return bad(c, 'unique_external_id already exists');
    }
    const batch = String(++counter);
    const made = withdrawals.map((item) => {
      const payout: StandInPayout = {
        id: String(++counter),
        batch_withdrawal_id: batch,
        address: String(item.address),
        currency: String(item.currency),
        amount: Number(item.amount),
        unique_external_id: String(item.unique_external_id ?? ''),
        status: 'CREATING',
        created_at: new Date().toISOString(),
      };
      payouts.push(payout);
      return payout;
    });
    if (state.dropPayoutAnswers > 0) {
      state.dropPayoutAnswers -= 1;
      return c.json({ message: 'Service Unavailable' }, 503);
    }
    return c.json({ id: batch, withdrawals: made });
  });

  app.post('/v1/payout/:batch/verify', async (c) => {
    if (!authorised(c.req.header('authorization'))) return bad(c, 'Authorization required', 401);
    const body = (await c.req.json().catch(() => null)) as { verification_code?: string } | null;
    const batch = payouts.filter((payout) => payout.batch_withdrawal_id === c.req.param('batch'));
    if (!batch.length) return bad(c, 'Batch not found');
    const checked = await verify({ secret: options.totpSecret, token: String(body?.verification_code ?? '') }).catch(() => ({ valid: false }));
    if (!checked.valid) return bad(c, 'Wrong verification code');
    for (const payout of batch) {
      if (payout.status !== 'CREATING') continue;
      state.balance[payout.currency as Coin] -= payout.amount;
      payout.status = 'FINISHED';
    }
    return c.text('OK');
  });

  let server: ServerType | null = null;
  return {
    app,
    state,
    invoices,
    payouts,
    notices,
    notify,
    noticeBody,
    invoiceOf,
    /** Listens on 127.0.0.1 (a free port unless given); answers the URL for NOWPAYMENTS_API_URL. */
    async start(port = 0) {
      await new Promise<void>((resolve) => {
        server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve());
      });
      return { apiUrl: `http://127.0.0.1:${(server!.address() as AddressInfo).port}` };
    },
    async stop() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
  };
}

export type NowPaymentsStandIn = ReturnType<typeof createNowPaymentsStandIn>;
