/**
 * Croupier Roulette (sysname croupier-roulette): European single-zero roulette.
 * Randomness: the winning number is rng.int(37), one draw per spin.
 *
 * A bet covering k numbers pays 36/k - 1 to 1, so it returns 36/k times the stake when it wins
 * and its RTP is (k/37)(36/k) = 36/37 whatever the bet.
 */
import type { RoundRng } from '../../fairness/stream.ts';
import { assertStake, GameInputError } from '../common.ts';

export const ROULETTE_SYSNAME = 'croupier-roulette';
export const POCKETS = 37;
export const MAX_BETS_PER_SPIN = 200;

export const RED_NUMBERS: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
const RED = new Set(RED_NUMBERS);

export type RouletteColor = 'green' | 'red' | 'black';

export type InsideBetType = 'straight' | 'split' | 'street' | 'corner' | 'sixline';
export type OutsideBetType = 'column' | 'dozen';
export type EvenMoneyBetType = 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';
export type RouletteBetType = InsideBetType | OutsideBetType | EvenMoneyBetType;

export type RouletteBet =
  /** Inside bets name their numbers (any order). street also takes the trios 0-1-2 and 0-2-3, corner the first four 0-1-2-3, split 0-1, 0-2, 0-3. */
  | { type: InsideBetType; numbers: number[]; amount: bigint }
  /** column 1 = 1,4..34, 2 = 2,5..35, 3 = 3,6..36; dozen 1 = 1-12, 2 = 13-24, 3 = 25-36. */
  | { type: OutsideBetType; index: 1 | 2 | 3; amount: bigint }
  | { type: EvenMoneyBetType; amount: bigint };

export type RouletteInput = { bets: RouletteBet[] };

export type RouletteBetResult = {
  bet: RouletteBet;
  /** The numbers the bet covers, ascending. */
  covered: number[];
  /** Pays `payout` to 1. */
  payout: number;
  won: boolean;
  /** Stake x (payout + 1) when won, else 0n. */
  win: bigint;
};

export type RouletteOutcome = {
  game: typeof ROULETTE_SYSNAME;
  number: number;
  color: RouletteColor;
  bets: RouletteBetResult[];
  /** Total staked. */
  bet: bigint;
  /** Total paid back. */
  win: bigint;
};

export function colorOf(n: number): RouletteColor {
  return n === 0 ? 'green' : RED.has(n) ? 'red' : 'black';
}

const key = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b).join('-');

function range(from: number, to: number, step = 1): number[] {
  const out: number[] = [];
  for (let n = from; n <= to; n += step) out.push(n);
  return out;
}

/** Every legal set of numbers per inside bet type, keyed by the sorted numbers joined with '-'. */
function insideSets(): Record<InsideBetType, Map<string, number[]>> {
  const sets: Record<InsideBetType, number[][]> = { straight: [], split: [], street: [], corner: [], sixline: [] };
  for (let n = 0; n <= 36; n++) sets.straight.push([n]);
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) sets.split.push([n, n + 1]);
    if (n <= 33) sets.split.push([n, n + 3]);
  }
  sets.split.push([0, 1], [0, 2], [0, 3]);
  for (let row = 0; row < 12; row++) sets.street.push([3 * row + 1, 3 * row + 2, 3 * row + 3]);
  sets.street.push([0, 1, 2], [0, 2, 3]);
  for (let n = 1; n <= 32; n++) if (n % 3 !== 0) sets.corner.push([n, n + 1, n + 3, n + 4]);
  sets.corner.push([0, 1, 2, 3]);
  for (let row = 0; row < 11; row++) sets.sixline.push(range(3 * row + 1, 3 * row + 6));
  const out = {} as Record<InsideBetType, Map<string, number[]>>;
  for (const type of Object.keys(sets) as InsideBetType[]) {
    out[type] = new Map(sets[type].map((numbers) => [key(numbers), [...numbers].sort((a, b) => a - b)]));
  }
  return out;
}

/** All legal inside bets: 37 straights, 60 splits, 14 streets (2 with zero), 23 corners (first four included), 11 six lines. */
export const INSIDE_BETS = insideSets();

