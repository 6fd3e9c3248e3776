import { describe, expect, it } from 'vitest';
import { fallDistances, payAt, PAYTABLE_ROWS, spinTurns, type CascadeOutcomeView, type CascadeSpinView } from './cascade-logic.ts';

describe('Pearl Cascade client logic', () => {
  it('a survivor falls by the cells removed below it; new cells come from above by what the reel lost', () => {
    // Reel 1 loses rows 2 and 4 (cells 1, 3); reel 2 loses nothing; reel 3 loses all five.
    const fall = fallDistances([1, 3, 10, 11, 12, 13, 14]);
    // Reel 1: rows 0, 2, 4 survive and land on rows 2, 3, 4; rows 0-1 are new, 2 rows above.
    expect(fall[0]).toEqual([2, 2, 2, 1, 0]);
    expect(fall[1]).toEqual([0, 0, 0, 0, 0]);
    expect(fall[2]).toEqual([5, 5, 5, 5, 5]);
  });

  it('prices the paytable at the stake, pearl first', () => {
    expect(PAYTABLE_ROWS[0]).toEqual({ symbol: 'pearl', pays: [10, 25, 50] });
    expect(payAt(0.4, '1.00')).toBe('0.40');
    expect(payAt(2.5, '0.20')).toBe('0.50');
    expect(payAt(50, '100.00')).toBe('5000.00');
  });

  it('plays the paid spin then the free spins, with the counters of each moment', () => {
    const spin = (win: string, awarded: number): CascadeSpinView => ({ steps: [], tumbleWin: win, scatters: 0, scatterWin: '0.00', bubbleSum: 0, multiplier: 1, freeSpinsAwarded: awarded, win });
    const outcome: CascadeOutcomeView = { bet: '1.00', base: spin('3.00', 10), freeSpins: [spin('1.50', 0), spin('0.00', 5), spin('2.00', 0)], freeSpinsWin: '3.50', capped: false, win: '6.50' };
    expect(spinTurns(outcome).map(({ free, number, awarded, freeWin }) => ({ free, number, awarded, freeWin }))).toEqual([
      { free: false, number: 0, awarded: 0, freeWin: '0.00' },
      { free: true, number: 1, awarded: 10, freeWin: '1.50' },
      { free: true, number: 2, awarded: 10, freeWin: '1.50' },
      { free: true, number: 3, awarded: 15, freeWin: '3.50' },
    ]);
  });
});
