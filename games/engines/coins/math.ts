/**
 * Rivet Royale's theoretical RTP, exactly (no simulation): the base game by combinatorics over
 * the reel strips, Hold and Win by a Markov chain over (coins held, respins left).
 *
 * 1. Lines. The stops are independent and uniform, so on any payline the symbol on reel i is
 *    distributed as strip i's symbol counts. E[line] = sum over the 8^5 symbol 5-tuples of
 *    (product of their reel frequencies) x lineWin(tuple); a spin's lines pay LINES x E[line]
 *    line bets on average (linearity, whatever the correlation between lines and coins).
 * 2. Coins. For each reel, the coins in its 3-cell window are counted at each stop; the five
 *    per-reel distributions convolve into P(K = k), k = 0..15. K >= TRIGGER_COINS starts the
 *    feature with K coins held.
 * 3. Hold and Win. Each respin, every one of the 15 - n empty cells becomes a coin with
 *    probability q = CELL_COIN / CELL_DRAW, independently: m ~ Binomial(15 - n, q) new coins.
 *    m > 0 moves (n, r) to (n + m, RESPINS), m = 0 to (n, r - 1); the feature ends at r = 0 or
 *    n = 15. The chain gives P(N = j | start k) for the final count N.
 * 4. Every coin's value is an independent draw of the same table, independent of which cells
 *    fill, so the feature pays on average E[N] x E[value] + P(N = 15) x GRAND stakes.
 * 5. The cap: a round pays at most 10 lines x 500 line bets = 500 stakes on lines plus
 *    15 x 200 + GRAND = 4,000 stakes in the feature, 4,500 < MAX_WIN_STAKES, so the cap never
 *    binds and takes nothing from the RTP (maxPossibleStakes below proves it from the tables).
 * 6. RTP = E[line] (LINES lines of a line bet, a stake of LINES line bets) + sum over k >= 6 of P(K = k) x E[feature pay | k].
 */
import { scatterDistribution } from '../slot/math.ts';
import { lineWin } from './lines.ts';
import { CELL_COIN, CELL_DRAW, CELLS, COIN, COIN_VALUES, COIN_WEIGHT_TOTAL, GRAND, LINE_PAYS, LINES, REEL_STRIPS, REELS, RESPINS, SYMBOLS, TRIGGER_COINS } from './paytable.ts';

export type CoinsMath = {
  /** Expected pay of one line, in line bets. */
  lineExpectation: number;
  /** P(k coins on the screen after a paid spin), k = 0..15. */
  coinDistribution: number[];
  /** P(6+ coins): the Hold and Win trigger probability. */
  triggerProbability: number;
  /** Mean coin value in stakes. */
  coinMean: number;
  /** finalCoins[k][j]: P(the feature ends with j coins | it starts with k), k >= 6. */
  finalCoins: number[][];
  /** P(full screen, the Grand) per paid spin. */
  grandProbability: number;
  baseRtp: number;
  featureRtp: number;
  rtp: number;
  /** The biggest round the tables allow, in stakes (below MAX_WIN_STAKES). */
  maxPossibleStakes: number;
};

function lineExpectation(): number {
  const freq = REEL_STRIPS.map((strip) => {
    const f = new Array<number>(SYMBOLS.length).fill(0);
    for (const s of strip) f[s] += 1 / strip.length;
    return f;
  });
  const n = SYMBOLS.length;
  const tuple = new Uint8Array(REELS);
  let total = 0;
  const walk = (reel: number, p: number) => {
    if (reel === REELS) {
      total += p * lineWin(tuple);
      return;
    }
    for (let s = 0; s < n; s++) {
      if (freq[reel][s] === 0) continue;
      tuple[reel] = s;
      walk(reel + 1, p * freq[reel][s]);
    }
  };
  walk(0, 1);
  return total;
}

/** P(k coins on the screen), k = 0..15: the slot's scatter count, for the coin on these strips. */
export const coinDistribution = (): number[] => scatterDistribution(REEL_STRIPS, COIN);

function binomial(n: number, q: number): number[] {
  const out: number[] = [];
  let c = 1;
  for (let m = 0; m <= n; m++) {
    out.push(c * q ** m * (1 - q) ** (n - m));
    c = (c * (n - m)) / (m + 1);
  }
  return out;
}

/** P(final coins = j) from (n coins, r respins left), by the chain of step 3. */
export function finalCoinsFrom(n: number, r: number = RESPINS, memo = new Map<number, number[]>()): number[] {
  const key = n * 8 + r;
  const known = memo.get(key);
  if (known) return known;
  const out = new Array<number>(CELLS + 1).fill(0);
  if (r === 0 || n === CELLS) {
    out[n] = 1;
  } else {
    const q = CELL_COIN / CELL_DRAW;
    const step = binomial(CELLS - n, q);
    step.forEach((p, m) => {
      const next = m === 0 ? finalCoinsFrom(n, r - 1, memo) : finalCoinsFrom(n + m, RESPINS, memo);
      for (let j = 0; j <= CELLS; j++) out[j] += p * next[j];
    });
  }
  memo.set(key, out);
  return out;
}

export function coinsMath(): CoinsMath {
  const lineEv = lineExpectation();
  const dist = coinDistribution();
  const coinMean = COIN_VALUES.reduce((sum, v) => sum + v.multiplier * v.weight, 0) / COIN_WEIGHT_TOTAL;
  const memo = new Map<number, number[]>();
  const finalCoins: number[][] = [];
  let trigger = 0;
  let featureRtp = 0;
  let grand = 0;
  for (let k = 0; k <= CELLS; k++) {
    if (k < TRIGGER_COINS) {
      finalCoins.push([]);
      continue;
    }
    const final = finalCoinsFrom(k, RESPINS, memo);
    finalCoins.push(final);
    const meanCoins = final.reduce((sum, p, j) => sum + p * j, 0);
    trigger += dist[k];
    grand += dist[k] * final[CELLS];
    featureRtp += dist[k] * (meanCoins * coinMean + final[CELLS] * GRAND);
  }
  const baseRtp = (LINES * lineEv) / LINES; // LINES lines of one line bet each, for a stake of LINES line bets
  const topLine = Math.max(...Object.values(LINE_PAYS).map((pays) => pays[2]));
  const topCoin = Math.max(...COIN_VALUES.map((v) => v.multiplier));
  return {
    lineExpectation: lineEv,
    coinDistribution: dist,
    triggerProbability: trigger,
    coinMean,
    finalCoins,
    grandProbability: grand,
    baseRtp,
    featureRtp,
    rtp: baseRtp + featureRtp,
    maxPossibleStakes: topLine + CELLS * topCoin + GRAND,
  };
}
