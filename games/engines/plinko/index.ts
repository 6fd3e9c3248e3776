/**
 * Croupier Plinko (sysname croupier-plinko): a ball falls through `rows` rows of pegs (8 to 16)
 * and lands in one of rows + 1 slots; the slot's multiplier, for the chosen risk (low, medium,
 * high), is what the stake is paid.
 *
 * Randomness: one left/right decision per row, `rng.int(2)` (1 = right), in row order from the
 * top. The slot is the number of rights, 0 (far left) .. rows (far right), so it follows the
 * binomial law: P(slot k) = C(rows, k) / 2^rows.
 * Multipliers are integer hundredths (556 = 5.56x), symmetric; win = floor(amount x m / 100)
 * minor units. RTP of a table = sum C(rows, k) m_k / (100 x 2^rows), 98.998%-99.002% for every
 * one of the 27 tables (docs/games-math.md lists them); rtpFor() includes the rounding down.
 */
import type { RoundRng } from '../../fairness/stream.ts';
import { assertStake, GameInputError } from '../common.ts';

export const PLINKO_SYSNAME = 'croupier-plinko';
export const MIN_ROWS = 8;
export const MAX_ROWS = 16;
export const RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof RISKS)[number];

/**
 * Multipliers in hundredths per risk and row count, slot 0 .. rows. Designed for the house:
 * each risk keeps its shape (low: many slots near 1x; high: a 0.07x-0.3x middle and far edges)
 * and the inner slots were set to the hundredth so that every table returns 99%.
 */
export const PAYTABLES: Readonly<Record<PlinkoRisk, Readonly<Record<number, readonly number[]>>>> = {
  low: {
    8: [556, 272, 140, 80, 44, 80, 140, 272, 556],
    9: [600, 310, 170, 100, 59, 59, 100, 170, 310, 600],
    10: [897, 429, 219, 121, 70, 51, 70, 121, 219, 429, 897],
    11: [1000, 510, 271, 150, 90, 55, 55, 90, 150, 271, 510, 1000],
    12: [1100, 590, 319, 180, 110, 70, 52, 70, 110, 180, 319, 590, 1100],
    13: [1200, 672, 378, 221, 129, 81, 62, 62, 81, 129, 221, 378, 672, 1200],
    14: [1400, 787, 460, 271, 160, 100, 70, 51, 70, 100, 160, 271, 460, 787, 1400],
    15: [1500, 870, 521, 311, 189, 120, 80, 61, 61, 80, 120, 189, 311, 521, 870, 1500],
    16: [1600, 970, 589, 369, 231, 149, 100, 70, 43, 70, 100, 149, 231, 369, 589, 970, 1600],
  },
  medium: {
    8: [1304, 371, 130, 60, 40, 60, 130, 371, 1304],
    9: [1803, 519, 180, 80, 45, 45, 80, 180, 519, 1803],
    10: [2396, 721, 250, 110, 60, 32, 60, 110, 250, 721, 2396],
    11: [3300, 1002, 351, 139, 70, 47, 47, 70, 139, 351, 1002, 3300],
    12: [4400, 1401, 480, 200, 90, 50, 47, 50, 90, 200, 480, 1401, 4400],
    13: [6000, 1901, 658, 270, 120, 70, 41, 41, 70, 120, 270, 658, 1901, 6000],
    14: [8000, 2600, 909, 360, 160, 80, 50, 48, 50, 80, 160, 360, 909, 2600, 8000],
    15: [11000, 3503, 1198, 491, 219, 111, 60, 43, 43, 60, 111, 219, 491, 1198, 3503, 11000],
    16: [15000, 4800, 1702, 659, 291, 140, 80, 50, 35, 50, 80, 140, 291, 659, 1702, 4800, 15000],
  },
  high: {
    8: [2899, 491, 110, 40, 15, 40, 110, 491, 2899],
    9: [4299, 779, 181, 49, 27, 27, 49, 181, 779, 4299],
    10: [7602, 1302, 270, 80, 30, 16, 30, 80, 270, 1302, 7602],
    11: [12000, 2002, 420, 119, 41, 24, 24, 41, 119, 420, 2002, 12000],
    12: [17000, 3099, 680, 180, 60, 30, 23, 30, 60, 180, 680, 3099, 17000],
    13: [26000, 4800, 1101, 280, 89, 40, 21, 21, 40, 89, 280, 1101, 4800, 26000],
    14: [42000, 7598, 1601, 429, 131, 50, 30, 23, 30, 50, 131, 429, 1601, 7598, 42000],
    15: [62000, 12003, 2498, 651, 199, 80, 40, 17, 17, 40, 80, 199, 651, 2498, 12003, 62000],
    16: [100000, 18000, 3998, 1002, 300, 110, 50, 30, 7, 30, 50, 110, 300, 1002, 3998, 18000, 100000],
  },
};

