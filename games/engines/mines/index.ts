/**
 * Croupier Mines (sysname croupier-mines): a 5 x 5 board of 25 tiles hides 1 to 24 mines, the
 * player's choice. The player reveals tiles one at a time: a safe tile raises the multiplier, a
 * mine ends the round with nothing. After at least one safe tile the player may cash out;
 * revealing all 25 - mines safe tiles cashes out by itself.
 *
 * Randomness: the mines are the first `mines` places of `rng.shuffle([0..24], mines)` (forward
 * Fisher-Yates, j = i + int(25 - i)), as Keno draws its balls; they are fixed at the deal, before
 * any tile is revealed, and kept server side until the round ends. Tiles are numbered 0..24, row
 * by row from the top left.
 *
 * Maths: with m mines, P(k safe tiles in a row) = C(25 - m, k) / C(25, k) whatever tiles are
 * chosen. The multiplier after k safe tiles is 0.99 / P(k) = 0.99 C(25, k) / C(25 - m, k), exactly;
 * a pay-out is floor(stake x that) minor units, as Dice rounds (the multiplier shown is the same
 * number rounded down to the hundredth). Before rounding, the player's expected return is 99% for
 * every stopping rule: M_k x 1{k safe} / 0.99 is a martingale (E[M_{k+1} 1{k+1 safe} | k safe] =
 * M_k x (P(k) / P(k+1)) x (P(k+1) / P(k))), so cashing out after any number of tiles, fixed or
 * chosen as the board unfolds, returns 99%. rtpFor() gives the exact figure with rounding.
 */
import type { RoundRng } from '../../fairness/stream.ts';
import { assertStake, GameInputError } from '../common.ts';

export const MINES_SYSNAME = 'croupier-mines';
export const TILES = 25;
export const SIDE = 5;
export const MIN_MINES = 1;
export const MAX_MINES = 24;
const BOARD = Array.from({ length: TILES }, (_, i) => i);

export type MinesBet = { amount: bigint; mines: number };

/** A player's move: a tile to reveal (0..24) or a cash-out. Stored as `reveal:<tile>` / `cashout`. */
export type MinesAction = `reveal:${number}` | 'cashout';

export type MinesResult = 'cashout' | 'cleared' | 'mine';

export type MinesState = {
  game: typeof MINES_SYSNAME;
  mines: number;
  bet: bigint;
  /** The mines' tiles, ascending: secret while the round is open (publicView() sends null). */
  minesAt: number[] | null;
  /** Tiles revealed, in order; the last one is the mine when the round ended on one. */
  picks: number[];
  phase: 'open' | 'settled';
  result: MinesResult | null;
  /** Multiplier of the safe tiles revealed so far, hundredths rounded down (0 before the first). */
  multiplier: number;
  /** What the round paid (0 until it is settled, and on a mine). */
  win: bigint;
};

