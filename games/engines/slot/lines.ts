/** Line evaluation, shared by the engine and the exact RTP computation. */
import { PAY_TABLE, REEL_STRIPS, REELS, ROWS, SCATTER, WILD } from './paytable.ts';

/** Written by lineWin: the paying symbol and count of the last evaluated line (count 0: no win). */
export const lastLine = { symbol: 0, count: 0 };

/**
 * The pay of one line in line bets, for the five symbols on it (reel 1 first). Wins run from
 * the leftmost reel over 3+ adjacent reels; the wild stands for any symbol but the scatter and
 * pays its own run; the line pays the higher of the two. Ties go to the substituted symbol.
 */
export function lineWin(s: ArrayLike<number>): number {
  let w = 0;
  while (w < REELS && s[w] === WILD) w++;
  const wildPay = PAY_TABLE[WILD][w];
  if (w === REELS || s[w] === SCATTER) {
    lastLine.symbol = WILD;
    lastLine.count = wildPay > 0 ? w : 0;
    return wildPay;
  }
  const target = s[w];
  let n = w + 1;
  while (n < REELS && (s[n] === target || s[n] === WILD)) n++;
  const pay = PAY_TABLE[target][n];
  if (pay >= wildPay) {
    lastLine.symbol = target;
    lastLine.count = pay > 0 ? n : 0;
    return pay;
  }
  lastLine.symbol = WILD;
  lastLine.count = w;
  return wildPay;
}

/** The symbol shown on `reel` at `row` for a stop. */
export function symbolAt(reel: number, stop: number, row: number): number {
  const strip = REEL_STRIPS[reel];
  return strip[(stop + row) % strip.length];
}

/** Scatters visible in the 5x3 window (anywhere). */
export function countScatters(stops: ArrayLike<number>): number {
  let count = 0;
  for (let reel = 0; reel < REELS; reel++) {
    for (let row = 0; row < ROWS; row++) if (symbolAt(reel, stops[reel], row) === SCATTER) count++;
  }
  return count;
}
