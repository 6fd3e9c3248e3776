import { describe, expect, it } from 'vitest';
import { riggedRng } from '../../test-helpers.ts';
import { GameInputError } from '../common.ts';
import { payoutFor, play, rtpFor, settle, theoreticalRtp, validateDiceBet, winningRolls, type DiceBet } from './index.ts';

describe('Croupier Dice', () => {
  it('rolls rng.int(10000): 0.00 to 99.99', () => {
    const bet: DiceBet = { amount: 100n, target: 5000, direction: 'under' };
    expect(play(bet, riggedRng([9999])).roll).toBe(9999);
    expect(play(bet, riggedRng([10000 * 7 + 42])).roll).toBe(42);
  });

  it('under t wins below t, over t wins above t (the target itself loses)', () => {
    const under: DiceBet = { amount: 100n, target: 5000, direction: 'under' };
    expect(settle(under, 4999).won).toBe(true);
    expect(settle(under, 5000).won).toBe(false);
    const over: DiceBet = { amount: 100n, target: 4999, direction: 'over' };
    expect(settle(over, 5000).won).toBe(true);
    expect(settle(over, 4999).won).toBe(false);
    expect(winningRolls(5000, 'under')).toBe(5000);
    expect(winningRolls(4999, 'over')).toBe(5000);
  });

  it('pays (1 - 1%) / chance, rounded down to the minor unit', () => {
    expect(settle({ amount: 100n, target: 5000, direction: 'under' }, 0)).toMatchObject({ multiplier: 1.98, win: 198n });
    expect(settle({ amount: 100n, target: 100, direction: 'under' }, 0)).toMatchObject({ multiplier: 99, win: 9900n });
    expect(settle({ amount: 100n, target: 9800, direction: 'under' }, 0)).toMatchObject({ win: 101n }); // 101.0204...
    expect(settle({ amount: 7n, target: 3300, direction: 'under' }, 0).win).toBe(21n); // 7 x 3 = 21
    expect(settle({ amount: 7n, target: 3333, direction: 'under' }, 0).win).toBe(20n); // 20.79 rounded down
    expect(settle({ amount: 100n, target: 5000, direction: 'under' }, 7000).win).toBe(0n);
  });

  it('every target returns exactly 99% before rounding: sum of wins over all 10,000 rolls', () => {
    for (const k of [100, 101, 333, 5000, 7777, 9800]) {
      for (const direction of ['under', 'over'] as const) {
        const target = direction === 'under' ? k : 9999 - k;
        const amount = BigInt(k) * 100n; // makes 9900 x amount / k whole
        let paid = 0n;
        for (let roll = 0; roll < 10000; roll++) paid += settle({ amount, target, direction }, roll).win;
        expect(paid).toBe((amount * 10000n * 99n) / 100n);
        expect(rtpFor({ amount, target, direction })).toBeCloseTo(0.99, 14);
      }
    }
    expect(theoreticalRtp()).toBe(0.99);
    expect(rtpFor({ amount: 7n, target: 3333, direction: 'under' })).toBeCloseTo((0.3333 * 20) / 7, 14);
    expect(payoutFor(10_000n, 3)).toBe(33_000_000n);
  });

  it('chance must be 1%-98%, target whole hundredths, amount positive bigint', () => {
    expect(validateDiceBet({ amount: 1n, target: 100, direction: 'under' })).toBeTruthy();
    expect(validateDiceBet({ amount: 1n, target: 9899, direction: 'over' })).toBeTruthy(); // 100 winning rolls
    expect(validateDiceBet({ amount: 1n, target: 199, direction: 'over' })).toBeTruthy(); // 9800 winning rolls
    for (const bad of [
      { amount: 1n, target: 99, direction: 'under' },
      { amount: 1n, target: 9801, direction: 'under' },
      { amount: 1n, target: 9900, direction: 'over' },
      { amount: 1n, target: 198, direction: 'over' },
      { amount: 1n, target: 50.5, direction: 'under' },
      { amount: 1n, target: 5000, direction: 'sideways' },
      { amount: 0n, target: 5000, direction: 'under' },
      { amount: 100, target: 5000, direction: 'under' },
    ]) {
      expect(() => validateDiceBet(bad)).toThrow(GameInputError);
    }
    expect(() => settle({ amount: 1n, target: 5000, direction: 'under' }, 10000)).toThrow(RangeError);
  });
});
