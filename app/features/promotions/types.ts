import type { BonusView, CampaignView } from '../../../contract/promotions.ts';

/** What campaigns/getoffers, banners/get and popups/get answer. */
export type CampaignList = { items: CampaignView[]; total: number };

/** campaigns/activateOffer: the campaign, and its bonus unless the code unlocked a deposit offer. */
export type ActivatedCode = { promo_code: string; campaign: CampaignView; bonus: BonusView | null };

/** campaigns/checkPromocode, for a guest. */
export type CheckedCode = { valid: true; promo_code: string; campaign: CampaignView };

/** The `promo` part of register's answer when a promo code was sent with it. */
export type RegisterPromo = { activated: true; campaign: CampaignView; bonus: BonusView | null } | { activated: false; code: string; message: string };

/** The two lists a campaign can be read in, and their pages. */
export type CampaignSection = 'offers' | 'promotions';

/** The dialogs of this feature (app/features/dialogs/registry.tsx). */
export const PROMO_POPUP = 'promo-code-activated';
export const CAMPAIGN_POPUP = 'campaign-popup';
