/**
 * The business report as the back office reads it (`reports/business`, docs/reports.md). Money
 * as decimal strings in the row's currency; a figure a dimension has no meaning for (sign-ups per
 * game) is null.
 */
export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_DIMENSIONS = ['total', 'country', 'provider', 'game', 'campaign', 'affiliate'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

export type BusinessReportRow = {
  /** The period's first day, YYYY-MM-DD (weeks start on Monday). */
  period: string;
  currency: string;
  /**
   * The dimension's value: a country code, provider, game, campaign (its sysname) or affiliate
   * (its name); '' for the total, an unknown country, bonuses granted by no campaign.
   */
  key: string;
  /** Play, deposits and withdrawals: null per campaign (a campaign's rows carry its bonus figures only). */
  stakes: string | null;
  wins: string | null;
  refunds: string | null;
  ggr: string | null;
  bonus_cost: string;
  cashback: string;
  ngr: string | null;
  deposits: string | null;
  deposit_count: number | null;
  first_deposits: number | null;
  withdrawals: string | null;
  withdrawal_count: number | null;
  signups: number | null;
  active_players: number | null;
  arpu: string | null;
  /** Sportsbook: stakes of the bets placed in the period (null per provider, game or campaign). */
  sports_turnover: string | null;
  /** Bets settled in the period: their stakes, and what the house kept of them (stakes − pay-outs). */
  sports_settled_stakes: string | null;
  sports_ggr: string | null;
  /** sports_ggr / sports_settled_stakes in percent, two decimals; null without a settled bet. */
  sports_margin: string | null;
  /** Bonus money credited in the period, and what became of it since: converted to main, expired, forfeited. */
  bonus_granted: string | null;
  bonus_converted: string | null;
  bonus_expired: string | null;
  bonus_forfeited: string | null;
  /** Of those bonuses, how many still run (wagering not finished). */
  bonus_running: number | null;
  /** bonus_converted / bonus_granted in percent, two decimals; null without a grant. */
  bonus_conversion: string | null;
};

/**
 * What the house owes now, per currency (a point in time, not a period; docs/reports.md):
 * the open sports bets, the jackpot pools, the players' loyalty points.
 */
export type ReportLiability = {
  currency: string;
  sports_open_bets: number;
  sports_open_stakes: string;
  /** What the open bets would pay if every one of them won. */
  sports_potential_payout: string;
  /** Potential pay-out − stakes held: what the house would lose beyond the stakes. */
  sports_open_liability: string;
  /** The ledger balance of `jackpot_pool`: the sum of the pools' live amounts. */
  jackpot_pools: string;
  /** Whole points the currency's players hold and may spend in the shop. */
  loyalty_points: number;
  /**
   * The shop's best rate in that currency: `points` buy `buys` of bonus money or free spins (face
   * value, the product giving the most money per point); null: the shop sells no money there.
   */
  loyalty_rate: { points: number; buys: string; product: string } | null;
  /** loyalty_points at that rate, rounded down; null without a rate. */
  loyalty_value: string | null;
};

export type BusinessReport = {
  from: string;
  to: string;
  period: ReportPeriod;
  by: ReportDimension;
  rows: BusinessReportRow[];
  /** Liabilities now, per currency (filtered by the report's currency). */
  liabilities: ReportLiability[];
  /** When the liabilities were read. */
  liabilities_at: string;
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
