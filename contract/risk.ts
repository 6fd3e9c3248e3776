/**
 * Risk and AML as the back office sees it (docs/risk.md): the rules and their thresholds, the
 * alerts they raise, the compliance cases the alerts open. Amounts the rules compare are euros.
 */

export const RISK_RULE_IDS = ['large_deposit', 'deposits_30d', 'low_turnover_withdrawal', 'failed_deposits', 'linked_to_excluded', 'rapid_limit_increases', 'shared_requisites', 'player_rtp_outlier', 'shared_device', 'offer_per_device', 'shared_address'] as const;
export type RiskRuleId = (typeof RISK_RULE_IDS)[number];

export const RISK_CASE_STATUSES = ['open', 'investigating', 'closed'] as const;
export type RiskCaseStatus = (typeof RISK_CASE_STATUSES)[number];

/**
 * How a case ends: nothing to do; enhanced due diligence asked of the player (source of funds);
 * the account restricted (the operator bans or excludes it on the player page); a suspicious
 * activity report filed with the financial intelligence unit.
 */
export const RISK_CASE_OUTCOMES = ['no_action', 'edd_requested', 'account_restricted', 'reported_to_fiu'] as const;
export type RiskCaseOutcome = (typeof RISK_CASE_OUTCOMES)[number];

/** One threshold of a rule, as the rules screen draws its field. */
export type RiskThresholdField = { key: string; kind: 'number' | 'boolean'; min?: number; max?: number; integer?: boolean };

export type RiskRuleView = {
  id: RiskRuleId;
  enabled: boolean;
  thresholds: Record<string, number | boolean>;
  defaults: Record<string, number | boolean>;
  fields: RiskThresholdField[];
  /** Null while the rule runs with its defaults. */
  updated_at: string | null;
  updated_by: string | null;
  alerts_30d: number;
};

export type RiskAlertView = {
  id: number;
  rule_id: RiskRuleId;
  user_id: number;
  player: string | null;
  case_id: number;
  case_status: RiskCaseStatus;
  details: Record<string, unknown>;
  created_at: string;
};

export type RiskCaseView = {
  id: number;
  user_id: number;
  player: string | null;
  status: RiskCaseStatus;
  outcome: RiskCaseOutcome | null;
  assigned_to: { id: number; name: string } | null;
  holds_withdrawals: boolean;
  alerts: number;
  rules: RiskRuleId[];
  opened_at: string;
  updated_at: string;
  closed_at: string | null;
};

export type RiskCaseNoteView = { id: number; author: string; body: string; created_at: string };

export type RiskCaseDetailView = RiskCaseView & {
  alert_list: RiskAlertView[];
  notes: RiskCaseNoteView[];
  /** The player's waiting withdrawals (ids), which a hold keeps from being approved. */
  waiting_withdrawals: Array<{ id: string; amount: string; currency: string; created_at: string }>;
};