const OUTSIDE: Record<OutsideBetType, (index: number) => number[]> = {
  column: (i) => range(i, 36, 3),
  dozen: (i) => range(12 * (i - 1) + 1, 12 * i),
};

const EVEN_MONEY: Record<EvenMoneyBetType, number[]> = {
  red: [...RED_NUMBERS],
  black: range(1, 36).filter((n) => !RED.has(n)),
  odd: range(1, 36, 2),
  even: range(2, 36, 2),
  low: range(1, 18),
  high: range(19, 36),
};

export const BET_TYPES: readonly RouletteBetType[] = [
  'straight',
  'split',
  'street',
  'corner',
  'sixline',
  'column',
  'dozen',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
];

/** The numbers a bet covers (validates it). */
export function coveredNumbers(bet: RouletteBet): number[] {
  const type = (bet as { type?: unknown }).type;
  if (type === 'straight' || type === 'split' || type === 'street' || type === 'corner' || type === 'sixline') {
    const numbers = (bet as { numbers?: unknown }).numbers;
    if (!Array.isArray(numbers) || !numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 36)) {
      throw new GameInputError('bad_numbers', `${type} needs numbers from 0 to 36`);
    }
    const found = INSIDE_BETS[type].get(key(numbers));
    if (!found || found.length !== numbers.length) throw new GameInputError('bad_numbers', `${numbers.join('-')} is not a ${type} on the table`);
    return [...found];
  }
  if (type === 'column' || type === 'dozen') {
    const index = (bet as { index?: unknown }).index;
    if (index !== 1 && index !== 2 && index !== 3) throw new GameInputError('bad_numbers', `${type} index must be 1, 2 or 3`);
    return OUTSIDE[type](index);
  }
  if (typeof type === 'string' && Object.hasOwn(EVEN_MONEY, type)) return [...EVEN_MONEY[type as EvenMoneyBetType]];
  throw new GameInputError('bad_bet_type', `unknown roulette bet type ${String(type)}`);
}

/** Pays `payoutOf(k)` to 1 for a bet on k numbers: 35, 17, 11, 8, 5, 2, 1 for k = 1, 2, 3, 4, 6, 12, 18. */
export function payoutOf(covered: number): number {
  return 36 / covered - 1;
}

export function validateRouletteInput(input: unknown): RouletteInput {
  const bets = (input as { bets?: unknown } | null)?.bets;
  if (!Array.isArray(bets) || bets.length === 0) throw new GameInputError('bad_bet_type', 'place at least one bet');
  if (bets.length > MAX_BETS_PER_SPIN) throw new GameInputError('too_many_bets', `at most ${MAX_BETS_PER_SPIN} bets per spin`);
  for (const bet of bets as RouletteBet[]) {
    assertStake(bet?.amount);
    coveredNumbers(bet);
  }
  return { bets: bets as RouletteBet[] };
}

/** Settles the bets against a known number (no randomness): used by play() and by tests. */
export function settle(input: RouletteInput, number: number): RouletteOutcome {
  if (!Number.isInteger(number) || number < 0 || number > 36) throw new RangeError(`no pocket ${number}`);
  let bet = 0n;
  let win = 0n;
  const results = input.bets.map((b): RouletteBetResult => {
    const covered = coveredNumbers(b);
    const payout = payoutOf(covered.length);
    const won = covered.includes(number);
    const w = won ? b.amount * BigInt(payout + 1) : 0n;
    bet += b.amount;
    win += w;
    return { bet: b, covered, payout, won, win: w };
  });
  return { game: ROULETTE_SYSNAME, number, color: colorOf(number), bets: results, bet, win };
}

/** Spins once and settles every bet. */
export function play(input: RouletteInput, rng: RoundRng): RouletteOutcome {
  const valid = validateRouletteInput(input);
  return settle(valid, spin(rng));
}

/** The winning number: rng.int(37). */
export function spin(rng: RoundRng): number {
  return rng.int(POCKETS);
}

/** 36/37 for every bet and every mix of bets. */
export function theoreticalRtp(): number {
  return 36 / 37;
}

/** RTP of one bet derived from its coverage: P(win) x (payout + 1). */
export function betRtp(bet: RouletteBet): number {
  const k = coveredNumbers(bet).length;
  return (k / POCKETS) * (payoutOf(k) + 1);
}
