/**
 * Rivet Royale (sysname rivet-royale): 5 reels x 3 rows, 10 fixed paylines, 6 paying steampunk
 * symbols, a wild and the coin that starts Hold and Win. Every number of the game's maths is in
 * this file; math.ts derives the exact RTP from it (docs/games-math.md, "Rivet Royale").
 */

import { PAYLINES as SLOT_PAYLINES, stripsFromText } from '../slot/paytable.ts';

export const SYMBOLS = ['wild', 'coin', 'zeppelin', 'tophat', 'watch', 'lamp', 'wrench', 'gear'] as const;
export type CoinsSymbol = (typeof SYMBOLS)[number];

export const WILD = 0;
export const COIN = 1;

/** One letter per symbol, used to write the reel strips below. */
export const SYMBOL_LETTERS: Record<string, number> = { W: 0, O: 1, Z: 2, H: 3, P: 4, L: 5, R: 6, G: 7 };

export const REELS = 5;
export const ROWS = 3;
export const CELLS = REELS * ROWS;

/**
 * Reel strips, top to bottom, circular: a stop s shows strip[s], strip[s+1], strip[s+2] (mod
 * length) in rows 0 (top), 1, 2. Letters: W wild (reels 2 to 5 only), O coin, Z zeppelin,
 * H top hat, P pocket watch, L lamp, R wrench, G gear.
 */
export const REEL_STRIPS_TEXT: readonly string[] = [
  'GLORZGPLHOGRLPOGRHLZPGORLHGPRLO',
  'RGOOLPWZRGHOLRPGWLOHRGZPLOGRPHL',
  'LRGOPHWLRGOZPLRGHOWPLGRLOHZRGPO',
  'PGLOOHRWGZLPROGLHPWRGOLZRPGHLRG',
  'HRGLOPZWRLGOPHRLGZOPWLRGHOLPRGO',
];

/**
 * Line pays in multiples of the line bet (stake / 10), by symbol and count of 3, 4, 5 adjacent
 * from the leftmost reel. The wild stands for every paying symbol (not the coin) and pays nothing
 * by itself, except a line of wilds only, which pays as zeppelins.
 */
export const LINE_PAYS: Readonly<Record<Exclude<CoinsSymbol, 'wild' | 'coin'>, readonly [number, number, number]>> = {
  zeppelin: [30, 120, 500],
  tophat: [20, 75, 250],
  watch: [12, 50, 150],
  lamp: [10, 30, 100],
  wrench: [5, 20, 60],
  gear: [4, 12, 40],
};

/** The 10 paylines: Golden Croupier's lines 1 to 9 and 12 (for each reel, the row: 0 top, 1 middle, 2 bottom). */
export const PAYLINES: readonly (readonly [number, number, number, number, number])[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 11].map((line) => SLOT_PAYLINES[line]);
export const LINES = PAYLINES.length;

export type CoinPrize = 'cash' | 'mini' | 'minor' | 'major';

/**
 * What a coin shows when it lands, in stakes, and its weight out of COIN_WEIGHT_TOTAL: one draw
 * rng.int(COIN_WEIGHT_TOTAL) picks the first entry whose cumulative weight exceeds it. The mean
 * is exactly 5 stakes.
 */
export const COIN_VALUES: readonly { prize: CoinPrize; multiplier: number; weight: number }[] = [
  { prize: 'cash', multiplier: 1, weight: 350 },
  { prize: 'cash', multiplier: 2, weight: 250 },
  { prize: 'cash', multiplier: 3, weight: 150 },
  { prize: 'cash', multiplier: 5, weight: 110 },
  { prize: 'cash', multiplier: 10, weight: 70 },
  { prize: 'cash', multiplier: 25, weight: 30 },
  { prize: 'mini', multiplier: 20, weight: 25 },
  { prize: 'minor', multiplier: 50, weight: 12 },
  { prize: 'major', multiplier: 200, weight: 3 },
];
export const COIN_WEIGHT_TOTAL = COIN_VALUES.reduce((sum, v) => sum + v.weight, 0);

/** Coins on the screen after a paid spin that start Hold and Win. */
export const TRIGGER_COINS = 6;
/** Respins given at the start of the feature, and again after every respin that lands a coin. */
export const RESPINS = 3;
/** In a respin, each empty cell draws rng.int(CELL_DRAW) and shows a coin when it is below CELL_COIN. */
export const CELL_DRAW = 100;
export const CELL_COIN = 7;
/** A full screen of 15 coins adds the Grand, in stakes. */
export const GRAND = 1000;
/** No round pays more than this many stakes (see math.ts: the game cannot reach it). */
export const MAX_WIN_STAKES = 5000;

/** The strips as symbol indexes. */
export const REEL_STRIPS: readonly Uint8Array[] = stripsFromText(REEL_STRIPS_TEXT, SYMBOL_LETTERS);

/** PAY_TABLE[symbol][count]: line pay in line bets for `count` (0-5) of `symbol`. */
export const PAY_TABLE: readonly Uint16Array[] = SYMBOLS.map((name) => {
  const row = new Uint16Array(REELS + 1);
  if (name !== 'wild' && name !== 'coin') [row[3], row[4], row[5]] = LINE_PAYS[name];
  return row;
});

/** COIN_PICK[r] for r in [0, COIN_WEIGHT_TOTAL): the COIN_VALUES index that draw picks. */
export const COIN_PICK: Uint8Array = (() => {
  const pick = new Uint8Array(COIN_WEIGHT_TOTAL);
  let at = 0;
  COIN_VALUES.forEach((value, index) => pick.fill(index, at, (at += value.weight)));
  return pick;
})();
