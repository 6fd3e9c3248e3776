/**
 * The studio: the platform's own game server, which plays the in-house games and the demo
 * studios' themes on the same engines (games/). What the browser's game clients send and get
 * back through /api (docs/studio.md). Money in answers is decimal major units ("1.00") like the
 * rest of the API; inside engine outcomes every bigint is written the same way.
 */
import type { GamePace } from './jurisdiction.ts';
import type { LocaleCode } from './locales.ts';

export const ENGINES = ['slot', 'roulette', 'blackjack', 'dice', 'plinko', 'limbo', 'keno', 'mines', 'baccarat', 'hilo', 'video-poker', 'coins', 'cascade'] as const;
export type Engine = (typeof ENGINES)[number];
export type GameMode = 'real' | 'demo';

/**
 * The game each engine was made for: the verifier replays a round with it, and a game themed on
 * the engine tells players whose reels, rules and maths it plays (issue 29: a theme must not pass
 * for a game of its own).
 */
export const ENGINE_GAMES: Readonly<Record<Engine, { sysname: string; names: Readonly<Record<LocaleCode, string>> }>> = {
  slot: { sysname: 'golden-croupier', names: { en: 'Golden Croupier', fr: 'Croupier Doré' } },
  roulette: { sysname: 'croupier-roulette', names: { en: 'Croupier Roulette', fr: 'Roulette Croupier' } },
  blackjack: { sysname: 'croupier-blackjack', names: { en: 'Croupier Blackjack', fr: 'Blackjack Croupier' } },
  dice: { sysname: 'croupier-dice', names: { en: 'Croupier Dice', fr: 'Dés Croupier' } },
  plinko: { sysname: 'croupier-plinko', names: { en: 'Croupier Plinko', fr: 'Plinko Croupier' } },
  limbo: { sysname: 'croupier-limbo', names: { en: 'Croupier Limbo', fr: 'Limbo Croupier' } },
  keno: { sysname: 'croupier-keno', names: { en: 'Croupier Keno', fr: 'Keno Croupier' } },
  mines: { sysname: 'croupier-mines', names: { en: 'Croupier Mines', fr: 'Mines Croupier' } },
  baccarat: { sysname: 'croupier-baccarat', names: { en: 'Croupier Baccarat', fr: 'Baccara Croupier' } },
  hilo: { sysname: 'croupier-hilo', names: { en: 'Croupier Hi-Lo', fr: 'Hi-Lo Croupier' } },
  'video-poker': { sysname: 'croupier-video-poker', names: { en: 'Croupier Video Poker', fr: 'Vidéo Poker Croupier' } },
  coins: { sysname: 'rivet-royale', names: { en: 'Rivet Royale', fr: 'Rivet Royal' } },
  cascade: { sysname: 'pearl-cascade', names: { en: 'Pearl Cascade', fr: 'Cascade de Perles' } },
};

/** Stake rules of an engine, major units. */
export type StakeLimits = {
  /** Smallest stake (slot: a spin; roulette: one bet; others: a round). */
  min: string;
  /** Largest stake (roulette: the whole spin's total). */
  max: string;
  /** A stake must be a multiple of this. */
  step: string;
  /** The amounts the client offers (slot: total bet levels; roulette: chip values). */
  presets: string[];
};

