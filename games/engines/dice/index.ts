/**
 * Croupier Dice (sysname croupier-dice): roll 0.00-99.99, bet over or under a target.
 *
 * Randomness: roll = rng.int(10000), shown as roll / 100 (0.00 .. 99.99), one draw per bet.
 * Targets are integers in hundredths (5025 means 50.25):
 *   under t: wins when roll < t,  k = t winning rolls;
 *   over t:  wins when roll > t,  k = 9999 - t winning rolls.
 * Chance = k / 10000 must be 1%-98% (100 <= k <= 9800).
 * Payout multiplier = (1 - house edge) / chance = 9900 / k, exactly; win = floor(amount x 9900 / k)
 * minor units. Before rounding, RTP = (k/10000)(9900/k) = 0.99 for every target. Rounding down
 * to a whole minor unit costs the player less than one minor unit per winning bet; rtpFor()
 * gives the exact figure of a bet, rounding included.
 */
import type { RoundRng } from '../../fairness/stream.ts';
import { assertStake, GameInputError } from '../common.ts';

export const DICE_SYSNAME = 'croupier-dice';
export const ROLLS = 10000;
/** House edge in basis points: 100 = 1%. */
export const HOUSE_EDGE_BP = 100;
export const MIN_WINNING_ROLLS = 100;
export const MAX_WINNING_ROLLS = 9800;
const RETURN_NUMERATOR = BigInt(ROLLS - HOUSE_EDGE_BP); // 9900

export type DiceDirection = 'over' | 'under';
/** target: integer hundredths 0..9999 (e.g. 5025 = 50.25). */
export type DiceBet = { amount: bigint; target: number; direction: DiceDirection };

export type DiceOutcome = {
  game: typeof DICE_SYSNAME;
  /** 0..9999 hundredths; display roll / 100 with two decimals. */
  roll: number;
  target: number;
  direction: DiceDirection;
  /** Winning rolls out of 10000. */
  winningRolls: number;
  /** The exact multiplier 9900 / winningRolls (display value, rounding down applies to the win). */
  multiplier: number;
  won: boolean;
  bet: bigint;
  win: bigint;
};

/** Winning rolls out of 10,000 for a target and direction (no range check). */
export function winningRolls(target: number, direction: DiceDirection): number {
  return direction === 'under' ? target : ROLLS - 1 - target;
}

export function validateDiceBet(bet: unknown): DiceBet {
  const b = bet as Partial<DiceBet> | null;
  assertStake(b?.amount);
  if (b.direction !== 'over' && b.direction !== 'under') throw new GameInputError('bad_target', 'direction must be over or under');
  if (!Number.isInteger(b.target) || (b.target as number) < 0 || (b.target as number) >= ROLLS) {
    throw new GameInputError('bad_target', 'target must be an integer number of hundredths, 0 to 9999');
  }
  const k = winningRolls(b.target as number, b.direction);
  if (k < MIN_WINNING_ROLLS || k > MAX_WINNING_ROLLS) throw new GameInputError('bad_target', 'win chance must be between 1% and 98%');
  return { amount: b.amount, target: b.target as number, direction: b.direction };
}

/** What a winning bet pays: floor(amount x 9900 / k). */
export function payoutFor(amount: bigint, k: number): bigint {
  return (amount * RETURN_NUMERATOR) / BigInt(k);
}

/** Settles a bet against a known roll (no randomness). */
export function settle(bet: DiceBet, roll: number): DiceOutcome {
  const valid = validateDiceBet(bet);
  if (!Number.isInteger(roll) || roll < 0 || roll >= ROLLS) throw new RangeError(`no roll ${roll}`);
  const k = winningRolls(valid.target, valid.direction);
  const won = valid.direction === 'under' ? roll < valid.target : roll > valid.target;
  return {
    game: DICE_SYSNAME,
    roll,
    target: valid.target,
    direction: valid.direction,
    winningRolls: k,
    multiplier: Number(RETURN_NUMERATOR) / k,
    won,
    bet: valid.amount,
    win: won ? payoutFor(valid.amount, k) : 0n,
  };
}

export function play(bet: DiceBet, rng: RoundRng): DiceOutcome {
  return settle(bet, rng.int(ROLLS));
}

/** 0.99: RTP = (1 - house edge) by construction, before rounding wins down to minor units. */
export function theoreticalRtp(): number {
  return 1 - HOUSE_EDGE_BP / ROLLS;
}

/** Exact RTP of one bet, rounding of the win included: (k / 10000) x floor(amount x 9900 / k) / amount. */
export function rtpFor(bet: DiceBet): number {
  const valid = validateDiceBet(bet);
  const k = winningRolls(valid.target, valid.direction);
  return ((k / ROLLS) * Number(payoutFor(valid.amount, k))) / Number(valid.amount);
}
