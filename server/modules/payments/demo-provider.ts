import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { CURRENCIES, formatMinor, groupAmount, isCurrency } from '../../../contract/money.ts';
import type { Db } from '../../platform/db/database.ts';
import { randomToken } from '../../platform/crypto.ts';
import type { Logger } from '../../platform/logger.ts';
import { demoPspPayments } from '../../db/schema.ts';
import type { PaymentFailure, PaymentProvider, ProviderDayTotal, ProviderStatus, RequisitesVerdict } from './provider.ts';
import { signBody, verifySignature, SIGNATURE_HEADER } from './signature.ts';

/** A pay-in's reference as the provider makes it: `dp_` and 12 random bytes in base64url. */
const PAYIN_REF = /^dp_[A-Za-z0-9_-]{16}$/;

/**
 * A payment provider that behaves like a real one, for demos and tests: it keeps its own books,
 * hosts a payment page under /psp/demo/pay/{ref} with Pay, Decline, Technical error, Leave
 * pending and Cancel, tells the platform the outcome through a signed HTTP callback, then sends
 * the player back to the platform's result page. Like a real provider's sandbox, some payment
 * details give a set answer (SANDBOX_REQUISITES, docs/payments.md). It never touches the
 * platform's tables.
 */
export const CALLBACK_PATH = '/platform/payments/callback/demo';

const callbackSchema = z.object({
  event_id: z.string().min(1).max(100),
  payment_id: z.string().min(1).max(100),
  provider_ref: z.string().min(1).max(100),
  /** `chargeback`: the payer's bank took the settled pay-in back (docs/payments.md, "Chargebacks"). */
  status: z.enum(['success', 'failed', 'pending', 'cancelled', 'chargeback']),
  /** With `chargeback`: `refund` when the provider refunded the pay-in on its own rather than the bank taking it back. */
  taken_back_as: z.enum(['chargeback', 'refund']).optional(),
  amount: z.string().regex(/^[1-9][0-9]{0,17}$/),
  currency: z.string().length(3),
  failure: z.enum(['declined', 'service_error']).optional(),
});

/**
 * The sandbox's payment details with a set answer (docs/payments.md, "Demo provider"): Skrill
 * wallets by the e-mail's domain, bank accounts by IBAN. Any other detail is accepted.
 */
export const SANDBOX_REQUISITES = {
  /** A deposit from this wallet is declined at once. */
  declined: { wallet: 'declined.demopay.test', iban: null },
  /** The provider answers an error (deposit or withdrawal). */
  error: { wallet: 'error.demopay.test', iban: 'DE10500105170000000500' },
  /** The details are still being checked on the provider's side. */
  on_verification: { wallet: 'verifying.demopay.test', iban: 'DE64500105170000000401' },
  /** The player must validate the details with the provider first. */
  validation_required: { wallet: 'unvalidated.demopay.test', iban: 'DE37500105170000000402' },
  /** The details are on the provider's fraud list. */
  fraudulent: { wallet: 'blocked.demopay.test', iban: 'DE10500105170000000403' },
} as const;

type SandboxCase = keyof typeof SANDBOX_REQUISITES;

/** The sandbox case some payment details fall under, if any. */
export function sandboxCase(requisites: Record<string, string>): SandboxCase | null {
  const domain = (requisites.wallet_email ?? '').trim().toLowerCase().split('@')[1] ?? null;
  const iban = (requisites.iban ?? '').replace(/\s+/g, '').toUpperCase() || null;
  for (const [name, values] of Object.entries(SANDBOX_REQUISITES) as Array<[SandboxCase, { wallet: string; iban: string | null }]>) {
    if ((domain && domain === values.wallet) || (iban && iban === values.iban)) return name;
  }
  return null;
}

