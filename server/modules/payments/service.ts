import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { announceOutboxCommitted, writeOutboxEvent } from '../../platform/events/outbox.ts';
import { depositSumError, formatMoney } from '../../../contract/deposit-sum.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { CURRENCIES, formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import { validateForm } from '../../../contract/validation.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { randomToken } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { depositLimits, paymentEvents, payments } from '../../db/schema.ts';
import type { DeviceFacts } from '../devices/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { DEPOSIT_METHODS, WITHDRAWAL_DAILY_AMOUNT, WITHDRAWAL_DAILY_COUNT, WITHDRAWAL_METHODS, WITHDRAWAL_ROUTES, type PaymentMethod } from './methods.ts';
import { NO_METHOD_RULES, type PaymentMethodRules } from '../../../contract/payment-method-rules.ts';
import { isStricter, periodBounds, type LimitPeriod } from './periods.ts';
import type { PaymentProvider, ProviderEvent, RequisitesVerdict } from './provider.ts';
import type { ProviderRegistry } from './registry.ts';
import type { CashierDirection, MissingRequirements } from '../../../contract/cashier-requirements.ts';
import { paymentText, profileFieldName, type PaymentTextKey } from './texts.ts';
import { createPaymentsAdmin } from './admin.ts';
import { createRefunds } from './refunds.ts';
import { maskRequisites } from './requisites.ts';

/** The job that asks a provider again about a payout it left unknown (recheckPayout). */
export const PAYOUT_CHECK_JOB = 'payments.payout-check';

/** What the payments module needs to know about a player (from the accounts module). */
export type PayerProfile = { uid: number; currency: string; isKycBlockEnabled: boolean; isVerified: boolean; country?: string | null };

type PaymentRow = typeof payments.$inferSelect;

const minor = (major: number, currency: CurrencyCode) => BigInt(major) * 10n ** BigInt(CURRENCIES[currency].exponent);
const major = (amount: bigint, currency: CurrencyCode) => formatMinor(amount, currency);
const INCREASE_DELAY_MS = 24 * 3600 * 1000;

/** What other modules check around a cashier movement (promotions: deposit offers, bonuses being wagered). */
export type PaymentHooks = {
  /** Throws a typed error naming campaign_offer_id when the chosen offer cannot go with this deposit (-1: none). */
  checkDepositOffer?: (userId: number, campaignOfferId: number, amount: bigint, locale: LocaleCode) => Promise<void>;
  /** In the withdrawal's transaction, before the reserve: may refuse it, or forfeit a bonus when `burn` is confirmed. */
  beforeWithdrawal?: (tx: Tx, userId: number, currency: string, burn: boolean, locale: LocaleCode) => Promise<void>;
  /**
   * In a new deposit's transaction, with the device it was asked from (docs/devices.md): SEON's
   * fraud check is queued here, so it exists exactly when the deposit does.
   */
  onDepositCreated?: (tx: Tx, payment: { id: number; publicId: string; userId: number; amount: bigint; currency: string; method: string }, context: { ip: string; device: DeviceFacts }) => Promise<void>;
  /** Before a deposit starts: refuses it with a typed error (responsible gaming: a time-out or self-exclusion runs). */
  beforeDeposit?: (userId: number, locale: LocaleCode) => Promise<void>;
  /**
   * Identity verification's rule for this player (docs/verification.md), read before the
   * withdrawal's transaction; the check it gives runs in it, under the player's lock, and refuses
   * while verification is required first. `withdrawnBefore` sums the player's withdrawals that
   * hold or paid money, read only when the rule needs it.
   */
  withdrawalCheck?: (
    payer: PayerProfile,
    locale: LocaleCode,
  ) => Promise<((tx: Tx, input: { amount: bigint; currency: string; withdrawnBefore: () => Promise<bigint> }) => Promise<void>) | null>;
  /**
   * What the player still lacks before a deposit or a withdrawal (site configuration
   * cashier.requirements; requirements.ts): shown by the settings answers, enforced by the calls.
   */
  requirements?: (uid: number, direction: CashierDirection) => Promise<MissingRequirements>;
  /**
   * A provider's chargeback (or own refund) notice of one of its settled deposits (the demo's,
   * Skrill's status -3), in the callback's transaction: recorded and moved once per notice by
   * chargebacks.ts, which answers what it did (never throws for the notice's content).
   */
  chargeback?: (tx: Tx, payment: PaymentRow, event: ProviderEvent) => Promise<string>;
  /**
   * Queues the check of a payout whose provider could not say whether it paid (`unknown`): the
   * job runner calls `recheckPayout(publicId)` until the provider answers (decision 037).
   */
  enqueuePayoutCheck?: (tx: Tx, publicId: string) => Promise<void>;
  /**
   * The operator's payment method rules (the setting paymentMethodRules; decision 038): countries
   * and currencies per method, bounds per currency, "withdraw by the method you deposited with".
   */
  methodRules?: () => Promise<PaymentMethodRules>;
  /**
   * In the approval's transaction, with the withdrawal's row locked, before anything is claimed or
   * approved: refuses with a typed error while a compliance case holds the player's withdrawals
   * (docs/risk.md).
   */
  approvalCheck?: (tx: Tx, payment: PaymentRow) => Promise<void>;
};

/** A failed deposit's reason as the error type it reads as, with its message. */
function failureOf(failure: 'declined' | 'service_error', locale: LocaleCode) {
  return failure === 'declined'
    ? { type: 'BillingTransactionDeclinedException' as const, message: paymentText(locale, 'transactionDeclined') }
    : { type: 'BillingServiceErrorException' as const, message: paymentText(locale, 'serviceError') };
}

