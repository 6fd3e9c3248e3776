/**
 * The loyalty programme's pure rules (docs/loyalty.md): what a stake earns, which level lifetime
 * points give, the progress towards the next one. Points are kept in thousandths in the journal.
 */
import { CURRENCIES, type CurrencyCode } from '../../../contract/money.ts';

/** Thousandths of a point in a point. */
export const MILLI = 1000n;

/** How much of a stake counts, in percent, by game type: slots in full, instant games 75%, tables and live 50%. */
export const GAME_TYPE_FACTORS = { slot: 100, fast: 75, casino: 50, live: 50 } as const;
export type GameType = keyof typeof GAME_TYPE_FACTORS;
/** A game the catalogue does not know counts like a table game. */
export const DEFAULT_FACTOR = 50;

/**
 * Thousandths of a point a stake earns: `earnRate` points per 10.00 staked on a slot, the game
 * type's share of it elsewhere, rounded down to the thousandth. In minor units with exponent e,
 * 10.00 is 10^(e+1): stake x rate x factor% x 1000 / 10^(e+1) = stake x rate x factor / 10^e.
 */
export function earnedMilliPoints(stake: bigint, earnRate: number, factorPercent: number, currency: CurrencyCode): bigint {
  if (stake <= 0n || earnRate <= 0 || factorPercent <= 0) return 0n;
  return (stake * BigInt(earnRate) * BigInt(factorPercent)) / 10n ** BigInt(CURRENCIES[currency].exponent);
}

/** The divisor of earnedMilliPoints for a currency, as SQL computes it. */
export const earnDivisor = (currency: CurrencyCode) => 10n ** BigInt(CURRENCIES[currency].exponent);

/** Whole points of a journal sum (thousandths), rounded down. */
export const wholePoints = (milli: bigint): number => Number((milli >= 0n ? milli : milli - MILLI + 1n) / MILLI);

export type LevelRule = { number: number; threshold: number; earnRate: number };

/** The level lifetime points give: the highest whose threshold they reach (the first level otherwise). */
export function levelFor<T extends LevelRule>(levels: readonly T[], lifetime: number): T {
  const sorted = [...levels].sort((a, b) => a.threshold - b.threshold);
  let found = sorted[0];
  for (const level of sorted) if (level.threshold <= lifetime) found = level;
  return found;
}

/** The next level after `level`, or null at the top. */
export function nextLevel<T extends LevelRule>(levels: readonly T[], level: T): T | null {
  return [...levels].sort((a, b) => a.threshold - b.threshold).find((other) => other.threshold > level.threshold) ?? null;
}

/** (current - min) / (max - min) x 100, or 100 when there is no max (spec 2 section 9); two decimals, within 0..100. */
export function progress(lifetime: number, min: number, max: number | null): number {
  if (max === null || max <= min) return 100;
  const value = ((lifetime - min) / (max - min)) * 100;
  return Math.min(100, Math.max(0, Math.floor(value * 100) / 100));
}
