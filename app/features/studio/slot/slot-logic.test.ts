import { describe, expect, it } from 'vitest';
import { play } from '../../../../games/engines/slot/index.ts';
import { createRoundRng } from '../../../../games/fairness/rng.ts';
import { fromMinor } from '../money.ts';
import type { SlotOutcomeView, SlotSpinView } from '../types.ts';
import { cellKey, lineBetOf, lineCells, PAYTABLE_ROWS, reelColumn, spinSteps, windowAt, winningCells, winTier } from './slot-logic.ts';

/** An engine outcome as the studio sends it: bigints as major-unit strings. */
function wire(value: unknown): unknown {
  if (typeof value === 'bigint') return fromMinor(value);
  if (Array.isArray(value)) return value.map(wire);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wire(v)]));
  return value;
}

function outcomeFor(nonce: number): SlotOutcomeView {
  return wire(play({ amount: 100n }, createRoundRng({ serverSeed: 'a'.repeat(64), clientSeed: 'studio-ui', nonce }))) as SlotOutcomeView;
}

describe('slot client helpers', () => {
  it('draws the engine’s window from its stops', () => {
    for (let nonce = 0; nonce < 40; nonce++) {
      const spin = outcomeFor(nonce).base;
      spin.stops.forEach((stop, reel) => expect(windowAt(reel, stop)).toEqual(spin.grid[reel]));
    }
  });

  it('builds a reel strip that ends on the stop and starts where the reel was', () => {
    const from = windowAt(2, 5);
    const column = reelColumn(2, 30, from, 12);
    expect(column).toHaveLength(3 + 12 + 3);
    expect(column.slice(0, 3)).toEqual(windowAt(2, 30));
    expect(column.slice(-3)).toEqual(from);
    // The strip runs on: the symbol under the window is the next one on the reel.
    expect(column[3]).toEqual(windowAt(2, 33)[0]);
  });

  it('lights the cells of each winning line and the paying scatters', () => {
    let seen = 0;
    for (let nonce = 0; nonce < 400 && seen < 20; nonce++) {
      const spin = outcomeFor(nonce).base;
      if (spin.lineWins.length === 0) continue;
      seen++;
      const cells = winningCells(spin);
      for (const win of spin.lineWins) {
        const line = lineCells(win.line, win.count);
        expect(line).toHaveLength(win.count);
        for (const [reel, row] of line) {
          expect(cells.has(cellKey(reel, row))).toBe(true);
          const symbol = spin.grid[reel][row];
          expect(symbol === win.symbol || symbol === 'wild').toBe(true);
        }
      }
    }
    expect(seen).toBeGreaterThan(5);
    const scatters: SlotSpinView = {
      stops: [0, 0, 0, 0, 0],
      grid: [['scatter', 'ace', 'king'], ['ace', 'scatter', 'king'], ['ace', 'king', 'scatter'], ['ace', 'king', 'queen'], ['ace', 'king', 'queen']],
      lineWins: [],
      scatters: 3,
      scatterWin: '2.00',
      freeSpinsAwarded: 10,
      multiplier: 1,
      win: '2.00',
    };
    expect([...winningCells(scatters)].sort()).toEqual(['0:0', '1:1', '2:2']);
  });

  it('plays free spins back with their counters', () => {
    let found: SlotOutcomeView | null = null;
    for (let nonce = 0; nonce < 5000 && !found; nonce++) {
      const outcome = outcomeFor(nonce);
      if (outcome.freeSpins.length) found = outcome;
    }
    expect(found).not.toBeNull();
    const steps = spinSteps(found!);
    expect(steps).toHaveLength(1 + found!.freeSpins.length);
    expect(steps[0]).toMatchObject({ free: false, number: 0 });
    expect(steps[1]).toMatchObject({ free: true, number: 1, awarded: found!.base.freeSpinsAwarded });
    const last = steps[steps.length - 1];
    expect(last.freeWin).toBe(found!.freeSpinsWin);
    expect(last.awarded + last.spin.freeSpinsAwarded).toBe(found!.base.freeSpinsAwarded + found!.freeSpins.reduce((sum, spin) => sum + spin.freeSpinsAwarded, 0));
  });

  it('grades wins and prices the paytable', () => {
    expect(winTier('0.00', '1.00')).toBe('none');
    // A return at or below the stake is a loss: no banner, whatever the jurisdiction.
    expect(winTier('0.50', '1.00')).toBe('none');
    expect(winTier('1.00', '1.00')).toBe('none');
    expect(winTier('1.01', '1.00')).toBe('win');
    expect(winTier('2.40', '1.00')).toBe('win');
    expect(winTier('10.00', '1.00')).toBe('big');
    expect(winTier('50.00', '1.00')).toBe('mega');
    expect(lineBetOf('1.00')).toBe('0.05');
    expect(lineBetOf('0.20')).toBe('0.01');
    expect(PAYTABLE_ROWS[0]).toEqual({ symbol: 'wild', pays: [50, 250, 1000] });
    expect(PAYTABLE_ROWS.map((row) => row.symbol)).not.toContain('scatter');
  });
});
