import { HOUSE_EDGE_BP, MAX_WINNING_ROLLS, MIN_WINNING_ROLLS, ROLLS, winningRolls, type DiceDirection } from '../../../../games/engines/dice/index.ts';
import { fromMinor, toMinor } from '../money.ts';

export { MAX_WINNING_ROLLS, MIN_WINNING_ROLLS, ROLLS, winningRolls, type DiceDirection };

const RETURN = ROLLS - HOUSE_EDGE_BP; // 9900

/** The targets (hundredths) a direction allows: win chance 1%-98% (under t: t rolls win; over t: 9999 - t). */
export function targetRange(direction: DiceDirection): { min: number; max: number } {
  return direction === 'under' ? { min: MIN_WINNING_ROLLS, max: MAX_WINNING_ROLLS } : { min: ROLLS - 1 - MAX_WINNING_ROLLS, max: ROLLS - 1 - MIN_WINNING_ROLLS };
}

export function clampTarget(target: number, direction: DiceDirection): number {
  const { min, max } = targetRange(direction);
  return Math.min(max, Math.max(min, Math.round(target)));
}

/** Win chance in percent, as the engine counts it: k / 10000. */
export const chanceOf = (target: number, direction: DiceDirection): number => (winningRolls(target, direction) / ROLLS) * 100;

/** The engine's multiplier: 9900 / k (99% return over the chance). */
export const multiplierOf = (target: number, direction: DiceDirection): number => RETURN / winningRolls(target, direction);

/** A multiplier on screen: cut (never rounded up) to 4 decimals, at least 2: 1.98, 2.0204, 99. */
export function showMultiplier(value: number): string {
  const cut = Math.floor(value * 10000 + 1e-9) / 10000;
  const text = cut.toFixed(4).replace(/0{1,2}$/, '');
  return text;
}

/** A chance on screen: 2 decimals. */
export const showChance = (percent: number): string => percent.toFixed(2);

/** What a winning bet pays, as the engine computes it: floor(stake x 9900 / k) minor units. */
export function payoutFor(stake: string, target: number, direction: DiceDirection): string {
  return fromMinor((toMinor(stake) * BigInt(RETURN)) / BigInt(winningRolls(target, direction)));
}

/** The same win chance on the other side: under t <-> over 9999 - t. */
export const flipped = (target: number): number => ROLLS - 1 - target;

/** The target giving (about) a chance in percent. */
export function targetForChance(percent: number, direction: DiceDirection): number {
  const k = Math.min(MAX_WINNING_ROLLS, Math.max(MIN_WINNING_ROLLS, Math.round(percent * 100)));
  return direction === 'under' ? k : ROLLS - 1 - k;
}

/** The over-target whose multiplier is closest to `multiplier` (Fuse Rocket's cash-out point). */
export function overTargetForMultiplier(multiplier: number): number {
  const k = Math.min(MAX_WINNING_ROLLS, Math.max(MIN_WINNING_ROLLS, Math.round(RETURN / Math.max(1, multiplier))));
  return ROLLS - 1 - k;
}

/**
 * Fuse Rocket reads an over bet's roll as the height the rocket reached: the largest multiplier
 * an over bet would have won with this roll, 9900 / (10000 - roll). The bet wins exactly when it
 * is at least the cash-out multiplier (roll > 9999 - k  <=>  9900 / (10000 - roll) >= 9900 / k).
 */
export const crashPoint = (roll: number): number => RETURN / (ROLLS - roll);

/** 5025 -> "50.25". */
export const showRoll = (hundredths: number): string => (hundredths / 100).toFixed(2);

/** "50.25" -> 5025 (null when not a number). */
export function parseTarget(text: string): number | null {
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}

/** Coin Flip Rush: heads is "under 50.00", tails "over 49.99": 5,000 rolls each, 1.98x. */
export const COIN = { heads: { target: 5000, direction: 'under' as const }, tails: { target: 4999, direction: 'over' as const } };
export const coinSide = (roll: number): 'heads' | 'tails' => (roll < 5000 ? 'heads' : 'tails');
