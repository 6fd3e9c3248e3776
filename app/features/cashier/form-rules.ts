import { depositSumError } from '../../../contract/deposit-sum.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { isNavigableUrl, safeLocalPath } from '../../../contract/routing.ts';
import { validateForm, type FieldRule } from '../../../contract/validation.ts';
import { isApiError } from '../../lib/api-error.ts';
import { wholeUnits } from './format.ts';
import type { PaymentMethodView } from './types.ts';

/**
 * The checks a cashier form makes before sending (the same rules the server applies: the deposit
 * sum rule of spec 2 section 5 and the shared field rules), and how a server error is split
 * between the fields and an alert.
 */

/** The spec's four tabs, then the player's game rounds (docs/game-page.md). */
export const HISTORY_TABS = ['deposit', 'withdrawal', 'bonuses', 'cashbacks', 'games', 'bets'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];

/** The history tab of the `tab` query, otherwise the first tab. */
export function historyTab(value: string | null | undefined): HistoryTab {
  return (HISTORY_TABS as readonly string[]).includes(value ?? '') ? (value as HistoryTab) : HISTORY_TABS[0];
}

export const sumBounds = (method: PaymentMethodView, currency: string) => ({ min: wholeUnits(method.min), max: wholeUnits(method.max), currency });

/** The amount field's message: null while the value is valid. */
export function amountError(value: string, method: PaymentMethodView | undefined, currency: string, locale: LocaleCode): string | null {
  if (!method) return null;
  return depositSumError(value, sumBounds(method, currency), locale);
}

/** The requisites of a method: field name -> message, for the failing ones only. */
export function requisitesErrors(method: PaymentMethodView | undefined, values: Record<string, string>, locale: LocaleCode): Record<string, string> {
  if (!method) return {};
  const rules: Record<string, FieldRule> = Object.fromEntries(method.requisites.map((field) => [field.name, { type: field.type } as FieldRule]));
  return validateForm(rules, values, { locale });
}

/** The whole form: amount under `amount`, requisites under `requisites.{name}` as the server names them. */
export function cashierFormErrors(
  input: { amount: string; requisites: Record<string, string> },
  method: PaymentMethodView | undefined,
  currency: string,
  locale: LocaleCode,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const sum = amountError(input.amount, method, currency, locale);
  if (sum) errors.amount = sum;
  for (const [name, message] of Object.entries(requisitesErrors(method, input.requisites, locale))) errors[`requisites.${name}`] = message;
  return errors;
}

/** Requisite values of the chosen method only (another method's typed values are not sent). */
export function requisitesOf(method: PaymentMethodView | undefined, values: Record<string, string>): Record<string, string> {
  if (!method) return {};
  return Object.fromEntries(method.requisites.map((field) => [field.name, (values[field.name] ?? '').trim()]));
}

export type FormProblem = {
  /** Messages shown under their fields. */
  fields: Record<string, string>;
  /** What failed as a whole; `message` null means "say something went wrong". */
  alert: { type: string; message: string | null } | null;
};

/**
 * Splits a failed call: invalid parameters go under the fields the form shows (anything else
 * joins the alert); every other error type (the deposit limit, KYC, daily limits, a declined or
 * unavailable billing service) is an alert with the server's message.
 */
export function readProblem(error: unknown, shownFields: readonly string[]): FormProblem {
  if (!isApiError(error)) return { fields: {}, alert: { type: 'UnknownError', message: null } };
  if (error.type !== 'InvalidParameterException' || !Object.keys(error.fields).length) {
    // Payment details the provider refused (Requisites*) also mark the fields they are about.
    const fields = Object.fromEntries(Object.entries(error.fields).filter(([name]) => name.startsWith('requisites.') && shownFields.includes(name)));
    return { fields, alert: { type: error.type, message: error.message || null } };
  }
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [name, message] of Object.entries(error.fields)) {
    if (shownFields.includes(name)) fields[name] = message;
    else rest.push(message);
  }
  return { fields, alert: rest.length ? { type: error.type, message: rest.join(' ') } : null };
}

/**
 * The button a withdrawal error may show (site configuration cashier.withdrawalErrorButtons,
 * keyed by error type): its address, localized when it is a path of this site; null when the
 * type has no button, it is switched off, or its link is not a safe address.
 */
export function errorButtonLink(
  buttons: Record<string, { show: boolean; link: string }>,
  type: string | undefined,
  localize: (path: string) => string,
): string | null {
  const button = type ? buttons[type] : undefined;
  if (!button?.show || !button.link) return null;
  const link = button.link.trim();
  if (safeLocalPath(link)) return localize(link);
  return /^https?:\/\//i.test(link) && isNavigableUrl(link, 'https://site.invalid', { external: true }) ? link : null;
}
