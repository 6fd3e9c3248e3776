/**
 * The business report as the back office reads it (`reports/business`, docs/reports.md). Money
 * as decimal strings in the row's currency; a figure a dimension has no meaning for (sign-ups per
 * game) is null.
 */
export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_DIMENSIONS = ['total', 'country', 'provider', 'game'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

export type BusinessReportRow = {
  /** The period's first day, YYYY-MM-DD (weeks start on Monday). */
  period: string;
  currency: string;
  /** The dimension's value: a country code, provider or game ('' for the total, or an unknown country). */
  key: string;
  stakes: string;
  wins: string;
  refunds: string;
  ggr: string;
  bonus_cost: string;
  cashback: string;
  ngr: string;
  deposits: string;
  deposit_count: number;
  first_deposits: number;
  withdrawals: string;
  withdrawal_count: number;
  signups: number | null;
  active_players: number | null;
  arpu: string | null;
};

export type BusinessReport = {
  from: string;
  to: string;
  period: ReportPeriod;
  by: ReportDimension;
  rows: BusinessReportRow[];
  /** The last ledger movement the rows include, and when the fold ran. */
  folded_through: number;
  folded_at: string | null;
};

/** One game, window and currency of the RTP watch (`reports/rtp`, docs/reports.md): percentages with two decimals. */
export type RtpWatchRow = {
  game: string;
  name: string;
  currency: string;
  window_days: number;
  rounds: number;
  declared: string | null;
  measured: string;
  /** The measured RTP's interval at 99.9% confidence. */
  low: string;
  high: string;
  status: 'ok' | 'outside' | 'too-few-rounds' | 'no-declared-rtp';
};

export type RtpWatch = { confidence: number; min_rounds: number; rows: RtpWatchRow[] };

/** One minute of the live dashboard's last hour, in the currency of its series. */
export type LiveDashboardMinute = { minute: string; bets: number; stakes: string; ggr: string; deposits: string };

/** A currency's figures on the live dashboard (never added across currencies). */
export type LiveDashboardCurrency = {
  currency: string;
  /** The UTC day so far, as folded. */
  today: { ggr: string; stakes: string; bets: number; deposits: string; deposit_count: number; withdrawals: string; withdrawal_count: number; active_players: number };
  /** The last 60 folded minutes, oldest first, quiet minutes at zero. */
  last_hour: LiveDashboardMinute[];
};

/** What waits for staff now. */
export type LiveDashboardQueues = { withdrawals: number; verification: number; risk_cases: number; support_chats: number };

/**
 * The live dashboard (`reports/live`, and pushed on the back office's live stream as `dashboard`,
 * docs/reports.md): players online now, and the money as folded (a minute or two behind the ledger).
 */
export type LiveDashboard = {
  at: string;
  players_online: number;
  currencies: LiveDashboardCurrency[];
  queues: LiveDashboardQueues;
  folded_at: string | null;
  /** The end (excluded) of the last hour's series: the last minute every movement of which is folded. */
  through: string;
};
