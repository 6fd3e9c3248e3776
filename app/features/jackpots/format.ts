import { formatMoney } from '../../../contract/deposit-sum.ts';
import type { LocaleCode } from '../../../contract/locales.ts';

/** `("25000.5", "EUR")` -> `€25,000.50` (spec amounts: grouped, two decimals). */
export const money = (amount: string | number, currency: string) => formatMoney(Number(amount), currency);

/** `€25,000` for big headline figures where cents only add noise. */
export function wholeMoney(amount: string | number, currency: string): string {
  const text = money(Math.floor(Number(amount)), currency);
  return text.replace(/\.00$/, '');
}

/** "1 in 10,000" for the chance of a bet of `bet` against a trigger stake (both decimal strings). */
export function oneIn(triggerStake: string, bet: string): string {
  const ratio = Number(triggerStake) / Number(bet);
  if (!Number.isFinite(ratio) || ratio <= 1) return '1';
  return Math.round(ratio).toLocaleString('en-US');
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago" / "il y a 5 minutes", relative to `now` (ms); null under a minute ("just now"). */
export function timeAgo(iso: string, now: number, locale: LocaleCode): string | null {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  return null;
}

/** dd.mm.yyyy of an ISO time, in UTC (the same on the server and in the browser). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}
