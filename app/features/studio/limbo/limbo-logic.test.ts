import { describe, expect, it } from 'vitest';
import { clampTarget, climbing, markLabel, METER_MARKS, meterPosition, parseTarget, payout, showChance, showMultiplier } from './limbo-logic.ts';

describe('limbo logic', () => {
  it('shows multipliers with two decimals, grouped', () => {
    expect(showMultiplier(101)).toBe('1.01');
    expect(showMultiplier(200)).toBe('2.00');
    expect(showMultiplier(123456)).toBe('1,234.56');
    expect(showMultiplier(100_000_000)).toBe('1,000,000.00');
  });

  it('reads typed targets in either decimal style, and keeps them in 1.01x-1,000,000x', () => {
    expect(parseTarget('2')).toBe(200);
    expect(parseTarget('2.5')).toBe(250);
    expect(parseTarget('2,50')).toBe(250);
    expect(parseTarget('1 000 000')).toBe(100_000_000);
    expect(parseTarget('1,000,000')).toBe(100_000_000);
    expect(parseTarget('10×')).toBe(1000);
    expect(parseTarget('3.999')).toBe(399);
    expect(parseTarget('abc')).toBeNull();
    expect(clampTarget(100)).toBe(101);
    expect(clampTarget(200_000_000)).toBe(100_000_000);
  });

  it('gives the engine’s chance and the payout of a win', () => {
    expect(showChance(200)).toBe('49.5');
    expect(showChance(101)).toBe('98.0198');
    expect(showChance(100_000_000)).toBe('0.000099');
    expect(payout('1.00', 250)).toBe('2.50');
    expect(payout('0.15', 150)).toBe('0.22');
  });

  it('climbs from 1.00x to the result, and places it on a log meter', () => {
    expect(climbing(5000, 0)).toBe(100);
    expect(climbing(5000, 1)).toBe(5000);
    expect(climbing(99, 0.5)).toBe(99);
    expect(climbing(5000, 0.5)).toBeGreaterThan(100);
    expect(meterPosition(100)).toBe(0);
    expect(meterPosition(100_000_000)).toBe(1);
    expect(meterPosition(10_000)).toBeCloseTo(1 / 3, 9);
    expect(METER_MARKS.map(markLabel)).toEqual(['1', '10', '100', '1k', '10k', '100k', '1M']);
  });
});
