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
