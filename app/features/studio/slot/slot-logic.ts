import {
  FREE_SPINS_AWARD,
  FREE_SPINS_MULTIPLIER,
  LINE_PAYS,
  LINES,
  PAYLINES,
  REEL_STRIPS_TEXT,
  REELS,
  ROWS,
  SCATTER_PAYS,
  SYMBOL_LETTERS,
  SYMBOLS,
  type SlotSymbol,
} from '../../../../games/engines/slot/paytable.ts';
import { fromMinor, toMinor } from '../money.ts';
import type { SlotOutcomeView, SlotSpinView } from '../types.ts';

export { FREE_SPINS_AWARD, FREE_SPINS_MULTIPLIER, LINES, PAYLINES, REELS, ROWS, SCATTER_PAYS };

/** The symbol at `position` of reel `reel`'s strip (circular). */
export function stripSymbol(reel: number, position: number): SlotSymbol {
  const strip = REEL_STRIPS_TEXT[reel];
  const letter = strip[((position % strip.length) + strip.length) % strip.length];
  return SYMBOLS[SYMBOL_LETTERS[letter]];
}

/** What a reel shows at a stop: strip[stop], strip[stop+1], strip[stop+2], top to bottom. */
export const windowAt = (reel: number, stop: number): SlotSymbol[] => [0, 1, 2].map((row) => stripSymbol(reel, stop + row));

/** The screen before the first spin. */
export const INITIAL_STOPS = [10, 2, 17, 8, 24];
export const initialWindows = (): SlotSymbol[][] => INITIAL_STOPS.map((stop, reel) => windowAt(reel, stop));

/**
 * The strip a reel scrolls through while it spins, top to bottom: the final window, `travel`
 * symbols of the real strip below it, then the window it starts from. Shown from the bottom
 * (offset length - 3) and moved down to offset 0, it reads like the physical strip running down
 * and stopping on the server's stop.
 */
export function reelColumn(reel: number, stop: number, from: readonly SlotSymbol[], travel: number): SlotSymbol[] {
  const column: SlotSymbol[] = [];
  for (let i = 0; i < ROWS + travel; i++) column.push(stripSymbol(reel, stop + i));
  return [...column, ...from.slice(0, ROWS)];
}

/** The cells of payline `line` (1-20) over its first `count` reels: [reel, row]. */
export function lineCells(line: number, count: number = REELS): Array<[number, number]> {
  const rows = PAYLINES[line - 1];
  return rows.slice(0, count).map((row, reel) => [reel, row]);
}

export const cellKey = (reel: number, row: number) => `${reel}:${row}`;

/** Cells that pay in a spin: every winning line's cells, and the scatters when they pay. */
export function winningCells(spin: SlotSpinView): Set<string> {
  const cells = new Set<string>();
  for (const win of spin.lineWins) for (const [reel, row] of lineCells(win.line, win.count)) cells.add(cellKey(reel, row));
  if (spin.scatters >= 3) {
    spin.grid.forEach((column, reel) => column.forEach((symbol, row) => symbol === 'scatter' && cells.add(cellKey(reel, row))));
  }
  return cells;
}

/** Points of a payline across the reels, in cell units (centre of each cell). */
export const linePoints = (line: number): Array<[number, number]> => PAYLINES[line - 1].map((row, reel) => [reel + 0.5, row + 0.5]);

/** A distinct colour per payline, for its stroke and badge. */
export const lineColour = (line: number) => `hsl(${Math.round(((line - 1) * 360) / LINES + 40) % 360} 95% 62%)`;

/** One spin of the round as the client plays it back, with the free-spins counters of that moment. */
export type SpinStep = {
  spin: SlotSpinView;
  free: boolean;
  /** 1-based number of this free spin (0 for the paid spin). */
  number: number;
  /** Free spins awarded so far, before this spin's own award. */
  awarded: number;
  /** Sum of the free spins' wins including this one. */
  freeWin: string;
};

/** The paid spin, then the free spins in play order, with the counters to show on each. */
export function spinSteps(outcome: SlotOutcomeView): SpinStep[] {
  const steps: SpinStep[] = [{ spin: outcome.base, free: false, number: 0, awarded: 0, freeWin: '0.00' }];
  let awarded = outcome.base.freeSpinsAwarded;
  let freeWin = 0n;
  outcome.freeSpins.forEach((spin, index) => {
    freeWin += toMinor(spin.win);
    steps.push({ spin, free: true, number: index + 1, awarded, freeWin: fromMinor(freeWin) });
    awarded += spin.freeSpinsAwarded;
  });
  return steps;
}

export type WinTier = 'none' | 'win' | 'big' | 'mega';

/** How loud a win is: none at or below the stake, big from 10 times it, mega from 50 times. */
export function winTier(win: string, bet: string): WinTier {
  const w = toMinor(win);
  const b = toMinor(bet);
  // At or below the stake is a loss, never celebrated (docs/studio.md, "Pace by jurisdiction").
  if (w <= 0n || w <= b) return 'none';
  if (b > 0n && w >= 50n * b) return 'mega';
  if (b > 0n && w >= 10n * b) return 'big';
  return 'win';
}

export type PaytableRow = { symbol: SlotSymbol; pays: readonly [number, number, number] };

/** Line symbols from the best pay down. */
export const PAYTABLE_ROWS: PaytableRow[] = (Object.entries(LINE_PAYS) as Array<[Exclude<SlotSymbol, 'scatter'>, readonly [number, number, number]]>)
  .map(([symbol, pays]) => ({ symbol, pays }))
  .sort((a, b) => b.pays[2] - a.pays[2]);

/** The line bet of a total stake (20 lines): "1.00" -> "0.05". */
export const lineBetOf = (stake: string): string => fromMinor(toMinor(stake) / BigInt(LINES));

/** A pay in line bets (or total bets for the scatter) as money at a stake. */
export const payAmount = (multiple: number, unit: string): string => fromMinor(toMinor(unit) * BigInt(multiple));
