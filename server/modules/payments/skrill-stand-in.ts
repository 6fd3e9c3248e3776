import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { skrillSignature } from './skrill-provider.ts';

/**
 * A local stand-in for Skrill, for tests and demos (docs/payments.md, "Skrill"): it speaks the
 * requests, answers and signatures of Skrill's public guides, so the adapter is exercised over
 * real HTTP without Skrill.
 *
 * - `POST /` with `prepare_only=1`: prepares a Quick Checkout session and answers its id as text.
 * - `GET /?sid=`: the hosted page (Pay, Decline, Leave pending, Cancel); `POST /pay` takes the
 *   choice, posts the signed status notice to the merchant's `status_url`, and sends the player
 *   to `return_url` or `cancel_url`.
 * - `POST /app/pay.pl`: the money-transfer API, `action=prepare` then `action=transfer`, XML
 *   answers, one transfer per `frn_trn_id` (`ALREADY_EXECUTED` after).
 *
 * Test levers: `down` (every request answers 503), `dropTransferAnswers` (the next transfers are
 * made but answered 503, as when Skrill fails after paying), `balance` (the merchant's money per
 * currency, in major units), `notify()` (a notice now, e.g. a late or a chargeback one).
 */
export type SkrillStandInOptions = {
  merchantEmail: string;
  merchantId: string;
  secretWord: string;
  mqiPassword: string;
  /** How notices reach the merchant (tests: in-process); default an HTTP POST. */
  deliver?: (url: string, body: string) => Promise<{ status: number }>;
};

export type StandInSession = {
  sid: string;
  transactionId: string;
  amount: string;
  currency: string;
  statusUrl: string;
  returnUrl: string;
  cancelUrl: string;
  payFromEmail: string | null;
  mbTransactionId: string;
  status: string | null;
};

