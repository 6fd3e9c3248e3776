import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../../fairness/rng.ts';
import { riggedRng } from '../../test-helpers.ts';
import { lastLine } from './lines.ts';
import { GameInputError } from '../common.ts';
import {
  FREE_SPINS_AWARD,
  FREE_SPINS_MULTIPLIER,
  LINES,
  PAYLINES,
  REEL_STRIPS,
  SCATTER,
  SYMBOL_LETTERS,
  SYMBOLS,
  lineWin,
  play,
  playLineBets,
  slotMath,
  theoreticalRtp,
  validateSlotBet,
} from './index.ts';

const sym = (letters: string) => Array.from(letters, (l) => SYMBOL_LETTERS[l]);

/** The first stop of `reel` that shows `letter` in `row`. */
function stopShowing(reel: number, letter: string, row: number): number {
  const strip = REEL_STRIPS[reel];
  for (let s = 0; s < strip.length; s++) if (strip[(s + row) % strip.length] === SYMBOL_LETTERS[letter]) return s;
  throw new Error(`reel ${reel + 1} has no ${letter}`);
}

/** A stop of `reel` showing no scatter in its window. */
function stopWithoutScatter(reel: number): number {
  const strip = REEL_STRIPS[reel];
  for (let s = 0; s < strip.length; s++) {
    if ([0, 1, 2].every((row) => strip[(s + row) % strip.length] !== SCATTER)) return s;
  }
  throw new Error('no such stop');
}

