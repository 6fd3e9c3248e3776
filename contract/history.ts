/**
 * Game history (games/getHistory) and its CSV export (games/createhistoryexportrequest,
 * games/gethistoryexportrequest, GET /platform/history-export/{id}.csv): what the app and the
 * server agree on. Money is decimal major units ("1.00") with the round's currency, like the rest
 * of the API. docs/api.md describes the methods.
 */
import type { GameMode } from './studio.ts';

/** Rows of one games/getHistory page by default (the spec's 4 per tab is for the cashier tabs). */
export const GAME_HISTORY_PAGE_SIZE = 20;
/** Largest page games/getHistory answers. */
export const GAME_HISTORY_MAX_COUNT = 100;
/** An export holds at most this many rounds: the newest ones of its range. */
export const HISTORY_EXPORT_MAX_ROWS = 50_000;

/**
 * open: bets taken, no win reported yet (a blackjack hand waiting, or a provider's round in
 * play); settled: the win (0 for a loss) is paid; rolled_back: the provider reversed the bet.
 */
export const ROUND_STATUSES = ['open', 'settled', 'rolled_back'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** The provably fair data of a round the platform's own game server played. */
export type RoundFairness = {
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  /** The seed pair is revealed (rotated): the round can be recomputed on /fairness. */
  verifiable: boolean;
};

export type GameHistoryItem = {
  round_id: string;
  provider: string;
  game: { sysname: string; name: string };
  mode: GameMode;
  currency: string;
  /** Stakes taken. */
  bet: string;
  /** Paid back, stake included (0 for a loss). */
  win: string;
  /** Stakes returned by rollbacks. */
  refunded: string;
  /** win + refunded - bet. */
  net: string;
  status: RoundStatus;
  started_at: string;
  /** null while open. */
  finished_at: string | null;
  /** null for a round of an external provider's game. */
  fairness: RoundFairness | null;
};

export type GameHistoryPage = { items: GameHistoryItem[]; total: number };

export const HISTORY_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type HistoryExportStatus = (typeof HISTORY_EXPORT_STATUSES)[number];

export type HistoryExportInfo = {
  id: number;
  status: HistoryExportStatus;
  /** Rounds in the file (null until ready). */
  row_count: number | null;
  /** The range held HISTORY_EXPORT_MAX_ROWS rounds or more: the file has the newest ones. */
  truncated: boolean;
  created_at: string;
  /** Where the owner downloads it (same origin, cookie session), once ready. */
  url: string | null;
};

/** The download address of an export. */
export const historyExportPath = (id: number) => `/platform/history-export/${id}.csv`;

/** Columns of the CSV, in order. */
export const HISTORY_CSV_COLUMNS = [
  'round_id',
  'time_utc',
  'game',
  'provider',
  'mode',
  'currency',
  'bet',
  'win',
  'net',
  'status',
  'nonce',
  'client_seed',
  'server_seed_hash',
] as const;