export type PlinkoBet = { amount: bigint; rows: number; risk: PlinkoRisk };

export type PlinkoOutcome = {
  game: typeof PLINKO_SYSNAME;
  rows: number;
  risk: PlinkoRisk;
  /** One entry per row from the top: 0 = left, 1 = right. */
  path: number[];
  /** Landing slot, 0 (left) .. rows (right): the number of rights. */
  slot: number;
  /** The slot's multiplier in hundredths. */
  multiplier: number;
  bet: bigint;
  win: bigint;
};

export function validatePlinkoBet(bet: unknown): PlinkoBet {
  const b = bet as Partial<PlinkoBet> | null;
  assertStake(b?.amount);
  if (!Number.isInteger(b.rows) || (b.rows as number) < MIN_ROWS || (b.rows as number) > MAX_ROWS) {
    throw new GameInputError('bad_target', `rows must be an integer from ${MIN_ROWS} to ${MAX_ROWS}`);
  }
  if (!RISKS.includes(b.risk as PlinkoRisk)) throw new GameInputError('bad_bet_type', 'risk must be low, medium or high');
  return { amount: b.amount, rows: b.rows as number, risk: b.risk as PlinkoRisk };
}

export function multipliersFor(rows: number, risk: PlinkoRisk): readonly number[] {
  const table = PAYTABLES[risk]?.[rows];
  if (!table) throw new RangeError(`no plinko table for ${rows} rows, ${risk} risk`);
  return table;
}

/** Settles a bet against a known path (no randomness). */
export function settle(bet: PlinkoBet, path: readonly number[]): PlinkoOutcome {
  const valid = validatePlinkoBet(bet);
  if (path.length !== valid.rows || path.some((step) => step !== 0 && step !== 1)) throw new RangeError('a path has one 0 or 1 per row');
  const slot = path.reduce((sum, step) => sum + step, 0);
  const multiplier = multipliersFor(valid.rows, valid.risk)[slot];
  return { game: PLINKO_SYSNAME, rows: valid.rows, risk: valid.risk, path: [...path], slot, multiplier, bet: valid.amount, win: (valid.amount * BigInt(multiplier)) / 100n };
}

export function play(bet: PlinkoBet, rng: RoundRng): PlinkoOutcome {
  const valid = validatePlinkoBet(bet);
  const path = Array.from({ length: valid.rows }, () => rng.int(2));
  return settle(valid, path);
}

/** C(n, k) as a bigint. */
export function binomial(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** RTP of one table before rounding wins down: sum C(rows, k) m_k / (100 x 2^rows). */
export function tableRtp(rows: number, risk: PlinkoRisk): number {
  const table = multipliersFor(rows, risk);
  const sum = table.reduce((total, m, k) => total + binomial(rows, k) * BigInt(m), 0n);
  return Number(sum) / (100 * 2 ** rows);
}

/** The game's stated RTP: the lowest of its 27 tables (every one rounds to 99.00%). */
export function theoreticalRtp(): number {
  let lowest = Infinity;
  for (const risk of RISKS) for (let rows = MIN_ROWS; rows <= MAX_ROWS; rows++) lowest = Math.min(lowest, tableRtp(rows, risk));
  return lowest;
}

/** Exact RTP of one bet, the rounding of each win down to the minor unit included. */
export function rtpFor(bet: PlinkoBet): number {
  const valid = validatePlinkoBet(bet);
  const table = multipliersFor(valid.rows, valid.risk);
  const paid = table.reduce((total, m, k) => total + binomial(valid.rows, k) * ((valid.amount * BigInt(m)) / 100n), 0n);
  return Number(paid) / Number(valid.amount) / 2 ** valid.rows;
}
