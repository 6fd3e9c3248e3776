/**
 * Pearl Cascade's client logic, apart from React: the outcome as the studio sends it, the
 * spins played back in order, where each cell falls from on a tumble, and the paytable at a stake.
 */
import {
  FREE_SPINS_AWARD,
  FREE_SPINS_RETRIGGER,
  MAX_WIN_STAKES,
  MIN_COUNT,
  PAYS,
  REELS,
  ROWS,
  SCATTER_PAYS,
  SCATTERS_TO_RETRIGGER,
  SCATTERS_TO_TRIGGER,
  BUBBLE_VALUES,
  type CascadeSymbol,
} from '../../../../games/engines/cascade/paytable.ts';
import { fromMinor, toMinor } from '../money.ts';

export { FREE_SPINS_AWARD, FREE_SPINS_RETRIGGER, MAX_WIN_STAKES, MIN_COUNT, REELS, ROWS, SCATTER_PAYS, SCATTERS_TO_RETRIGGER, SCATTERS_TO_TRIGGER, BUBBLE_VALUES };

/** games/engines/cascade's outcome with its bigints as major-unit strings. */
export type CascadeWinView = { symbol: CascadeSymbol; count: number; pay: number; win: string };
export type CascadeStepView = { grid: CascadeSymbol[][]; bubbles: Array<{ cell: number; value: number }>; wins: CascadeWinView[]; removed: number[] };
export type CascadeSpinView = {
  steps: CascadeStepView[];
  tumbleWin: string;
  scatters: number;
  scatterWin: string;
  bubbleSum: number;
  multiplier: number;
  freeSpinsAwarded: number;
  win: string;
};
export type CascadeOutcomeView = { bet: string; base: CascadeSpinView; freeSpins: CascadeSpinView[]; freeSpinsWin: string; capped: boolean; win: string };

/** The grid before the first spin: a calm board with no eight of a kind. */
export const INITIAL_GRID: CascadeSymbol[][] = [
  ['amethyst', 'pearl', 'sapphire', 'crab', 'emerald'],
  ['ruby', 'starfish', 'amethyst', 'scallop', 'sapphire'],
  ['emerald', 'sapphire', 'lanternfish', 'ruby', 'amethyst'],
  ['turtle', 'amethyst', 'emerald', 'crab', 'ruby'],
  ['sapphire', 'ruby', 'starfish', 'amethyst', 'pearl'],
  ['crab', 'emerald', 'turtle', 'sapphire', 'scallop'],
];

/**
 * How far each cell of `next` fell, in rows, when the cells `removed` of the grid before it
 * vanished: a survivor falls by the number of removed cells below it in its reel; a new cell
 * comes from above the reel, by the number of cells removed from that reel. fall[reel][row].
 */
export function fallDistances(removed: readonly number[]): number[][] {
  const gone = new Set(removed);
  return Array.from({ length: REELS }, (_, reel) => {
    const emptied = Array.from({ length: ROWS }, (_, row) => gone.has(reel * ROWS + row)).filter(Boolean).length;
    const fall = new Array<number>(ROWS).fill(emptied);
    // Survivors land at the bottom, in order: the k-th survivor from the bottom lands on row ROWS-1-k.
    let landing = ROWS - 1;
    for (let row = ROWS - 1; row >= 0; row--) {
      if (gone.has(reel * ROWS + row)) continue;
      fall[landing] = landing - row;
      landing--;
    }
    return fall;
  });
}

/** A cell's bubble multiplier on a step, or 0. */
export const bubbleAt = (step: CascadeStepView, reel: number, row: number) => step.bubbles.find((b) => b.cell === reel * ROWS + row)?.value ?? 0;

/** One spin of the round as played back, with the free-spins counters of that moment. */
export type SpinTurn = { spin: CascadeSpinView; free: boolean; number: number; awarded: number; freeWin: string };

export function spinTurns(outcome: CascadeOutcomeView): SpinTurn[] {
  const turns: SpinTurn[] = [{ spin: outcome.base, free: false, number: 0, awarded: 0, freeWin: '0.00' }];
  let awarded = outcome.base.freeSpinsAwarded;
  let freeWin = 0n;
  outcome.freeSpins.forEach((spin, index) => {
    freeWin += toMinor(spin.win);
    turns.push({ spin, free: true, number: index + 1, awarded, freeWin: fromMinor(freeWin) });
    awarded += spin.freeSpinsAwarded;
  });
  return turns;
}

/** Paying symbols from the best down, with their pays in stakes by band (8-9, 10-11, 12+). */
export const PAYTABLE_ROWS = (Object.entries(PAYS) as Array<[CascadeSymbol, readonly [number, number, number]]>).map(([symbol, pays]) => ({ symbol, pays }));

/** A pay in stakes as money at a stake (pays are multiples of 0.05, the stake of 0.20). */
export const payAt = (stakes: number, stake: string): string => fromMinor((toMinor(stake) * BigInt(Math.round(stakes * 100))) / 100n);
