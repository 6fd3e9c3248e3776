import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../../fairness/rng.ts';
import { riggedRng } from '../../test-helpers.ts';
import { GameInputError } from '../common.ts';
import { binomial, MAX_ROWS, MIN_ROWS, multipliersFor, PAYTABLES, play, RISKS, rtpFor, settle, tableRtp, theoreticalRtp, validatePlinkoBet } from './index.ts';

describe('Croupier Plinko', () => {
  it('takes one left/right decision per row from the stream, the slot is the number of rights', () => {
    const outcome = play({ amount: 100n, rows: 8, risk: 'low' }, riggedRng([1, 0, 1, 1, 0, 0, 1, 3]));
    expect(outcome.path).toEqual([1, 0, 1, 1, 0, 0, 1, 1]);
    expect(outcome.slot).toBe(5);
    expect(outcome.multiplier).toBe(PAYTABLES.low[8][5]);
    // Far left and far right pay the table's edges.
    expect(play({ amount: 100n, rows: 16, risk: 'high' }, riggedRng(Array(16).fill(0))).multiplier).toBe(100000);
    expect(play({ amount: 100n, rows: 16, risk: 'high' }, riggedRng(Array(16).fill(1))).win).toBe(100000n);
  });

  it('pays the slot multiplier in hundredths, rounded down to the minor unit', () => {
    expect(settle({ amount: 100n, rows: 8, risk: 'low' }, [0, 0, 0, 0, 1, 1, 1, 1])).toMatchObject({ slot: 4, multiplier: 44, win: 44n });
    expect(settle({ amount: 7n, rows: 8, risk: 'low' }, [0, 0, 0, 0, 0, 0, 0, 0]).win).toBe(38n); // 7 x 5.56 = 38.92
    expect(settle({ amount: 1000n, rows: 16, risk: 'high' }, [...Array(8).fill(0), ...Array(8).fill(1)]).win).toBe(70n); // 0.07x
  });

  it('has a symmetric table of rows + 1 slots for every row count and risk, each returning 99.00%', () => {
    for (const risk of RISKS) {
      for (let rows = MIN_ROWS; rows <= MAX_ROWS; rows++) {
        const table = multipliersFor(rows, risk);
        expect(table).toHaveLength(rows + 1);
        expect([...table].reverse()).toEqual([...table]);
        expect(table.every((m) => Number.isInteger(m) && m > 0)).toBe(true);
        expect(Math.abs(tableRtp(rows, risk) - 0.99), `${rows} ${risk}`).toBeLessThan(0.00003);
      }
      // Higher risk, farther edges.
    }
    for (let rows = MIN_ROWS; rows <= MAX_ROWS; rows++) {
      expect(PAYTABLES.low[rows][0]).toBeLessThan(PAYTABLES.medium[rows][0]);
      expect(PAYTABLES.medium[rows][0]).toBeLessThan(PAYTABLES.high[rows][0]);
    }
    expect((theoreticalRtp() * 100).toFixed(2)).toBe('99.00');
  });

  it('tableRtp agrees with a direct sum of the binomial probabilities', () => {
    let p = 0;
    for (let k = 0; k <= 12; k++) p += (Number(binomial(12, k)) / 4096) * (PAYTABLES.medium[12][k] / 100);
    expect(tableRtp(12, 'medium')).toBeCloseTo(p, 12);
    expect(rtpFor({ amount: 10000n, rows: 12, risk: 'medium' })).toBeCloseTo(p, 12); // whole hundredths: no rounding at 100.00
    expect(rtpFor({ amount: 7n, rows: 12, risk: 'medium' })).toBeLessThan(p);
  });

  it('refuses rows outside 8-16, an unknown risk and a bad stake', () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof GameInputError ? error.code : 'other';
      }
      return 'none';
    };
    expect(code(() => validatePlinkoBet({ amount: 100n, rows: 7, risk: 'low' }))).toBe('bad_target');
    expect(code(() => validatePlinkoBet({ amount: 100n, rows: 17, risk: 'low' }))).toBe('bad_target');
    expect(code(() => validatePlinkoBet({ amount: 100n, rows: 8.5, risk: 'low' }))).toBe('bad_target');
    expect(code(() => validatePlinkoBet({ amount: 100n, rows: 8, risk: 'extreme' }))).toBe('bad_bet_type');
    expect(code(() => validatePlinkoBet({ amount: 0n, rows: 8, risk: 'low' }))).toBe('bad_amount');
    expect(() => settle({ amount: 100n, rows: 8, risk: 'low' }, [0, 1])).toThrow(RangeError);
  });

  it('lands in slot k about C(n, k) / 2^n of the time (real stream)', () => {
    const counts = Array(9).fill(0);
    const n = 20000;
    for (let nonce = 0; nonce < n; nonce++) counts[play({ amount: 100n, rows: 8, risk: 'low' }, createRoundRng({ serverSeed: 's', clientSeed: 'c', nonce })).slot] += 1;
    let chi = 0;
    for (let k = 0; k <= 8; k++) {
      const expected = (n * Number(binomial(8, k))) / 256;
      chi += (counts[k] - expected) ** 2 / expected;
    }
    expect(chi).toBeLessThan(26.12); // chi-square, 8 degrees of freedom, p = 0.001
  });
});
