import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../../fairness/rng.ts';
import { riggedRng } from '../../test-helpers.ts';
import { GameInputError } from '../common.ts';
import { ALL_DRAWS, DRAWN, hitProbability, hitWays, MAX_PICKS, NUMBERS, PAYTABLES, play, rtpFor, settle, tableRtp, theoreticalRtp, validateKenoBet } from './index.ts';

describe('Croupier Keno', () => {
  it('draws the first 10 places of the Fisher-Yates shuffle of 1..40', () => {
    // int(40 - i) answers 0 each time: the draw is 1..10 in order.
    expect(play({ amount: 100n, picks: [3] }, riggedRng(Array(10).fill(0))).drawn).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // j = i + int(40 - i): place 0 swaps with place 39 (40 comes first, 1 goes last), then place
    // 1 with place 1 + 38 = 39, where 1 now is.
    const drawn = play({ amount: 100n, picks: [40] }, riggedRng([39, 38, 0, 0, 0, 0, 0, 0, 0, 0])).drawn;
    expect(drawn.slice(0, 3)).toEqual([40, 1, 3]);
    const real = play({ amount: 100n, picks: [1, 2, 3] }, createRoundRng({ serverSeed: 's', clientSeed: 'c', nonce: 1 })).drawn;
    expect(new Set(real).size).toBe(DRAWN);
    expect(real.every((n) => n >= 1 && n <= NUMBERS)).toBe(true);
  });

  it('counts the picks drawn and pays the table of the pick count', () => {
    const drawn = [5, 12, 18, 22, 27, 31, 33, 36, 39, 40];
    expect(settle({ amount: 100n, picks: [40, 12, 7] }, drawn)).toMatchObject({ picks: [7, 12, 40], hits: [12, 40], multiplier: 290, win: 290n });
    expect(settle({ amount: 100n, picks: [1, 2] }, drawn)).toMatchObject({ hits: [], multiplier: 0, win: 0n });
    expect(settle({ amount: 100n, picks: drawn }, drawn)).toMatchObject({ multiplier: 1_102_000, win: 1_102_000n });
    expect(settle({ amount: 7n, picks: [5] }, drawn).win).toBe(27n); // 7 x 3.96 = 27.72
  });

  it('has a table of picks + 1 entries for 1 to 10 picks, each returning 99.00%', () => {
    expect(ALL_DRAWS).toBe(847_660_528n);
    for (let picks = 1; picks <= MAX_PICKS; picks++) {
      expect(PAYTABLES[picks]).toHaveLength(picks + 1);
      let ways = 0n;
      for (let h = 0; h <= picks; h++) ways += hitWays(picks, h);
      expect(ways).toBe(ALL_DRAWS);
      expect(tableRtp(picks), `${picks}`).toBeGreaterThanOrEqual(0.98995);
      expect(tableRtp(picks), `${picks}`).toBeLessThan(0.9903);
      // More hits never pay less.
      expect([...PAYTABLES[picks]]).toEqual([...PAYTABLES[picks]].sort((a, b) => a - b));
    }
    expect((theoreticalRtp() * 100).toFixed(2)).toBe('99.00');
    expect(hitProbability(1, 1)).toBe(0.25);
    expect(rtpFor({ amount: 10_000n, picks: [1, 2, 3, 4, 5] })).toBeCloseTo(tableRtp(5), 12);
  });

  it('refuses no picks, more than 10, numbers off the board and a number twice', () => {
    for (const picks of [[], Array.from({ length: 11 }, (_, i) => i + 1), [0], [41], [2.5], [3, 3], 'x']) {
      expect(() => validateKenoBet({ amount: 100n, picks }), JSON.stringify(picks)).toThrow(GameInputError);
    }
  });

  it('hits follow the hypergeometric law (real stream, 4 picks)', () => {
    const counts = Array(5).fill(0);
    const n = 20000;
    for (let nonce = 0; nonce < n; nonce++) counts[play({ amount: 100n, picks: [4, 13, 22, 37] }, createRoundRng({ serverSeed: 'k', clientSeed: 'c', nonce })).hits.length] += 1;
    let chi = 0;
    for (let h = 0; h <= 4; h++) chi += (counts[h] - n * hitProbability(4, h)) ** 2 / (n * hitProbability(4, h));
    expect(chi).toBeLessThan(18.47); // chi-square, 4 degrees of freedom, p = 0.001
  });
});
