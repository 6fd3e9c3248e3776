import type { ActionName, BlackjackActionName, Engine, FreeSpinsOffer, GameMode, LaunchResult, PlayBet, RoundView, StakeLimits } from '../../../contract/studio.ts';
import type { SlotSymbol } from '../../../games/engines/slot/paytable.ts';
import type { StudioError } from './errors.ts';

/**
 * The engines' outcomes as the studio sends them (contract/studio.ts): every bigint of the
 * engine's type is a major-unit string, numbers stay numbers.
 */
export type SlotLineWinView = { line: number; symbol: SlotSymbol; count: number; pay: number; win: string };
export type SlotSpinView = {
  stops: number[];
  grid: SlotSymbol[][];
  lineWins: SlotLineWinView[];
  scatters: number;
  scatterWin: string;
  freeSpinsAwarded: number;
  multiplier: number;
  win: string;
};
export type SlotOutcomeView = { bet: string; lineBet: string; base: SlotSpinView; freeSpins: SlotSpinView[]; freeSpinsWin: string; win: string };

export type RouletteBetView = { type: string; numbers?: number[]; index?: number; amount: string };
export type RouletteOutcomeView = {
  number: number;
  color: 'green' | 'red' | 'black';
  bets: Array<{ bet: RouletteBetView; covered: number[]; payout: number; won: boolean; win: string }>;
  bet: string;
  win: string;
};

export type DiceOutcomeView = {
  roll: number;
  target: number;
  direction: 'over' | 'under';
  winningRolls: number;
  multiplier: number;
  won: boolean;
  bet: string;
  win: string;
};

export type PlinkoOutcomeView = {
  rows: number;
  risk: 'low' | 'medium' | 'high';
  /** One 0 (left) or 1 (right) per row, from the top. */
  path: number[];
  slot: number;
  /** Hundredths: 556 = 5.56x. */
  multiplier: number;
  bet: string;
  win: string;
};

export type LimboOutcomeView = {
  /** Hundredths: 250 = 2.50x. */
  target: number;
  result: number;
  won: boolean;
  bet: string;
  win: string;
};

export type KenoOutcomeView = {
  picks: number[];
  /** In draw order. */
  drawn: number[];
  hits: number[];
  /** Hundredths. */
  multiplier: number;
  bet: string;
  win: string;
};

export type MinesView = {
  mines: number;
  bet: string;
  /** The mines' tiles (0..24): null while the round is open. */
  minesAt: number[] | null;
  /** Tiles revealed in order (the last is the mine when one ended the round). */
  picks: number[];
  phase: 'open' | 'settled';
  result: 'cashout' | 'cleared' | 'mine' | null;
  /** Hundredths, rounded down. */
  multiplier: number;
  win: string;
};

export type BaccaratOutcomeView = {
  /** Card codes in deal order (2 or 3). */
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  result: 'player' | 'banker' | 'tie';
  natural: boolean;
  bets: Array<{ on: 'player' | 'banker' | 'tie'; amount: string; win: string }>;
  bet: string;
  win: string;
};

export type BlackjackHandResult = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';
export type BlackjackHandView = { cards: number[]; stake: string; doubled: boolean; split: boolean; done: boolean };
export type BlackjackView = {
  bet: string;
  /** [up, hole, draws...]; the hole card is null until the round is settled. */
  dealer: Array<number | null>;
  hands: BlackjackHandView[];
  active: number;
  phase: 'player' | 'settled';
  staked: string;
  win: string;
  settlement: { hands: Array<{ result: BlackjackHandResult; win: string }>; dealerTotal: number; dealerBlackjack: boolean; dealerBust: boolean } | null;
  legalActions: BlackjackActionName[];
};

export const outcomeOf = <T>(round: RoundView) => round.outcome as unknown as T;

/** The game the play page hosts. */
export type StudioGame = { sysname: string; name: string; provider: string; engine: Engine };

/** What the play page gives an engine's client. */
export type StudioSession = {
  game: StudioGame;
  mode: GameMode;
  launch: LaunchResult;
  currency: string;
  limits: StakeLimits;
  /** The balance on screen (the stake leaves it as soon as a round starts). */
  balance: string;
  stake: string;
  setStake: (stake: string) => void;
  /** A call is on its way. */
  busy: boolean;
  /** Animations are cut short (prefers-reduced-motion). */
  reducedMotion: boolean;
  /**
   * Plays a round: the stake leaves the balance on screen at once; null when the call failed (the
   * error is shown by the page). The client shows the round, then calls `commit(round)`.
   */
  play: (bet: PlayBet, staked: string) => Promise<RoundView | null>;
  /** Real money: the free-spin pack played first in this game (slot), or null. */
  freeSpins: FreeSpinsOffer | null;
  /** Plays the pack's next spin: nothing leaves the balance; null when the call failed. */
  playFreeSpin: () => Promise<RoundView | null>;
  /** A move on the open round (blackjack's actions; Mines' `reveal` of `tile` and `cashout`; video poker's `draw` keeping the positions `held`). */
  act: (roundId: string, action: ActionName, extraStake?: string, tile?: number, held?: number[]) => Promise<RoundView | null>;
  /** The round is on screen: its balance becomes the one shown, the outer page hears of it. */
  commit: (round: RoundView) => void;
  /** The client's main action for the Space key (spin, roll, deal, ...). */
  setPrimaryAction: (action: (() => void) | null) => void;
  error: StudioError | null;
  clearError: () => void;
};

export type StudioClientProps = { session: StudioSession };