describe('Golden Croupier: line evaluation', () => {
  it.each([
    ['WWWWW', 1000, 'wild', 5],
    ['CCCJQ', 25, 'crown', 3],
    ['CCCCC', 400, 'crown', 5],
    ['WCCCC', 400, 'crown', 5], // wild substitutes
    ['CWCWC', 400, 'crown', 5],
    ['WWCCJ', 100, 'crown', 4],
    ['WWWKQ', 50, 'wild', 3], // 3 wilds (50) beat 4 kings (15)
    ['WWWWJ', 250, 'wild', 4], // 4 wilds (250) beat 5 jacks (30)
    ['WWWJJ', 50, 'wild', 3], // 3 wilds (50) beat 5 jacks (30)
    ['WWWCC', 400, 'crown', 5], // 5 crowns (400) beat 3 wilds (50)
    ['JJQQQ', 0, 'wild', 0], // wins run from reel 1 only
    ['QJJJJ', 0, 'wild', 0],
    ['JJJAK', 3, 'jack', 3],
    ['SWWWW', 0, 'wild', 0], // the scatter is not substituted and breaks the line
    ['WSWWW', 0, 'wild', 0],
    ['WWWSA', 50, 'wild', 3],
    ['AASAA', 0, 'wild', 0],
  ] as const)('%s pays %i (%s x%i)', (letters, pay, symbol, count) => {
    expect(lineWin(sym(letters))).toBe(pay);
    if (pay > 0) expect({ symbol: SYMBOLS[lastLine.symbol], count: lastLine.count }).toEqual({ symbol, count });
    else expect(lastLine.count).toBe(0);
  });

  it('has 20 distinct paylines over rows 0-2', () => {
    expect(PAYLINES).toHaveLength(20);
    expect(new Set(PAYLINES.map((l) => l.join(''))).size).toBe(20);
    for (const line of PAYLINES) for (const row of line) expect([0, 1, 2]).toContain(row);
  });

  it('strips show at most one scatter per reel window', () => {
    for (const strip of REEL_STRIPS) {
      const at = [...strip.keys()].filter((i) => strip[i] === SCATTER);
      for (const a of at) for (const b of at) if (a !== b) expect(Math.min(Math.abs(a - b), strip.length - Math.abs(a - b))).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('Golden Croupier: spins', () => {
  it('draws the stops reel by reel and shows strip[stop + row]', () => {
    const stops = [3, 10, 20, 30, 33];
    const outcome = play({ amount: 200n }, riggedRng(stops));
    expect(outcome.base.stops).toEqual(stops);
    for (let reel = 0; reel < 5; reel++) {
      const strip = REEL_STRIPS[reel];
      expect(outcome.base.grid[reel]).toEqual([0, 1, 2].map((row) => SYMBOLS[strip[(stops[reel] + row) % strip.length]]));
    }
  });

  it('pays every line by the table, times the line bet', () => {
    const stops = [0, 1, 2, 3, 4, 5, 6].map((i) => [0, 1, 2, 3, 4].map((r) => (i * 7 + r * 5) % REEL_STRIPS[r].length));
    for (const s of stops) {
      const outcome = play({ amount: 400n }, riggedRng([...s, ...new Array(200).fill(0)]));
      let expected = 0n;
      for (let l = 0; l < LINES; l++) {
        const line = PAYLINES[l].map((row, reel) => SYMBOLS.indexOf(outcome.base.grid[reel][row]));
        const pay = lineWin(line);
        const found = outcome.base.lineWins.find((w) => w.line === l + 1);
        expect(found?.pay ?? 0).toBe(pay);
        if (found) expect(found.win).toBe(20n * BigInt(pay));
        expected += 20n * BigInt(pay);
      }
      expect(outcome.base.win).toBe(expected + outcome.base.scatterWin);
    }
  });

  it('five wilds on the middle line pay 1000 line bets on line 1', () => {
    const stops = [0, 1, 2, 3, 4].map((reel) => stopShowing(reel, 'W', 1));
    const outcome = play({ amount: 20n }, riggedRng(stops));
    expect(outcome.base.lineWins).toContainEqual({ line: 1, symbol: 'wild', count: 5, pay: 1000, win: 1000n });
  });

  it('counts scatters anywhere, pays them on the total bet and awards 10 free spins at x3', () => {
    // Scatter in the top row of reel 1, middle of reel 3, bottom of reel 5: three scatters on no common line.
    const stops = [stopShowing(0, 'S', 0), stopWithoutScatter(1), stopShowing(2, 'S', 1), stopWithoutScatter(3), stopShowing(4, 'S', 2)];
    // Then every free spin reads zero words: stops 0,0,0,0,0 (two scatters: no retrigger).
    const outcome = play({ amount: 100n }, riggedRng(stops));
    expect(outcome.base.scatters).toBe(3);
    expect(outcome.base.scatterWin).toBe(200n);
    expect(outcome.base.freeSpinsAwarded).toBe(FREE_SPINS_AWARD);
    expect(outcome.freeSpins).toHaveLength(10);
    const plain = play({ amount: 100n }, riggedRng([0, 0, 0, 0, 0]));
    expect(plain.base.scatters).toBe(2);
    for (const spin of outcome.freeSpins) {
      expect(spin.stops).toEqual([0, 0, 0, 0, 0]);
      expect(spin.multiplier).toBe(FREE_SPINS_MULTIPLIER);
      expect(spin.win).toBe(plain.base.win * 3n);
    }
    expect(outcome.freeSpinsWin).toBe(plain.base.win * 30n);
    expect(outcome.win).toBe(outcome.base.win + outcome.freeSpinsWin);
  });

  it('four and five scatters pay 10 and 50 total bets', () => {
    const four = [stopShowing(0, 'S', 0), stopShowing(1, 'S', 1), stopShowing(2, 'S', 2), stopShowing(3, 'S', 0), stopWithoutScatter(4)];
    expect(play({ amount: 20n }, riggedRng(four)).base.scatterWin).toBe(200n);
    const five = [0, 1, 2, 3, 4].map((r) => stopShowing(r, 'S', 1));
    expect(play({ amount: 20n }, riggedRng(five)).base.scatterWin).toBe(1000n);
  });

  it('retriggers: 3 scatters in a free spin add 10 more', () => {
    const trigger = [stopShowing(0, 'S', 0), stopWithoutScatter(1), stopShowing(2, 'S', 1), stopWithoutScatter(3), stopShowing(4, 'S', 2)];
    const outcome = play({ amount: 20n }, riggedRng([...trigger, ...trigger]));
    expect(outcome.freeSpins).toHaveLength(20);
    expect(outcome.freeSpins[0].freeSpinsAwarded).toBe(10);
    expect(outcome.freeSpins[0].scatterWin).toBe(20n * 2n * 3n);
  });

  it('play() pays exactly the line bet times playLineBets() for the same seeds', () => {
    let withFeature = 0;
    for (let nonce = 0; nonce < 3000; nonce++) {
      const seeds = { serverSeed: 'slot-consistency', clientSeed: 'c', nonce };
      const outcome = play({ amount: 60n }, createRoundRng(seeds));
      expect(outcome.win).toBe(3n * BigInt(playLineBets(createRoundRng(seeds))));
      if (outcome.freeSpins.length > 0) withFeature += 1;
    }
    expect(withFeature).toBeGreaterThan(0);
  });

  it('takes a total bet in minor units that is a multiple of 20', () => {
    expect(validateSlotBet({ amount: 20n })).toEqual({ amount: 20n });
    for (const bad of [{ amount: 0n }, { amount: -20n }, { amount: 30n }, { amount: 20 }, {}, null]) {
      expect(() => validateSlotBet(bad)).toThrow(GameInputError);
    }
    expect(play({ amount: 1000n }, riggedRng([0, 0, 0, 0, 0])).lineBet).toBe(50n);
  });
});

describe('Golden Croupier: theoretical RTP', () => {
  const math = slotMath();

  it('scatter distribution: one scatter per strip, seen with probability 3/length', () => {
    expect(math.scatterDistribution.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    const q = REEL_STRIPS.map((s) => 3 / s.length);
    // P(k >= 3) by brute force over the 32 subsets of reels showing a scatter.
    let trigger = 0;
    for (let mask = 0; mask < 32; mask++) {
      let p = 1;
      let k = 0;
      for (let r = 0; r < 5; r++) {
        if (mask & (1 << r)) {
          p *= q[r];
          k += 1;
        } else p *= 1 - q[r];
      }
      if (k >= 3) trigger += p;
    }
    expect(math.triggerProbability).toBeCloseTo(trigger, 15);
  });

  it('free spins: F = 10 / (1 - 10p)', () => {
    expect(math.expectedFreeSpins).toBeCloseTo(10 / (1 - 10 * math.triggerProbability), 12);
    expect(math.rtp).toBeCloseTo(math.baseRtp + math.freeSpinsRtp, 15);
    expect(math.freeSpinsRtp).toBeCloseTo((math.triggerProbability * math.expectedFreeSpins * 3 * math.spinExpectation) / 20, 15);
  });

  it('is 95.9988% (recorded: a paytable or strip change fails here)', () => {
    expect(theoreticalRtp()).toBeCloseTo(0.9599881582647266, 12);
    expect(math.baseRtp).toBeCloseTo(0.8167390975998103, 12);
  });
});
