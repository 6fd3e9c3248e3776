/**
 * The loyalty programme (docs/loyalty.md): points earned from real-money play, levels, characters,
 * the shop and the notices, as the API answers them (spec 2 sections 3 and 7). Points are whole
 * numbers; money in answers is formatted major units as strings.
 */
import type { CurrencyCode } from './money.ts';

/** What players see points called (spec: pointsAlias). */
export const POINTS_ALIAS = 'CP';

export type LoyaltyLevelView = {
  /** 1 for the first level. */
  number: number;
  sysname: string;
  name: string;
  /** Lifetime points from which the level holds. */
  threshold: number;
  /** What the level gives, one line each, in the player's language. */
  perks: string[];
  /** Points earned per 10.00 staked on a slot at this level (other game types in proportion). */
  earn_rate: number;
};

export type LoyaltyCharacterView = {
  id: number;
  sysname: string;
  name: string;
  description: string;
  image_url: string;
};

/** loyalty/getinfo (spec: id, is_active, points, character, levels, pointsAlias, uid). */
export type LoyaltyInfo = {
  id: number;
  uid: number;
  is_active: boolean;
  /** Points to spend now. */
  points: number;
  /** Every point ever earned: decides the level. */
  lifetime_points: number;
  pointsAlias: string;
  character: LoyaltyCharacterView | null;
  level: LoyaltyLevelView;
  next_level: LoyaltyLevelView | null;
  /** (current - min) / (max - min) * 100 towards the next level, or 100 at the top (spec 2 section 9). */
  progress: number;
  levels: LoyaltyLevelView[];
};

export const LOYALTY_PRODUCT_KINDS = ['bonus_money', 'free_spins', 'cashback_boost'] as const;
export type LoyaltyProductKind = (typeof LOYALTY_PRODUCT_KINDS)[number];

export type LoyaltyProductView = {
  id: number;
  sysname: string;
  kind: LoyaltyProductKind;
  name: string;
  description: string;
  image_url: string | null;
  /** Price in points. */
  price: number;
  /** The lowest level number that may buy it (1: everyone). */
  min_level: number;
  currency: CurrencyCode;
  /** For a signed-in player: whether they can buy it now, and why not. */
  can_buy: boolean;
  reason: 'points' | 'level' | null;
};

/** A purchase as loyalty/buyproduct answers it: the product, the points left, and the reward granted (a bonus of bonuses/get). */
export type LoyaltyPurchase = { id: number; product: LoyaltyProductView; points: number; bonus_id: number | null };

/** Spec: trigger (quest, register, profile, confirm, product, level), type (credit or other). */
export const LOYALTY_NOTICE_TRIGGERS = ['quest', 'register', 'profile', 'confirm', 'product', 'level'] as const;
export type LoyaltyNoticeTrigger = (typeof LOYALTY_NOTICE_TRIGGERS)[number];

export type LoyaltyNotice = {
  id: number;
  trigger: LoyaltyNoticeTrigger;
  type: 'credit' | 'other';
  title: string;
  message: string;
  amount: number | null;
  amountType: 'points' | 'money' | null;
  image: string | null;
  created_at: string;
};

/** A loyalty programme (loyalty/getPrograms, /loyalty/{sysname}). */
export type LoyaltyProgramView = {
  id: number;
  sysname: string;
  name: string;
  summary: string;
  body: string;
  image_url: string | null;
  levels: LoyaltyLevelView[];
};

/** The live channel's message when a player's loyalty moved (points credited, level up, item bought). */
export const LOYALTY_LIVE_EVENT = 'loyalty';
