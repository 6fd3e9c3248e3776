import { MAX_ROWS, MIN_ROWS, multipliersFor, RISKS, type PlinkoRisk } from '../../../../games/engines/plinko/index.ts';
import { fromMinor, toMinor } from '../money.ts';

export { MAX_ROWS, MIN_ROWS, multipliersFor, RISKS, type PlinkoRisk };

/** The board in a 400-wide SVG box: pegs, slots and the ball's way down. */
export const BOARD_WIDTH = 400;
const SIDE = 16;
const TOP = 22;
const ROW_HEIGHT = 22;

export type Board = {
  rows: number;
  /** Horizontal distance between two pegs of a row. */
  gap: number;
  height: number;
  pegs: Array<{ x: number; y: number }>;
  /** Centre of each slot, 0 .. rows. */
  slots: Array<{ x: number; y: number }>;
  pegRadius: number;
  ballRadius: number;
};

/**
 * Row r (0 from the top) has r + 3 pegs; the bottom row's rows + 2 pegs frame the rows + 1
 * slots. After each row the ball is half a gap left or right of the peg it hit, so after the last
 * row it sits over slot k = number of rights.
 */
export function boardOf(rows: number): Board {
  const gap = (BOARD_WIDTH - 2 * SIDE) / (rows + 1);
  const centre = BOARD_WIDTH / 2;
  const pegs: Board['pegs'] = [];
  for (let r = 0; r < rows; r++) for (let j = 0; j < r + 3; j++) pegs.push({ x: centre + (j - (r + 2) / 2) * gap, y: TOP + r * ROW_HEIGHT });
  const slotY = TOP + rows * ROW_HEIGHT + 6;
  const slots = Array.from({ length: rows + 1 }, (_, k) => ({ x: centre + (k - rows / 2) * gap, y: slotY }));
  return { rows, gap, height: slotY + 26, pegs, slots, pegRadius: Math.max(2, Math.min(4, gap * 0.12)), ballRadius: Math.max(4, Math.min(8, gap * 0.3)) };
}

/** The ball's stops: above the first peg, on each peg it hits, then in its slot. */
export function pathPoints(board: Board, path: readonly number[]): Array<{ x: number; y: number }> {
  const centre = BOARD_WIDTH / 2;
  const points = [{ x: centre, y: TOP - ROW_HEIGHT }];
  let rights = 0;
  for (let r = 0; r < path.length; r++) {
    points.push({ x: centre + (rights - r / 2) * board.gap, y: TOP + r * ROW_HEIGHT - board.pegRadius - board.ballRadius });
    rights += path[r];
  }
  points.push(board.slots[rights]);
  return points;
}

/** Where the ball is at `progress` (0..1 over the whole fall): a small hop between two stops. */
export function ballAt(points: ReadonlyArray<{ x: number; y: number }>, progress: number): { x: number; y: number } {
  const segments = points.length - 1;
  const at = Math.min(segments, Math.max(0, progress * segments));
  const i = Math.min(segments - 1, Math.floor(at));
  const t = at - i;
  const a = points[i];
  const b = points[i + 1];
  const hop = i === 0 ? 0 : 9 * Math.sin(Math.PI * t);
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t * t - hop * (1 - t) };
}

/** A multiplier in hundredths as shown on its slot: 1000, 16, 5.56, 0.5. */
export function showMultiplier(hundredths: number): string {
  const value = hundredths / 100;
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0$/, '');
}

/** What a slot pays at a stake: floor(stake x m / 100) minor units. */
export const payout = (stake: string, hundredths: number): string => fromMinor((toMinor(stake) * BigInt(hundredths)) / 100n);

/**
 * The colour of a slot: gold in the middle to ruby at the edges, by its distance from the centre
 * (the same on every row count, so the edges always look dangerous and rich).
 */
export function slotColour(slot: number, rows: number): string {
  const distance = Math.abs(slot - rows / 2) / (rows / 2);
  const from = [255, 210, 90];
  const to = [239, 62, 92];
  const mix = from.map((c, i) => Math.round(c + (to[i] - c) * distance ** 0.8));
  return `rgb(${mix[0]}, ${mix[1]}, ${mix[2]})`;
}

/** Fall time in ms: a little longer on taller boards. */
export const fallDuration = (rows: number) => 700 + rows * 75;
