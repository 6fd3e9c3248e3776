import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { CAMPAIGN_PLACEMENTS, CAMPAIGN_TRIGGERS, CASHBACK_STATUSES } from '../../../contract/promotions.ts';
import type { BonusKind } from '../../../contract/promotions.ts';
import { defineMethod, type ApiContext } from '../types.ts';
import { requireUserId } from './accounts.ts';

/** Campaigns, promo codes, bonuses and cashback (spec 2 section 7; docs/promotions.md). */

const sysname = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64);
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const offset = z.coerce.number().int().min(0).max(10_000).default(0);
const count = (fallback: number) => z.coerce.number().int().min(1).max(50).default(fallback);
/** Promo codes are checked by the service (its errors carry the spec's codes); here only their size. */
const promoCode = z.string().max(64);
const viewerId = (context: ApiContext) => context.viewer.userId;

export const getOffers = defineMethod({
  name: 'campaigns/getoffers',
  verb: 'GET',
  auth: false,
  summary: 'Running campaigns by placement (offers, promotions, banner, popup), trigger or sysname: {items, total}; a signed-in player gets each one\'s eligibility.',
  input: z
    .object({
      placement: z.enum(CAMPAIGN_PLACEMENTS).optional(),
      trigger: z.enum(CAMPAIGN_TRIGGERS).optional(),
      sysname: sysname.optional(),
      offset,
      count: count(20),
    })
    .strip(),
  handler: (input, context) => context.services.promotions.listCampaigns(input, viewerId(context), context.locale),
});

export const getBanners = defineMethod({
  name: 'banners/get',
  verb: 'GET',
  auth: false,
  summary: 'Campaigns placed as home banners: {items, total} (page of 10).',
  input: z.object({ offset, count: count(10) }).strip(),
  handler: (input, context) => context.services.promotions.listCampaigns({ ...input, placement: 'banner' }, viewerId(context), context.locale),
});

export const getPopups = defineMethod({
  name: 'popups/get',
  verb: 'GET',
  auth: false,
  summary: 'Campaign popups: the running campaigns placed as popups, or with `sysname` that one running campaign (?popup=): {items}.',
  input: z.object({ sysname: sysname.optional() }).strip(),
  handler: async (input, context) => {
    if (input.sysname) {
      const campaign = await context.services.promotions.campaignBySysname(input.sysname, viewerId(context), context.locale);
      return { items: campaign ? [campaign] : [] };
    }
    const { items } = await context.services.promotions.listCampaigns({ placement: 'popup', offset: 0, count: 10 }, viewerId(context), context.locale);
    return { items };
  },
});

/** Spec 2 section 8: a code that matches nothing is an analytics event (docs/analytics.md); the error goes on. */
async function codeNotFound(context: ApiContext, userId: number | null, code: string, error: unknown): Promise<never> {
  if (error instanceof AppError && error.details?.code === 'NOT_FOUND') await context.services.analytics.record(userId, 'promocode_not_found', { code: code.trim().slice(0, 64) });
  throw error;
}

export const checkPromocode = defineMethod({
  name: 'campaigns/checkPromocode',
  verb: 'POST',
  auth: false,
  summary: 'Whether a promo code can be used now (by this player when signed in): {valid, promo_code, campaign}, or the code\'s error (details.code).',
  input: z.object({ promo_code: promoCode }).strip(),
  handler: (input, context) => context.services.promotions.checkCode(input.promo_code, viewerId(context), context.locale).catch((error: unknown) => codeNotFound(context, viewerId(context), input.promo_code, error)),
});

export const activateOffer = defineMethod({
  name: 'campaigns/activateOffer',
  verb: 'POST',
  auth: true,
  summary: 'Uses a promo code, once per player: its reward as a bonus, or its deposit offer unlocked: {promo_code, campaign, bonus}.',
  input: z.object({ promo_code: promoCode }).strip(),
  handler: (input, context) => context.services.promotions.activateCode(requireUserId(context), input.promo_code, context.locale).catch((error: unknown) => codeNotFound(context, requireUserId(context), input.promo_code, error)),
});

export const takePromotions = defineMethod({
  name: 'campaigns/takepromotions',
  verb: 'POST',
  auth: true,
  summary: 'Takes a campaign that a button gives (trigger manual), once per player: answers the bonus.',
  input: z.object({ offer_id: id }).strip(),
  handler: (input, context) => context.services.promotions.takeOffer(requireUserId(context), input.offer_id, context.locale),
});

const bonusStatus = z.enum(['active', 'available', 'history', 'all']).default('all');
/** bonuses/* serve bonus money, free spins and cashback boosts; bettingBonuses/* the sportsbook's tokens. */
const MONEY_KINDS: BonusKind[] = ['bonus', 'free_spins', 'cashback_boost'];
const BETTING_KINDS: BonusKind[] = ['betting_bonus'];

