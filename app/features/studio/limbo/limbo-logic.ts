import { chanceOf, MAX_TARGET, MIN_TARGET } from '../../../../games/engines/limbo/index.ts';
import { fromMinor, toMinor } from '../money.ts';

export { chanceOf, MAX_TARGET, MIN_TARGET };

/** A multiplier in hundredths as text: 2.00, 1,234.56, 1,000,000.00 (always two decimals, grouped). */
export function showMultiplier(hundredths: number): string {
  const whole = Math.floor(hundredths / 100).toLocaleString('en-US');
  return `${whole}.${String(hundredths % 100).padStart(2, '0')}`;
}

/**
 * The player's typed target to hundredths: "2", "2.5", "2,50", "1 000 000", "10x" and "10×" are
 * read; more than two decimals are cut. null when it is not a number.
 */
export function parseTarget(text: string): number | null {
  const cleaned = text.replace(/[\s×xX]/g, '').replace(/,(\d{1,2})$/, '.$1').replace(/,/g, '');
  if (!/^\d+(\.\d*)?$/.test(cleaned)) return null;
  const [whole, decimals = ''] = cleaned.split('.');
  const value = Number(whole) * 100 + Number((decimals + '00').slice(0, 2));
  return Number.isSafeInteger(value) ? value : null;
}

export const clampTarget = (target: number) => Math.min(MAX_TARGET, Math.max(MIN_TARGET, Math.round(target)));

/** Win chance in percent, as the engine counts it (k(T) / 2^32), rounded to 4 decimals (4 significant digits below 1%). */
export function showChance(target: number): string {
  const pct = chanceOf(target) * 100;
  return pct >= 1 ? Number(pct.toFixed(4)).toString() : Number(pct.toPrecision(4)).toString();
}

/** What a win pays at a stake: floor(stake x T / 100). */
export const payout = (stake: string, target: number): string => fromMinor((toMinor(stake) * BigInt(target)) / 100n);

/** Where a multiplier sits on the meter, 0 (1x) .. 1 (1,000,000x and above), on a log scale. */
export const meterPosition = (hundredths: number): number => Math.min(1, Math.max(0, Math.log10(Math.max(hundredths, 100) / 100) / 6));

/** The meter's marks: 1x, 10x ... 1,000,000x. */
export const METER_MARKS = [100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000];

/** A meter mark's label: 1, 10, 100, 1k, 10k, 100k, 1M. */
export function markLabel(hundredths: number): string {
  const value = hundredths / 100;
  return value >= 1_000_000 ? `${value / 1_000_000}M` : value >= 1000 ? `${value / 1000}k` : String(value);
}

/** The number shown while the result climbs: from 1.00x to the result, fast then slow. */
export function climbing(result: number, progress: number): number {
  if (progress >= 1) return result;
  const eased = 1 - (1 - progress) ** 3;
  const from = Math.min(100, result);
  return Math.floor(from * (result / from) ** eased);
}

/** Climb time in ms: longer for a higher result, at most 1.6 s. */
export const climbDuration = (result: number) => Math.round(Math.min(1600, 500 + Math.log10(Math.max(result, 100) / 100) * 280));
