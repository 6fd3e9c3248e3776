/**
 * The back office's marketing screens for loyalty and tournaments (docs/backoffice.md, "Marketing:
 * loyalty and tournaments"): what their endpoints answer and what their forms send. Amounts in
 * forms are major units as decimal strings ("10.00"), times ISO 8601, texts in both languages.
 */
import type { CurrencyCode } from './money.ts';
import type { LoyaltyProductKind } from './loyalty.ts';
import type { TournamentPrizeKind, TournamentScoring, TournamentStatus, TournamentView } from './tournaments.ts';

/** A text in both of the site's languages: both are asked for. */
export type BothLanguages<T> = { en: T; fr: T };

// --- loyalty ---------------------------------------------------------------------------------------

export type LoyaltyLevelForm = {
  /** Absent: a new level, numbered after the last. */
  id?: number;
  sysname: string;
  names: BothLanguages<string>;
  /** Lifetime points from which the level holds: 0 for level 1, rising with the number. */
  threshold: number;
  /** Points per 10.00 staked on a slot. */
  earn_rate: number;
  /** What the level gives, one line each. */
  perks: BothLanguages<string[]>;
};

export type LoyaltyCharacterForm = {
  id?: number;
  sysname: string;
  names: BothLanguages<string>;
  descriptions: BothLanguages<string>;
  image_url: string;
  position: number;
  is_active: boolean;
};

/** A shop product's reward as the form writes it (major units); the kind decides which one. */
export type LoyaltyRewardForm =
  | { type: 'fixed_bonus'; amount: string; wagering: number; max_bet: string | null; days: number }
  | { type: 'free_spins'; game: string; spins: number; stake: string; days: number }
  | { type: 'cashback'; percent: number; period_days: number; payout: 'request' | 'auto'; claim_days: number };

export type LoyaltyProductForm = {
  id?: number;
  sysname: string;
  kind: LoyaltyProductKind;
  /** Whole points. */
  price: number;
  min_level: number;
  currency: CurrencyCode;
  reward: LoyaltyRewardForm;
  texts: BothLanguages<{ name: string; description: string }>;
  image_url: string | null;
  position: number;
  is_active: boolean;
};

/** The loyalty screen: the active programme's levels, the characters, the shop, and the game-type shares of a stake. */
export type LoyaltyAdminAnswer = {
  program: { id: number; sysname: string; name: string } | null;
  levels: Array<Required<LoyaltyLevelForm> & { number: number; players: number }>;
  characters: Array<Required<LoyaltyCharacterForm>>;
  products: Array<Required<Omit<LoyaltyProductForm, 'image_url'>> & { image_url: string | null; sold: number }>;
  /** How much of a stake earns by game type, in percent (code constants: docs/loyalty.md). */
  game_factors: Record<string, number>;
  points_alias: string;
};

// --- tournaments -----------------------------------------------------------------------------------

export type TournamentPrizeForm = { from: number; to: number; amount: string; kind: TournamentPrizeKind; wagering?: number; days?: number };

/** A tournament as the form writes it (and as a template is read back for a copy). */
export type TournamentForm = {
  sysname: string;
  names: BothLanguages<string>;
  descriptions: BothLanguages<string>;
  image_url: string | null;
  currency: CurrencyCode;
  starts_at: string;
  ends_at: string;
  /** Eligible games by sysname; null: every in-house game. */
  games: string[] | null;
  scoring: TournamentScoring;
  min_bet: string;
  buy_in: string;
  prizes: TournamentPrizeForm[];
};

export type TournamentAdminRow = {
  id: number;
  sysname: string;
  name: string;
  status: TournamentStatus;
  currency: CurrencyCode;
  scoring: TournamentScoring;
  starts_at: string;
  ends_at: string;
  finished_at: string | null;
  players: number;
  total_prize: string;
  games: string[] | null;
};

export type TournamentStanding = { rank: number; user_id: number; login: string; points: string; prize: string | null; prize_kind: TournamentPrizeKind | null };

/** One tournament: its form (to edit or copy), its site view in each language and its standings. */
export type TournamentAdminAnswer = {
  row: TournamentAdminRow;
  form: TournamentForm;
  views: BothLanguages<TournamentView>;
  standings: TournamentStanding[];
};

/** A game that can be made eligible. */
export type TournamentGameOption = { sysname: string; name: string; type: string; provider: string; in_house: boolean };