export const STAKE_LIMITS: Readonly<Record<Engine, StakeLimits>> = {
  slot: { min: '0.20', max: '100.00', step: '0.20', presets: ['0.20', '0.40', '1.00', '2.00', '5.00', '10.00', '20.00', '50.00', '100.00'] },
  roulette: { min: '0.10', max: '1000.00', step: '0.10', presets: ['0.10', '0.50', '1.00', '5.00', '25.00', '100.00'] },
  blackjack: { min: '1.00', max: '500.00', step: '0.50', presets: ['1.00', '5.00', '10.00', '25.00', '100.00', '500.00'] },
  dice: { min: '0.10', max: '1000.00', step: '0.01', presets: ['0.10', '1.00', '5.00', '10.00', '50.00', '100.00'] },
  plinko: { min: '0.10', max: '100.00', step: '0.10', presets: ['0.10', '0.50', '1.00', '2.00', '5.00', '10.00', '25.00', '50.00', '100.00'] },
  limbo: { min: '0.10', max: '100.00', step: '0.01', presets: ['0.10', '0.50', '1.00', '2.00', '5.00', '10.00', '25.00', '50.00', '100.00'] },
  keno: { min: '0.10', max: '100.00', step: '0.10', presets: ['0.10', '0.50', '1.00', '2.00', '5.00', '10.00', '25.00', '50.00', '100.00'] },
  mines: { min: '0.10', max: '100.00', step: '0.10', presets: ['0.10', '0.50', '1.00', '2.00', '5.00', '10.00', '25.00', '50.00', '100.00'] },
  baccarat: { min: '0.20', max: '500.00', step: '0.20', presets: ['0.20', '1.00', '5.00', '25.00', '100.00'] },
  hilo: { min: '0.10', max: '100.00', step: '0.01', presets: ['0.10', '0.50', '1.00', '2.00', '5.00', '10.00', '25.00', '50.00', '100.00'] },
  'video-poker': { min: '0.10', max: '100.00', step: '0.10', presets: ['0.10', '0.50', '1.00', '2.00', '5.00', '10.00', '25.00', '50.00', '100.00'] },
  coins: { min: '0.10', max: '50.00', step: '0.10', presets: ['0.10', '0.20', '0.50', '1.00', '2.00', '5.00', '10.00', '20.00', '50.00'] },
  // Pearl Cascade counts wins in twentieths of the stake (pays are multiples of 0.05x): the slot's 0.20 step keeps them whole cents.
  cascade: { min: '0.20', max: '100.00', step: '0.20', presets: ['0.20', '0.40', '1.00', '2.00', '5.00', '10.00', '20.00', '50.00', '100.00'] },
};

export type BlackjackActionName = 'hit' | 'stand' | 'double' | 'split';
/** Mines: `reveal` names its `tile` (0..24, row by row from the top left); `cashout` takes what is won. */
export type MinesActionName = 'reveal' | 'cashout';
/** Hi-Lo: a guess on the next card, a skip of the card shown, or the cash-out (games/engines/hilo). */
export type HiloActionName = 'higher' | 'lower' | 'same' | 'higher_or_same' | 'lower_or_same' | 'skip' | 'cashout';
/** Video poker: `draw` names the cards kept in `held` (their positions 0..4 in the deal, at most five, each once). */
export type VideoPokerActionName = 'draw';
/** games/act's `action`. */
export type ActionName = BlackjackActionName | MinesActionName | HiloActionName | VideoPokerActionName;

/** The `bet` of games/play per engine (sent as JSON text or an object). */
export type PlayBet =
  | { amount: string } // slot (total stake of the 20 lines), coins (of its 10 lines), blackjack (initial bet), hi-lo and video poker
  | { bets: Array<{ type: string; numbers?: number[]; index?: number; amount: string }> } // roulette
  | { amount: string; target: number; direction: 'over' | 'under' } // dice: target in hundredths 0..9999
  | { amount: string; rows: number; risk: 'low' | 'medium' | 'high' } // plinko: 8 to 16 rows
  | { amount: string; target: number } // limbo: target multiplier in hundredths 101..100000000
  | { amount: string; picks: number[] } // keno: 1 to 10 different numbers of 1..40
  | { amount: string; mines: number } // mines: 1 to 24 mines on the 25 tiles
  | { bets: Array<{ on: 'player' | 'banker' | 'tie'; amount: string }> }; // baccarat: 1 to 3 areas, each once

/** The seed pair in play: the server seed's SHA-256 is shown before any round is played on it. */
export type FairnessState = {
  server_seed_hash: string;
  client_seed: string;
  /** The nonce the next round takes. */
  nonce: number;
};

