import { describe, expect, it } from 'vitest';
import { chiSquareUniform, gammaQ, newRunning, normalQuantile, push, stdDev, zFor } from './stats.ts';

describe('stats helpers', () => {
  it('normal quantiles', () => {
    expect(zFor(0.999)).toBeCloseTo(3.290527, 5);
    expect(zFor(0.95)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 12);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
  });

  it('chi-square tail probabilities (table values)', () => {
    expect(gammaQ(0.5, 3.841459 / 2)).toBeCloseTo(0.05, 6);
    expect(gammaQ(5, 18.307038 / 2)).toBeCloseTo(0.05, 6);
    expect(gammaQ(18, 58.619236 / 2)).toBeCloseTo(0.01, 6);
    expect(gammaQ(4999.5, 10_331.5 / 2)).toBeCloseTo(0.01, 2);
    expect(chiSquareUniform([10, 10, 10, 10])).toEqual({ statistic: 0, df: 3, pValue: 1 });
  });

  it('running mean and sample standard deviation', () => {
    const r = newRunning();
    for (const x of [2, 4, 4, 4, 5, 5, 7, 9]) push(r, x);
    expect(r.mean).toBe(5);
    expect(stdDev(r)).toBeCloseTo(Math.sqrt(32 / 7), 12);
  });
});
