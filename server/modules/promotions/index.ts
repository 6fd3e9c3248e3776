/** The promotions module: campaigns, offers, promo codes, bonuses with wagering, betting bonuses and cashback (docs/promotions.md). */
export { createPromotions, normalizeCode, type Promotions, type CampaignQuery, type BonusQuery } from './service.ts';
export { createCashback, type Cashback } from './cashback.ts';
export { createPromotionsAdmin, campaignRow, campaignSpecSchema, promoCodeSpecSchema, rewardSpec, storedReward, type CampaignSpec } from './admin.ts';
export { completeFreeSpins, lockFreeSpinsBonus, type GrantInput } from './engine.ts';
export { useBettingBonus, type BettingBonusUse } from './betting-bonus.ts';
export {
  cashbackCampaigns,
  cashbackRuns,
  createOperatorCampaign,
  createOperatorCode,
  createOperatorCodes,
  disableOperatorCode,
  listGivenBonuses,
  listOperatorCampaigns,
  listOperatorCodes,
  operatorCampaign,
  operatorCodeUses,
  operatorCodesCsv,
  publishOperatorCampaign,
  updateOperatorCampaign,
} from './operator.ts';
export { welcomeOffersAmong } from './welcome.ts';
