/**
 * Rivet Royale's client logic, apart from React: the outcome as the browser gets it (money as
 * major-unit strings), the screen before the first spin, what a coin shows, and the feature's
 * boards step by step.
 */
import { CELLS, COIN_VALUES, GRAND, LINE_PAYS, LINES, PAYLINES, REEL_STRIPS, REELS, ROWS, SYMBOLS, type CoinPrize, type CoinsSymbol } from '../../../../games/engines/coins/paytable.ts';
import { fromMinor, multiplyAmount, toMinor } from '../money.ts';

export { CELLS, COIN_VALUES, GRAND, LINE_PAYS, LINES, PAYLINES, REELS, ROWS };

export type CoinView = { cell: number; prize: CoinPrize; multiplier: number; win: string };
export type CoinsLineWinView = { line: number; symbol: CoinsSymbol; count: number; pay: number; win: string };
export type CoinsOutcomeView = {
  bet: string;
  lineBet: string;
  stops: number[];
  grid: CoinsSymbol[][];
  coins: CoinView[];
  lineWins: CoinsLineWinView[];
  linesWin: string;
  feature: { respins: Array<{ landed: CoinView[]; respinsLeft: number }>; coins: CoinView[]; grand: boolean; grandWin: string; win: string } | null;
  capped: boolean;
  win: string;
};

/** One cell on screen: a symbol (null: an empty cell of the Hold and Win board) and its coin. */
export type CellView = { symbol: CoinsSymbol | null; coin: CoinView | null };

const symbolAt = (reel: number, position: number): CoinsSymbol => {
  const strip = REEL_STRIPS[reel];
  return SYMBOLS[strip[((position % strip.length) + strip.length) % strip.length]];
};

/** The screen before any spin: the strips at fixed stops, coins shown without a value. */
export const INITIAL_STOPS = [4, 11, 20, 7, 15];
export function screenAt(stops: readonly number[]): CellView[] {
  return Array.from({ length: CELLS }, (_, cell) => ({ symbol: symbolAt(Math.floor(cell / ROWS), stops[Math.floor(cell / ROWS)] + (cell % ROWS)), coin: null }));
}

/** A few symbols to blur past while a reel spins (its strip, from a position). */
export const blurStrip = (reel: number, from: number): CoinsSymbol[] => Array.from({ length: 9 }, (_, i) => symbolAt(reel, from + i * 2));

/** The screen a paid spin stopped on, its coins with their values. */
export function baseScreen(outcome: CoinsOutcomeView): CellView[] {
  const coins = new Map(outcome.coins.map((coin) => [coin.cell, coin]));
  return outcome.grid.flatMap((column, reel) => column.map((symbol, row) => ({ symbol, coin: coins.get(reel * ROWS + row) ?? null })));
}

/** The Hold and Win board as it starts: the coins held, every other cell empty. */
export function featureStart(outcome: CoinsOutcomeView): CellView[] {
  const coins = new Map(outcome.coins.map((coin) => [coin.cell, coin]));
  return Array.from({ length: CELLS }, (_, cell) => {
    const coin = coins.get(cell);
    return coin ? { symbol: 'coin', coin } : { symbol: null, coin: null };
  });
}

/** The board after a respin: its landed coins added. */
export const afterRespin = (board: readonly CellView[], landed: readonly CoinView[]): CellView[] => {
  const next = [...board];
  for (const coin of landed) next[coin.cell] = { symbol: 'coin', coin };
  return next;
};

/** Sum of the coins on a board. */
export const boardTotal = (board: readonly CellView[]): string => fromMinor(board.reduce((sum, cell) => sum + toMinor(cell.coin?.win ?? '0'), 0n));

/** Cells of the winning lines (reel * 3 + row), the symbols that pay. */
export function winningCells(outcome: CoinsOutcomeView): Set<number> {
  const cells = new Set<number>();
  for (const win of outcome.lineWins) PAYLINES[win.line - 1].slice(0, win.count).forEach((row, reel) => cells.add(reel * ROWS + row));
  return cells;
}

/** The fixed prizes at a stake. */
export const JACKPOTS: ReadonlyArray<{ prize: 'mini' | 'minor' | 'major' | 'grand'; multiplier: number }> = [
  ...COIN_VALUES.filter((v) => v.prize !== 'cash').map((v) => ({ prize: v.prize as 'mini' | 'minor' | 'major', multiplier: v.multiplier })),
  { prize: 'grand', multiplier: GRAND },
];
export const jackpotAmount = (stake: string, multiplier: number) => multiplyAmount(stake, multiplier);

/** The line bet of a total stake (10 lines): "1.00" -> "0.10". */
export const lineBetOf = (stake: string): string => fromMinor(toMinor(stake) / BigInt(LINES));

/** Line symbols from the best pay down. */
export const PAYTABLE_ROWS = (Object.entries(LINE_PAYS) as Array<[CoinsSymbol, readonly [number, number, number]]>).map(([symbol, pays]) => ({ symbol, pays })).sort((a, b) => b.pays[2] - a.pays[2]);
