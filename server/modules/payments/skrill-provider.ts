import { createHash } from 'node:crypto';
import { formatMinor, isCurrency, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import { safeEqual } from '../../platform/crypto.ts';
import type { Logger } from '../../platform/logger.ts';
import type { CallbackCheck, PaymentProvider, ProviderEvent } from './provider.ts';

/**
 * Skrill (docs/payments.md, "Skrill"), written from Skrill's public Quick Checkout and Automated
 * Payments Interface guides:
 *
 * - Deposits: the payment is prepared server to server (`prepare_only=1` posted to the Quick
 *   Checkout URL answers a session id), the player is sent to Skrill's hosted page with it, and
 *   Skrill posts the outcome to our status URL (`/platform/payments/callback/skrill`), signed with
 *   `md5sig`. Only signed fields are trusted: the amount and currency we check are `mb_amount` and
 *   `mb_currency`.
 * - Payouts: the money-transfer API in two steps, `prepare` (answers a session id) then
 *   `transfer`, with our withdrawal id as `frn_trn_id`, which Skrill executes once.
 */
export type SkrillConfig = {
  merchantEmail: string;
  merchantId: string;
  secretWord: string;
  mqiPassword: string;
  checkoutUrl: string;
  apiUrl: string;
  /** Where players and Skrill's notices come back to: PUBLIC_ORIGIN, or the local address. */
  origin: string;
  timeoutMs: number;
};

export const SKRILL_CALLBACK_PATH = '/platform/payments/callback/skrill';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * Skrill's status signature: the upper-case MD5 of merchant_id, transaction_id, the upper-case
 * MD5 of the secret word, mb_amount, mb_currency and status, joined as they were posted.
 */
export function skrillSignature(secretWord: string, fields: { merchant_id: string; transaction_id: string; mb_amount: string; mb_currency: string; status: string }): string {
  return md5(`${fields.merchant_id}${fields.transaction_id}${md5(secretWord).toUpperCase()}${fields.mb_amount}${fields.mb_currency}${fields.status}`).toUpperCase();
}

/** Skrill's status codes of a pay-in: -3 is a chargeback, handed to the chargeback hook. */
const STATUS: Record<string, ProviderEvent['status']> = { '2': 'success', '0': 'pending', '-1': 'cancelled', '-2': 'failed', '-3': 'chargeback' };

/** The text of the first `<tag>` of a small XML answer (Skrill's API answers are flat). */
function xmlText(xml: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>\\s*([^<]*?)\\s*</${tag}>`).exec(xml);
  return match ? match[1] : null;
}

export function createSkrillProvider(config: SkrillConfig, deps: { logger: Logger; fetch?: typeof fetch }): PaymentProvider {
  const { logger } = deps;
  const doFetch = deps.fetch ?? fetch;
  const post = (url: string, fields: Record<string, string>) =>
    doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(config.timeoutMs),
    });

  /** One call of the money-transfer API: its XML, or a thrown error when there was no answer. */
  async function api(fields: Record<string, string>): Promise<string> {
    const response = await post(config.apiUrl, { ...fields, email: config.merchantEmail, password: md5(config.mqiPassword) });
    const text = await response.text();
    if (response.status >= 500) throw new Error(`Skrill answered HTTP ${response.status}`);
    return text;
  }

  const provider: PaymentProvider = {
    name: 'skrill',

    async createPayment(payment) {
      const currency = payment.currency as CurrencyCode;
      const prefix = payment.locale === 'fr' ? '/fr' : '';
      const response = await post(config.checkoutUrl, {
        pay_to_email: config.merchantEmail,
        recipient_description: 'Croupier',
        transaction_id: payment.paymentId,
        return_url: `${config.origin}${prefix}/cashier/paysuccess/${encodeURIComponent(payment.paymentId)}`,
        cancel_url: `${config.origin}${prefix}/cashier/paycancel`,
        status_url: `${config.origin}${SKRILL_CALLBACK_PATH}`,
        language: payment.locale === 'fr' ? 'FR' : 'EN',
        amount: formatMinor(payment.amount, currency),
        currency,
        prepare_only: '1',
        ...(payment.requisites.wallet_email ? { pay_from_email: payment.requisites.wallet_email } : {}),
      });
      const text = (await response.text()).trim();
      // Skrill down: nothing was created there (the platform answers BillingUnavailableException).
      if (response.status >= 500) throw new Error(`Skrill Quick Checkout answered HTTP ${response.status}`);
      if (!response.ok || !/^[A-Za-z0-9]{16,64}$/.test(text)) {
        logger.warn({ status: response.status, answer: text.slice(0, 200) }, 'Skrill refused to prepare a payment');
        return { status: 'error', reason: `Skrill: ${text.slice(0, 200) || `HTTP ${response.status}`}` };
      }
      const redirect = new URL(config.checkoutUrl);
      redirect.searchParams.set('sid', text);
      return { status: 'created', providerRef: text, redirectUrl: redirect.toString() };
    },

    readCallback(rawBody): CallbackCheck {
      const form = new URLSearchParams(rawBody);
      const field = (name: string) => form.get(name) ?? '';
      const signed = { merchant_id: field('merchant_id'), transaction_id: field('transaction_id'), mb_amount: field('mb_amount'), mb_currency: field('mb_currency'), status: field('status') };
      const signature = field('md5sig');
      if (!signature) return { ok: false, reason: 'signature missing' };
      if (!safeEqual(signature.toUpperCase(), skrillSignature(config.secretWord, signed))) return { ok: false, reason: 'signature mismatch' };
      if (signed.merchant_id !== config.merchantId || field('pay_to_email').toLowerCase() !== config.merchantEmail.toLowerCase()) return { ok: false, reason: 'another merchant' };
      const currency = signed.mb_currency;
      const amount = isCurrency(currency) ? parseMajor(signed.mb_amount, currency) : null;
      const providerRef = field('mb_transaction_id');
      if (amount === null || !signed.transaction_id || !/^[0-9A-Za-z_-]{1,64}$/.test(providerRef)) return { ok: false, reason: 'unreadable body' };
      const eventId = `${providerRef}:${signed.status}`;
      const status = STATUS[signed.status];
      if (!status) return { ok: false, reason: `unknown status ${signed.status}` };
      return {
        ok: true,
        event: { eventId, paymentId: signed.transaction_id, providerRef, status, amount, currency, ...(status === 'failed' ? { failure: 'declined' as const } : {}) },
      };
    },

    async payout(payout) {
      const currency = payout.currency as CurrencyCode;
      const beneficiary = String(payout.requisites.wallet_email ?? '');
      if (!beneficiary) return { providerRef: '', status: 'failed', reason: 'no Skrill e-mail to pay to' };
      // Step 1: prepare. No answer here means nothing was paid: the caller returns the money.
      const prepared = await api({
        action: 'prepare',
        amount: formatMinor(payout.amount, currency),
        currency,
        bnf_email: beneficiary,
        subject: 'Croupier withdrawal',
        note: `Withdrawal ${payout.paymentId}`,
        frn_trn_id: payout.paymentId,
      });
      const prepareError = xmlText(prepared, 'error_msg');
      // Skrill executes one transfer per frn_trn_id: a payout asked again after it went through.
      if (prepareError === 'ALREADY_EXECUTED') return { providerRef: `frn:${payout.paymentId}`, status: 'paid' };
      if (prepareError) return { providerRef: '', status: 'failed', reason: `Skrill: ${prepareError}` };
      const sid = xmlText(prepared, 'sid');
      if (!sid) return { providerRef: '', status: 'failed', reason: 'Skrill: no session id in its answer' };
      // Step 2: execute. From here an unanswered call may have paid: the outcome is unknown.
      let executed: string;
      try {
        executed = await api({ action: 'transfer', sid });
      } catch (error) {
        return { providerRef: '', status: 'unknown', reason: `Skrill did not answer the transfer: ${error instanceof Error ? error.message : String(error)}` };
      }
      const transferError = xmlText(executed, 'error_msg');
      if (transferError) return { providerRef: '', status: 'failed', reason: `Skrill: ${transferError}` };
      const status = xmlText(executed, 'status');
      const id = xmlText(executed, 'id') ?? '';
      // 2 processed, 1 scheduled (Skrill has taken it and pays it out); -2 failed.
      if (status === '2' || status === '1') return { providerRef: id, status: 'paid' };
      if (status === '-2') return { providerRef: id, status: 'failed', reason: `Skrill: transfer failed (${xmlText(executed, 'status_msg') ?? 'status -2'})` };
      return { providerRef: id, status: 'unknown', reason: `Skrill answered status ${status ?? 'none'}` };
    },
  };
  return provider;
}
