import { describe, expect, it } from 'vitest';
import { cellState, oneIn, paytableOf, payout, quickPick, showMultiplier, togglePick } from './keno-logic.ts';

describe('keno logic', () => {
  it('picks up to ten numbers, ascending, and lets one go', () => {
    expect(togglePick([12, 3], 7)).toEqual([3, 7, 12]);
    expect(togglePick([3, 7, 12], 7)).toEqual([3, 12]);
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(togglePick(ten, 11)).toEqual(ten);
  });

  it('quick-picks different numbers of the board', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const picks = quickPick(10, random);
    expect(new Set(picks).size).toBe(10);
    expect(picks.every((n) => n >= 1 && n <= 40)).toBe(true);
    expect(quickPick(12, random)).toHaveLength(10);
  });

  it('lists the paying lines of the table with their chance and payout', () => {
    expect(paytableOf(1)).toEqual([{ hits: 1, multiplier: 396, chance: 0.25 }]);
    expect(paytableOf(10).map((line) => line.hits)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(oneIn(0.25)).toBe('4');
    expect(showMultiplier(396)).toBe('3.96');
    expect(showMultiplier(1_102_000)).toBe('11,020');
    expect(payout('2.50', 290)).toBe('7.25');
  });

  it('marks hits, picks and drawn numbers', () => {
    expect(cellState(5, [5, 9], [5, 20])).toBe('hit');
    expect(cellState(9, [5, 9], [5, 20])).toBe('picked');
    expect(cellState(20, [5, 9], [5, 20])).toBe('drawn');
    expect(cellState(1, [5, 9], [5, 20])).toBe('idle');
  });
});
