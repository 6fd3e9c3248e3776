import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../../fairness/rng.ts';
import { riggedRng } from '../../test-helpers.ts';
import { GameInputError } from '../common.ts';
import {
  BASE_CUMULATIVE,
  BASE_TOTAL,
  MAX_WIN_STAKES,
  MAX_WIN_UNITS,
  REELS,
  ROWS,
  SYMBOLS,
  UNITS_PER_STAKE,
  play,
  playUnits,
  validateCascadeBet,
  type CascadeOutcome,
  type CascadeSymbol,
} from './index.ts';

/** The base game's word that draws symbol index s (the bottom of its band). */
const word = (s: number) => (s === 0 ? 0 : BASE_CUMULATIVE[s - 1]);
const seeds = { serverSeed: 'pearl-cascade-test-server-seed', clientSeed: 'pearl-cascade-test' };
const stake = 100n;

function outcomes(count: number): CascadeOutcome[] {
  return Array.from({ length: count }, (_, nonce) => play({ amount: stake }, createRoundRng({ ...seeds, nonce })));
}

describe('Pearl Cascade: bets', () => {
  it('takes stakes in multiples of 20 minor units only', () => {
    expect(validateCascadeBet({ amount: 20n })).toEqual({ amount: 20n });
    for (const amount of [0n, 30n, -20n, 20]) expect(() => validateCascadeBet({ amount })).toThrow(GameInputError);
  });
});

describe('Pearl Cascade: draws and tumbles', () => {
  it('fills reel 1 to 6, top to bottom, then drops new cells into the emptied tops, reel by reel', () => {
    // Cells 0-7 (reel 1 rows 1-5, reel 2 rows 1-3) are amethysts; the other 22 cycle through
    // pearl..sapphire (at most 3 of each), then the 8 new cells do the same: one win, one tumble.
    const first = Array.from({ length: 30 }, (_, cell) => (cell < 8 ? 9 : 1 + ((cell - 8) % 8)));
    const refill = Array.from({ length: 8 }, (_, i) => 1 + (i % 8));
    const rng = riggedRng([...first, ...refill].map(word));
    const outcome = play({ amount: stake }, rng);
    expect(rng.position).toBe(38);
    const [step0, step1] = outcome.base.steps;
    expect(outcome.base.steps).toHaveLength(2);
    expect(step0.grid[0]).toEqual(Array(5).fill('amethyst'));
    expect(step0.grid[1].slice(0, 3)).toEqual(Array(3).fill('amethyst'));
    expect(step0.wins).toEqual([{ symbol: 'amethyst', count: 8, pay: 0.4, win: 40n }]);
    expect(step0.removed).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Reel 1 is all new (draws 1-5); reel 2's rows 4-5 stayed, rows 1-3 are draws 6-8.
    expect(step1.grid[0]).toEqual(refill.slice(0, 5).map((s) => SYMBOLS[s]));
    expect(step1.grid[1]).toEqual([...refill.slice(5).map((s) => SYMBOLS[s]), step0.grid[1][3], step0.grid[1][4]]);
    expect(step1.grid.slice(2)).toEqual(step0.grid.slice(2));
    expect(step1.wins).toEqual([]);
    expect(outcome.win).toBe(40n);
    expect(outcome.freeSpins).toEqual([]);
  });

  it('the first grid is the first 30 draws of the round, by hand', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const rng = createRoundRng({ ...seeds, nonce });
      const byHand: CascadeSymbol[][] = [];
      for (let reel = 0; reel < REELS; reel++) {
        byHand.push([]);
        for (let row = 0; row < ROWS; row++) {
          const x = rng.int(BASE_TOTAL);
          byHand[reel].push(SYMBOLS[BASE_CUMULATIVE.findIndex((top) => x < top)]);
        }
      }
      expect(play({ amount: stake }, createRoundRng({ ...seeds, nonce })).base.steps[0].grid).toEqual(byHand);
    }
  });

  it('play() and the simulator fast path pay the same on the same stream, and every spin adds up', () => {
    let freeSpinMultipliers = 0;
    const all = outcomes(4000);
    all.forEach((outcome, nonce) => {
      expect(BigInt(playUnits(createRoundRng({ ...seeds, nonce }))) * (stake / BigInt(UNITS_PER_STAKE))).toBe(outcome.win);
      for (const [i, spin] of [outcome.base, ...outcome.freeSpins].entries()) {
        const free = i > 0;
        const stepWins = spin.steps.flatMap((step) => step.wins).reduce((sum, w) => sum + w.win, 0n);
        expect(stepWins).toBe(spin.tumbleWin);
        expect(spin.steps.at(-1)!.wins).toEqual([]);
        expect(spin.win).toBe(spin.tumbleWin * BigInt(spin.multiplier) + spin.scatterWin);
        if (!free) expect(spin.steps.every((step) => step.bubbles.length === 0)).toBe(true);
        if (free && spin.multiplier > 1) freeSpinMultipliers += 1;
        // Survivors fall: each reel's cells that stay, in order, are the bottom of the next grid.
        for (let s = 0; s + 1 < spin.steps.length; s++) {
          const [now, next] = [spin.steps[s], spin.steps[s + 1]];
          const winners = new Set(now.wins.map((w) => w.symbol));
          for (let reel = 0; reel < REELS; reel++) {
            const stay = now.grid[reel].filter((symbol, row) => !now.removed.includes(reel * ROWS + row) && !winners.has(symbol));
            expect(next.grid[reel].slice(ROWS - stay.length)).toEqual(stay);
            expect(now.grid[reel].filter((symbol) => winners.has(symbol)).length).toBe(ROWS - stay.length);
          }
        }
      }
      expect(outcome.win).toBe(outcome.base.win + outcome.freeSpinsWin);
    });
    expect(all.some((o) => o.freeSpins.length >= 10)).toBe(true);
    expect(freeSpinMultipliers).toBeGreaterThan(0);
  });
});

describe('Pearl Cascade: the 5,000x cap', () => {
  it('stops the free spins once the round reaches 5,000 stakes and pays exactly that', () => {
    // Zero words: every cell is a lanternfish. 30 scatters pay 100x and award free spins, whose
    // 30 scatters pay 100x and retrigger, until the cap.
    const outcome = play({ amount: stake }, riggedRng([]));
    expect(outcome.base.scatters).toBe(30);
    expect(outcome.capped).toBe(true);
    expect(outcome.win).toBe(stake * BigInt(MAX_WIN_STAKES));
    expect(outcome.freeSpins).toHaveLength(49);
    expect(playUnits(riggedRng([]))).toBe(MAX_WIN_UNITS);
  });

  it('ends a tumble sequence that alone reaches the cap', () => {
    // Every draw a pearl: 30 pearls pay 50x and tumble into 30 more; the 100th grid reaches 5,000x.
    const rng = riggedRng(Array(30 * 100).fill(word(1)));
    const outcome = play({ amount: stake }, rng);
    expect(outcome.base.steps).toHaveLength(100);
    expect(rng.position).toBe(3000);
    expect(outcome.base.steps.at(-1)!.wins).toHaveLength(1);
    expect(outcome.win).toBe(stake * BigInt(MAX_WIN_STAKES));
    expect(outcome.capped).toBe(true);
    expect(playUnits(riggedRng(Array(30 * 100).fill(word(1))))).toBe(MAX_WIN_UNITS);
  });
});
