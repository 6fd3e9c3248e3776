/**
 * What tournaments/get and tournaments/participate answer (docs/tournaments.md): shared by the
 * server that builds them and the pages that show them. Amounts are formatted major units.
 */
import type { CurrencyCode } from './money.ts';

export const TOURNAMENT_SCORINGS = ['total_win', 'biggest_multiplier', 'wagered'] as const;
export type TournamentScoring = (typeof TOURNAMENT_SCORINGS)[number];
export const TOURNAMENT_STATUSES = ['upcoming', 'active', 'finished'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** How a prize is paid: money to the main balance (the default), or bonus money with wagering (docs/promotions.md). */
export const TOURNAMENT_PRIZE_KINDS = ['money', 'bonus'] as const;
export type TournamentPrizeKind = (typeof TOURNAMENT_PRIZE_KINDS)[number];

/** The prize of each rank from `from` to `to`; a bonus must be wagered `wagering` times before it is money. */
export type TournamentPrize = { from: number; to: number; amount: string; kind: TournamentPrizeKind; wagering?: number };

export type TournamentRow = {
  rank: number;
  name: string;
  /** Points as shown: an amount for total_win and wagered, a multiplier ("x12.50") for biggest_multiplier. */
  points: string;
  prize: string | null;
  /** How `prize` is paid (null without a prize). */
  prize_kind: TournamentPrizeKind | null;
};

export type TournamentView = {
  id: number;
  sysname: string;
  name: string;
  description: string;
  image_url: string | null;
  status: TournamentStatus;
  starts_at: string;
  ends_at: string;
  currency: CurrencyCode;
  scoring: TournamentScoring;
  min_bet: string;
  buy_in: string;
  prizes: TournamentPrize[];
  total_prize: string;
  /** Eligible games by sysname (games/get with `{id, type: 'tournament'}` answers them as games); `all_games`: every game the platform's engines play. */
  games: string[];
  all_games: boolean;
  games_count: number;
  total_participants: number;
  /** The first ranks (the winners once finished). */
  leaderboard: TournamentRow[];
  /** The signed-in player's place, or null (a guest, or not joined). */
  user_info: { joined: true; rank: number | null; points: string; prize: string | null; prize_kind: TournamentPrizeKind | null } | null;
};

/** A tournament a player joined, with their place (the back office's player page). */
export type PlayerTournamentView = {
  id: number;
  sysname: string;
  name: string;
  status: TournamentStatus;
  currency: CurrencyCode;
  starts_at: string;
  ends_at: string;
  joined_at: string;
  rank: number | null;
  points: string;
  prize: string | null;
  prize_kind: TournamentPrizeKind | null;
};
