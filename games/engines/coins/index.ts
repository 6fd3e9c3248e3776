/**
 * Rivet Royale (sysname rivet-royale): 5x3 steampunk slot, 10 fixed lines, a wild, and coins
 * that start Hold and Win. Pure: the outcome is a function of the bet and the round's stream.
 *
 * Randomness, in this order (docs/games-math.md, "What each game draws"):
 * 1. five stops, stop[i] = rng.int(strip i length), reels 1 to 5;
 * 2. each coin on the screen, cells in order (reel 1 to 5, top to bottom): its value,
 *    rng.int(COIN_WEIGHT_TOTAL) read through COIN_VALUES' weights;
 * 3. with 6+ coins, each respin in turn: each empty cell in cell order draws
 *    rng.int(CELL_DRAW) (a coin when below CELL_COIN), and a new coin's value draw follows at once.
 */
import type { RoundRng } from '../../fairness/stream.ts';
import { assertStake } from '../common.ts';
import { lastLine, lineWin } from './lines.ts';
import { coinsMath } from './math.ts';
import {
  CELL_COIN,
  CELL_DRAW,
  CELLS,
  COIN,
  COIN_PICK,
  COIN_VALUES,
  COIN_WEIGHT_TOTAL,
  GRAND,
  LINES,
  MAX_WIN_STAKES,
  PAYLINES,
  REEL_STRIPS,
  REELS,
  RESPINS,
  ROWS,
  SYMBOLS,
  TRIGGER_COINS,
  type CoinPrize,
  type CoinsSymbol,
} from './paytable.ts';

export * from './paytable.ts';
export { coinsMath, type CoinsMath } from './math.ts';

export const COINS_SYSNAME = 'rivet-royale';

/** The total stake of a spin: 10 lines x line bet, so a multiple of 10 minor units. */
export type CoinsBet = { amount: bigint };

export type CoinsLineWin = { line: number; symbol: CoinsSymbol; count: number; pay: number; win: bigint };

/** A coin on the screen: its cell (reel * 3 + row), what it shows and what it is worth. */
export type CoinsCoin = { cell: number; prize: CoinPrize; multiplier: number; win: bigint };

export type CoinsRespin = {
  /** Coins this respin landed, in cell order. */
  landed: CoinsCoin[];
  /** Respins left after it (back to 3 when it landed a coin). */
  respinsLeft: number;
};

export type CoinsFeature = {
  respins: CoinsRespin[];
  /** Every coin held at the end, in cell order. */
  coins: CoinsCoin[];
  /** The screen is full: the Grand is added. */
  grand: boolean;
  grandWin: bigint;
  /** Sum of the coins, plus the Grand. */
  win: bigint;
};

export type CoinsOutcome = {
  game: typeof COINS_SYSNAME;
  bet: bigint;
  lineBet: bigint;
  stops: number[];
  /** grid[reel][row], rows top to bottom. */
  grid: CoinsSymbol[][];
  /** The coins of the paid spin, in cell order. */
  coins: CoinsCoin[];
  lineWins: CoinsLineWin[];
  linesWin: bigint;
  /** Hold and Win, when 6+ coins landed. */
  feature: CoinsFeature | null;
  /** The round hit MAX_WIN_STAKES and was paid that. */
  capped: boolean;
  /** Total paid: lines + feature, at most MAX_WIN_STAKES x bet. */
  win: bigint;
};

export function validateCoinsBet(bet: unknown): CoinsBet {
  const amount = (bet as { amount?: unknown } | null)?.amount;
  assertStake(amount, 'amount', BigInt(LINES));
  return { amount };
}

const stops = new Int32Array(REELS);
/** The screen, screen[reel * ROWS + row]. */
const screen = new Uint8Array(CELLS);
/** Held coins in the feature: 1 when the cell holds one. */
const held = new Uint8Array(CELLS);
const lineSymbols = new Uint8Array(REELS);
const PAYLINE_CELLS = Uint8Array.from(PAYLINES.flatMap((rows) => rows.map((row, reel) => reel * ROWS + row)));
const COIN_STAKES = Float64Array.from(COIN_VALUES, (v) => v.multiplier);

function spinStops(rng: RoundRng) {
  for (let reel = 0; reel < REELS; reel++) {
    const strip = REEL_STRIPS[reel];
    const stop = rng.int(strip.length);
    stops[reel] = stop;
    for (let row = 0; row < ROWS; row++) screen[reel * ROWS + row] = strip[(stop + row) % strip.length];
  }
}

function payOfLine(l: number): number {
  const base = l * REELS;
  for (let reel = 0; reel < REELS; reel++) lineSymbols[reel] = screen[PAYLINE_CELLS[base + reel]];
  return lineWin(lineSymbols);
}

const drawCoin = (rng: RoundRng) => COIN_PICK[rng.int(COIN_WEIGHT_TOTAL)];

