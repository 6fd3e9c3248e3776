/**
 * Pearl Cascade: 6 reels x 5 rows, "pays anywhere" (8 or more of a symbol anywhere on the grid),
 * tumbles, a lanternfish scatter that awards free spins, and multiplier bubbles in free spins.
 * Every number that makes the game's maths is in this file (docs/games-math.md, "Pearl Cascade").
 */

/** Symbol indexes: 0 the scatter, 1-9 the paying symbols from the highest, 10 the bubble (free spins only). */
export const SYMBOLS = ['lanternfish', 'pearl', 'scallop', 'turtle', 'starfish', 'crab', 'ruby', 'emerald', 'sapphire', 'amethyst', 'bubble'] as const;
export type CascadeSymbol = (typeof SYMBOLS)[number];

export const SCATTER = 0;
export const BUBBLE = 10;
/** The paying symbols are 1..PAYING. */
export const PAYING = 9;

export const REELS = 6;
export const ROWS = 5;
export const CELLS = REELS * ROWS;

/**
 * Money inside the engine is counted in units of 1/20 of the stake (the stake is a multiple of
 * 20 minor units, so a unit is a whole number of minor units): every pay below is a whole number
 * of units, so every win is exact.
 */
export const UNITS_PER_STAKE = 20;

/** 8 or more of a paying symbol anywhere pay; the count bands are 8-9, 10-11, 12+. */
export const MIN_COUNT = 8;
export const BAND_FROM = [8, 10, 12] as const;

/** Pays in stakes by band (8-9, 10-11, 12+), highest symbol first. Every figure is a multiple of 0.05. */
export const PAYS: Readonly<Record<Exclude<CascadeSymbol, 'lanternfish' | 'bubble'>, readonly [number, number, number]>> = {
  pearl: [10, 25, 50],
  scallop: [2.5, 10, 25],
  turtle: [2, 5, 15],
  starfish: [1.5, 2, 12],
  crab: [1, 1.5, 10],
  ruby: [1, 1.5, 8],
  emerald: [0.6, 1.2, 5],
  sapphire: [0.5, 1, 4],
  amethyst: [0.4, 0.8, 2],
};

/** Scatter pays in stakes by count on the spin's last grid: 4, 5, 6 or more. */
export const SCATTER_PAYS: readonly [number, number, number] = [3, 5, 100];
/** Scatters that award free spins in the base game, and the spins awarded. */
export const SCATTERS_TO_TRIGGER = 4;
export const FREE_SPINS_AWARD = 10;
/** Scatters that add spins during free spins, and the spins added. */
export const SCATTERS_TO_RETRIGGER = 3;
export const FREE_SPINS_RETRIGGER = 5;

/** The round never pays more than this many stakes (the rest of the free spins are then not played). */
export const MAX_WIN_STAKES = 5000;

/**
 * Cell weights, by symbol index (SYMBOLS order): a cell is SYMBOLS[k] for the k where the draw
 * rng.int(total) falls in the k-th band of the cumulative weights. The base game has no bubbles.
 */
export const BASE_WEIGHTS: readonly number[] = [12, 30, 40, 50, 60, 70, 110, 130, 150, 170, 0];
export const FREE_WEIGHTS: readonly number[] = [12, 30, 40, 50, 60, 70, 110, 130, 150, 170, 100];

/** A bubble's multiplier, drawn right after the cell that is a bubble: rng.int(total) over these weights. */
export const BUBBLE_VALUES: readonly number[] = [2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 50, 100];
export const BUBBLE_WEIGHTS: readonly number[] = [200, 180, 150, 120, 100, 70, 55, 40, 25, 20, 12, 8, 5];

const units = (stakes: number) => {
  const u = Math.round(stakes * UNITS_PER_STAKE);
  if (Math.abs(u - stakes * UNITS_PER_STAKE) > 1e-9) throw new Error(`${stakes} stakes is not a whole number of units`);
  return u;
};

/** PAY_UNITS[symbol * 3 + band]: the pay in units. */
export const PAY_UNITS: Int32Array = (() => {
  const table = new Int32Array(SYMBOLS.length * 3);
  for (let s = 1; s <= PAYING; s++) {
    const pays = PAYS[SYMBOLS[s] as keyof typeof PAYS];
    for (let b = 0; b < 3; b++) table[s * 3 + b] = units(pays[b]);
  }
  return table;
})();
export const SCATTER_PAY_UNITS: Int32Array = Int32Array.from(SCATTER_PAYS, units);
export const MAX_WIN_UNITS = MAX_WIN_STAKES * UNITS_PER_STAKE;

/** Cumulative weights, for the draw. */
function cumulative(weights: readonly number[]): Int32Array {
  const out = new Int32Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    if (!Number.isInteger(w) || w < 0) throw new Error(`weight ${w} must be a whole number >= 0`);
    sum += w;
    out[i] = sum;
  });
  return out;
}
export const BASE_CUMULATIVE = cumulative(BASE_WEIGHTS);
export const FREE_CUMULATIVE = cumulative(FREE_WEIGHTS);
export const BUBBLE_CUMULATIVE = cumulative(BUBBLE_WEIGHTS);
export const BASE_TOTAL = BASE_CUMULATIVE[BASE_CUMULATIVE.length - 1];
export const FREE_TOTAL = FREE_CUMULATIVE[FREE_CUMULATIVE.length - 1];
export const BUBBLE_TOTAL = BUBBLE_CUMULATIVE[BUBBLE_CUMULATIVE.length - 1];

/** The band (0, 1, 2) of a count of 8 or more. */
export function bandOf(count: number): number {
  return count >= BAND_FROM[2] ? 2 : count >= BAND_FROM[1] ? 1 : 0;
}
