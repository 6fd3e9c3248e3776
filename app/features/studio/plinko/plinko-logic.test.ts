import { describe, expect, it } from 'vitest';
import { ballAt, boardOf, pathPoints, payout, showMultiplier, slotColour } from './plinko-logic.ts';

describe('plinko board', () => {
  it('has r + 3 pegs on row r and rows + 1 slots between the bottom pegs', () => {
    const board = boardOf(8);
    expect(board.pegs).toHaveLength([...Array(8).keys()].reduce((sum, r) => sum + r + 3, 0));
    expect(board.slots).toHaveLength(9);
    const bottom = board.pegs.filter((peg) => peg.y === Math.max(...board.pegs.map((p) => p.y)));
    expect(bottom).toHaveLength(10);
    for (let k = 0; k < 9; k++) expect(board.slots[k].x).toBeCloseTo((bottom[k].x + bottom[k + 1].x) / 2, 9);
  });

  it('sends the ball down the recorded path into the slot the server paid', () => {
    const board = boardOf(12);
    const path = [1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 1, 1];
    const points = pathPoints(board, path);
    expect(points).toHaveLength(14);
    expect(points[points.length - 1]).toEqual(board.slots[8]);
    // Each stop is on a peg of its row.
    for (let r = 0; r < 12; r++) expect(board.pegs.some((peg) => Math.abs(peg.x - points[r + 1].x) < 1e-9)).toBe(true);
    expect(ballAt(points, 1)).toEqual(board.slots[8]);
    expect(ballAt(points, 0)).toEqual(points[0]);
  });

  it('shows multipliers and payouts as the engine pays them', () => {
    expect(showMultiplier(100000)).toBe('1000');
    expect(showMultiplier(556)).toBe('5.56');
    expect(showMultiplier(50)).toBe('0.5');
    expect(showMultiplier(7)).toBe('0.07');
    expect(payout('1.00', 556)).toBe('5.56');
    expect(payout('0.10', 7)).toBe('0.00');
    expect(payout('2.50', 43)).toBe('1.07');
  });

  it('colours the middle gold and the edges ruby', () => {
    expect(slotColour(4, 8)).toBe('rgb(255, 210, 90)');
    expect(slotColour(0, 8)).toBe('rgb(239, 62, 92)');
    expect(slotColour(16, 16)).toBe(slotColour(0, 16));
  });
});
