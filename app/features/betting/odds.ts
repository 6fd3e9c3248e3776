/**
 * Odds on screen (docs/betting.md): the server speaks decimal odds as a decimal string ("2.50");
 * the player may prefer fractional ("3/2") or American ("+150"). The conversions are exact: the
 * decimal string is read as a ratio of integers (bigint), never as a float, so 1.1 never becomes
 * 0.10000000000000009 and a fraction is always reduced to its lowest terms.
 */
export const ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];
export const DEFAULT_ODDS_FORMAT: OddsFormat = 'decimal';

export const isOddsFormat = (value: unknown): value is OddsFormat => typeof value === 'string' && (ODDS_FORMATS as readonly string[]).includes(value);

/** A decimal price as numerator / denominator (a power of ten). */
export type Ratio = { num: bigint; den: bigint };

/** "2.50" -> 250/100; null when the text is not a positive plain decimal. */
export function parseDecimalOdds(text: string | number): Ratio | null {
  const value = typeof text === 'number' ? (Number.isFinite(text) ? String(text) : '') : text.trim();
  const match = /^([0-9]{1,9})(?:\.([0-9]{1,6}))?$/.exec(value);
  if (!match) return null;
  const fraction = match[2] ?? '';
  const den = 10n ** BigInt(fraction.length);
  const num = BigInt(match[1]) * den + BigInt(fraction || '0');
  return num > 0n ? { num, den } : null;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x;
};

/** a / b rounded half away from zero, for positive b. */
const roundDiv = (a: bigint, b: bigint): bigint => (a >= 0n ? (2n * a + b) / (2n * b) : -((-2n * a + b) / (2n * b)));

/** A ratio as a decimal string with `places` decimals, rounded half up ("1.875" at 2 -> "1.88"). */
export function ratioToDecimal(ratio: Ratio, places = 2): string {
  const scale = 10n ** BigInt(places);
  const scaled = roundDiv(ratio.num * scale, ratio.den);
  const whole = scaled / scale;
  const part = (scaled % scale).toString().padStart(places, '0');
  return places ? `${whole}.${part}` : String(whole);
}

/** Decimal -> fractional: the winnings per unit staked, reduced ("2.50" -> "3/2", "2.00" -> "1/1"). */
export function toFractional(decimal: string): string | null {
  const ratio = parseDecimalOdds(decimal);
  if (!ratio || ratio.num <= ratio.den) return null;
  const winNum = ratio.num - ratio.den;
  const divisor = gcd(winNum, ratio.den);
  return `${winNum / divisor}/${ratio.den / divisor}`;
}

/**
 * Decimal -> American (moneyline), rounded to a whole number: the win on 100 staked when the
 * price is at least evens ("2.50" -> "+150"), the stake needed to win 100 below it
 * ("1.91" -> "-110"). Evens is "+100".
 */
export function toAmerican(decimal: string): string | null {
  const ratio = parseDecimalOdds(decimal);
  if (!ratio || ratio.num <= ratio.den) return null;
  const win = ratio.num - ratio.den; // winnings per unit, times den
  if (win >= ratio.den) return `+${roundDiv(win * 100n, ratio.den)}`;
  return `-${roundDiv(ratio.den * 100n, win)}`;
}

/** The decimal price as shown, as the contract writes it: two decimals, three when needed ("2.5" -> "2.50", "1.875"). */
export function toDecimal(decimal: string): string | null {
  const ratio = parseDecimalOdds(decimal);
  if (!ratio) return null;
  const three = ratioToDecimal(ratio, 3);
  return three.endsWith('0') ? three.slice(0, -1) : three;
}

/** A price in the player's format; the decimal text itself when it cannot be read. */
export function formatOdds(decimal: string, format: OddsFormat): string {
  const shown = format === 'fractional' ? toFractional(decimal) : format === 'american' ? toAmerican(decimal) : toDecimal(decimal);
  return shown ?? decimal;
}

/** Compares two decimal prices exactly: negative when a < b, 0 when equal, positive when a > b. */
export function compareOdds(a: string, b: string): number {
  const x = parseDecimalOdds(a);
  const y = parseDecimalOdds(b);
  if (!x || !y) return 0;
  const diff = x.num * y.den - y.num * x.den;
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}