const OUTCOME_TO_STATUS: Record<string, ProviderStatus> = { success: 'success', fail: 'failed', error: 'failed', pending: 'pending', cancel: 'cancelled' };
/** Why a failing outcome of the hosted page failed: Decline is the bank's refusal, Technical error the provider's own. */
const OUTCOME_TO_FAILURE: Record<string, PaymentFailure> = { fail: 'declined', error: 'service_error' };
const STATUS_TO_PAGE: Record<ProviderStatus, string> = { success: 'paysuccess', failed: 'payfail', pending: 'paypending', cancelled: 'paycancel' };

const UNSIGNED = Symbol('unsigned');

export type CallbackSender = (path: string, body: string, headers: Record<string, string>) => Promise<{ status: number }>;

export function createDemoProvider(deps: { db: Db; secret: string; logger: Logger; sendCallback: () => CallbackSender }) {
  const { db, secret, logger } = deps;

  async function notify(ref: string, status: ProviderStatus, failure?: PaymentFailure): Promise<boolean> {
    const [payment] = await db.select().from(demoPspPayments).where(eq(demoPspPayments.ref, ref));
    if (!payment) return false;
    const body = JSON.stringify({
      event_id: `${ref}:${status}:${randomToken(6)}`,
      payment_id: payment.merchantPaymentId,
      provider_ref: ref,
      status,
      amount: payment.amount.toString(),
      currency: payment.currency,
      ...(status === 'failed' && failure ? { failure } : {}),
    });
    const answer = await deps.sendCallback()(CALLBACK_PATH, body, { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, body) });
    if (answer.status >= 300) logger.warn({ ref, status, answer: answer.status }, 'demo provider: the platform refused a callback');
    return answer.status < 300;
  }

  /** Records a payout or refund once per merchant id: a repeat answers the first record. */
  async function recordOnce(values: typeof demoPspPayments.$inferInsert) {
    await db.insert(demoPspPayments).values(values).onConflictDoNothing();
    const [row] = await db
      .select()
      .from(demoPspPayments)
      .where(and(eq(demoPspPayments.merchantPaymentId, values.merchantPaymentId), eq(demoPspPayments.kind, values.kind)));
    return row;
  }

  const provider: PaymentProvider = {
    name: 'demo',
    signatureHeader: SIGNATURE_HEADER,
    async createPayment(payment) {
      const sandbox = sandboxCase(payment.requisites);
      if (sandbox === 'declined') return { status: 'declined', reason: 'the issuer declined the payment' };
      if (sandbox === 'error') return { status: 'error', reason: 'internal error at the provider' };
      const ref = `dp_${randomToken(12)}`;
      await db.insert(demoPspPayments).values({
        ref,
        merchantPaymentId: payment.paymentId,
        kind: 'payin',
        method: payment.method,
        amount: payment.amount,
        currency: payment.currency,
        status: 'open',
        locale: payment.locale,
      });
      return { status: 'created', providerRef: ref, redirectUrl: `/psp/demo/pay/${ref}` };
    },
    async checkRequisites(check): Promise<RequisitesVerdict> {
      const sandbox = sandboxCase(check.requisites);
      if (sandbox === 'on_verification' || sandbox === 'validation_required' || sandbox === 'fraudulent') return { status: sandbox, reason: `sandbox ${sandbox}` };
      if (sandbox === 'error') return { status: 'error', reason: 'internal error at the provider' };
      return { status: 'ok' };
    },
    readCallback(rawBody, signed) {
      const signature = verifySignature(secret, rawBody, signed);
      if (!signature.ok) return { ok: false, reason: `signature ${signature.reason}` };
      let parsed: z.infer<typeof callbackSchema>;
      try {
        parsed = callbackSchema.parse(JSON.parse(rawBody));
      } catch {
        return { ok: false, reason: 'unreadable body' };
      }
      return {
        ok: true,
        event: {
          eventId: parsed.event_id,
          paymentId: parsed.payment_id,
          providerRef: parsed.provider_ref,
          status: parsed.status,
          amount: BigInt(parsed.amount),
          currency: parsed.currency,
          failure: parsed.failure,
          takenBackAs: parsed.taken_back_as,
        },
      };
    },
    async payout(payout) {
      const row = await recordOnce({ ref: `dpo_${randomToken(12)}`, merchantPaymentId: payout.paymentId, kind: 'payout', method: payout.method, amount: payout.amount, currency: payout.currency, status: 'paid' });
      return { providerRef: row.ref, status: 'paid' };
    },
    async refund(refund) {
      // Like a real acquirer: only a settled pay-in, never past what is left of it (after refunds and chargebacks).
      const [payin] = refund.providerRef
        ? await db.select().from(demoPspPayments).where(and(eq(demoPspPayments.ref, refund.providerRef), eq(demoPspPayments.kind, 'payin')))
        : [];
      if (!payin || payin.merchantPaymentId !== refund.paymentId) return { providerRef: '', status: 'failed', reason: 'unknown payment' };
      if (payin.status !== 'success') return { providerRef: '', status: 'failed', reason: `payment is ${payin.status}` };
      const [done] = await db
        .select()
        .from(demoPspPayments)
        .where(and(eq(demoPspPayments.merchantPaymentId, refund.refundId), eq(demoPspPayments.kind, 'refund')));
      if (done) return { providerRef: done.ref, status: 'refunded' };
      const [refunded] = await db
        .select({ total: sql<string>`coalesce(sum(${demoPspPayments.amount}), 0)::text` })
        .from(demoPspPayments)
        .where(and(sql`${demoPspPayments.kind} in ('refund', 'chargeback')`, eq(demoPspPayments.method, payin.ref)));
      if (BigInt(refunded.total) + refund.amount > payin.amount) return { providerRef: '', status: 'failed', reason: 'more than is left of the payment' };
      // A refund's method names the pay-in it refunds.
      const row = await recordOnce({ ref: `dpr_${randomToken(12)}`, merchantPaymentId: refund.refundId, kind: 'refund', method: payin.ref, amount: refund.amount, currency: refund.currency, status: 'refunded' });
      return { providerRef: row.ref, status: 'refunded' };
    },
    async dailyTotals(from, to) {
      // The demo keeps no settlement time: a pay-in counts on the day it was opened.
      const day = sql<string>`to_char(${demoPspPayments.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          day,
          currency: demoPspPayments.currency,
          // Settled pay-ins less what was refunded or charged back that day, as a settlement report nets them.
          payins: sql<string>`(coalesce(sum(${demoPspPayments.amount}) filter (where ${demoPspPayments.kind} = 'payin' and ${demoPspPayments.status} = 'success'), 0)
            - coalesce(sum(${demoPspPayments.amount}) filter (where ${demoPspPayments.kind} in ('refund', 'chargeback')), 0))::text`,
          payinCount: sql<number>`(count(*) filter (where ${demoPspPayments.kind} = 'payin' and ${demoPspPayments.status} = 'success'))::int`,
          payouts: sql<string>`coalesce(sum(${demoPspPayments.amount}) filter (where ${demoPspPayments.kind} = 'payout' and ${demoPspPayments.status} = 'paid'), 0)::text`,
          payoutCount: sql<number>`(count(*) filter (where ${demoPspPayments.kind} = 'payout' and ${demoPspPayments.status} = 'paid'))::int`,
        })
        .from(demoPspPayments)
        .where(and(gte(demoPspPayments.createdAt, from), lt(demoPspPayments.createdAt, to)))
        .groupBy(day, demoPspPayments.currency);
      return rows
        .map((row): ProviderDayTotal => ({ day: row.day, currency: row.currency, payins: BigInt(row.payins), payinCount: Number(row.payinCount), payouts: BigInt(row.payouts), payoutCount: Number(row.payoutCount) }))
        .filter((row) => row.payinCount > 0 || row.payoutCount > 0 || row.payins !== 0n);
    },
  };

  /** Settles a payment left pending (what a real provider does later on its own). */
  async function settle(paymentId: string, outcome: 'success' | 'failed'): Promise<boolean> {
    const [payment] = await db
      .select()
      .from(demoPspPayments)
      .where(and(eq(demoPspPayments.merchantPaymentId, paymentId), eq(demoPspPayments.kind, 'payin')));
    if (!payment) return false;
    await db.update(demoPspPayments).set({ status: outcome }).where(eq(demoPspPayments.ref, payment.ref));
    return notify(payment.ref, outcome, outcome === 'failed' ? 'declined' : undefined);
  }

  /**
   * The card holder's bank takes a settled pay-in back (what a real provider tells the merchant
   * later, on its own): recorded in the provider's books (netted from the day's pay-ins) and
   * notified through a signed callback with status `chargeback`. The whole pay-in, as card
   * schemes charge back a payment (the platform checks a callback's amount against the payment);
   * refused once any of it was refunded or charged back. Answers why when nothing was sent.
   */
  async function chargeback(paymentId: string, takenBackAs: 'chargeback' | 'refund' = 'chargeback'): Promise<{ ok: true; ref: string; delivered: boolean } | { ok: false; reason: string }> {
    const [payin] = await db
      .select()
      .from(demoPspPayments)
      .where(and(eq(demoPspPayments.merchantPaymentId, paymentId), eq(demoPspPayments.kind, 'payin')));
    if (!payin) return { ok: false, reason: 'unknown payment' };
    if (payin.status !== 'success') return { ok: false, reason: `payment is ${payin.status}` };
    const [taken] = await db
      .select({ total: sql<string>`coalesce(sum(${demoPspPayments.amount}), 0)::text` })
      .from(demoPspPayments)
      .where(and(sql`${demoPspPayments.kind} in ('refund', 'chargeback')`, eq(demoPspPayments.method, payin.ref)));
    if (BigInt(taken.total) > 0n) return { ok: false, reason: 'payment was refunded or charged back already' };
    const amount = payin.amount;
    const ref = `dpc_${randomToken(12)}`;
    // Like a refund, a chargeback's method names the pay-in it takes back.
    await db.insert(demoPspPayments).values({ ref, merchantPaymentId: ref, kind: takenBackAs, method: payin.ref, amount, currency: payin.currency, status: takenBackAs === 'refund' ? 'refunded' : 'charged_back' });
    const body = JSON.stringify({ event_id: `${ref}:${takenBackAs}`, payment_id: payin.merchantPaymentId, provider_ref: ref, status: 'chargeback', taken_back_as: takenBackAs, amount: amount.toString(), currency: payin.currency });
    const answer = await deps.sendCallback()(CALLBACK_PATH, body, { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, body) });
    if (answer.status >= 300) logger.warn({ ref, answer: answer.status }, 'demo provider: the platform refused a chargeback notice');
    return { ok: true, ref, delivered: answer.status < 300 };
  }

  /** A back-office request's JSON body (null when unreadable), or UNSIGNED without the provider's own signature. */
  async function signedJson(c: Context): Promise<unknown> {
    const raw = await c.req.text();
    if (!verifySignature(secret, raw, c.req.header(SIGNATURE_HEADER)).ok) return UNSIGNED;
    try {
      return JSON.parse(raw);
    } catch {
      return null;
    }
  }

  /** The hosted payment page and its form. */
  function routes() {
    const app = new Hono();
    // A reference is one we made (`dp_` and a random token); anything else (a NUL byte the
    // database would refuse, a path that is not ours) is simply not found, before any query.
    const notFound = (c: Context) => c.html(page('en', 'Payment not found', '<p>This payment link is not valid.</p>', nonceOf(c)), 404);
    app.use('/pay/:ref', async (c, next) => (PAYIN_REF.test(c.req.param('ref') ?? '') ? next() : notFound(c)));
    app.get('/pay/:ref', async (c) => {
      const [payment] = await db.select().from(demoPspPayments).where(eq(demoPspPayments.ref, c.req.param('ref')));
      if (!payment || payment.kind !== 'payin') return notFound(c);
      if (payment.status !== 'open') return c.redirect(resultUrl(payment.locale, payment.status as ProviderStatus, payment.merchantPaymentId), 303);
      return c.html(paymentPage(payment, nonceOf(c)));
    });
    app.post('/pay/:ref', async (c) => {
      const ref = c.req.param('ref');
      const form = await c.req.formData().catch(() => null);
      const outcome = String(form?.get('outcome') ?? '');
      const status = OUTCOME_TO_STATUS[outcome];
      const [payment] = await db.select().from(demoPspPayments).where(eq(demoPspPayments.ref, ref));
      if (!payment || payment.kind !== 'payin' || !status) return notFound(c);
      if (payment.status === 'open') {
        // Only one outcome per payment, even if the form is sent twice.
        const claimed = await db
          .update(demoPspPayments)
          .set({ status })
          .where(and(eq(demoPspPayments.ref, ref), eq(demoPspPayments.status, 'open')))
          .returning({ ref: demoPspPayments.ref });
        if (claimed.length) await notify(ref, status, OUTCOME_TO_FAILURE[outcome]);
      }
      const [current] = await db.select().from(demoPspPayments).where(eq(demoPspPayments.ref, ref));
      return c.redirect(resultUrl(payment.locale, current.status as ProviderStatus, payment.merchantPaymentId), 303);
    });
    // The provider's back office: settles a payment left pending. Signed with the provider's own
    // secret (npm run ops -- payment:settle signs it), so only the operator can use it.
    app.post('/settle', async (c) => {
      const json = await signedJson(c);
      if (json === UNSIGNED) return c.json({ error: 'invalid signature' }, 401);
      const parsed = z.object({ payment_id: z.string().max(100), outcome: z.enum(['success', 'failed']) }).safeParse(json);
      if (!parsed.success) return c.json({ error: 'payment_id and outcome (success or failed) are required' }, 422);
      const delivered = await settle(parsed.data.payment_id, parsed.data.outcome);
      return delivered ? c.json({ result: 'settled' }) : c.json({ error: 'unknown payment or callback refused' }, 404);
    });
    // The provider's back office: the card holder's bank charges a pay-in back (npm run ops --
    // payment:chargeback signs it with the provider's secret, like /settle).
    app.post('/chargeback', async (c) => {
      const json = await signedJson(c);
      if (json === UNSIGNED) return c.json({ error: 'invalid signature' }, 401);
      const parsed = z.object({ payment_id: z.string().max(100), taken_back_as: z.enum(['chargeback', 'refund']).default('chargeback') }).safeParse(json);
      if (!parsed.success) return c.json({ error: 'payment_id is required; taken_back_as is chargeback or refund' }, 422);
      const done = await chargeback(parsed.data.payment_id, parsed.data.taken_back_as);
      if (!done.ok) return c.json({ error: done.reason }, 422);
      return done.delivered ? c.json({ result: 'charged back', ref: done.ref }) : c.json({ error: 'the platform refused the notice', ref: done.ref }, 502);
    });
    return app;
  }

  return { provider, settle, chargeback, routes };
}

/**
 * The platform's result page of an outcome. The cancelled page has no transaction in its address
 * (spec 2 section 2: /cashier/paycancel), the others carry the payment id.
 */
function resultUrl(locale: string, status: ProviderStatus, paymentId: string): string {
  const page = STATUS_TO_PAGE[status] ?? 'payfail';
  return `${locale === 'fr' ? '/fr' : ''}/cashier/${page}${page === 'paycancel' ? '' : `/${encodeURIComponent(paymentId)}`}`;
}

const TEXT = {
  en: { title: 'Secure payment', merchant: 'Merchant', amount: 'Amount', method: 'Method', pay: 'Pay', decline: 'Decline', error: 'Technical error', pending: 'Leave pending', cancel: 'Cancel', note: 'Demo payment service: no real money moves. Choose the outcome the bank would give.' },
  fr: { title: 'Paiement sécurisé', merchant: 'Marchand', amount: 'Montant', method: 'Moyen', pay: 'Payer', decline: 'Refuser', error: 'Erreur technique', pending: 'Laisser en attente', cancel: 'Annuler', note: "Service de paiement de démonstration : aucun argent réel ne circule. Choisissez l'issue que donnerait la banque." },
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function paymentPage(payment: typeof demoPspPayments.$inferSelect, nonce: string): string {
  const locale = payment.locale === 'fr' ? 'fr' : 'en';
  const t = TEXT[locale];
  const currency = isCurrency(payment.currency) ? payment.currency : 'EUR';
  const amount = `${CURRENCIES[currency].symbol}${groupAmount(formatMinor(payment.amount, currency))}`;
  const button = (outcome: string, label: string, style: string) =>
    `<button type="submit" name="outcome" value="${outcome}" class="${style}" data-outcome="${outcome}">${escapeHtml(label)}</button>`;
  return page(
    locale,
    t.title,
    `<dl>
      <div><dt>${t.merchant}</dt><dd>Croupier</dd></div>
      <div><dt>${t.amount}</dt><dd class="amount" data-testid="psp-amount">${escapeHtml(amount)}</dd></div>
      <div><dt>${t.method}</dt><dd data-testid="psp-method">${escapeHtml(payment.method)}</dd></div>
    </dl>
    <form method="post">
      ${button('success', t.pay, 'primary')}
      ${button('fail', t.decline, 'danger')}
      ${button('error', t.error, 'danger')}
      ${button('pending', t.pending, 'plain')}
      ${button('cancel', t.cancel, 'plain')}
    </form>
    <p class="note">${escapeHtml(t.note)}</p>`,
    nonce,
  );
}

/** The response's CSP nonce: the page's policy applies a style element only with it (server/http/security-headers.ts). */
const nonceOf = (c: Context) => (c.get as (key: string) => string | undefined)('nonce') ?? '';

function page(locale: string, title: string, body: string, nonce: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · DemoPay</title><style nonce="${nonce}">
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,sans-serif;background:#eef1f6;color:#1b2233;display:grid;place-items:center;min-height:100vh}
main{box-sizing:border-box;background:#fff;border-radius:16px;box-shadow:0 10px 40px rgba(20,30,60,.12);padding:28px;width:min(92vw,420px)}
header{display:flex;align-items:center;gap:10px;margin-bottom:20px}.logo{width:34px;height:34px;border-radius:9px;background:linear-gradient(135deg,#2a6df4,#15b79e)}
h1{font-size:20px;margin:0}dl{margin:0 0 20px}dl div{display:flex;justify-content:space-between;padding:10px 0;border-bottom:1px solid #e6e9f0}dt{color:#667085}dd{margin:0;font-weight:600}
.amount{font-size:22px}form{display:grid;grid-template-columns:1fr 1fr;gap:10px}button{height:46px;border-radius:10px;border:1px solid #d0d5dd;background:#fff;font:inherit;font-size:15px;font-weight:600;cursor:pointer}
.primary{grid-column:1/-1;background:#2a6df4;border-color:#2a6df4;color:#fff}.danger{color:#d92d20;border-color:#fda29b}.note{color:#667085;font-size:13px;margin-top:18px}</style></head>
<body><main><header><span class="logo"></span><h1>${escapeHtml(title)}</h1></header>${body}</main></body></html>`;
}

export type DemoProvider = ReturnType<typeof createDemoProvider>;