/** The typed error of a provider's verdict on payment details, naming the fields it is about. */
const VERDICT_ERRORS = {
  on_verification: ['RequisitesOnVerificationException', 'requisitesOnVerification'],
  validation_required: ['RequisitesValidationRequiredException', 'requisitesValidationRequired'],
  fraudulent: ['RequisitesFraudulentException', 'requisitesFraudulent'],
  error: ['BillingServiceErrorException', 'serviceError'],
} as const satisfies Record<Exclude<RequisitesVerdict['status'], 'ok'>, readonly [string, PaymentTextKey]>;

export function createPayments(deps: { db: Db; ledger: Ledger; providers: ProviderRegistry; logger: Logger } & PaymentHooks) {
  const { db, ledger, providers, logger } = deps;

  /** The methods of a direction some configured provider serves (registry.ts): the others are not offered. */
  const offered = (direction: CashierDirection) => (direction === 'deposit' ? DEPOSIT_METHODS : WITHDRAWAL_METHODS).filter((method) => providers.forMethod(direction, method.sysname));
  /** The provider serving a method now: only called for an offered method. */
  const serving = (direction: CashierDirection, method: PaymentMethod) => providers.forMethod(direction, method.sysname)!;
  /** The provider a payment was made with; it stays its provider for callbacks, payouts and refunds. */
  const providerOf = (payment: PaymentRow): PaymentProvider => {
    const provider = providers.byName(payment.provider);
    if (!provider) throw new AppError('BillingUnavailableException', `The payment provider ${payment.provider} is not configured`);
    return provider;
  };

  const currencyOf = (payer: PayerProfile): CurrencyCode => (isCurrency(payer.currency) ? payer.currency : 'EUR');

  /**
   * The methods of a direction this player may use under the operator's rules (decision 038),
   * with the bounds of their currency, and why each other served method is refused.
   */
  async function methodsFor(direction: CashierDirection, payer: PayerProfile, currency: CurrencyCode) {
    const rules = deps.methodRules ? await deps.methodRules() : NO_METHOD_RULES;
    const country = payer.country ? payer.country.toUpperCase() : null;
    const usable: PaymentMethod[] = [];
    const refused = new Map<string, 'country' | 'currency'>();
    for (const method of offered(direction)) {
      const rule = rules.methods.find((item) => item.direction === direction && item.method === method.sysname);
      if (!rule) {
        usable.push(method);
        continue;
      }
      if (rule.currencies.length && !rule.currencies.includes(currency)) {
        refused.set(method.sysname, 'currency');
        continue;
      }
      // A method kept to some countries is not offered to a player whose country is not known.
      if ((rule.countries.length && (!country || !rule.countries.includes(country))) || (country && rule.excludedCountries.includes(country))) {
        refused.set(method.sysname, 'country');
        continue;
      }
      const bounds = rule.limits.find((item) => item.currency === currency);
      usable.push(bounds ? { ...method, min: bounds.min, max: bounds.max } : method);
    }
    return { usable, refused, rules };
  }

  /** The method asked for, when this player may use it; otherwise a typed error naming `method` saying why. */
  async function chosenMethod(direction: CashierDirection, payer: PayerProfile, currency: CurrencyCode, sysname: string, locale: LocaleCode) {
    const { usable, refused, rules } = await methodsFor(direction, payer, currency);
    const method = usable.find((item) => item.sysname === sysname);
    if (method) return { method, rules };
    const why = refused.get(sysname);
    const message = why === 'country' ? paymentText(locale, 'methodNotInCountry') : why === 'currency' ? paymentText(locale, 'methodNotInCurrency', { currency }) : paymentText(locale, 'unknownMethod');
    throw invalid({ method: message }, why ? message : undefined);
  }

  /**
   * "Withdraw by the method you deposited with" (decision 038): when the operator turns it on, the
   * deposit methods that count are those of the player's successful deposits made in the last
   * `days` days that some offered withdrawal method sends money back along (WITHDRAWAL_ROUTES).
   * None (no deposit in the period, or only by methods nothing pays back to, like cards): any
   * method. Otherwise the withdrawal's method must send money back along one of them.
   */
  async function assertSameMethod(rules: PaymentMethodRules, payer: PayerProfile, method: PaymentMethod, locale: LocaleCode) {
    const rule = rules.withdrawBySameMethod;
    if (!rule.enabled) return;
    const since = new Date(Date.now() - rule.days * 24 * 3600 * 1000);
    const rows = await db
      .selectDistinct({ method: payments.method })
      .from(payments)
      .where(and(eq(payments.userId, payer.uid), eq(payments.direction, 'deposit'), eq(payments.status, 'success'), gte(payments.createdAt, since)));
    const withdrawals = offered('withdrawal');
    const returnable = rows.map((row) => row.method).filter((deposited) => withdrawals.some((item) => (WITHDRAWAL_ROUTES[item.sysname] ?? []).includes(deposited)));
    if (!returnable.length) return;
    if ((WITHDRAWAL_ROUTES[method.sysname] ?? []).some((deposited) => returnable.includes(deposited))) return;
    const allowed = withdrawals.filter((item) => (WITHDRAWAL_ROUTES[item.sysname] ?? []).some((deposited) => returnable.includes(deposited)));
    const message = paymentText(locale, 'withdrawSameMethod', { methods: allowed.map((item) => item.name).join(', ') });
    throw new AppError('InvalidParameterException', message, { fields: { method: message }, details: { methods: allowed.map((item) => item.sysname) } });
  }

  function invalid(fields: Record<string, string>, message?: string): AppError {
    return new AppError('InvalidParameterException', message ?? `Invalid parameter: ${Object.keys(fields).join(', ')}`, { fields });
  }

  function methodView(method: PaymentMethod, currency: CurrencyCode, locale: LocaleCode) {
    return {
      sysname: method.sysname,
      name: method.name,
      min: { amount: major(minor(method.min, currency), currency), currency },
      max: { amount: major(minor(method.max, currency), currency), currency },
      requisites: method.requisites.map((field) => ({ name: field.name, type: field.rule.type, label: field.label[locale] })),
    };
  }

  function checkAmountAndRequisites(method: PaymentMethod, input: { amount: unknown; requisites?: Record<string, unknown> }, currency: CurrencyCode, locale: LocaleCode) {
    const errors: Record<string, string> = {};
    const sumError = depositSumError(input.amount, { min: method.min, max: method.max, currency }, locale);
    if (sumError) errors.amount = sumError;
    const rules = Object.fromEntries(method.requisites.map((field) => [field.name, field.rule]));
    for (const [name, message] of Object.entries(validateForm(rules, input.requisites ?? {}, { locale }))) errors[`requisites.${name}`] = message;
    if (Object.keys(errors).length) throw invalid(errors);
    const requisites = Object.fromEntries(
      method.requisites.map((field) => {
        const value = String(input.requisites?.[field.name] ?? '').trim();
        // An IBAN is kept in its electronic form: no spaces, upper case.
        return [field.name, field.rule.type === 'iban' ? value.replace(/\s+/g, '').toUpperCase() : value];
      }),
    );
    return { amount: minor(Number(String(input.amount).trim()), currency), requisites };
  }

  const lockUser = (tx: Tx, scope: string, uid: number) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${scope}:${uid}`}))`);

  // --- what a deposit or a withdrawal needs first --------------------------------------------------

  const NOTHING_MISSING: MissingRequirements = { profile_fields: [], confirm_contact: false, contact: null };
  const missingFor = (uid: number, direction: CashierDirection) => deps.requirements?.(uid, direction) ?? Promise.resolve(NOTHING_MISSING);

  /** Refuses while the player lacks what the configuration asks for this direction: profile data first, then a confirmed contact. */
  async function assertRequirements(uid: number, direction: CashierDirection, locale: LocaleCode) {
    const missing = await missingFor(uid, direction);
    if (missing.profile_fields.length) {
      const names = missing.profile_fields.map((field) => profileFieldName(locale, field)).join(', ');
      throw new AppError('UserNeedProfileDataException', paymentText(locale, 'needProfileData', { fields: names }), {
        fields: Object.fromEntries(missing.profile_fields.map((field) => [field, paymentText(locale, 'needProfileField')])),
        details: { profile_fields: missing.profile_fields },
      });
    }
    if (missing.confirm_contact) {
      const message = missing.contact ? paymentText(locale, 'needConfirmContact', { contact: missing.contact.contact }) : paymentText(locale, 'needConfirmAnyContact');
      throw new AppError('UserNeedConfirmContactException', message, { details: { contact: missing.contact } });
    }
  }

  /** The provider's screening of payment details (a wallet, an IBAN), before anything is written. */
  async function screenRequisites(direction: CashierDirection, method: PaymentMethod, currency: CurrencyCode, requisites: Record<string, string>, locale: LocaleCode) {
    const provider = serving(direction, method);
    if (!provider.checkRequisites || method.requisites.length === 0) return;
    let verdict: RequisitesVerdict;
    try {
      verdict = await provider.checkRequisites({ direction, method: method.sysname, currency, requisites });
    } catch (error) {
      logger.error({ err: error, method: method.sysname }, 'payment provider could not check payment details');
      throw new AppError('BillingUnavailableException', 'The payment service is not available, try again later');
    }
    if (verdict.status === 'ok') return;
    const [type, key] = VERDICT_ERRORS[verdict.status];
    const message = paymentText(locale, key);
    logger.info({ method: method.sysname, verdict: verdict.status, reason: verdict.reason }, 'payment details refused by the provider');
    // A service error is about no field; the other verdicts are about the details the player typed.
    const fields = verdict.status === 'error' ? undefined : Object.fromEntries(method.requisites.map((field) => [`requisites.${field.name}`, message]));
    throw new AppError(type, message, { fields });
  }

  // --- deposit limit ----------------------------------------------------------------------------

  /** Applies a requested increase once its 24 hours have passed. */
  async function currentLimit(tx: Db | Tx, uid: number, now = new Date()) {
    const [row] = await tx.select().from(depositLimits).where(eq(depositLimits.userId, uid));
    if (!row) return null;
    if (row.pendingEffectiveAt && row.pendingEffectiveAt <= now) {
      if (row.pendingAmount === null || row.pendingPeriod === null) {
        await tx.delete(depositLimits).where(eq(depositLimits.userId, uid));
        return null;
      }
      const [updated] = await tx
        .update(depositLimits)
        .set({ period: row.pendingPeriod, amount: row.pendingAmount, pendingAmount: null, pendingPeriod: null, pendingEffectiveAt: null, updatedAt: now })
        .where(eq(depositLimits.userId, uid))
        .returning();
      return updated;
    }
    return row;
  }

  async function depositedIn(tx: Db | Tx, uid: number, since: Date): Promise<bigint> {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
      .from(payments)
      .where(
        and(
          eq(payments.userId, uid),
          eq(payments.direction, 'deposit'),
          gte(payments.createdAt, since),
          // Created but never paid deposits stop counting after an hour.
          sql`(${payments.status} in ('success', 'pending') or (${payments.status} = 'created' and ${payments.createdAt} > now() - interval '1 hour'))`,
        ),
      );
    return BigInt(row?.total ?? '0');
  }

  async function getDepositLimit(payer: PayerProfile, now = new Date()) {
    const currency = currencyOf(payer);
    const limit = await currentLimit(db, payer.uid, now);
    if (!limit) {
      return { period: 'none', limit_amount: null, available_amount: null, expired_at: null, can_edit: true, pending: null };
    }
    const { start, end } = periodBounds(limit.period, now);
    const used = await depositedIn(db, payer.uid, start);
    const available = limit.amount > used ? limit.amount - used : 0n;
    return {
      period: limit.period,
      limit_amount: { amount: major(limit.amount, currency), currency },
      available_amount: { amount: major(available, currency), currency },
      expired_at: end.toISOString(),
      can_edit: true,
      pending: limit.pendingEffectiveAt
        ? {
            period: limit.pendingPeriod ?? 'none',
            limit_amount: limit.pendingAmount === null ? null : { amount: major(limit.pendingAmount, currency), currency },
            effective_at: limit.pendingEffectiveAt.toISOString(),
          }
        : null,
    };
  }

  /** Sets the limit: a stricter one applies at once, a looser one (or none) after 24 hours. */
  async function setDepositLimit(payer: PayerProfile, input: { period: string; amount?: string }, locale: LocaleCode, now = new Date()) {
    const currency = currencyOf(payer);
    let next: { period: LimitPeriod; amount: bigint } | null = null;
    if (input.period !== 'none') {
      if (!['day', 'week', 'month'].includes(input.period)) throw invalid({ period: paymentText(locale, 'badPeriod') });
      const sumError = depositSumError(input.amount, { min: 1, max: 1_000_000, currency }, locale);
      if (sumError) throw invalid({ amount: sumError });
      next = { period: input.period as LimitPeriod, amount: minor(Number(input.amount), currency) };
    }
    await db.transaction(async (tx) => {
      await lockUser(tx, 'deposit-limit', payer.uid);
      const current = await currentLimit(tx, payer.uid, now);
      if (isStricter(current ? { period: current.period, amount: current.amount } : null, next)) {
        if (!next) return;
        await tx
          .insert(depositLimits)
          .values({ userId: payer.uid, period: next.period, amount: next.amount, currency, updatedAt: now })
          .onConflictDoUpdate({
            target: depositLimits.userId,
            set: { period: next.period, amount: next.amount, currency, pendingAmount: null, pendingPeriod: null, pendingEffectiveAt: null, updatedAt: now },
          });
        return;
      }
      await tx
        .update(depositLimits)
        .set({ pendingPeriod: next?.period ?? null, pendingAmount: next?.amount ?? null, pendingEffectiveAt: new Date(now.getTime() + INCREASE_DELAY_MS), updatedAt: now })
        .where(eq(depositLimits.userId, payer.uid));
      // Raising limits again and again is a risk signal (docs/risk.md, rapid limit increases).
      await writeOutboxEvent(tx, { type: 'limits.raised', userId: payer.uid, payload: { limit: 'deposit' } });
    });
    announceOutboxCommitted();
    return getDepositLimit(payer, now);
  }

  // --- deposits ---------------------------------------------------------------------------------

  async function depositSettings(payer: PayerProfile, locale: LocaleCode) {
    const currency = currencyOf(payer);
    const { usable } = await methodsFor('deposit', payer, currency);
    return { currency, methods: usable.map((method) => methodView(method, currency, locale)), requirements: await missingFor(payer.uid, 'deposit') };
  }

  async function makeDeposit(
    payer: PayerProfile,
    input: { method: string; amount: unknown; campaign_offer_id?: number; requisites?: Record<string, unknown> },
    context: { locale: LocaleCode; domain?: string; ip?: string; device?: DeviceFacts },
  ) {
    await deps.beforeDeposit?.(payer.uid, context.locale);
    await assertRequirements(payer.uid, 'deposit', context.locale);
    const currency = currencyOf(payer);
    const { method } = await chosenMethod('deposit', payer, currency, input.method, context.locale);
    const provider = serving('deposit', method);
    const { amount, requisites } = checkAmountAndRequisites(method, input, currency, context.locale);
    await screenRequisites('deposit', method, currency, requisites, context.locale);
    const offer = input.campaign_offer_id ?? -1;
    if (offer > 0) await deps.checkDepositOffer?.(payer.uid, offer, amount, context.locale);
    const publicId = `dep_${randomToken(12)}`;
    await db.transaction(async (tx) => {
      await lockUser(tx, 'deposit', payer.uid);
      const limit = await currentLimit(tx, payer.uid);
      if (limit) {
        const { start, end } = periodBounds(limit.period, new Date());
        const used = await depositedIn(tx, payer.uid, start);
        if (used + amount > limit.amount) {
          const available = limit.amount > used ? limit.amount - used : 0n;
          const message = paymentText(context.locale, 'depositLimit', {
            available: formatMoney(Number(major(available, currency)), currency),
            until: end.toISOString().slice(0, 10).split('-').reverse().join('.'),
          });
          throw new AppError('BillingDepositLimitExceededException', message, {
            fields: { amount: message },
            details: { available_amount: major(available, currency), currency },
          });
        }
      }
      const device = context.device ?? { deviceId: null, seonSession: null };
      const [row] = await tx
        .insert(payments)
        .values({
          publicId,
          userId: payer.uid,
          direction: 'deposit',
          method: method.sysname,
          provider: provider.name,
          amount,
          currency,
          status: 'created',
          requisites,
          campaignOfferId: offer > 0 ? offer : -1,
          domain: context.domain,
          deviceId: device.deviceId,
        })
        .returning({ id: payments.id });
      await deps.onDepositCreated?.(tx, { id: row.id, publicId, userId: payer.uid, amount, currency, method: method.sysname }, { ip: context.ip ?? '', device });
    });
    let created: Awaited<ReturnType<PaymentProvider['createPayment']>>;
    try {
      created = await provider.createPayment({ paymentId: publicId, amount, currency, method: method.sysname, locale: context.locale, requisites });
    } catch (error) {
      logger.error({ err: error, publicId }, 'payment provider could not create a payment');
      await markDepositFailed(publicId, null);
      throw new AppError('BillingUnavailableException', 'The payment service is not available, try again later');
    }
    if (created.status !== 'created') {
      // Refused at once: the deposit stays in the history as failed, with why.
      const failure = created.status === 'declined' ? 'declined' : 'service_error';
      logger.info({ publicId, failure, reason: created.reason }, 'payment provider refused a deposit');
      await markDepositFailed(publicId, failure);
      const { type, message } = failureOf(failure, context.locale);
      throw new AppError(type, message, { details: { transaction_id: publicId } });
    }
    await db.update(payments).set({ providerRef: created.providerRef, updatedAt: new Date() }).where(eq(payments.publicId, publicId));
    return { transaction_id: publicId, redirect_url: created.redirectUrl };
  }

  /**
   * A provider callback. Refused (and logged, nothing credited) when unsigned, stale, for an
   * unknown payment, or for another amount or currency. Each event id is applied once; the
   * deposit's ledger transaction has its own idempotency key, so even a new event id for an
   * already-credited payment cannot credit it twice. Each provider calls back at its own path
   * (`/platform/payments/callback/{provider}`), and only about its own payments.
   */
  /** A provider's callback: `header` reads the request's headers, for the one the provider signs in. */
  async function handleCallback(
    providerName: string,
    rawBody: string,
    header: (name: string) => string | undefined,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const provider = providers.byName(providerName);
    if (!provider) return { status: 404, body: { error: 'unknown provider' } };
    const read = provider.readCallback(rawBody, provider.signatureHeader ? header(provider.signatureHeader) : undefined);
    if (!read.ok) {
      logger.warn({ provider: provider.name, reason: read.reason }, 'payment callback refused');
      return { status: 401, body: { error: 'invalid signature' } };
    }
    const event = read.event;
    const [payment] = await db.select().from(payments).where(eq(payments.publicId, event.paymentId));
    if (!payment || payment.direction !== 'deposit' || payment.provider !== provider.name) {
      logger.warn({ provider: provider.name, paymentId: event.paymentId }, 'payment callback for an unknown payment refused');
      return { status: 404, body: { error: 'unknown payment' } };
    }
    if (payment.amount !== event.amount || payment.currency !== event.currency) {
      logger.warn({ paymentId: event.paymentId, expected: `${payment.amount} ${payment.currency}`, got: `${event.amount} ${event.currency}` }, 'payment callback with another amount refused');
      return { status: 422, body: { error: 'amount or currency mismatch' } };
    }
    const answer = await db.transaction(async (tx) => {
      const [recorded] = await tx
        .insert(paymentEvents)
        .values({ provider: provider.name, eventId: event.eventId, paymentId: payment.id, status: event.status })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!recorded) return { status: 200, body: { result: 'duplicate' } };
      const applied = await applyEvent(tx, payment, event);
      return { status: 200, body: { result: applied } };
    });
    announceOutboxCommitted();
    return answer;
  }

  async function applyEvent(tx: Tx, payment: PaymentRow, event: ProviderEvent): Promise<string> {
    const open = ['created', 'pending'];
    const move = async (status: string, from: string[]) => {
      const updated = await tx
        .update(payments)
        .set({ status, providerRef: event.providerRef, updatedAt: new Date() })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, from)))
        .returning({ id: payments.id });
      return updated.length > 0;
    };
    if (event.status === 'chargeback') {
      if (deps.chargeback) return deps.chargeback(tx, payment, event);
      // No chargeback handling wired: the notice stays recorded in payment_events for an operator.
      logger.error({ provider: payment.provider, payment: payment.publicId, event: event.eventId }, 'chargeback notice recorded, not applied: no chargeback handler');
      return 'chargeback recorded';
    }
    if (event.status === 'success') {
      // A success after the payment was closed (cancelled or failed: a timed-out session, a late
      // notice) is still credited: the provider holds the player's money (decision 037).
      const updated = await tx
        .update(payments)
        .set({ status: 'success', failure: null, providerRef: event.providerRef, updatedAt: new Date() })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, [...open, 'failed', 'cancelled'])))
        .returning({ id: payments.id });
      if (!updated.length) return `ignored: payment is ${payment.status}`;
      if (!open.includes(payment.status)) logger.warn({ payment: payment.publicId, was: payment.status }, 'late payment success credited after the payment was closed');
      await ledger.transfer(
        {
          key: `deposit:${payment.id}`,
          kind: 'deposit',
          currency: payment.currency as CurrencyCode,
          legs: [
            { account: { house: 'payment_clearing' }, amount: -payment.amount },
            { account: { player: payment.userId, kind: 'main' }, amount: payment.amount },
          ],
          metadata: { payment: payment.publicId, provider: payment.provider, event: event.eventId },
        },
        tx,
      ).then((moved) => cashierEvent(tx, 'cashier.deposit', payment, moved.transactionId, { status: 'success', method: payment.method }));
      return 'credited';
    }
    if (event.status === 'pending') return (await move('pending', ['created'])) ? 'pending' : `ignored: payment is ${payment.status}`;
    if (event.status === 'failed' && event.failure) {
      const updated = await tx
        .update(payments)
        .set({ status: 'failed', failure: event.failure, providerRef: event.providerRef, updatedAt: new Date() })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, open)))
        .returning({ id: payments.id });
      if (updated.length) await depositFailedEvent(tx, payment, event.failure);
      return updated.length ? 'failed' : `ignored: payment is ${payment.status}`;
    }
    return (await move(event.status, open)) ? event.status : `ignored: payment is ${payment.status}`;
  }

  function view(row: PaymentRow, locale: LocaleCode = 'en') {
    const currency = row.currency as CurrencyCode;
    return {
      id: row.publicId,
      type: row.direction,
      method: row.method,
      amount: { amount: major(row.amount, currency), currency },
      status: row.status,
      /** Why a failed deposit failed, as the error type it reads as and its message, or null. */
      failure: row.failure ? failureOf(row.failure, locale) : null,
      requisites: maskRequisites(row.requisites as Record<string, string>),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      domain: row.domain,
    };
  }

  async function paymentInfo(uid: number, publicId: string, locale: LocaleCode) {
    const [row] = await db.select().from(payments).where(and(eq(payments.publicId, publicId), eq(payments.userId, uid)));
    if (!row) throw new AppError('InvalidParameterException', paymentText(locale, 'notFound'), { fields: { id: paymentText(locale, 'notFound') }, status: 404 });
    return view(row, locale);
  }

  // --- withdrawals --------------------------------------------------------------------------------

  async function withdrawSettings(payer: PayerProfile, locale: LocaleCode) {
    const currency = currencyOf(payer);
    const { usable } = await methodsFor('withdrawal', payer, currency);
    return {
      currency,
      requirements: await missingFor(payer.uid, 'withdrawal'),
      methods: usable.map((method) => methodView(method, currency, locale)),
      limits: { daily_amount: { amount: major(minor(WITHDRAWAL_DAILY_AMOUNT, currency), currency), currency }, daily_count: WITHDRAWAL_DAILY_COUNT },
    };
  }

  async function makeWithdrawal(
    payer: PayerProfile,
    input: { method: string; amount: unknown; requisites?: Record<string, unknown>; burn_bonuses?: boolean },
    locale: LocaleCode,
  ) {
    await assertRequirements(payer.uid, 'withdrawal', locale);
    if (payer.isKycBlockEnabled && !payer.isVerified) throw new AppError('KycWithdrawalException', paymentText(locale, 'kycRequired'));
    const currency = currencyOf(payer);
    const { method, rules } = await chosenMethod('withdrawal', payer, currency, input.method, locale);
    const provider = serving('withdrawal', method);
    const { amount, requisites } = checkAmountAndRequisites(method, input, currency, locale);
    await assertSameMethod(rules, payer, method, locale);
    await screenRequisites('withdrawal', method, currency, requisites, locale);
    const publicId = `wd_${randomToken(12)}`;
    const verificationCheck = await deps.withdrawalCheck?.(payer, locale);
    await db.transaction(async (tx) => {
      await lockUser(tx, 'withdraw', payer.uid);
      await verificationCheck?.(tx, {
        amount,
        currency,
        withdrawnBefore: async () => {
          const [done] = await tx
            .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
            .from(payments)
            .where(and(eq(payments.userId, payer.uid), eq(payments.direction, 'withdrawal'), inArray(payments.status, ['requested', 'processing', 'approved'])));
          return BigInt(done.total);
        },
      });
      await deps.beforeWithdrawal?.(tx, payer.uid, currency, input.burn_bonuses ?? false, locale);
      const { start } = periodBounds('day', new Date());
      const [today] = await tx
        .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::text`, requests: count() })
        .from(payments)
        .where(and(eq(payments.userId, payer.uid), eq(payments.direction, 'withdrawal'), gte(payments.createdAt, start), inArray(payments.status, ['requested', 'processing', 'approved'])));
      if (today.requests >= WITHDRAWAL_DAILY_COUNT) {
        throw new AppError('WithdrawalLimitsPeriodExceededException', paymentText(locale, 'dailyCount', { count: WITHDRAWAL_DAILY_COUNT }));
      }
      const dailyLimit = minor(WITHDRAWAL_DAILY_AMOUNT, currency);
      if (BigInt(today.total) + amount > dailyLimit) {
        const left = dailyLimit > BigInt(today.total) ? dailyLimit - BigInt(today.total) : 0n;
        throw new AppError('WithdrawalLimitsExceededException', paymentText(locale, 'dailyAmount', { limit: formatMoney(WITHDRAWAL_DAILY_AMOUNT, currency), available: formatMoney(Number(major(left, currency)), currency) }));
      }
      const [row] = await tx
        .insert(payments)
        .values({ publicId, userId: payer.uid, direction: 'withdrawal', method: method.sysname, provider: provider.name, amount, currency, status: 'requested', requisites })
        .returning({ id: payments.id });
      await ledger.transfer(
        {
          key: `withdrawal-reserve:${row.id}`,
          kind: 'withdrawal_reserve',
          currency,
          legs: [
            { account: { player: payer.uid, kind: 'main' }, amount: -amount },
            { account: { player: payer.uid, kind: 'withdrawal_hold' }, amount },
          ],
          metadata: { payment: publicId },
          insufficientFunds: () => invalid({ amount: paymentText(locale, 'notEnoughMoney') }),
        },
        tx,
      ).then((moved) => cashierEvent(tx, 'cashier.withdrawal', { id: row.id, publicId, userId: payer.uid, amount, currency }, moved.transactionId, { status: 'requested', method: method.sysname }));
    });
    announceOutboxCommitted();
    return { transaction_id: publicId, status: 'requested' };
  }

  /** Returns reserved money to the main balance and closes the request with `status` (and why, when an operator or the provider said). */
  async function release(tx: Tx, payment: PaymentRow, status: 'cancelled' | 'declined', reason?: string) {
    await ledger.transfer(
      {
        key: `withdrawal-void:${payment.id}`,
        kind: 'withdrawal_void',
        currency: payment.currency as CurrencyCode,
        legs: [
          { account: { player: payment.userId, kind: 'withdrawal_hold' }, amount: -payment.amount },
          { account: { player: payment.userId, kind: 'main' }, amount: payment.amount },
        ],
        metadata: reason ? { payment: payment.publicId, status, reason } : { payment: payment.publicId, status },
      },
      tx,
    ).then((moved) => cashierEvent(tx, 'cashier.withdrawal', payment, moved.transactionId, reason ? { status, reason } : { status }));
    await tx.update(payments).set({ status, updatedAt: new Date() }).where(eq(payments.id, payment.id));
  }

  /**
   * The outbox event of a cashier movement (docs/events.md), in the movement's transaction; the
   * balance after is the player's main balance once it commits.
   */
  async function cashierEvent(
    tx: Tx,
    type: 'cashier.deposit' | 'cashier.withdrawal',
    payment: { id: number; publicId: string; userId: number; amount: bigint; currency: string },
    transactionId: number,
    extra: { status: string; reason?: string; method?: string },
  ) {
    const balances = await ledger.balances(payment.userId, payment.currency, tx);
    await writeOutboxEvent(tx, {
      type,
      userId: payment.userId,
      payload: {
        transactionId,
        currency: payment.currency,
        amount: payment.amount.toString(),
        account: 'main',
        balanceAfter: balances.main.toString(),
        paymentId: payment.id,
        payment: payment.publicId,
        ...extra,
      },
    });
  }

  /** A failed deposit's outbox event (no money moved): the risk rules count failed deposits (docs/risk.md). */
  async function depositFailedEvent(tx: Tx, payment: { id: number; publicId: string; userId: number }, failure: string | null) {
    await writeOutboxEvent(tx, { type: 'cashier.deposit_failed', userId: payment.userId, payload: { paymentId: payment.id, payment: payment.publicId, failure } });
  }

  /** A deposit its provider refused or could not take when it was created: failed, with its event. */
  async function markDepositFailed(publicId: string, failure: 'declined' | 'service_error' | null) {
    await db.transaction(async (tx) => {
      const [row] = await tx.update(payments).set({ status: 'failed', failure, updatedAt: new Date() }).where(eq(payments.publicId, publicId)).returning();
      if (row) await depositFailedEvent(tx, row, failure);
    });
    announceOutboxCommitted();
  }

  async function lockPayment(tx: Tx, where: ReturnType<typeof and>) {
    const [row] = await tx.select().from(payments).where(where).for('update');
    return row;
  }

  async function cancelWithdrawal(uid: number, publicId: string, locale: LocaleCode) {
    await db.transaction(async (tx) => {
      const payment = await lockPayment(tx, and(eq(payments.publicId, publicId), eq(payments.userId, uid), eq(payments.direction, 'withdrawal')));
      if (!payment) throw new AppError('InvalidParameterException', paymentText(locale, 'notFound'), { fields: { id: paymentText(locale, 'notFound') }, status: 404 });
      if (payment.status !== 'requested') throw invalid({ id: paymentText(locale, 'notCancellable') });
      await release(tx, payment, 'cancelled');
    });
    announceOutboxCommitted();
    return 1;
  }

  const notFound = (publicId: string) =>
    new AppError('InvalidParameterException', `Withdrawal ${publicId} not found`, { fields: { id: `Withdrawal ${publicId} not found` }, status: 404 });
  const notWaiting = (payment: PaymentRow) =>
    new AppError('InvalidParameterException', `Withdrawal ${payment.publicId} is ${payment.status}, not waiting for approval`, {
      fields: { id: `Withdrawal ${payment.publicId} is ${payment.status}, not waiting for approval` },
      status: 409,
    });

  /**
   * Operator approval (docs/backoffice.md, Money). Above the four-eyes threshold the request first
   * collects approvals (one per member, under the subject's lock, with the payment's row lock
   * held) and waits until two different members approved; then it is claimed (`processing`, once:
   * a racing approval finds it claimed and is refused), the provider pays out, and the reserve is
   * posted to the payout clearing account. A provider that refuses, or cannot be reached, gets
   * the reserve returned to the player and the request declined with its reason.
   */
  async function approveWithdrawalBy(
    publicId: string,
    options: { fourEyes?: { above: bigint | ((currency: string) => bigint); approve(tx: Tx, subject: string): Promise<{ approvers: number[]; added: boolean }> } } = {},
  ): Promise<
    | { outcome: 'waiting'; approvers: number[]; added: boolean; payment: PaymentRow }
    | { outcome: 'paid'; providerRef: string; approvers: number[]; payment: PaymentRow }
    | { outcome: 'refused'; reason: string; approvers: number[]; payment: PaymentRow }
    | { outcome: 'retrying'; reason: string; approvers: number[]; payment: PaymentRow }
  > {
    const claim = await db.transaction(async (tx) => {
      const payment = await lockPayment(tx, and(eq(payments.publicId, publicId), eq(payments.direction, 'withdrawal')));
      if (!payment) throw notFound(publicId);
      if (payment.status !== 'requested') throw notWaiting(payment);
      await deps.approvalCheck?.(tx, payment);
      let approvers: number[] = [];
      const fourEyes = options.fourEyes;
      if (fourEyes) {
        const threshold = typeof fourEyes.above === 'bigint' ? fourEyes.above : fourEyes.above(payment.currency);
        const state = await fourEyes.approve(tx, `withdrawal:${payment.publicId}`);
        approvers = state.approvers;
        if (payment.amount > threshold && approvers.length < 2) return { waiting: true as const, payment, approvers, added: state.added };
      }
      const [claimed] = await tx.update(payments).set({ status: 'processing', updatedAt: new Date() }).where(eq(payments.id, payment.id)).returning();
      return { waiting: false as const, payment: claimed, approvers, added: true };
    });
    if (claim.waiting) return { outcome: 'waiting', approvers: claim.approvers, added: claim.added, payment: claim.payment };
    const payment = claim.payment;
    const result = await settlePayout(payment, await payOut(payment));
    const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
    return { ...result, approvers: claim.approvers, payment: after };
  }

  /**
   * Asks the withdrawal's own provider to pay it out. An adapter that threw paid nothing on a first
   * attempt; asked again after an unknown outcome, its silence says nothing, so it stays unknown.
   */
  async function payOut(payment: PaymentRow, again = false): Promise<Awaited<ReturnType<PaymentProvider['payout']>>> {
    try {
      return await providerOf(payment).payout({ paymentId: payment.publicId, amount: payment.amount, currency: payment.currency, method: payment.method, requisites: payment.requisites as Record<string, unknown> });
    } catch (error) {
      if (again) return { providerRef: '', status: 'unknown', reason: error instanceof Error ? error.message : String(error) };
      // The adapter could not get an answer: the payout is taken as not made (an adapter must
      // throw only when it knows nothing left; docs/payments.md).
      logger.error({ err: error, publicId: payment.publicId }, 'payment provider could not pay a withdrawal out');
      return { providerRef: '', status: 'failed', reason: `provider unavailable: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  /**
   * Books a claimed (`processing`) withdrawal by its provider's answer: paid, the reserve goes to
   * the payout clearing account; failed, it returns to the player with the reason; unknown, the
   * withdrawal stays `processing` and the job runner asks the provider again (recheckPayout).
   */
  async function settlePayout(payment: PaymentRow, payout: Awaited<ReturnType<PaymentProvider['payout']>>) {
    const result = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
      if (current.status !== 'processing') return { outcome: 'done' as const, status: current.status };
      if (payout.status === 'unknown') {
        logger.warn({ publicId: payment.publicId, reason: payout.reason }, 'payout outcome unknown: the provider will be asked again');
        await deps.enqueuePayoutCheck?.(tx, payment.publicId);
        return { outcome: 'retrying' as const, reason: `the provider did not confirm the payout: ${payout.reason ?? 'no answer'}; asking again` };
      }
      if (payout.status !== 'paid') {
        const reason = `refused by the provider: ${payout.reason ?? 'no reason given'}`;
        await release(tx, payment, 'declined', reason);
        return { outcome: 'refused' as const, reason };
      }
      await ledger.transfer(
        {
          key: `withdrawal-post:${payment.id}`,
          kind: 'withdrawal_post',
          currency: payment.currency as CurrencyCode,
          legs: [
            { account: { player: payment.userId, kind: 'withdrawal_hold' }, amount: -payment.amount },
            { account: { house: 'payout_clearing' }, amount: payment.amount },
          ],
          metadata: { payment: payment.publicId, provider_ref: payout.providerRef },
        },
        tx,
      ).then((moved) => cashierEvent(tx, 'cashier.withdrawal', payment, moved.transactionId, { status: 'approved' }));
      await tx.update(payments).set({ status: 'approved', providerRef: payout.providerRef, updatedAt: new Date() }).where(eq(payments.id, payment.id));
      return { outcome: 'paid' as const, providerRef: payout.providerRef };
    });
    announceOutboxCommitted();
    if (result.outcome === 'done') throw notWaiting({ ...payment, status: result.status });
    return result;
  }

  /**
   * The job runner's check of a payout left `unknown` (decision 037): the same payout asked again
   * (the provider pays a paymentId once), booked by the answer. Throws while the provider still
   * cannot say, so the runner tries again later; a withdrawal no longer processing is left alone.
   */
  async function recheckPayout(publicId: string): Promise<string> {
    const [payment] = await db.select().from(payments).where(and(eq(payments.publicId, publicId), eq(payments.direction, 'withdrawal')));
    if (!payment || payment.status !== 'processing') return `nothing to do: ${payment?.status ?? 'unknown withdrawal'}`;
    const payout = await payOut(payment, true);
    if (payout.status === 'unknown') throw new Error(`payout ${publicId}: the provider still does not confirm it (${payout.reason ?? 'no answer'})`);
    const result = await settlePayout(payment, payout).catch((error: unknown) => {
      if (error instanceof AppError) return { outcome: 'done' as const };
      throw error;
    });
    return result.outcome;
  }

  /** Operator approval without four eyes (npm run ops -- withdrawal:approve): pays out, or returns the reserve when the provider refuses. */
  async function approveWithdrawal(publicId: string): Promise<string> {
    const result = await approveWithdrawalBy(publicId);
    if (result.outcome === 'retrying') return `processing: ${result.reason}`;
    return result.outcome === 'paid' ? 'paid out' : result.outcome === 'refused' ? `declined: ${result.reason}` : 'waiting';
  }

  /** Operator decline: the reserve returns to the player's main balance; the reason goes with the movement and its event. */
  async function declineWithdrawal(publicId: string, reason?: string): Promise<PaymentRow> {
    const declined = await db.transaction(async (tx) => {
      const payment = await lockPayment(tx, and(eq(payments.publicId, publicId), eq(payments.direction, 'withdrawal')));
      if (!payment) throw notFound(publicId);
      if (payment.status !== 'requested') throw notWaiting(payment);
      await release(tx, payment, 'declined', reason);
      return { ...payment, status: 'declined' };
    });
    announceOutboxCommitted();
    return declined;
  }

  async function listWithdrawals(status = 'requested') {
    const rows = await db.select().from(payments).where(and(eq(payments.direction, 'withdrawal'), eq(payments.status, status))).orderBy(payments.id);
    return rows.map((row) => ({ ...view(row), uid: row.userId }));
  }

  // --- history --------------------------------------------------------------------------------------

  async function history(uid: number, input: { offset: number; count: number; type: 'deposit' | 'withdrawal' | 'all'; statuses?: string[] }, locale: LocaleCode = 'en') {
    const where = and(
      eq(payments.userId, uid),
      input.type === 'all' ? undefined : eq(payments.direction, input.type),
      input.statuses?.length ? inArray(payments.status, input.statuses) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(payments).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(input.count).offset(input.offset),
      db.select({ total: count() }).from(payments).where(where),
    ]);
    return { items: rows.map((row) => view(row, locale)), total };
  }

  async function hasDeposit(uid: number): Promise<boolean> {
    const [row] = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.userId, uid), eq(payments.direction, 'deposit'), eq(payments.status, 'success'))).limit(1);
    return !!row;
  }

  return {
    depositSettings,
    makeDeposit,
    handleCallback,
    paymentInfo,
    withdrawSettings,
    makeWithdrawal,
    cancelWithdrawal,
    approveWithdrawal,
    approveWithdrawalBy,
    declineWithdrawal,
    listWithdrawals,
    history,
    hasDeposit,
    getDepositLimit,
    setDepositLimit,
    /** The job runner's check of a payout whose outcome the provider left unknown. */
    recheckPayout,
    /** The configured providers and the methods they serve (registry.ts). */
    providers,
    /** The back office's reads (admin.ts). */
    admin: createPaymentsAdmin({ db, providers }),
    /** Refunds of settled deposits, from the back office (refunds.ts). */
    refunds: createRefunds({ db, ledger, providers, logger }),
  };
}


export type Payments = ReturnType<typeof createPayments>;
