import { colorOf, RED_NUMBERS, type RouletteBetType, type RouletteColor } from '../../../../games/engines/roulette/index.ts';
import { fromMinor, toMinor } from '../money.ts';
import type { RouletteBetView } from '../types.ts';

export { colorOf, RED_NUMBERS, type RouletteColor };

/** A place on the layout a chip can go: an inside bet names its numbers, an outside bet its index. */
export type SpotBet = { type: RouletteBetType; numbers?: number[]; index?: 1 | 2 | 3 };

/** One key per spot: `straight:17`, `split:1-2`, `dozen:2`, `red`. */
export function spotKey(bet: SpotBet): string {
  if (bet.numbers) return `${bet.type}:${[...bet.numbers].sort((a, b) => a - b).join('-')}`;
  if (bet.index) return `${bet.type}:${bet.index}`;
  return bet.type;
}

/** A rectangle in table units. Horizontal table: x 0-13 (zero, then 12 columns), y 0-3 (top row 3, 6, ... 36). */
export type Rect = { x0: number; y0: number; x1: number; y1: number };
export type InsideSpot = { key: string; bet: SpotBet; rect: Rect; kind: 'number' | 'edge' | 'corner' };

/** Half the width of the strip along a line between two numbers that takes split, corner, street and six-line chips. */
export const EDGE = 0.16;
const BOTTOM = 3 - 2 * EDGE;

/** Column (0-11) and row (0 top .. 2 bottom) of a number 1-36 on the horizontal table. */
export function numberCell(n: number): { col: number; row: number } {
  return { col: Math.ceil(n / 3) - 1, row: 2 - ((n - 1) % 3) };
}

const inside = (type: SpotBet['type'], numbers: number[], rect: Rect, kind: InsideSpot['kind']): InsideSpot => {
  const bet = { type, numbers: [...numbers].sort((a, b) => a - b) };
  return { key: spotKey(bet), bet, rect, kind };
};

/**
 * Every inside bet as a clickable place on the horizontal table: the 37 numbers, the 60 splits on
 * the lines between two numbers, the 14 streets and 11 six lines on the bottom edge, the 23
 * corners where four numbers meet (the first four 0-1-2-3 included), the 0-1-2 and 0-2-3 trios
 * where the zero meets two numbers.
 */
export function insideSpots(): InsideSpot[] {
  const spots: InsideSpot[] = [inside('straight', [0], { x0: 0, y0: 0, x1: 1, y1: 3 }, 'number')];
  for (let n = 1; n <= 36; n++) {
    const { col, row } = numberCell(n);
    const x = 1 + col;
    spots.push(inside('straight', [n], { x0: x, y0: row, x1: x + 1, y1: row + 1 }, 'number'));
  }
  for (let n = 1; n <= 36; n++) {
    const { col, row } = numberCell(n);
    const x = 1 + col;
    // n and n+1 share the line above n.
    if (n % 3 !== 0) spots.push(inside('split', [n, n + 1], { x0: x + EDGE, y0: row - EDGE, x1: x + 1 - EDGE, y1: row + EDGE }, 'edge'));
    // n and n+3 share the line to the right of n.
    if (n <= 33) spots.push(inside('split', [n, n + 3], { x0: x + 1 - EDGE, y0: row + EDGE, x1: x + 1 + EDGE, y1: Math.min(row + 1 - EDGE, BOTTOM) }, 'edge'));
    if (n % 3 !== 0 && n <= 32) spots.push(inside('corner', [n, n + 1, n + 3, n + 4], { x0: x + 1 - EDGE, y0: row - EDGE, x1: x + 1 + EDGE, y1: row + EDGE }, 'corner'));
  }
  for (let c = 0; c < 12; c++) {
    const x = 1 + c;
    const first = 3 * c + 1;
    spots.push(inside('street', [first, first + 1, first + 2], { x0: x + EDGE, y0: BOTTOM, x1: x + 1 - EDGE, y1: 3 }, 'edge'));
    if (c < 11) spots.push(inside('sixline', [first, first + 1, first + 2, first + 3, first + 4, first + 5], { x0: x + 1 - EDGE, y0: BOTTOM, x1: x + 1 + EDGE, y1: 3 }, 'corner'));
  }
  // Where the zero meets the first column.
  spots.push(inside('split', [0, 3], { x0: 1 - EDGE, y0: EDGE, x1: 1 + EDGE, y1: 1 - EDGE }, 'edge'));
  spots.push(inside('split', [0, 2], { x0: 1 - EDGE, y0: 1 + EDGE, x1: 1 + EDGE, y1: 2 - EDGE }, 'edge'));
  spots.push(inside('split', [0, 1], { x0: 1 - EDGE, y0: 2 + EDGE, x1: 1 + EDGE, y1: BOTTOM }, 'edge'));
  spots.push(inside('street', [0, 2, 3], { x0: 1 - EDGE, y0: 1 - EDGE, x1: 1 + EDGE, y1: 1 + EDGE }, 'corner'));
  spots.push(inside('street', [0, 1, 2], { x0: 1 - EDGE, y0: 2 - EDGE, x1: 1 + EDGE, y1: 2 + EDGE }, 'corner'));
  spots.push(inside('corner', [0, 1, 2, 3], { x0: 1 - EDGE, y0: BOTTOM, x1: 1 + EDGE, y1: 3 }, 'corner'));
  return spots;
}

