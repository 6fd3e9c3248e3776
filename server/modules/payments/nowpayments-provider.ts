import { createHmac } from 'node:crypto';
import { generate } from 'otplib';
import { formatMinor, isCurrency, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import { safeEqual } from '../../platform/crypto.ts';
import type { Logger } from '../../platform/logger.ts';
import { validAddress, type Coin } from './crypto-addresses.ts';
import type { CallbackCheck, PaymentProvider, ProviderEvent } from './provider.ts';

/**
 * NOWPayments, a crypto processor (docs/payments.md, "Crypto (NOWPayments)"), written from its
 * public API documentation:
 *
 * - Deposits: one cashier method per coin (`crypto_btc`, `crypto_eth`, `crypto_usdt`). An invoice
 *   is made server to server (`POST /v1/invoice`, header `x-api-key`) with the price in the
 *   player's currency and the coin as `pay_currency`; the processor converts at its rate on its
 *   hosted invoice page, where the player is sent. Its IPN posts each status change to
 *   `/platform/payments/callback/nowpayments`, signed in `x-nowpayments-sig`: the hex HMAC-SHA512,
 *   with the IPN secret, of the JSON body with its keys sorted.
 * - Payouts: `GET /v1/estimate` converts the withdrawal to the coin, `POST /v1/auth` gives a
 *   token, `POST /v1/payout` makes a batch of one withdrawal with our id as `unique_external_id`,
 *   and `POST /v1/payout/{id}/verify` confirms it with the account's two-factor code (TOTP). Before
 *   making one, the recent payouts are read (`GET /v1/payout`): a withdrawal with our id is never
 *   made twice.
 */
export type NowPaymentsConfig = {
  apiKey: string;
  ipnSecret: string;
  apiUrl: string;
  /** Where players and IPNs come back to: PUBLIC_ORIGIN, or the local address. */
  origin: string;
  timeoutMs: number;
  /** The payout credentials (all three, or no payouts: the crypto withdrawal methods are not offered). */
  payout?: { email: string; password: string; totpSecret: string };
};

export const NOWPAYMENTS_CALLBACK_PATH = '/platform/payments/callback/nowpayments';
export const NOWPAYMENTS_SIGNATURE_HEADER = 'x-nowpayments-sig';

/** The cashier methods and the coin each one pays in (NOWPayments' currency codes). */
export const CRYPTO_METHODS: Record<string, Coin> = { crypto_btc: 'btc', crypto_eth: 'eth', crypto_usdt: 'usdttrc20' };

/** A JSON value with the keys of every object sorted, as the processor signs it. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The IPN signature of a notice: hex HMAC-SHA512 of its JSON with sorted keys. */
export function nowpaymentsSignature(ipnSecret: string, body: unknown): string {
  return createHmac('sha512', ipnSecret).update(JSON.stringify(sortedKeys(body))).digest('hex');
}

/** A decimal amount of coin as the API gives it (number or string), compared in units of 1e-12. */
function units(value: unknown): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(12) : '') : String(value ?? '');
  const match = /^([0-9]{1,15})(?:\.([0-9]{1,18}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]) * 10n ** 12n + BigInt((match[2] ?? '').slice(0, 12).padEnd(12, '0'));
}
const fromUnits = (value: bigint) => `${value / 10n ** 12n}.${(value % 10n ** 12n).toString().padStart(12, '0')}`.replace(/\.?0+$/, '');

/** Payment statuses of the IPN: those before `finished` wait; `partially_paid` waits (the written rule). */
const WAITING = new Set(['waiting', 'confirming', 'confirmed', 'sending', 'partially_paid']);