/**
 * One round's pay in line bets (stake / 10), capped, without building the outcome: what play()
 * pays divided by the line bet, drawing exactly the same numbers. The simulator uses it;
 * `counters`, when given, counts triggers, Grands and capped rounds.
 */
export function playLineBets(rng: RoundRng, counters?: { triggers: number; grands: number; respins: number }): number {
  spinStops(rng);
  let total = 0;
  for (let l = 0; l < LINES; l++) total += payOfLine(l);
  let coins = 0;
  let coinStakes = 0;
  for (let cell = 0; cell < CELLS; cell++) {
    const isCoin = screen[cell] === COIN ? 1 : 0;
    held[cell] = isCoin;
    if (isCoin) {
      coins += 1;
      coinStakes += COIN_STAKES[drawCoin(rng)];
    }
  }
  if (coins < TRIGGER_COINS) return total;
  if (counters) counters.triggers += 1;
  let left = RESPINS;
  while (left > 0 && coins < CELLS) {
    if (counters) counters.respins += 1;
    let landed = false;
    for (let cell = 0; cell < CELLS; cell++) {
      if (held[cell] || rng.int(CELL_DRAW) >= CELL_COIN) continue;
      held[cell] = 1;
      coins += 1;
      landed = true;
      coinStakes += COIN_STAKES[drawCoin(rng)];
    }
    left = landed ? RESPINS : left - 1;
  }
  if (coins === CELLS) {
    coinStakes += GRAND;
    if (counters) counters.grands += 1;
  }
  return Math.min(total + LINES * coinStakes, LINES * MAX_WIN_STAKES);
}

function coinAt(cell: number, rng: RoundRng, bet: bigint): CoinsCoin {
  const value = COIN_VALUES[drawCoin(rng)];
  return { cell, prize: value.prize, multiplier: value.multiplier, win: bet * BigInt(value.multiplier) };
}

/** Plays one paid spin and the Hold and Win it starts. */
export function play(bet: CoinsBet, rng: RoundRng): CoinsOutcome {
  const { amount } = validateCoinsBet(bet);
  const lineBet = amount / BigInt(LINES);
  spinStops(rng);
  const grid: CoinsSymbol[][] = [];
  for (let reel = 0; reel < REELS; reel++) grid.push(Array.from({ length: ROWS }, (_, row) => SYMBOLS[screen[reel * ROWS + row]]));
  const lineWins: CoinsLineWin[] = [];
  let linesWin = 0n;
  for (let l = 0; l < LINES; l++) {
    const pay = payOfLine(l);
    if (pay === 0) continue;
    const win = lineBet * BigInt(pay);
    lineWins.push({ line: l + 1, symbol: SYMBOLS[lastLine.symbol], count: lastLine.count, pay, win });
    linesWin += win;
  }
  const coins: CoinsCoin[] = [];
  for (let cell = 0; cell < CELLS; cell++) if (screen[cell] === COIN) coins.push(coinAt(cell, rng, amount));
  let feature: CoinsFeature | null = null;
  if (coins.length >= TRIGGER_COINS) {
    const board: (CoinsCoin | null)[] = new Array<CoinsCoin | null>(CELLS).fill(null);
    for (const coin of coins) board[coin.cell] = coin;
    let count = coins.length;
    const respins: CoinsRespin[] = [];
    let left = RESPINS;
    while (left > 0 && count < CELLS) {
      const landed: CoinsCoin[] = [];
      for (let cell = 0; cell < CELLS; cell++) {
        if (board[cell] || rng.int(CELL_DRAW) >= CELL_COIN) continue;
        const coin = coinAt(cell, rng, amount);
        board[cell] = coin;
        landed.push(coin);
      }
      count += landed.length;
      left = landed.length > 0 ? RESPINS : left - 1;
      respins.push({ landed, respinsLeft: left });
    }
    const held = board.filter((coin): coin is CoinsCoin => coin !== null);
    const grand = count === CELLS;
    const grandWin = grand ? amount * BigInt(GRAND) : 0n;
    feature = { respins, coins: held, grand, grandWin, win: held.reduce((sum, coin) => sum + coin.win, 0n) + grandWin };
  }
  const total = linesWin + (feature?.win ?? 0n);
  const cap = amount * BigInt(MAX_WIN_STAKES);
  return {
    game: COINS_SYSNAME,
    bet: amount,
    lineBet,
    stops: Array.from(stops),
    grid,
    coins,
    lineWins,
    linesWin,
    feature,
    capped: total > cap,
    win: total > cap ? cap : total,
  };
}

let cachedRtp: number | undefined;

/** Exact theoretical RTP from the strips, the coin table and the respin chain (math.ts). */
export function theoreticalRtp(): number {
  cachedRtp ??= coinsMath().rtp;
  return cachedRtp;
}
