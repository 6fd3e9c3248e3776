/**
 * What jackpots/get, jackpots/getWinners and leaderboard/get answer (docs/api.md,
 * docs/jackpots.md): shared by the server that builds them and the pages that show them.
 */
import type { CurrencyCode } from './money.ts';

/** A game as public lists show it. */
export type GameRef = { sysname: string; name: string; image_url: string };

export type JackpotView = {
  id: string;
  name: string;
  currency: CurrencyCode;
  /** The pool now: the cycle's seed plus every contribution since the last win. */
  amount: string;
  seed: string;
  /** Share of each eligible bet, in percent ("0.50"). */
  contribution_percent: string;
  /** On average the pool drops once per this much wagered on eligible games (P(win) = bet / trigger_stake). */
  trigger_stake: string;
  min_bet: string;
  /** The pool's average size when it drops: seed + share × trigger_stake. */
  expected_amount: string;
  /** Eligible games by sysname; `all_games`: every game the platform's engines play. */
  games: string[];
  all_games: boolean;
  wins_count: number;
  cycle_started_at: string;
  last_win: WinnerView | null;
};

export type WinnerView = {
  type: 'jackpot' | 'big_win';
  jackpot: { id: string; name: string } | null;
  /** Masked (J***n, an***@). */
  name: string;
  game: GameRef | null;
  amount: string;
  bet: string | null;
  multiplier: string | null;
  currency: string;
  won_at: string;
};

export type LeaderboardEntry = Omit<WinnerView, 'type' | 'jackpot'> & { rank: number };

export type JackpotList = { currency: string; items: JackpotView[]; updated_at: string };
export type WinnerList = { items: WinnerView[] };
