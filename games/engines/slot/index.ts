/**
 * Golden Croupier (sysname golden-croupier): 5x3 video slot, 20 fixed lines, wild, scatter,
 * free spins. Pure: the outcome is a function of the bet and the round's random stream.
 *
 * Randomness: each spin takes five stops, stop[i] = rng.int(strip i length), reels 1 to 5 in
 * order; free spins continue on the same stream, in play order.
 */
import type { RoundRng } from '../../fairness/stream.ts';
import { assertStake } from '../common.ts';
import { lastLine, lineWin } from './lines.ts';
import { slotMath } from './math.ts';
import {
  FREE_SPINS_AWARD,
  FREE_SPINS_MULTIPLIER,
  LINES,
  PAYLINES,
  REEL_STRIPS,
  REELS,
  ROWS,
  SCATTER,
  SCATTER_PAYS,
  SYMBOLS,
  type SlotSymbol,
} from './paytable.ts';

export * from './paytable.ts';
export { slotMath, type SlotMath } from './math.ts';
export { lineWin } from './lines.ts';

export const SLOT_SYSNAME = 'golden-croupier';

/** The total stake of a spin: 20 lines x line bet, so a multiple of 20 minor units. */
export type SlotBet = { amount: bigint };

export type SlotLineWin = {
  /** Payline number, 1-20. */
  line: number;
  symbol: SlotSymbol;
  /** Reels 1..count carry the win. */
  count: number;
  /** Multiples of the line bet, before the free-spins multiplier. */
  pay: number;
  win: bigint;
};

export type SlotSpin = {
  /** Stop of each reel on its strip (row 0 shows strip[stop]). */
  stops: number[];
  /** grid[reel][row], rows top to bottom. */
  grid: SlotSymbol[][];
  lineWins: SlotLineWin[];
  scatters: number;
  scatterWin: bigint;
  /** Free spins awarded by this spin's scatters (0 or FREE_SPINS_AWARD). */
  freeSpinsAwarded: number;
  /** 1 in the base game, FREE_SPINS_MULTIPLIER in free spins. */
  multiplier: number;
  /** Everything this spin pays. */
  win: bigint;
};

export type SlotOutcome = {
  game: typeof SLOT_SYSNAME;
  bet: bigint;
  lineBet: bigint;
  base: SlotSpin;
  /** Free spins in play order, retriggers included. */
  freeSpins: SlotSpin[];
  freeSpinsWin: bigint;
  /** Total paid: base spin + free spins. */
  win: bigint;
};

export function validateSlotBet(bet: unknown): SlotBet {
  const amount = (bet as { amount?: unknown } | null)?.amount;
  assertStake(amount, 'amount', BigInt(LINES));
  return { amount };
}

const stops = new Int32Array(REELS);
/** The visible window, window[reel * ROWS + row]. */
const window = new Uint8Array(REELS * ROWS);
const lineSymbols = new Uint8Array(REELS);
/** PAYLINE_CELLS[line * REELS + reel]: the window cell the line reads on that reel. */
const PAYLINE_CELLS = Uint8Array.from(PAYLINES.flatMap((rows) => rows.map((row, reel) => reel * ROWS + row)));

/** Draws the five stops (reel 1 first) and fills the window. */
function spinStops(rng: RoundRng) {
  for (let reel = 0; reel < REELS; reel++) {
    const strip = REEL_STRIPS[reel];
    const stop = rng.int(strip.length);
    stops[reel] = stop;
    for (let row = 0; row < ROWS; row++) window[reel * ROWS + row] = strip[(stop + row) % strip.length];
  }
}

/** Pay of line `l` (0-based) in line bets for the current window. */
function payOfLine(l: number): number {
  const base = l * REELS;
  for (let reel = 0; reel < REELS; reel++) lineSymbols[reel] = window[PAYLINE_CELLS[base + reel]];
  return lineWin(lineSymbols);
}

function linesPay(): number {
  let pay = 0;
  for (let l = 0; l < LINES; l++) pay += payOfLine(l);
  return pay;
}

function windowScatters(): number {
  let count = 0;
  for (let cell = 0; cell < REELS * ROWS; cell++) if (window[cell] === SCATTER) count++;
  return count;
}

function scatterPay(scatters: number): number {
  return scatters >= 3 ? SCATTER_PAYS[Math.min(scatters, 5) - 3] : 0;
}

/**
 * One round's total pay in line bets, without building the outcome: what play() pays divided
 * by the line bet, drawing exactly the same numbers. The simulator uses it; `counters`, when
 * given, counts triggers (paid spins that award free spins) and free spins played.
 */
export function playLineBets(rng: RoundRng, counters?: { freeSpins: number; triggers: number }): number {
  spinStops(rng);
  let scatters = windowScatters();
  let total = linesPay() + LINES * scatterPay(scatters);
  let left = scatters >= 3 ? FREE_SPINS_AWARD : 0;
  if (counters && left > 0) counters.triggers += 1;
  while (left > 0) {
    left -= 1;
    if (counters) counters.freeSpins += 1;
    spinStops(rng);
    scatters = windowScatters();
    total += FREE_SPINS_MULTIPLIER * (linesPay() + LINES * scatterPay(scatters));
    if (scatters >= 3) left += FREE_SPINS_AWARD;
  }
  return total;
}

function detailedSpin(rng: RoundRng, bet: bigint, lineBet: bigint, multiplier: number): SlotSpin {
  spinStops(rng);
  const grid: SlotSymbol[][] = [];
  for (let reel = 0; reel < REELS; reel++) {
    const column: SlotSymbol[] = [];
    for (let row = 0; row < ROWS; row++) column.push(SYMBOLS[window[reel * ROWS + row]]);
    grid.push(column);
  }
  const m = BigInt(multiplier);
  const lineWins: SlotLineWin[] = [];
  let win = 0n;
  for (let l = 0; l < LINES; l++) {
    const pay = payOfLine(l);
    if (pay > 0) {
      const lw = lineBet * BigInt(pay) * m;
      lineWins.push({ line: l + 1, symbol: SYMBOLS[lastLine.symbol], count: lastLine.count, pay, win: lw });
      win += lw;
    }
  }
  const scatters = windowScatters();
  const scatterWin = bet * BigInt(scatterPay(scatters)) * m;
  win += scatterWin;
  return {
    stops: Array.from(stops),
    grid,
    lineWins,
    scatters,
    scatterWin,
    freeSpinsAwarded: scatters >= 3 ? FREE_SPINS_AWARD : 0,
    multiplier,
    win,
  };
}

/** Plays one paid spin and the free spins it triggers. */
export function play(bet: SlotBet, rng: RoundRng): SlotOutcome {
  const { amount } = validateSlotBet(bet);
  const lineBet = amount / BigInt(LINES);
  const base = detailedSpin(rng, amount, lineBet, 1);
  const freeSpins: SlotSpin[] = [];
  let left = base.freeSpinsAwarded;
  let freeSpinsWin = 0n;
  while (left > 0) {
    left -= 1;
    const spin = detailedSpin(rng, amount, lineBet, FREE_SPINS_MULTIPLIER);
    freeSpins.push(spin);
    freeSpinsWin += spin.win;
    left += spin.freeSpinsAwarded;
  }
  return { game: SLOT_SYSNAME, bet: amount, lineBet, base, freeSpins, freeSpinsWin, win: base.win + freeSpinsWin };
}

let cachedRtp: number | undefined;

/** Exact theoretical RTP from the strips and paytable (see math.ts): 0.959988... */
export function theoreticalRtp(): number {
  cachedRtp ??= slotMath().rtp;
  return cachedRtp;
}