export const getBonuses = defineMethod({
  name: 'bonuses/get',
  verb: 'GET',
  auth: true,
  summary: 'The player\'s bonuses (money, free spins, cashback boosts) by status active, available, history or all, newest first: {items, total}.',
  input: z.object({ status: bonusStatus, offset, count: count(20) }).strip(),
  handler: (input, context) => context.services.promotions.listBonuses(requireUserId(context), { ...input, kind: 'money' }, context.locale),
});

export const activateBonus = defineMethod({
  name: 'bonuses/activate',
  verb: 'POST',
  auth: true,
  summary: 'Activates an available bonus (its money is credited to the bonus balance and wagering starts): answers the bonus.',
  input: z.object({ bonus_id: id }).strip(),
  handler: (input, context) => context.services.promotions.activateBonus(requireUserId(context), input.bonus_id, context.locale, MONEY_KINDS),
});

export const removeBonus = defineMethod({
  name: 'bonuses/remove',
  verb: 'POST',
  auth: true,
  summary: 'Removes a bonus: an available one is dropped, an active one forfeited (its remaining bonus money returns): answers the bonus.',
  input: z.object({ bonus_id: id }).strip(),
  handler: (input, context) => context.services.promotions.removeBonus(requireUserId(context), input.bonus_id, context.locale, MONEY_KINDS),
});

export const deactivateBonus = defineMethod({
  name: 'bonuses/deactivate',
  verb: 'POST',
  auth: true,
  summary: 'Forfeits an active bonus (its remaining bonus money returns); an inactive one is refused: answers the bonus.',
  input: z.object({ bonus_id: id }).strip(),
  handler: (input, context) => context.services.promotions.removeBonus(requireUserId(context), input.bonus_id, context.locale, MONEY_KINDS, { activeOnly: true }),
});

export const getBettingBonuses = defineMethod({
  name: 'bettingBonuses/get',
  verb: 'GET',
  auth: true,
  summary: 'The player\'s betting bonuses (free bets, odds boosts) by status: {items, total}.',
  input: z.object({ status: bonusStatus, offset, count: count(20) }).strip(),
  handler: (input, context) => context.services.promotions.listBonuses(requireUserId(context), { ...input, kind: 'betting_bonus' }, context.locale),
});

export const activateBettingBonus = defineMethod({
  name: 'bettingBonuses/activate',
  verb: 'POST',
  auth: true,
  summary: 'Activates a betting bonus (a free bet is credited to the betting bonus balance): answers it.',
  input: z.object({ bonus_id: id }).strip(),
  handler: (input, context) => context.services.promotions.activateBonus(requireUserId(context), input.bonus_id, context.locale, BETTING_KINDS),
});

export const removeBettingBonus = defineMethod({
  name: 'bettingBonuses/remove',
  verb: 'POST',
  auth: true,
  summary: 'Removes a betting bonus (an active free bet\'s amount returns): answers it.',
  input: z.object({ bonus_id: id }).strip(),
  handler: (input, context) => context.services.promotions.removeBonus(requireUserId(context), input.bonus_id, context.locale, BETTING_KINDS),
});

const statuses = z
  .union([
    z.array(z.enum(CASHBACK_STATUSES)),
    z.string().transform((text, ctx) => {
      const list = text.split(',').filter(Boolean);
      for (const status of list) {
        if (!(CASHBACK_STATUSES as readonly string[]).includes(status)) ctx.addIssue({ code: 'custom', message: `Statuses are ${CASHBACK_STATUSES.join(', ')}` });
      }
      return list as (typeof CASHBACK_STATUSES)[number][];
    }),
  ])
  .optional();

export const getCashbacks = defineMethod({
  name: 'cashbacks/get',
  verb: 'GET',
  auth: true,
  summary: 'The player\'s cashbacks, newest period first, optionally by statuses (active, paid_out, expired): {items, total}.',
  input: z.object({ statuses, offset, count: count(20), sort: z.string().max(40).optional() }).strip(),
  handler: (input, context) => context.services.cashback.list(requireUserId(context), input, context.locale),
});

export const payoutCashback = defineMethod({
  name: 'cashbacks/payout',
  verb: 'POST',
  auth: true,
  summary: 'Pays an active cashback into the main balance, once: answers the cashback.',
  input: z.object({ cashback_id: id }).strip(),
  handler: (input, context) => context.services.cashback.payout(requireUserId(context), input.cashback_id, context.locale),
});

export const removeCashback = defineMethod({
  name: 'cashbacks/remove',
  verb: 'POST',
  auth: true,
  summary: 'Turns an active cashback down (nothing is paid): answers the cashback.',
  input: z.object({ cashback_id: id }).strip(),
  handler: (input, context) => context.services.cashback.remove(requireUserId(context), input.cashback_id, context.locale),
});