/** The same rectangle on the vertical (phone) table: zero on top, 1-2-3 left to right below it. */
export const toVertical = (r: Rect): Rect => ({ x0: 3 - r.y1, y0: r.x0, x1: 3 - r.y0, y1: r.x1 });

/** The even-money and outside bets, in table order. */
export const COLUMN_BETS: SpotBet[] = [3, 2, 1].map((index) => ({ type: 'column', index: index as 1 | 2 | 3 }));
export const DOZEN_BETS: SpotBet[] = [1, 2, 3].map((index) => ({ type: 'dozen', index: index as 1 | 2 | 3 }));
export const EVEN_BETS: SpotBet[] = (['low', 'even', 'red', 'black', 'odd', 'high'] as const).map((type) => ({ type }));

/** The numbers a spot covers (for highlighting the numbers under the pointer and the wins). */
export function spotNumbers(bet: SpotBet): number[] {
  if (bet.numbers) return bet.numbers;
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  switch (bet.type) {
    case 'column':
      return all.filter((n) => (n - (bet.index ?? 1)) % 3 === 0);
    case 'dozen':
      return all.filter((n) => Math.ceil(n / 12) === bet.index);
    case 'red':
      return [...RED_NUMBERS];
    case 'black':
      return all.filter((n) => !RED_NUMBERS.includes(n));
    case 'odd':
      return all.filter((n) => n % 2 === 1);
    case 'even':
      return all.filter((n) => n % 2 === 0);
    case 'low':
      return all.filter((n) => n <= 18);
    case 'high':
      return all.filter((n) => n >= 19);
    default:
      return [];
  }
}

/** Pays `36 / k - 1` to 1 for k numbers covered. */
export const payoutFor = (bet: SpotBet) => 36 / spotNumbers(bet).length - 1;

/** Chips placed, in order (for undo). */
export type Placement = { key: string; bet: SpotBet; amount: string };

/** The chips per spot, summed, in the order the spots were first used. */
export function aggregate(placements: readonly Placement[]): Map<string, { bet: SpotBet; amount: string }> {
  const sums = new Map<string, { bet: SpotBet; minor: bigint }>();
  for (const p of placements) {
    const entry = sums.get(p.key) ?? { bet: p.bet, minor: 0n };
    entry.minor += toMinor(p.amount);
    sums.set(p.key, entry);
  }
  return new Map([...sums].map(([key, { bet, minor }]) => [key, { bet, amount: fromMinor(minor) }]));
}

export const totalStake = (placements: readonly Placement[]): string => fromMinor(placements.reduce((sum, p) => sum + toMinor(p.amount), 0n));

/** games/play's roulette bet: one entry per spot. */
export function toPlayBets(placements: readonly Placement[]): RouletteBetView[] {
  return [...aggregate(placements).values()].map(({ bet, amount }) => ({
    type: bet.type,
    ...(bet.numbers ? { numbers: bet.numbers } : {}),
    ...(bet.index ? { index: bet.index } : {}),
    amount,
  }));
}

/** The European wheel's pockets, clockwise from the zero. */
export const WHEEL_ORDER = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26] as const;
export const POCKET_ANGLE = 360 / WHEEL_ORDER.length;

/**
 * The wheel's next rotation (degrees, clockwise, always forward by at least `turns` full turns)
 * that brings `number`'s pocket under the ball at the top.
 */
export function wheelRotationFor(number: number, current: number, turns = 5): number {
  const pocket = WHEEL_ORDER.indexOf(number as (typeof WHEEL_ORDER)[number]);
  const target = (((-pocket * POCKET_ANGLE) % 360) + 360) % 360;
  const base = current + turns * 360;
  const offset = (((target - base) % 360) + 360) % 360;
  return base + offset;
}
