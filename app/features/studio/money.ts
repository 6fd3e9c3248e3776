import { groupAmount } from '../../../contract/money.ts';

/**
 * Amounts of the studio's answers are decimal major-unit strings ("2.40"); the clients add and
 * compare them in minor units (2 decimals: the studio's currencies and fun money all have 2).
 */
const EXPONENT = 2;
const SCALE = 10n ** BigInt(EXPONENT);

/** "2.4" -> 240n, "-1.05" -> -105n; anything unreadable is 0n. */
export function toMinor(amount: string | number | null | undefined): bigint {
  const text = typeof amount === 'number' ? amount.toFixed(EXPONENT) : (amount ?? '').trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return 0n;
  const fraction = (match[3] ?? '').slice(0, EXPONENT).padEnd(EXPONENT, '0');
  const value = BigInt(match[2]) * SCALE + BigInt(fraction);
  return match[1] ? -value : value;
}

/** 240n -> "2.40". */
export function fromMinor(minor: bigint): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(EXPONENT + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -EXPONENT)}.${digits.slice(-EXPONENT)}`;
}

export const addAmounts = (...amounts: string[]): string => fromMinor(amounts.reduce((sum, a) => sum + toMinor(a), 0n));
export const subtractAmount = (a: string, b: string): string => fromMinor(toMinor(a) - toMinor(b));
export const isPositive = (amount: string | null | undefined): boolean => toMinor(amount) > 0n;
/**
 * A return worth celebrating: more than the stake. A return at or below it is a loss the game does
 * not dress up as a win, in every jurisdiction (docs/studio.md, "Pace by jurisdiction").
 */
export const beatsStake = (win: string, stake: string): boolean => toMinor(win) > toMinor(stake);
export const compareAmounts = (a: string, b: string): number => {
  const d = toMinor(a) - toMinor(b);
  return d === 0n ? 0 : d > 0n ? 1 : -1;
};
/** amount x factor (a whole number). */
export const multiplyAmount = (amount: string, factor: number): string => fromMinor(toMinor(amount) * BigInt(factor));

/** On screen: grouped with commas, 2 decimals (spec section 9): "1234.5" -> "1,234.50". */
export const showAmount = (amount: string): string => groupAmount(amount);

/** The currency after the amount, as the header shows it: "1,234.50 EUR". */
export const showMoney = (amount: string, currency: string): string => `${groupAmount(amount)} ${currency}`;

/** Chip labels: 0.5 -> "0.50", 1 -> "1", 25 -> "25", 1000 -> "1K". */
export function chipLabel(amount: string): string {
  const minor = toMinor(amount);
  if (minor >= 100000n && minor % 100000n === 0n) return `${minor / 100000n}K`;
  if (minor % SCALE === 0n) return (minor / SCALE).toString();
  return fromMinor(minor);
}
