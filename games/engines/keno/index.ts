/**
 * Croupier Keno (sysname croupier-keno): the player picks 1 to 10 numbers of 40; the round draws
 * 10 of the 40; the picks that were drawn are hits, and the paytable of the pick count pays the
 * stake x the multiplier of that many hits.
 *
 * Randomness: the draw is the first 10 places of `rng.shuffle([1..40], 10)` (forward
 * Fisher-Yates, 10 steps: j = i + int(40 - i)), in draw order.
 * P(h hits | p picks) = C(p, h) C(40 - p, 10 - h) / C(40, 10) (hypergeometric).
 * Multipliers are integer hundredths; win = floor(amount x m / 100). RTP of a pick count =
 * sum_h P(h) m_h / 100: 98.999%-99.02% for every count (docs/games-math.md lists the tables).
 */
import type { RoundRng } from '../../fairness/stream.ts';
import { assertStake, GameInputError } from '../common.ts';

export const KENO_SYSNAME = 'croupier-keno';
export const NUMBERS = 40;
export const DRAWN = 10;
export const MAX_PICKS = 10;
const BOARD = Array.from({ length: NUMBERS }, (_, i) => i + 1);

/**
 * Multipliers in hundredths by pick count, index = hits (0 .. picks). Designed for the house:
 * few picks pay often and little, ten picks pay from three hits up to 11,020x for all ten; the
 * most frequent paying counts were set to the hundredth so that each table returns 99%.
 */
export const PAYTABLES: Readonly<Record<number, readonly number[]>> = {
  1: [0, 396],
  2: [0, 146, 743],
  3: [0, 55, 290, 2895],
  4: [0, 0, 200, 901, 8995],
  5: [0, 0, 132, 400, 1998, 30000],
  6: [0, 0, 98, 200, 792, 9903, 69000],
  7: [0, 0, 49, 149, 600, 3002, 30000, 99000],
  8: [0, 0, 0, 152, 421, 1600, 8296, 52000, 208000],
  9: [0, 0, 0, 110, 271, 879, 4400, 22000, 109000, 547000],
  10: [0, 0, 0, 110, 219, 440, 1702, 6596, 44000, 220000, 1102000],
};

export type KenoBet = { amount: bigint; picks: number[] };

export type KenoOutcome = {
  game: typeof KENO_SYSNAME;
  /** The player's numbers, ascending. */
  picks: number[];
  /** The 10 numbers drawn, in draw order. */
  drawn: number[];
  /** The picks that were drawn, ascending. */
  hits: number[];
  /** The paytable's multiplier for hits.length, hundredths. */
  multiplier: number;
  bet: bigint;
  win: bigint;
};

export function validateKenoBet(bet: unknown): KenoBet {
  const b = bet as Partial<KenoBet> | null;
  assertStake(b?.amount);
  const picks = b.picks as unknown;
  if (!Array.isArray(picks) || picks.length < 1 || picks.length > MAX_PICKS) throw new GameInputError('bad_numbers', `pick 1 to ${MAX_PICKS} numbers`);
  if (!picks.every((n) => Number.isInteger(n) && n >= 1 && n <= NUMBERS)) throw new GameInputError('bad_numbers', `picks are whole numbers from 1 to ${NUMBERS}`);
  if (new Set(picks).size !== picks.length) throw new GameInputError('bad_numbers', 'a number may be picked once');
  return { amount: b.amount, picks: [...(picks as number[])].sort((x, y) => x - y) };
}

/** Settles a bet against a known draw (no randomness). */
export function settle(bet: KenoBet, drawn: readonly number[]): KenoOutcome {
  const valid = validateKenoBet(bet);
  if (drawn.length !== DRAWN || new Set(drawn).size !== DRAWN || drawn.some((n) => !Number.isInteger(n) || n < 1 || n > NUMBERS)) {
    throw new RangeError('a draw is 10 different numbers from 1 to 40');
  }
  const hits = valid.picks.filter((n) => drawn.includes(n));
  const multiplier = PAYTABLES[valid.picks.length][hits.length];
  return { game: KENO_SYSNAME, picks: valid.picks, drawn: [...drawn], hits, multiplier, bet: valid.amount, win: (valid.amount * BigInt(multiplier)) / 100n };
}

export function play(bet: KenoBet, rng: RoundRng): KenoOutcome {
  const valid = validateKenoBet(bet);
  return settle(valid, rng.shuffle(BOARD, DRAWN).slice(0, DRAWN));
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** Draws out of C(40, 10) that give h hits to p picks: C(p, h) C(40 - p, 10 - h). */
export const hitWays = (picks: number, hits: number): bigint => binomial(picks, hits) * binomial(NUMBERS - picks, DRAWN - hits);
export const ALL_DRAWS = binomial(NUMBERS, DRAWN); // 847,660,528

/** P(h hits | p picks). */
export const hitProbability = (picks: number, hits: number): number => Number(hitWays(picks, hits)) / Number(ALL_DRAWS);

/** RTP of a pick count's table, before rounding wins down: sum_h ways(h) m_h / (100 C(40, 10)). */
export function tableRtp(picks: number): number {
  const table = PAYTABLES[picks];
  if (!table) throw new RangeError(`no keno table for ${picks} picks`);
  const sum = table.reduce((total, m, h) => total + hitWays(picks, h) * BigInt(m), 0n);
  return Number(sum) / 100 / Number(ALL_DRAWS);
}

/** The game's stated RTP: the lowest of its ten tables (each rounds to 99.00% or above). */
export function theoreticalRtp(): number {
  let lowest = Infinity;
  for (let picks = 1; picks <= MAX_PICKS; picks++) lowest = Math.min(lowest, tableRtp(picks));
  return lowest;
}

/** Exact RTP of one bet, the rounding of each win down to the minor unit included. */
export function rtpFor(bet: KenoBet): number {
  const valid = validateKenoBet(bet);
  const p = valid.picks.length;
  const paid = PAYTABLES[p].reduce((total, m, h) => total + hitWays(p, h) * ((valid.amount * BigInt(m)) / 100n), 0n);
  return Number(paid) / Number(valid.amount) / Number(ALL_DRAWS);
}
