import { describe, expect, it } from 'vitest';
import { settle, validateDiceBet } from '../../../../games/engines/dice/index.ts';
import { chanceOf, clampTarget, COIN, coinSide, crashPoint, flipped, multiplierOf, overTargetForMultiplier, parseTarget, payoutFor, showChance, showMultiplier, showRoll, targetForChance, targetRange } from './dice-logic.ts';

describe('dice figures', () => {
  it('offers exactly the targets the engine accepts', () => {
    for (const direction of ['under', 'over'] as const) {
      const { min, max } = targetRange(direction);
      expect(() => validateDiceBet({ amount: 100n, target: min, direction })).not.toThrow();
      expect(() => validateDiceBet({ amount: 100n, target: max, direction })).not.toThrow();
      expect(() => validateDiceBet({ amount: 100n, target: min - 1, direction })).toThrow();
      expect(() => validateDiceBet({ amount: 100n, target: max + 1, direction })).toThrow();
    }
    expect(targetRange('under')).toEqual({ min: 100, max: 9800 });
    expect(targetRange('over')).toEqual({ min: 199, max: 9899 });
    expect(clampTarget(50, 'under')).toBe(100);
    expect(clampTarget(9999, 'over')).toBe(9899);
  });

  it('shows the engine’s chance, multiplier and payout', () => {
    for (const [target, direction] of [[5000, 'under'], [4999, 'over'], [100, 'under'], [9899, 'over'], [3333, 'under'], [7012, 'over']] as const) {
      const outcome = settle({ amount: 1234n, target, direction }, direction === 'under' ? 0 : 9999);
      expect(outcome.won).toBe(true);
      expect(multiplierOf(target, direction)).toBe(outcome.multiplier);
      expect(chanceOf(target, direction)).toBeCloseTo(outcome.winningRolls / 100, 10);
      expect(payoutFor('12.34', target, direction)).toBe((Number(outcome.win) / 100).toFixed(2));
    }
    expect(showChance(chanceOf(5000, 'under'))).toBe('50.00');
    expect(showMultiplier(multiplierOf(5000, 'under'))).toBe('1.98');
    expect(showMultiplier(multiplierOf(100, 'under'))).toBe('99.00');
    expect(showMultiplier(multiplierOf(4900, 'under'))).toBe('2.0204');
    expect(showMultiplier(9900 / 9800)).toBe('1.0102');
  });

  it('keeps the chance when the direction flips, and finds targets from a chance', () => {
    expect(chanceOf(flipped(2500), 'over')).toBe(chanceOf(2500, 'under'));
    expect(targetForChance(25, 'under')).toBe(2500);
    expect(targetForChance(25, 'over')).toBe(7499);
    expect(targetForChance(0.2, 'under')).toBe(100);
  });

  it('reads and writes targets in hundredths', () => {
    expect(showRoll(5025)).toBe('50.25');
    expect(showRoll(7)).toBe('0.07');
    expect(parseTarget('50.25')).toBe(5025);
    expect(parseTarget('12,5')).toBe(1250);
    expect(parseTarget('abc')).toBeNull();
  });

  it('Fuse Rocket: the rocket reaches the cash-out point exactly when the over bet wins', () => {
    for (const m of [1.0102, 1.5, 2, 3.33, 10, 99]) {
      const target = overTargetForMultiplier(m);
      const cashOut = multiplierOf(target, 'over');
      for (let roll = 0; roll < 10000; roll += 7) {
        const { won } = settle({ amount: 100n, target, direction: 'over' }, roll);
        expect(crashPoint(roll) >= cashOut - 1e-12, `m ${m} roll ${roll}`).toBe(won);
      }
    }
    expect(showMultiplier(multiplierOf(overTargetForMultiplier(2), 'over'))).toBe('2.00');
  });

  it('Coin Flip Rush: heads is under 50.00, tails over 49.99, 50/50 at 1.98x', () => {
    expect(chanceOf(COIN.heads.target, COIN.heads.direction)).toBe(50);
    expect(chanceOf(COIN.tails.target, COIN.tails.direction)).toBe(50);
    for (const roll of [0, 4999, 5000, 9999]) {
      expect(settle({ amount: 100n, ...COIN.heads }, roll).won).toBe(coinSide(roll) === 'heads');
      expect(settle({ amount: 100n, ...COIN.tails }, roll).won).toBe(coinSide(roll) === 'tails');
    }
  });
});
