/**
 * The back office's marketing screens (docs/backoffice.md, "Marketing: campaigns and promo codes"):
 * what their endpoints answer. A campaign is edited in the operator's format of
 * `npm run ops -- campaign:create` (amounts in major units, "10.00"), the same schema checks both.
 */
import type { CampaignPlacement, CampaignStatus, CampaignTrigger, BonusKind, BonusStatus, CashbackStatus } from './promotions.ts';

/** The reward types an operator picks from (the stored betting bonus is two of them: free bet, odds boost). */
export const OPERATOR_REWARD_TYPES = ['deposit_match', 'fixed_bonus', 'free_spins', 'free_bet', 'odds_boost', 'cashback'] as const;
export type OperatorRewardType = (typeof OPERATOR_REWARD_TYPES)[number];

/** A campaign's texts in one language, as the form edits them. */
export type CampaignTextsInput = { title: string; summary: string; body: string; terms: string; button?: string };

/** A reward as the form edits it: amounts in major units. */
export type OperatorReward =
  | { type: 'deposit_match'; percent: number; cap: string; min_deposit: string; wagering: number; max_bet: string | null; days: number }
  | { type: 'fixed_bonus'; amount: string; wagering: number; max_bet: string | null; days: number }
  | { type: 'free_spins'; game: string; spins: number; stake: string; days: number }
  | { type: 'free_bet'; amount: string; days: number }
  | { type: 'odds_boost'; boost_percent: number; days: number }
  | { type: 'cashback'; percent: number; period_days: number; payout: 'request' | 'auto'; claim_days: number };

/** A campaign in the operator's format (campaignSpecSchema); the status is changed by publish and unpublish only. */
export type CampaignSpecInput = {
  sysname: string;
  texts: Partial<Record<'en' | 'fr', CampaignTextsInput>>;
  image_url: string | null;
  currency: string;
  trigger: CampaignTrigger;
  reward: OperatorReward;
  audience: { new_players_days?: number; depositors?: boolean; countries?: string[]; locales?: string[]; requires_code?: boolean };
  placements: CampaignPlacement[];
  starts_at?: string;
  ends_at: string | null;
  priority: number;
};

export type CampaignListItem = {
  id: number;
  sysname: string;
  title: string;
  trigger: CampaignTrigger;
  reward_type: OperatorRewardType;
  status: CampaignStatus;
  /** Active and inside its window now: players see it. */
  running: boolean;
  currency: string;
  starts_at: string;
  ends_at: string | null;
  placements: CampaignPlacement[];
  priority: number;
  codes: number;
  bonuses: number;
  updated_at: string;
};

export type CampaignDetail = { id: number; status: CampaignStatus; running: boolean; spec: CampaignSpecInput; created_at: string; updated_at: string };

export type PromoCodeItem = {
  id: number;
  code: string;
  campaign_id: number;
  campaign: string;
  status: 'active' | 'paused' | 'ended';
  uses: number;
  max_uses: number | null;
  expires_at: string | null;
  created_at: string;
};

export type PromoCodeUseItem = { code: string; campaign: string; user_id: number; player: string | null; used_at: string };

export type BulkCodesAnswer = { count: number; codes: string[]; filename: string; csv: string };

export type MarketingBonusItem = {
  id: number;
  user_id: number;
  player: string | null;
  campaign_id: number | null;
  campaign: string | null;
  source: string;
  kind: BonusKind;
  status: BonusStatus;
  currency: string;
  amount: string;
  wagering_required: string;
  wagering_done: string;
  created_at: string;
  expires_at: string;
  finished_at: string | null;
  finish_reason: string | null;
};

/** One computed period of one cashback campaign: a run's outcome, with its totals. */
export type CashbackRunItem = {
  campaign_id: number;
  campaign: string;
  currency: string;
  period_start: string;
  period_end: string;
  computed_at: string;
  players: number;
  net_loss: string;
  amount: string;
  paid: string;
  statuses: Record<CashbackStatus, number>;
};

export type CashbackCampaignItem = {
  id: number;
  sysname: string;
  status: CampaignStatus;
  currency: string;
  percent: number;
  period_days: number;
  payout: 'request' | 'auto';
  /** The period a run now would compute (null before the first one ends). */
  due_period: { start: string; end: string } | null;
};