export function validateMinesBet(bet: unknown): MinesBet {
  const b = bet as Partial<MinesBet> | null;
  assertStake(b?.amount);
  const mines = b.mines as unknown;
  if (!Number.isInteger(mines) || (mines as number) < MIN_MINES || (mines as number) > MAX_MINES) {
    throw new GameInputError('bad_mines', `mines is a whole number from ${MIN_MINES} to ${MAX_MINES}`);
  }
  return { amount: b.amount, mines: mines as number };
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** Safe tiles of a board with `mines` mines: the most a round can reveal. */
export const safeTiles = (mines: number) => TILES - mines;

/** P(k safe tiles in a row | mines) = C(25 - m, k) / C(25, k). */
export const survival = (mines: number, k: number): number => Number(binomial(TILES - mines, k)) / Number(binomial(TILES, k));

/** The exact multiplier after k safe tiles as a fraction: 99 C(25, k) / (100 C(25 - m, k)). */
function multiplierFraction(mines: number, k: number): { num: bigint; den: bigint } {
  return { num: 99n * binomial(TILES, k), den: 100n * binomial(TILES - mines, k) };
}

/** The multiplier after k safe tiles, in hundredths rounded down (what the board shows); 0 for k = 0. */
export function multiplierFor(mines: number, k: number): number {
  if (k <= 0 || k > safeTiles(mines)) return 0;
  const { num, den } = multiplierFraction(mines, k);
  return Number((num * 100n) / den);
}

/** What a cash-out after k safe tiles pays on `amount`: floor(amount x 0.99 / P(k)) minor units. */
export function payout(amount: bigint, mines: number, k: number): bigint {
  if (k <= 0 || k > safeTiles(mines)) return 0n;
  const { num, den } = multiplierFraction(mines, k);
  return (amount * num) / den;
}

/** Deals a round: the mines are fixed here from the seeds; nothing is revealed yet. */
export function deal(bet: MinesBet, rng: RoundRng): MinesState {
  const valid = validateMinesBet(bet);
  const minesAt = rng
    .shuffle(BOARD, valid.mines)
    .slice(0, valid.mines)
    .sort((a, b) => a - b);
  return { game: MINES_SYSNAME, mines: valid.mines, bet: valid.amount, minesAt, picks: [], phase: 'open', result: null, multiplier: 0, win: 0n };
}

/** `reveal:<tile>` or `cashout` to the move it names; anything else is refused. */
export function parseAction(action: unknown): { type: 'reveal'; tile: number } | { type: 'cashout' } {
  if (action === 'cashout') return { type: 'cashout' };
  const match = typeof action === 'string' ? /^reveal:([0-9]{1,2})$/.exec(action) : null;
  if (!match) throw new GameInputError('illegal_action', 'a mines action is reveal:<tile> or cashout');
  return { type: 'reveal', tile: Number(match[1]) };
}

/** One move on an open round: the state after it (settled on a mine, a cash-out or a cleared board). */
export function act(state: MinesState, action: MinesAction | string): MinesState {
  if (state.phase !== 'open') throw new GameInputError('round_over', 'the round is over');
  if (!state.minesAt) throw new GameInputError('rng_mismatch', 'the mines of this round are not known here');
  const move = parseAction(action);
  const safe = state.picks.length;
  if (move.type === 'cashout') {
    if (safe === 0) throw new GameInputError('nothing_won', 'reveal a safe tile before cashing out');
    return { ...state, phase: 'settled', result: 'cashout', win: payout(state.bet, state.mines, safe) };
  }
  const { tile } = move;
  if (!Number.isInteger(tile) || tile < 0 || tile >= TILES || state.picks.includes(tile)) {
    throw new GameInputError('bad_tile', `a tile is 0 to ${TILES - 1} and not revealed yet`);
  }
  const picks = [...state.picks, tile];
  if (state.minesAt.includes(tile)) return { ...state, picks, phase: 'settled', result: 'mine', win: 0n };
  const k = picks.length;
  const multiplier = multiplierFor(state.mines, k);
  if (k === safeTiles(state.mines)) return { ...state, picks, multiplier, phase: 'settled', result: 'cleared', win: payout(state.bet, state.mines, k) };
  return { ...state, picks, multiplier };
}

/** What the player may see: the mines only once the round is over. */
export function publicView(state: MinesState): MinesState {
  return state.phase === 'open' ? { ...state, minesAt: null } : state;
}

/** Replays a round: the deal from the seeds, then the recorded actions. */
export function replay(bet: MinesBet, actions: readonly string[], rng: RoundRng): MinesState {
  let state = deal(bet, rng);
  for (const action of actions) state = act(state, action);
  return state;
}

/** The stated RTP: 99% for every mines count and every way of playing, before rounding to the minor unit. */
export function theoreticalRtp(): number {
  return 0.99;
}

/** Exact RTP of cashing out after k safe tiles with `mines` mines on `amount`, rounding included. */
export function rtpFor(amount: bigint, mines: number, k: number): number {
  const paid = payout(amount, mines, k);
  // P(k) x paid / amount, from integers: C(25 - m, k) paid / (C(25, k) amount).
  return Number(binomial(TILES - mines, k) * paid * 1_000_000_000_000n / (binomial(TILES, k) * amount)) / 1e12;
}

/** Exact RTP before rounding of cashing out after k safe tiles: P(k) x 0.99 / P(k), from integers. */
export function exactRtp(mines: number, k: number): { num: bigint; den: bigint } {
  const { num, den } = multiplierFraction(mines, k);
  return { num: binomial(TILES - mines, k) * num, den: binomial(TILES, k) * den };
}
