import { RETURNS, SPOTS, totalOf, type Spot } from '../../../../games/engines/baccarat/index.ts';
import { addAmounts, compareAmounts, isPositive } from '../money.ts';

export { RETURNS, SPOTS, totalOf, type Spot };

/** Chips on the three areas, major-unit strings ("0" when empty). */
export type Stakes = Record<Spot, string>;
export const NO_STAKES: Stakes = { player: '0', banker: '0', tie: '0' };

/** Milliseconds between two cards turned over. */
export const CARD_MS = 420;
/** Rows of the bead road (columns fill top to bottom, left to right, as on a casino's scoreboard). */
export const ROAD_ROWS = 6;
export const ROAD_COLUMNS = 12;

export const totalStaked = (stakes: Stakes): string => addAmounts(...SPOTS.map((spot) => stakes[spot]));

/** Adds a chip to an area; null when the round's total would pass the table maximum. */
export function addChip(stakes: Stakes, spot: Spot, chip: string, max: string): Stakes | null {
  const next = { ...stakes, [spot]: addAmounts(stakes[spot], chip) };
  return compareAmounts(totalStaked(next), max) > 0 ? null : next;
}

/** The bet games/play takes: the areas with chips, in the table's order. */
export const toPlayBets = (stakes: Stakes) => SPOTS.filter((spot) => isPositive(stakes[spot])).map((on) => ({ on, amount: stakes[on] }));

/** "1:1", "0.95:1", "8:1". */
export const oddsLabel = (spot: Spot) => `${(RETURNS[spot] - 100) / 100}:1`;

/** Each area's return to player in percent, two decimals (the engine's 8-deck enumeration; a test keeps them equal). */
export const AREA_RTP: Readonly<Record<Spot, string>> = { player: '98.76', banker: '98.94', tie: '85.64' };

export type CoupView = { player: number[]; banker: number[]; playerTotal: number; bankerTotal: number; result: Spot; natural: boolean };

/**
 * The order the cards come face up: Player, Banker, Player, Banker, then the Player's and the
 * Banker's third cards. Each step says how many cards of each hand are showing.
 */
export function revealSteps(coup: Pick<CoupView, 'player' | 'banker'>): Array<{ player: number; banker: number }> {
  const steps = [
    { player: 1, banker: 0 },
    { player: 1, banker: 1 },
    { player: 2, banker: 1 },
    { player: 2, banker: 2 },
  ];
  if (coup.player.length === 3) steps.push({ player: 3, banker: 2 });
  if (coup.banker.length === 3) steps.push({ player: coup.player.length, banker: 3 });
  return steps;
}

/**
 * The bead road: results oldest first, filling a column of ROAD_ROWS top to bottom before the
 * next; only the last ROAD_COLUMNS columns are kept (the board scrolls left as play goes on).
 */
export function beadRoad(results: readonly Spot[]): Array<{ result: Spot; column: number; row: number; index: number }> {
  const firstColumn = Math.max(0, Math.ceil(results.length / ROAD_ROWS) - ROAD_COLUMNS);
  return results
    .map((result, index) => ({ result, index, column: Math.floor(index / ROAD_ROWS) - firstColumn, row: index % ROAD_ROWS }))
    .filter((bead) => bead.column >= 0);
}

/** Counts of each result in a list (the scoreboard's totals). */
export function tally(results: readonly Spot[]): Record<Spot, number> {
  const out: Record<Spot, number> = { player: 0, banker: 0, tie: 0 };
  for (const result of results) out[result] += 1;
  return out;
}
