import type { Amount } from '../../../contract/api.ts';
import { formatMoney } from '../../../contract/deposit-sum.ts';

/** Display rules of the cashier (spec 2 section 9): money grouped with 2 decimals, dates dd.mm.yyyy H:mm. */

/** `{amount: "1234.5", currency: "EUR"}` -> `€1,234.50`. */
export function money(value: Amount | null | undefined): string {
  if (!value) return '';
  return formatMoney(Number(value.amount), value.currency);
}

/** A whole-unit bound of a method (`"10.00"`) as a number. */
export const wholeUnits = (value: Amount): number => Math.round(Number(value.amount));

type Clock = { timeZone?: 'UTC' };

function parts(iso: string, clock: Clock) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const utc = clock.timeZone === 'UTC';
  return {
    day: utc ? date.getUTCDate() : date.getDate(),
    month: (utc ? date.getUTCMonth() : date.getMonth()) + 1,
    year: utc ? date.getUTCFullYear() : date.getFullYear(),
    hours: utc ? date.getUTCHours() : date.getHours(),
    minutes: utc ? date.getUTCMinutes() : date.getMinutes(),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** dd.mm.yyyy of an ISO time. */
export function formatDate(iso: string, clock: Clock = {}): string {
  const p = parts(iso, clock);
  return p ? `${pad(p.day)}.${pad(p.month)}.${p.year}` : '';
}

/** H:mm of an ISO time (hours without a leading zero). */
export function formatTime(iso: string, clock: Clock = {}): string {
  const p = parts(iso, clock);
  return p ? `${p.hours}:${pad(p.minutes)}` : '';
}

/** Date and time joined by the joiner; the spec's default joiner is the Spanish 'a las'. */
export function formatDateTime(iso: string, clock: Clock & { joiner?: string } = {}): string {
  const date = formatDate(iso, clock);
  if (!date) return '';
  return `${date} ${clock.joiner ?? 'a las'} ${formatTime(iso, clock)}`;
}

export type StatusTone = 'jade' | 'gold' | 'ruby' | 'ink';

/** The colour of a payment status badge. */
export function statusTone(status: string): StatusTone {
  if (status === 'success' || status === 'approved') return 'jade';
  if (status === 'failed' || status === 'declined') return 'ruby';
  if (status === 'cancelled') return 'ink';
  return 'gold'; // created, pending, requested, processing
}

/** A settled deposit status (no more changes expected). */
export const isSettled = (status: string) => ['success', 'failed', 'cancelled', 'approved', 'declined'].includes(status);
