/**
 * Croupier Limbo (sysname croupier-limbo): the player names a target multiplier from 1.01x to
 * 1,000,000x; the round draws a result multiplier and wins when result >= target, paying the
 * stake x target.
 *
 * Randomness: one 32-bit word u = rng.int(2^32) (the stream's next word, never rejected).
 * Multipliers are integer hundredths (250 = 2.50x):
 *   result = floor(99 x 2^32 / (u + 1))            (0.99x .. 4.25 x 10^9 x)
 *   result >= T  <=>  u + 1 <= 99 x 2^32 / T  <=>  u < k(T) = floor(99 x 2^32 / T)
 * so exactly k(T) of the 2^32 words win: chance = k(T) / 2^32, just under 0.99 / (T / 100).
 * A win pays floor(amount x T / 100). RTP = k(T) / 2^32 x T / 100 <= 99%, short of it by less than
 * T / (100 x 2^32) (at most 0.0233 points at 1,000,000x); rtpFor() gives the exact figure.
 */
import type { RoundRng } from '../../fairness/stream.ts';
import { assertStake, GameInputError } from '../common.ts';

export const LIMBO_SYSNAME = 'croupier-limbo';
/** Targets in hundredths: 1.01x to 1,000,000x. */
export const MIN_TARGET = 101;
export const MAX_TARGET = 100_000_000;
/** 99: the result's numerator in hundredths, i.e. a 1% house edge. */
export const RETURN_HUNDREDTHS = 99n;
const WORDS = 2n ** 32n;

export type LimboBet = { amount: bigint; target: number };

export type LimboOutcome = {
  game: typeof LIMBO_SYSNAME;
  /** The player's target, hundredths. */
  target: number;
  /** The drawn multiplier, hundredths. */
  result: number;
  won: boolean;
  bet: bigint;
  win: bigint;
};

export function validateLimboBet(bet: unknown): LimboBet {
  const b = bet as Partial<LimboBet> | null;
  assertStake(b?.amount);
  if (!Number.isInteger(b.target) || (b.target as number) < MIN_TARGET || (b.target as number) > MAX_TARGET) {
    throw new GameInputError('bad_target', 'target must be an integer number of hundredths, 101 to 100000000');
  }
  return { amount: b.amount, target: b.target as number };
}

/** The result multiplier (hundredths) a word gives. */
export function resultOf(word: number): number {
  if (!Number.isInteger(word) || word < 0 || word >= 2 ** 32) throw new RangeError(`no word ${word}`);
  return Number((RETURN_HUNDREDTHS * WORDS) / BigInt(word + 1));
}

/** How many of the 2^32 words win against a target: floor(99 x 2^32 / T). */
export function winningWords(target: number): bigint {
  return (RETURN_HUNDREDTHS * WORDS) / BigInt(target);
}

/** The chance of a target, 0..1. */
export const chanceOf = (target: number): number => Number(winningWords(target)) / 2 ** 32;

/** What a winning bet pays: floor(amount x T / 100). */
export const payoutFor = (amount: bigint, target: number): bigint => (amount * BigInt(target)) / 100n;

/** Settles a bet against a known word (no randomness). */
export function settle(bet: LimboBet, word: number): LimboOutcome {
  const valid = validateLimboBet(bet);
  const result = resultOf(word);
  const won = result >= valid.target;
  return { game: LIMBO_SYSNAME, target: valid.target, result, won, bet: valid.amount, win: won ? payoutFor(valid.amount, valid.target) : 0n };
}

export function play(bet: LimboBet, rng: RoundRng): LimboOutcome {
  const valid = validateLimboBet(bet);
  return settle(valid, rng.int(2 ** 32));
}

/** 0.99: chance x target = 99% by construction, before the floor of k(T) and of the win. */
export function theoreticalRtp(): number {
  return Number(RETURN_HUNDREDTHS) / 100;
}

/** Exact RTP of one bet: k(T) / 2^32 x floor(amount x T / 100) / amount. */
export function rtpFor(bet: LimboBet): number {
  const valid = validateLimboBet(bet);
  return (chanceOf(valid.target) * Number(payoutFor(valid.amount, valid.target))) / Number(valid.amount);
}
