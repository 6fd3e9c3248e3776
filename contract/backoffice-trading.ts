/**
 * The back office's sportsbook trading screens (docs/backoffice.md, "Sportsbook trading"): what
 * the server answers and the screens show. Money is decimal major units with its currency, odds
 * decimal strings, as in contract/betting.ts.
 */
import type { BetStatus, BetView, EventStatus, MarketStatus, MarketType, SelectionKey, SelectionResult, SportKey } from './betting.ts';

/**
 * Liability in one currency (bets in different currencies are never added together). For each
 * selection: what the open bets on it would pay if it won, less every stake taken on the market;
 * the market's liability is the worst of them. An event's is the sum of its markets' (an upper
 * bound: at most one selection of each market wins).
 */
export type SelectionLiabilityView = { selection_id: number; payout: string; liability: string };
export type MarketLiabilityView = { currency: string; stakes: string; open_bets: number; worst: string; selections: SelectionLiabilityView[] };
export type LiabilityAmount = { currency: string; amount: string };

export const TRADING_EVENT_FILTERS = ['open', 'live', 'scheduled', 'ended', 'settled', 'cancelled', 'all'] as const;
export type TradingEventFilter = (typeof TRADING_EVENT_FILTERS)[number];

export type TradingEventRow = {
  id: number;
  sport: SportKey;
  competition: string;
  home: string;
  away: string;
  starts_at: string;
  status: EventStatus;
  score: { home: number; away: number } | null;
  markets: number;
  suspended: number;
  open_bets: number;
  liability: LiabilityAmount[];
};

export type TradingSelectionView = { id: number; key: SelectionKey; name: string; odds: string; result: SelectionResult | null };

export type TradingMarketView = {
  id: number;
  type: MarketType;
  name: string;
  status: MarketStatus;
  version: number;
  /** A trader suspended it: the feed does not reopen it. */
  trader_suspended: boolean;
  /** A trader pinned its odds: the feed's prices are ignored. */
  odds_override: boolean;
  /** The trader's margin in percent ("7.5"), or null: the feed's own (about 5%). */
  margin: string | null;
  /** The implied chances of its odds, less 100%, in percent ("5.2"). */
  book_margin: string;
  selections: TradingSelectionView[];
  liability: MarketLiabilityView[];
};

export type TradingEventView = Omit<TradingEventRow, 'markets' | 'suspended'> & { markets: TradingMarketView[] };

/** What a settlement (or re-settlement, or void) of a market would move, player by player. */
export type SettlePreviewView = {
  market_id: number;
  /** The version the preview was computed on: settling with it refuses a market changed since. */
  version: number;
  results: Array<{ selection_id: number; name: string; result: SelectionResult }>;
  bets: number;
  players: Array<{ user_id: number; login: string | null; currency: string; difference: string; bets: number }>;
  totals: Array<{ currency: string; difference: string }>;
};

/** What settling a whole event by a final score (or calling it off) would move: every market resulted as the feed's result would. */
export type SettleEventPreviewView = Pick<SettlePreviewView, 'bets' | 'players' | 'totals'> & {
  event_id: number;
  /** The event's version the preview was computed on: settling with it refuses an event changed since. */
  version: number;
  outcome: { score: { home: number; away: number } } | { void: true };
  markets: number;
};

export type SettleAnswer = SettlePreviewView & { settled: number; failed: Array<{ bet_id: number; reason: string }> };

export type TradingBetView = BetView & { user_id: number; login: string | null };

export type PlayerLimitsView = {
  user_id: number;
  login: string | null;
  currency: string;
  /** "0.25": a quarter of the book's maximum stake; "1": all of it. */
  stake_factor: string;
  /** The player's own maximum stake, or null: none. */
  max_stake: string | null;
  /** The book's maximum stake (the same for every market) and what this player may stake at most. */
  book_max_stake: string;
  effective_max_stake: string;
  updated_at: string | null;
};

export const TRADING_BET_STATUSES = ['open', 'settled', 'won', 'lost', 'void', 'cashed_out', 'all'] as const satisfies ReadonlyArray<BetStatus | 'settled' | 'all'>;
export type TradingBetStatus = (typeof TRADING_BET_STATUSES)[number];