export type RevealedSeed = {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  /** Rounds played on the pair (nonces 0 .. rounds-1). */
  rounds: number;
  revealed_at: string;
};

/** games/getFairness: the active pair and the last revealed ones, latest first. */
export type FairnessInfo = { active: FairnessState; revealed: RevealedSeed[] };

/** games/rotateSeed: the pair just revealed and the new active one. */
export type RotateResult = { revealed: RevealedSeed; active: FairnessState };

/** One round as the player sees it. */
export type RoundView = {
  round_id: string;
  game: string;
  engine: Engine;
  mode: GameMode;
  /** open: blackjack, Mines, Hi-Lo or video poker waits for the player's action; settled: paid. */
  status: 'open' | 'settled';
  currency: string;
  staked: string;
  win: string;
  /** The session's balance after this round (main in real mode, fun in demo). */
  balance: string;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  /**
   * The engine's outcome (games/engines/<engine>): SlotOutcome, RouletteOutcome, DiceOutcome, or
   * for blackjack its public view (the hole card is null until the round is settled, with
   * `legalActions`). Bigints are major-unit strings.
   */
  outcome: Record<string, unknown>;
  created_at: string;
  /** A free spin of a pack (games/playFreeSpin): nothing was staked; `win` was paid by the house. */
  free_spin?: { pack_id: number; number: number };
  /** After a free spin: the pack to play next in this game (this one while spins are left), or null. */
  free_spins?: FreeSpinsOffer | null;
};

/**
 * A free-spin pack the player can play in a game, with real money only: spins at the pack's stake
 * that take nothing from the balance, their wins paid to the main balance (docs/studio.md).
 */
export type FreeSpinsOffer = {
  pack_id: number;
  /** Spins left, and in all. */
  remaining: number;
  total: number;
  /** The number the next spin takes: games/playFreeSpin's `spin`, so a repeated request plays nothing twice. */
  next_spin: number;
  /** Stake of each spin, major units. */
  stake: string;
  currency: string;
  expires_at: string | null;
  /** The pack's title in the player's language (the campaign's), or null. */
  title: string | null;
};

/** games/launch: a game session for one game in one mode. */
export type LaunchResult = {
  /** The game session token: games/play and games/act name it. */
  token: string;
  sysname: string;
  name: string;
  provider: string;
  engine: Engine;
  mode: GameMode;
  currency: string;
  balance: string;
  limits: StakeLimits;
  fairness: FairnessState;
  /** A blackjack hand, a Mines board, a Hi-Lo round or a video poker deal left open in this mode, to resume. */
  open_round: RoundView | null;
  /** Real money: the free-spin pack to play first in this game, or null. */
  free_spins: FreeSpinsOffer | null;
  /** The slots' pace under the site's licence: the client paces its spins by it (contract/jurisdiction.ts). */
  pace: GamePace;
};

/** games/verifyRound: a round recomputed from its seeds, once its server seed is revealed. */
export type VerifyResult = {
  round_id: string;
  game: string;
  engine: Engine;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  /** null until the player rotates the pair. */
  server_seed: string | null;
  /** SHA-256 of the revealed seed equals the hash shown before play (null until revealed). */
  hash_matches: boolean | null;
  bet: Record<string, unknown>;
  /** Blackjack: hit, stand ...; Mines: `reveal:<tile>` and `cashout`; Hi-Lo: its guesses, skips and `cashout`; video poker: `draw:<five 0/1>` (1 = held), in order. */
  actions: string[];
  recorded: Record<string, unknown>;
  /** The engine's outcome replayed from the seeds (null until revealed). */
  replayed: Record<string, unknown> | null;
  /** replayed equals recorded (null until revealed). */
  matches: boolean | null;
  created_at: string;
};

/** Messages a game frame posts to the game page (same origin only). */
export type StudioFrameMessage =
  | { type: 'croupier:balance'; balance: string; currency: string; mode: GameMode }
  | { type: 'croupier:round'; round_id: string; win: string; staked: string };
