import { CURRENCIES, groupAmount, isCurrency } from './money.ts';
import type { LocaleCode } from './locales.ts';

/**
 * The deposit sum rule (spec 2 section 5), shared by the cashier form and the server: a whole
 * positive number of major units, without a leading zero, within the method's minimum and
 * maximum; otherwise one message showing both bounds formatted in the currency.
 */
export type SumBounds = { min: number; max: number; currency: string };

const MESSAGES: Record<LocaleCode, string> = {
  en: 'Enter a whole amount from $$min$$ to $$max$$',
  fr: 'Saisissez un montant entier de $$min$$ à $$max$$',
};

export function formatMoney(value: number, currency: string): string {
  const symbol = isCurrency(currency) ? CURRENCIES[currency].symbol : currency;
  return `${symbol}${groupAmount(value)}`;
}

export function depositSumError(value: unknown, bounds: SumBounds, locale: LocaleCode): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const ok = /^[1-9][0-9]{0,11}$/.test(text) && Number(text) >= bounds.min && Number(text) <= bounds.max;
  if (ok) return null;
  return MESSAGES[locale].replace('$$min$$', formatMoney(bounds.min, bounds.currency)).replace('$$max$$', formatMoney(bounds.max, bounds.currency));
}
