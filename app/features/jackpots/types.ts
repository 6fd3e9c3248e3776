import type { JackpotView, LeaderboardEntry, WinnerView } from '../../../contract/jackpots.ts';

export type { GameRef, JackpotList, LeaderboardEntry, WinnerList } from '../../../contract/jackpots.ts';
/** The answers' shapes (contract/jackpots.ts), under the names the pages use. */
export type Jackpot = JackpotView;
export type Winner = WinnerView;

export const LEADERBOARD_PERIODS = ['day', 'week', 'month'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_SORTS = ['amount', 'multiplier'] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

export type Leaderboard = { period: LeaderboardPeriod; by: LeaderboardSort; currency: string; from: string; to: string; items: LeaderboardEntry[] };

/** How often the live amounts refresh in the browser. */
export const JACKPOT_REFRESH_MS = 5_000;

/** A real-money win of at least this much (major units, any currency) is a big win (server: BIG_WIN_MAJOR). */
export const BIG_WIN_AMOUNT = '50.00';
