/** Line evaluation, shared by the engine and the exact RTP computation. */
import { COIN, PAY_TABLE, REELS, WILD } from './paytable.ts';

const ZEPPELIN = 2;

/** Written by lineWin: the paying symbol and count of the last evaluated line (count 0: no win). */
export const lastLine = { symbol: 0, count: 0 };

/**
 * The pay of one line in line bets, for its five symbols (reel 1 first): the first symbol that
 * is not a wild names the line, and the run goes on over that symbol and wilds. A coin ends the
 * run; wilds alone (all five, or before a coin) pay as zeppelins.
 */
export function lineWin(s: ArrayLike<number>): number {
  let w = 0;
  while (w < REELS && s[w] === WILD) w++;
  const target = w === REELS || s[w] === COIN ? ZEPPELIN : s[w];
  let n = w === REELS || s[w] === COIN ? w : w + 1;
  while (n < REELS && (s[n] === target || s[n] === WILD)) n++;
  const pay = PAY_TABLE[target][n];
  lastLine.symbol = target;
  lastLine.count = pay > 0 ? n : 0;
  return pay;
}
