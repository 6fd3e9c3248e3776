/**
 * Golden Croupier's theoretical RTP, by exact combinatorics over the reel strips (no simulation).
 *
 * 1. Lines. A payline shows one row per reel. The stops are independent and uniform, so whatever
 *    the row, the symbol a line sees on reel i is distributed as the symbol counts of strip i.
 *    Every line therefore has the same expected pay, E[line] = sum over the 10^5 symbol
 *    5-tuples of (product of the tuple's reel frequencies) x lineWin(tuple). By linearity the
 *    expected line pay of a spin is LINES x E[line], whatever the correlation between lines.
 * 2. Scatters. For each reel, the number of scatters in its 3-symbol window is counted at each
 *    of its stops; the five per-reel distributions are convolved into P(k scatters), k = 0..15.
 *    E[scatter pay] = sum P(k) x pay(k) (in total bets), p = P(k >= 3) triggers free spins.
 * 3. A spin's expected pay is E_spin = LINES x E[line] + LINES x E[scatter pay] (line bets).
 * 4. Free spins: a trigger awards A spins; each free spin retriggers A more with probability p,
 *    so the expected count of free spins per trigger solves F = A + (A p) F: F = A / (1 - A p)
 *    (a branching process, finite because A p < 1). Each free spin pays M x E_spin on average,
 *    and whether a spin is played does not depend on its own outcome (Wald's identity), so a
 *    trigger is worth F x M x E_spin.
 * 5. RTP = (E_spin + p x F x M x E_spin) / LINES.
 */
import { lineWin } from './lines.ts';
import { FREE_SPINS_AWARD, FREE_SPINS_MULTIPLIER, LINES, REEL_STRIPS, REELS, ROWS, SCATTER, SCATTER_PAYS, SYMBOLS } from './paytable.ts';

export type SlotMath = {
  /** Expected pay of one line in line bets. */
  lineExpectation: number;
  /** P(k scatters in the window), k = 0..15. */
  scatterDistribution: number[];
  /** Expected scatter pay of one spin, in total bets. */
  scatterExpectation: number;
  /** P(3+ scatters): the free-spins trigger probability of any spin. */
  triggerProbability: number;
  /** Expected pay of one spin in line bets (lines + scatters, multiplier 1). */
  spinExpectation: number;
  /** Expected number of free spins played per trigger, retriggers included. */
  expectedFreeSpins: number;
  /** RTP of the base game alone (lines + scatters). */
  baseRtp: number;
  /** RTP contributed by free spins. */
  freeSpinsRtp: number;
  /** Total theoretical RTP. */
  rtp: number;
};

function symbolFrequencies(strips: readonly Uint8Array[]): number[][] {
  return strips.map((strip) => {
    const freq = new Array<number>(SYMBOLS.length).fill(0);
    for (const s of strip) freq[s] += 1 / strip.length;
    return freq;
  });
}

/** P(k of `symbol` in the 3-row window), k = 0..15, for these strips (Rivet Royale counts its coins with it). */
export function scatterDistribution(strips: readonly Uint8Array[] = REEL_STRIPS, symbol: number = SCATTER): number[] {
  let dist = [1];
  for (const strip of strips) {
    const perReel = new Array<number>(ROWS + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let row = 0; row < ROWS; row++) if (strip[(stop + row) % strip.length] === symbol) k++;
      perReel[k] += 1 / strip.length;
    }
    const next = new Array<number>(dist.length + ROWS).fill(0);
    for (let a = 0; a < dist.length; a++) for (let b = 0; b <= ROWS; b++) next[a + b] += dist[a] * perReel[b];
    dist = next;
  }
  return dist;
}

export function lineExpectation(strips: readonly Uint8Array[] = REEL_STRIPS): number {
  const freq = symbolFrequencies(strips);
  const n = SYMBOLS.length;
  const tuple = new Uint8Array(REELS);
  let total = 0;
  for (let a = 0; a < n; a++) {
    const pa = freq[0][a];
    if (pa === 0) continue;
    tuple[0] = a;
    for (let b = 0; b < n; b++) {
      const pb = pa * freq[1][b];
      if (pb === 0) continue;
      tuple[1] = b;
      for (let c = 0; c < n; c++) {
        const pc = pb * freq[2][c];
        if (pc === 0) continue;
        tuple[2] = c;
        for (let d = 0; d < n; d++) {
          const pd = pc * freq[3][d];
          if (pd === 0) continue;
          tuple[3] = d;
          for (let e = 0; e < n; e++) {
            const pe = pd * freq[4][e];
            if (pe === 0) continue;
            tuple[4] = e;
            total += pe * lineWin(tuple);
          }
        }
      }
    }
  }
  return total;
}

export function slotMath(strips: readonly Uint8Array[] = REEL_STRIPS): SlotMath {
  const lineEv = lineExpectation(strips);
  const dist = scatterDistribution(strips);
  let scatterEv = 0;
  let trigger = 0;
  for (let k = 3; k < dist.length; k++) {
    scatterEv += dist[k] * SCATTER_PAYS[Math.min(k, 5) - 3];
    trigger += dist[k];
  }
  const spin = LINES * lineEv + LINES * scatterEv;
  if (FREE_SPINS_AWARD * trigger >= 1) throw new Error('free spins would retrigger forever on average');
  const freeSpins = FREE_SPINS_AWARD / (1 - FREE_SPINS_AWARD * trigger);
  const baseRtp = spin / LINES;
  const freeSpinsRtp = (trigger * freeSpins * FREE_SPINS_MULTIPLIER * spin) / LINES;
  return {
    lineExpectation: lineEv,
    scatterDistribution: dist,
    scatterExpectation: scatterEv,
    triggerProbability: trigger,
    spinExpectation: spin,
    expectedFreeSpins: freeSpins,
    baseRtp,
    freeSpinsRtp,
    rtp: baseRtp + freeSpinsRtp,
  };
}
