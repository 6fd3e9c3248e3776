import { describe, expect, it } from 'vitest';
import { riggedRng } from '../../test-helpers.ts';
import { GameInputError } from '../common.ts';
import { chanceOf, MAX_TARGET, MIN_TARGET, play, resultOf, rtpFor, settle, theoreticalRtp, validateLimboBet, winningWords } from './index.ts';

describe('Croupier Limbo', () => {
  it('draws one word: result = floor(99 x 2^32 / (u + 1)) hundredths', () => {
    expect(resultOf(0)).toBe(99 * 2 ** 32);
    expect(resultOf(2 ** 32 - 1)).toBe(99);
    expect(resultOf(2 ** 31 - 1)).toBe(198); // half of the words reach 1.98x
    expect(play({ amount: 100n, target: 200 }, riggedRng([2 ** 31 - 1])).result).toBe(198);
  });

  it('wins exactly on the k(T) lowest words, where k(T) = floor(99 x 2^32 / T)', () => {
    for (const target of [MIN_TARGET, 150, 200, 1000, 12345, 1_000_000, MAX_TARGET]) {
      const k = Number(winningWords(target));
      expect(settle({ amount: 100n, target }, k - 1).won, `${target}`).toBe(true);
      expect(settle({ amount: 100n, target }, k).won, `${target}`).toBe(false);
      expect(resultOf(k - 1)).toBeGreaterThanOrEqual(target);
      expect(resultOf(k)).toBeLessThan(target);
    }
  });

  it('pays stake x target rounded down, and nothing on a loss', () => {
    expect(settle({ amount: 100n, target: 200 }, 0)).toMatchObject({ won: true, win: 200n });
    expect(settle({ amount: 7n, target: 150 }, 0).win).toBe(10n); // 10.5 rounded down
    expect(settle({ amount: 100n, target: 200 }, 2 ** 32 - 1)).toMatchObject({ won: false, win: 0n, result: 99 });
  });

  it('returns 99% on every target, short of it only by the floors', () => {
    expect(theoreticalRtp()).toBe(0.99);
    for (const target of [MIN_TARGET, 200, 777, 10_000, MAX_TARGET]) {
      const rtp = rtpFor({ amount: 10_000n, target });
      expect(rtp).toBeLessThanOrEqual(0.99);
      expect(0.99 - rtp).toBeLessThan(target / 100 / 2 ** 32 + 1e-12);
    }
    expect(chanceOf(200)).toBeCloseTo(0.495, 9);
  });

  it('refuses a target below 1.01x or above 1,000,000x, or not in hundredths', () => {
    for (const target of [100, MAX_TARGET + 1, 150.5, '200']) {
      expect(() => validateLimboBet({ amount: 100n, target }), String(target)).toThrow(GameInputError);
    }
    expect(() => validateLimboBet({ amount: -1n, target: 200 })).toThrow(/amount/);
  });
});
