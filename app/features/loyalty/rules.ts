import { POINTS_ALIAS, type LoyaltyInfo, type LoyaltyLevelView, type LoyaltyNotice, type LoyaltyProductView } from '../../../contract/loyalty.ts';
import type { ToastKind } from '../toasts/store.ts';

/** The rules the loyalty screens apply to what the API answers: progress, buying, notices. */

/** Query keys of the player's loyalty, so a purchase or a live message reads them again. */
export const loyaltyKeys = {
  all: ['loyalty'] as const,
  info: (uid: number) => ['loyalty', uid, 'info'] as const,
  products: (uid: number) => ['loyalty', uid, 'products'] as const,
};

/** Characters read per page of the change dialog. */
export const CHARACTERS_PAGE_SIZE = 24;

/** `1250` -> `1,250` (spec numbers: grouped with commas). */
export const points = (value: number) => Math.max(0, Math.floor(value)).toLocaleString('en-US');

/** `1250` -> `1,250 CP`, with the programme's alias when the API gave one. */
export const pointsText = (value: number, alias: string = POINTS_ALIAS) => `${points(value)} ${alias}`;

/** Spec 2 section 9: (current - min) / (max - min) * 100, or 100 when there is no max; whole, within 0..100. */
export function progressPercent(current: number, min: number, max: number | null): number {
  if (max === null || max <= min) return 100;
  const percent = ((current - min) / (max - min)) * 100;
  return Math.min(100, Math.max(0, Math.floor(percent)));
}

/** Where the player stands: the percent towards the next level and the points still to earn for it. */
export function levelProgress(info: Pick<LoyaltyInfo, 'lifetime_points' | 'level' | 'next_level'>): { percent: number; toNext: number | null } {
  const next = info.next_level;
  return {
    percent: progressPercent(info.lifetime_points, info.level.threshold, next ? next.threshold : null),
    toNext: next ? Math.max(0, next.threshold - info.lifetime_points) : null,
  };
}

/** The levels lowest first, whatever order they came in. */
export const ladder = (levels: readonly LoyaltyLevelView[]) => [...levels].sort((a, b) => a.threshold - b.threshold || a.number - b.number);

/**
 * How much of a stake earns points, in percent, by game type: slots in full, instant games 75%,
 * tables and live 50%. The server's rule (GAME_TYPE_FACTORS of server/modules/loyalty/rules.ts,
 * not in the contract), restated for the page that explains it.
 */
export const EARN_FACTORS = { slot: 100, fast: 75, casino: 50, live: 50 } as const;

/** The game types points are earned on, the most rewarding first, with the share of a slot's rate each earns. */
export const EARN_TYPES = Object.entries(EARN_FACTORS).map(([type, weight]) => ({ type, weight }));

/** Points per 10.00 staked on a game type at a level's rate (a slot earns the full rate), to the hundredth. */
export const earnPer10 = (rate: number, weight: number) => Math.round(rate * weight * 10) / 1000;

export type BuyState = { can: true } | { can: false; reason: 'points'; missing: number } | { can: false; reason: 'level'; level: number } | { can: false; reason: 'guest' };

/**
 * Whether a product can be bought now. The server's can_buy and reason decide for a player; the
 * points are checked again against the balance on the page, which a purchase or a credit may have
 * moved since the products were read. A guest is asked to sign in.
 */
export function buyState(product: LoyaltyProductView, info: Pick<LoyaltyInfo, 'points' | 'level'> | null): BuyState {
  if (!info) return { can: false, reason: 'guest' };
  if (product.reason === 'level' || info.level.number < product.min_level) return { can: false, reason: 'level', level: product.min_level };
  const missing = product.price - info.points;
  if (missing > 0) return { can: false, reason: 'points', missing };
  return { can: true };
}

/** The points left once `product` is bought (never below zero). */
export const pointsAfter = (product: Pick<LoyaltyProductView, 'price'>, balance: number) => Math.max(0, balance - product.price);

/** Notices oldest first, so the newest toast ends up at the bottom of the stack; ties by id. */
export const orderNotices = (items: readonly LoyaltyNotice[]) =>
  [...items].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);

/** Spec 2 section 4: a credit notice shows as success, any other as error. */
export const noticeKind = (notice: Pick<LoyaltyNotice, 'type'>): ToastKind => (notice.type === 'credit' ? 'success' : 'error');

/**
 * The amount line of a notice: "+50 CP" for points earned, "−800 CP" for a purchase (its amount is
 * the price paid), the money as sent otherwise; null without an amount.
 */
export function noticeAmount(notice: Pick<LoyaltyNotice, 'amount' | 'amountType' | 'trigger'>, alias: string = POINTS_ALIAS): string | null {
  if (notice.amount === null || notice.amount === 0) return null;
  const spent = notice.trigger === 'product' && notice.amountType === 'points';
  const sign = notice.amount > 0 && !spent ? '+' : '−';
  const value = Math.abs(notice.amount);
  return notice.amountType === 'money' ? `${sign}${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : `${sign}${pointsText(value, alias)}`;
}