export function createNowPaymentsProvider(config: NowPaymentsConfig, deps: { logger: Logger; fetch?: typeof fetch }): PaymentProvider {
  const { logger } = deps;
  const doFetch = deps.fetch ?? fetch;
  const url = (path: string) => `${config.apiUrl.replace(/\/+$/, '')}${path}`;

  /** One API call: its status and JSON, or a throw when there was no answer or the processor erred (5xx). */
  async function api(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
    const response = await doFetch(url(path), {
      method,
      headers: { 'x-api-key': config.apiKey, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const text = await response.text();
    if (response.status >= 500) throw new Error(`NOWPayments answered HTTP ${response.status}`);
    let json: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
    } catch {
      json = { message: text.slice(0, 200) };
    }
    return { status: response.status, json };
  }
  const message = (answer: { status: number; json: Record<string, unknown> }) => String(answer.json.message ?? answer.json.code ?? `HTTP ${answer.status}`).slice(0, 200);

  /** The withdrawal with our id among the recent payouts, if the processor has it. */
  async function findPayout(token: string, paymentId: string) {
    const listed = await api('GET', '/v1/payout?limit=100&page=0&sortBy=created_at&orderBy=desc', undefined, token);
    if (listed.status !== 200) throw new Error(`NOWPayments payout list: ${message(listed)}`);
    const rows = Array.isArray(listed.json.data) ? (listed.json.data as Array<Record<string, unknown>>) : [];
    return rows.find((row) => row.unique_external_id === paymentId) ?? null;
  }

  /** A withdrawal's status as the platform reads it: FINISHED paid, FAILED/REJECTED failed, else still on its way. */
  function payoutOutcome(row: Record<string, unknown>) {
    const status = String(row.status ?? '').toUpperCase();
    const providerRef = String(row.id ?? '');
    if (status === 'FINISHED') return { providerRef, status: 'paid' as const };
    if (status === 'FAILED' || status === 'REJECTED') return { providerRef, status: 'failed' as const, reason: `NOWPayments: payout ${status.toLowerCase()}${row.error ? ` (${String(row.error).slice(0, 120)})` : ''}` };
    return { providerRef, status: 'unknown' as const, reason: `NOWPayments: payout ${status.toLowerCase() || 'without status'}, not finished yet` };
  }

  const provider: PaymentProvider = {
    name: 'nowpayments',
    signatureHeader: 'x-nowpayments-sig',

    async createPayment(payment) {
      const coin = CRYPTO_METHODS[payment.method];
      if (!coin) return { status: 'error', reason: `NOWPayments: no coin for method ${payment.method}` };
      const currency = payment.currency as CurrencyCode;
      const prefix = payment.locale === 'fr' ? '/fr' : '';
      const answer = await api('POST', '/v1/invoice', {
        price_amount: Number(formatMinor(payment.amount, currency)),
        price_currency: currency.toLowerCase(),
        pay_currency: coin,
        order_id: payment.paymentId,
        order_description: 'Croupier deposit',
        ipn_callback_url: `${config.origin}${NOWPAYMENTS_CALLBACK_PATH}`,
        success_url: `${config.origin}${prefix}/cashier/paysuccess/${encodeURIComponent(payment.paymentId)}`,
        cancel_url: `${config.origin}${prefix}/cashier/paycancel`,
      });
      const invoiceUrl = typeof answer.json.invoice_url === 'string' ? answer.json.invoice_url : '';
      if (answer.status !== 200 || !answer.json.id || !URL.canParse(invoiceUrl)) {
        logger.warn({ status: answer.status, answer: message(answer) }, 'NOWPayments refused an invoice');
        return { status: 'error', reason: `NOWPayments: ${message(answer)}` };
      }
      return { status: 'created', providerRef: String(answer.json.id), redirectUrl: invoiceUrl };
    },

    async checkRequisites(check) {
      const coin = CRYPTO_METHODS[check.method];
      if (check.direction !== 'withdrawal' || !coin) return { status: 'ok' };
      // The shape is the method's field rule; the checksum is checked here, before money is reserved.
      return validAddress(coin, String(check.requisites.wallet_address ?? '').trim())
        ? { status: 'ok' }
        : { status: 'fraudulent', reason: `not a valid ${coin} address (checksum)` };
    },

    readCallback(rawBody, signature): CallbackCheck {
      if (!signature) return { ok: false, reason: 'signature missing' };
      let body: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(rawBody);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, reason: 'unreadable body' };
        body = parsed as Record<string, unknown>;
      } catch {
        return { ok: false, reason: 'unreadable body' };
      }
      if (!safeEqual(signature.trim().toLowerCase(), nowpaymentsSignature(config.ipnSecret, body))) return { ok: false, reason: 'signature mismatch' };
      const paymentId = String(body.order_id ?? '');
      const providerRef = String(body.payment_id ?? '');
      const status = String(body.payment_status ?? '');
      const currency = String(body.price_currency ?? '').toUpperCase();
      const amount = isCurrency(currency) && (typeof body.price_amount === 'number' || typeof body.price_amount === 'string') ? parseMajor(String(body.price_amount), currency) : null;
      if (amount === null || !paymentId || !/^[0-9A-Za-z_-]{1,64}$/.test(providerRef)) return { ok: false, reason: 'unreadable body' };
      const base = { paymentId, providerRef, amount, currency };
      const due = units(body.pay_amount);
      const paid = units(body.actually_paid);
      const coin = String(body.pay_currency ?? '');
      if (WAITING.has(status)) {
        // Each top-up of a partial payment is its own event (the paid amount is in its id).
        const eventId = status === 'partially_paid' ? `${providerRef}:partially_paid:${paid === null ? '?' : fromUnits(paid)}` : `${providerRef}:${status}`;
        if (status === 'partially_paid') logger.warn({ payment: paymentId, paid: body.actually_paid, due: body.pay_amount, coin }, 'NOWPayments payment partially paid: waiting, not credited');
        return { ok: true, event: { ...base, eventId, status: 'pending' } };
      }
      if (status === 'finished') {
        if (due === null || paid === null) return { ok: false, reason: 'unreadable body' };
        // Less than the invoice asked is never credited as the whole: it waits like partially_paid.
        if (paid < due) return { ok: true, event: { ...base, eventId: `${providerRef}:partially_paid:${fromUnits(paid)}`, status: 'pending' } };
        // More: the invoice's amount is credited; the rest is named in the event for an operator.
        const extra = paid - due;
        if (extra > 0n) logger.warn({ payment: paymentId, extra: fromUnits(extra), coin }, 'NOWPayments payment overpaid: the invoice amount credited, the rest left for an operator');
        const eventId = extra > 0n ? `${providerRef}:finished:overpaid:${fromUnits(extra)}:${coin}` : `${providerRef}:finished`;
        return { ok: true, event: { ...base, eventId, status: 'success' } };
      }
      if (status === 'failed') return { ok: true, event: { ...base, eventId: `${providerRef}:failed`, status: 'failed', failure: 'declined' } satisfies ProviderEvent };
      if (status === 'expired') return { ok: true, event: { ...base, eventId: `${providerRef}:expired`, status: 'failed' } };
      // The processor gave the payer their coins back: the deposit leaves as a provider refund
      // (chargebacks.ts; what the balance lacks is owed, docs/payments.md "Chargebacks").
      if (status === 'refunded') return { ok: true, event: { ...base, eventId: `${providerRef}:refunded`, status: 'chargeback', takenBackAs: 'refund' } };
      // A signed status we do not act on (`wrong_asset_confirmed`, or one added later) is acknowledged and
      // recorded without a move: refusing it would have the processor resend it for days.
      logger.warn({ payment: paymentId, status }, 'NOWPayments status acknowledged without a move');
      return { ok: true, event: { ...base, eventId: `${providerRef}:${status || 'none'}`, status: 'pending' } };
    },

    async payout(payout) {
      const coin = CRYPTO_METHODS[payout.method];
      const address = String(payout.requisites.wallet_address ?? '').trim();
      if (!config.payout) return { providerRef: '', status: 'failed', reason: 'NOWPayments payouts are not configured' };
      if (!coin || !validAddress(coin, address)) return { providerRef: '', status: 'failed', reason: `no valid ${coin ?? payout.method} address to pay to` };
      // Before anything is made, a failure to reach the processor means nothing was paid: the caller returns the money.
      const auth = await api('POST', '/v1/auth', { email: config.payout.email, password: config.payout.password });
      const token = typeof auth.json.token === 'string' ? auth.json.token : '';
      if (!token) return { providerRef: '', status: 'failed', reason: `NOWPayments: ${message(auth)}` };
      let row: Record<string, unknown> | null;
      let made = false;
      try {
        row = await findPayout(token, payout.paymentId);
      } catch (error) {
        return { providerRef: '', status: 'unknown', reason: `NOWPayments did not list its payouts: ${error instanceof Error ? error.message : String(error)}` };
      }
      if (!row) {
        const currency = payout.currency as CurrencyCode;
        const estimate = await api('GET', `/v1/estimate?amount=${formatMinor(payout.amount, currency)}&currency_from=${currency.toLowerCase()}&currency_to=${coin}`);
        const coinAmount = units(estimate.json.estimated_amount);
        if (estimate.status !== 200 || coinAmount === null || coinAmount === 0n) return { providerRef: '', status: 'failed', reason: `NOWPayments estimate: ${message(estimate)}` };
        let created: { status: number; json: Record<string, unknown> };
        try {
          created = await api(
            'POST',
            '/v1/payout',
            // No payout IPN: the job runner asks again (GET /v1/payout) while a payout is on its way.
            { withdrawals: [{ address, currency: coin, amount: Number(fromUnits(coinAmount)), unique_external_id: payout.paymentId }] },
            token,
          );
        } catch (error) {
          return { providerRef: '', status: 'unknown', reason: `NOWPayments did not answer the payout: ${error instanceof Error ? error.message : String(error)}` };
        }
        if (created.status !== 200) return { providerRef: '', status: 'failed', reason: `NOWPayments: ${message(created)}` };
        const withdrawals = Array.isArray(created.json.withdrawals) ? (created.json.withdrawals as Array<Record<string, unknown>>) : [];
        row = withdrawals.find((item) => item.unique_external_id === payout.paymentId) ?? withdrawals[0] ?? { batch_withdrawal_id: created.json.id, status: 'CREATING' };
        made = true;
      }
      // A batch not verified yet (just made, or made when an earlier attempt stopped) is confirmed with the two-factor code.
      if (String(row.status ?? '').toUpperCase() === 'CREATING') {
        const batch = String(row.batch_withdrawal_id ?? '');
        try {
          const verified = await api('POST', `/v1/payout/${encodeURIComponent(batch)}/verify`, { verification_code: await generate({ secret: config.payout.totpSecret }) }, token);
          if (verified.status !== 200) return { providerRef: String(row.id ?? ''), status: 'unknown', reason: `NOWPayments did not verify the payout: ${message(verified)}` };
          row = (await findPayout(token, payout.paymentId)) ?? row;
        } catch (error) {
          return { providerRef: String(row.id ?? ''), status: 'unknown', reason: `NOWPayments did not answer the verification: ${error instanceof Error ? error.message : String(error)}` };
        }
      }
      if (!made) logger.info({ payment: payout.paymentId, status: row.status }, 'NOWPayments payout found by its unique_external_id');
      return payoutOutcome(row);
    },
  };
  return provider;
}