export type StandInTransfer = { id: string; frnTrnId: string; bnfEmail: string; amount: string; currency: string; status: '2' };

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const xml = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?><response>${inner}</response>`;
const xmlError = (code: string) => xml(`<error><error_msg>${code}</error_msg></error>`);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
const OUTCOMES: Record<string, string> = { pay: '2', decline: '-2', pending: '0', cancel: '-1' };

export function createSkrillStandIn(options: SkrillStandInOptions) {
  const sessions = new Map<string, StandInSession>();
  const transfers: StandInTransfer[] = [];
  const transferSessions = new Map<string, { frnTrnId: string; bnfEmail: string; amount: string; currency: string }>();
  const notices: Array<{ fields: Record<string, string>; answer: number }> = [];
  const state = { down: false, dropTransferAnswers: 0, balance: { EUR: 100_000, USD: 100_000, GBP: 100_000, CAD: 100_000, RUB: 10_000_000 } as Record<string, number> };
  let counter = 170_000_000;
  const deliver =
    options.deliver ??
    (async (url: string, body: string) => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      return { status: response.status };
    });

  /** The status notice Skrill posts for a session, signed with the merchant's secret word. */
  function noticeFields(session: StandInSession, status: string, overrides: Record<string, string> = {}): Record<string, string> {
    const fields: Record<string, string> = {
      pay_to_email: options.merchantEmail,
      pay_from_email: session.payFromEmail ?? 'payer@example.com',
      merchant_id: options.merchantId,
      transaction_id: session.transactionId,
      mb_transaction_id: session.mbTransactionId,
      mb_amount: session.amount,
      mb_currency: session.currency,
      amount: session.amount,
      currency: session.currency,
      status,
      payment_type: 'WLT',
      ...(status === '-2' ? { failed_reason_code: '05' } : {}),
      ...overrides,
    };
    if (!('md5sig' in overrides)) fields.md5sig = skrillSignature(options.secretWord, fields as Parameters<typeof skrillSignature>[1]);
    return fields;
  }

  /** Posts a notice for the session of this transaction id now: what Skrill does on its own. */
  async function notify(transactionId: string, status: string, overrides: Record<string, string> = {}) {
    const session = [...sessions.values()].find((item) => item.transactionId === transactionId);
    if (!session) throw new Error(`stand-in: no session for ${transactionId}`);
    session.status = status;
    const fields = noticeFields(session, status, overrides);
    const answer = await deliver(session.statusUrl, new URLSearchParams(fields).toString());
    notices.push({ fields, answer: answer.status });
    return answer.status;
  }

  const app = new Hono();
  app.use('*', async (c, next) => (state.down ? c.text('Service Unavailable', 503) : next()));

  app.post('/', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const bad = (message: string) => c.json({ code: 'BAD_REQUEST', message }, 400);
    if (form.get('pay_to_email') !== options.merchantEmail) return bad('Invalid pay_to_email');
    if (form.get('prepare_only') !== '1') return bad('Only prepare_only=1 is supported here');
    const amount = form.get('amount') ?? '';
    if (!/^[0-9]{1,9}(\.[0-9]{1,2})?$/.test(amount) || Number(amount) <= 0) return bad('Invalid amount');
    if (!/^[A-Z]{3}$/.test(form.get('currency') ?? '')) return bad('Invalid currency');
    const transactionId = form.get('transaction_id') ?? '';
    if (!transactionId || transactionId.length > 100) return bad('Invalid transaction_id');
    for (const name of ['status_url', 'return_url', 'cancel_url']) if (!URL.canParse(form.get(name) ?? '')) return bad(`Invalid ${name}`);
    const sid = randomBytes(16).toString('hex');
    sessions.set(sid, {
      sid,
      transactionId,
      amount,
      currency: form.get('currency')!,
      statusUrl: form.get('status_url')!,
      returnUrl: form.get('return_url')!,
      cancelUrl: form.get('cancel_url')!,
      payFromEmail: form.get('pay_from_email'),
      mbTransactionId: String(++counter),
      status: null,
    });
    return c.text(sid);
  });

  app.get('/', (c) => {
    const session = sessions.get(c.req.query('sid') ?? '');
    if (!session) return c.html('<!doctype html><title>Skrill</title><p>Session expired</p>', 404);
    const button = (outcome: string, label: string) => `<button type="submit" name="outcome" value="${outcome}" data-outcome="${outcome}">${label}</button>`;
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Skrill Quick Checkout (stand-in)</title></head>
<body><main><h1>Skrill (stand-in)</h1><p data-testid="skrill-amount">${escapeHtml(session.amount)} ${escapeHtml(session.currency)}</p>
<form method="post" action="/pay"><input type="hidden" name="sid" value="${escapeHtml(session.sid)}">
${button('pay', 'Pay')}${button('decline', 'Decline')}${button('pending', 'Leave pending')}${button('cancel', 'Cancel')}</form></main></body></html>`);
  });

  app.post('/pay', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const session = sessions.get(form.get('sid') ?? '');
    const status = OUTCOMES[form.get('outcome') ?? ''];
    if (!session || !status) return c.text('Session expired', 404);
    if (session.status === null) await notify(session.transactionId, status);
    if (status === '-1') return c.redirect(session.cancelUrl, 303);
    const back = new URL(session.returnUrl);
    back.searchParams.set('transaction_id', session.transactionId);
    back.searchParams.set('msid', md5(`${options.merchantId}${session.transactionId}${md5(options.secretWord).toUpperCase()}`).toUpperCase());
    return c.redirect(back.toString(), 303);
  });

  app.on(['GET', 'POST'], '/app/pay.pl', async (c) => {
    const form = c.req.method === 'POST' ? new URLSearchParams(await c.req.text()) : new URL(c.req.url).searchParams;
    const answer = (body: string, status = 200) => c.body(body, status as 200, { 'content-type': 'text/xml; charset=utf-8' });
    if (form.get('email') !== options.merchantEmail || form.get('password') !== md5(options.mqiPassword)) return answer(xmlError('CANNOT_LOGIN'));
    const action = form.get('action');
    if (action === 'prepare') {
      const frnTrnId = form.get('frn_trn_id') ?? '';
      const bnfEmail = form.get('bnf_email') ?? '';
      const amount = form.get('amount') ?? '';
      const currency = form.get('currency') ?? '';
      if (transfers.some((transfer) => transfer.frnTrnId === frnTrnId && frnTrnId)) return answer(xmlError('ALREADY_EXECUTED'));
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(bnfEmail)) return answer(xmlError('INVALID_BNF_EMAIL'));
      if (bnfEmail.endsWith('@blocked.skrill.test')) return answer(xmlError('PAYMENT_DENIED'));
      if (!/^[0-9]{1,9}(\.[0-9]{1,2})?$/.test(amount) || Number(amount) <= 0) return answer(xmlError('INVALID_AMOUNT'));
      if (!(currency in state.balance)) return answer(xmlError('NO_SUCH_CURRENCY'));
      if (Number(amount) > state.balance[currency]) return answer(xmlError('BALANCE_NOT_ENOUGH'));
      const sid = randomBytes(16).toString('hex');
      transferSessions.set(sid, { frnTrnId, bnfEmail, amount, currency });
      return answer(xml(`<sid>${sid}</sid>`));
    }
    if (action === 'transfer') {
      const prepared = transferSessions.get(form.get('sid') ?? '');
      if (!prepared) return answer(xmlError('SESSION_EXPIRED'));
      transferSessions.delete(form.get('sid')!);
      if (prepared.frnTrnId && transfers.some((transfer) => transfer.frnTrnId === prepared.frnTrnId)) return answer(xmlError('ALREADY_EXECUTED'));
      if (Number(prepared.amount) > state.balance[prepared.currency]) return answer(xmlError('BALANCE_NOT_ENOUGH'));
      state.balance[prepared.currency] -= Number(prepared.amount);
      const transfer: StandInTransfer = { id: String(++counter), ...prepared, status: '2' };
      transfers.push(transfer);
      if (state.dropTransferAnswers > 0) {
        state.dropTransferAnswers -= 1;
        return c.text('Service Unavailable', 503);
      }
      return answer(
        xml(`<transaction><amount>${prepared.amount}</amount><currency>${prepared.currency}</currency><id>${transfer.id}</id><status>2</status><status_msg>processed</status_msg></transaction>`),
      );
    }
    return answer(xmlError('INVALID_ACTION'));
  });

  let server: ServerType | null = null;
  let origin = '';
  return {
    app,
    state,
    sessions,
    transfers,
    notices,
    notify,
    noticeFields,
    /** The session prepared for a transaction id. */
    sessionOf: (transactionId: string) => [...sessions.values()].find((item) => item.transactionId === transactionId) ?? null,
    /** Listens on 127.0.0.1 (a free port unless given); answers the URLs for SKRILL_CHECKOUT_URL and SKRILL_API_URL. */
    async start(port = 0) {
      await new Promise<void>((resolve) => {
        server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve());
      });
      origin = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
      return { checkoutUrl: `${origin}/`, apiUrl: `${origin}/app/pay.pl` };
    },
    async stop() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
  };
}

export type SkrillStandIn = ReturnType<typeof createSkrillStandIn>;
