/**
 * Campaigns, offers, promo codes, bonuses and cashback (docs/promotions.md): the shapes the
 * server keeps and the API answers, shared by the server and the pages. Stored amounts are minor
 * units (decimal strings in JSON); answered amounts are formatted major units.
 */
import type { CurrencyCode } from './money.ts';

export const CAMPAIGN_TRIGGERS = ['deposit', 'promo_code', 'manual', 'cashback'] as const;
export type CampaignTrigger = (typeof CAMPAIGN_TRIGGERS)[number];
export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_PLACEMENTS = ['offers', 'promotions', 'banner', 'popup'] as const;
export type CampaignPlacement = (typeof CAMPAIGN_PLACEMENTS)[number];

/** Wagering terms of bonus money: stakes of `multiplier` times the bonus, weighted by game type. */
export type WageringTerms = { multiplier: number; max_bet: string | null; days: number };

/** What a campaign gives. Amounts are minor units as decimal strings. */
export type CampaignReward =
  | ({ type: 'deposit_match'; percent: number; cap: string; min_deposit: string } & WageringTerms)
  | ({ type: 'fixed_bonus'; amount: string } & WageringTerms)
  | { type: 'free_spins'; game: string; spins: number; stake: string; days: number }
  | { type: 'betting_bonus'; kind: 'free_bet'; amount: string; days: number }
  | { type: 'betting_bonus'; kind: 'odds_boost'; boost_percent: number; days: number }
  | { type: 'cashback'; percent: number; period_days: number; payout: 'request' | 'auto'; claim_days: number };
export type RewardType = CampaignReward['type'];

/** Who may take a campaign; an absent rule lets everyone through. */
export type CampaignAudience = {
  /** Only players registered in the last N days who have not deposited yet. */
  new_players_days?: number;
  /** Only players with at least one credited deposit. */
  depositors?: boolean;
  /** ISO 3166-1 alpha-2 codes of the player's country. */
  countries?: string[];
  locales?: string[];
};

export type CampaignTexts = { title: string; summary: string; body: string; terms: string; button?: string };

/** An offer or promotion as campaigns/getoffers and campaigns/get answer it. */
export type CampaignView = {
  id: number;
  sysname: string;
  trigger: CampaignTrigger;
  title: string;
  summary: string;
  body: string;
  terms: string;
  button: string | null;
  image_url: string | null;
  currency: CurrencyCode;
  starts_at: string;
  ends_at: string | null;
  placements: CampaignPlacement[];
  reward: RewardView;
  /** For a signed-in player: whether they may take it now, and why not. */
  eligibility: { eligible: boolean; reason: 'taken' | 'audience' | 'currency' | null } | null;
  /** The spec's deposit-offer trigger: {action, params.exclude_methods}. */
  trigger_info: { action: CampaignTrigger; user_satisfies_params: boolean; params: { exclude_methods: string[] } };
};

export type RewardView =
  | { type: 'deposit_match'; percent: number; cap: string; min_deposit: string; wagering: number; max_bet: string | null; days: number }
  | { type: 'fixed_bonus'; amount: string; wagering: number; max_bet: string | null; days: number }
  | { type: 'free_spins'; game: string; game_name: string; spins: number; stake: string; days: number }
  | { type: 'betting_bonus'; kind: 'free_bet' | 'odds_boost'; amount: string | null; boost_percent: number | null; days: number }
  | { type: 'cashback'; percent: number; period_days: number; payout: 'request' | 'auto' };

export const BONUS_KINDS = ['bonus', 'free_spins', 'betting_bonus', 'cashback_boost'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];
export const BONUS_STATUSES = ['available', 'active', 'completed', 'expired', 'forfeited', 'removed'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

/** A player's bonus as bonuses/get answers it. */
export type BonusView = {
  id: number;
  kind: BonusKind;
  status: BonusStatus;
  title: string;
  /** The spec's description. */
  description: string;
  currency: CurrencyCode;
  amount: string;
  /** The bonus money left (active bonus money only). */
  balance: string | null;
  wagering: { required: string; done: string; percent: number } | null;
  max_bet: string | null;
  expires_at: string;
  activated_at: string | null;
  finished_at: string | null;
  finish_reason: string | null;
  converted: string | null;
  forfeited: string | null;
  details: Record<string, unknown>;
  created_at: string;
};

export const CASHBACK_STATUSES = ['active', 'paid_out', 'expired'] as const;
export type CashbackStatus = (typeof CASHBACK_STATUSES)[number];

export type CashbackView = {
  id: number;
  status: CashbackStatus;
  description: string;
  currency: CurrencyCode;
  amount: string;
  net_loss: string;
  percent: number;
  start_date: string;
  end_date: string;
  receiving_expired_at: string | null;
  paid_out_at: string | null;
};

/** Errors of promo codes (the spec: shown by code, falling back to INVALID). */
export const PROMO_CODE_ERRORS = ['INVALID', 'NOT_FOUND', 'USED', 'EXPIRED', 'EXHAUSTED', 'NOT_ELIGIBLE'] as const;
export type PromoCodeError = (typeof PROMO_CODE_ERRORS)[number];

/** Wagering weight of a game type, percent of the stake counted (docs/promotions.md). */
export const WAGERING_WEIGHTS: Record<string, number> = { slot: 100, fast: 50, casino: 20, live: 10 };
