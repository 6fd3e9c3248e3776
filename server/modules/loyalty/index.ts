/** The loyalty module: points from real-money play, levels, characters, the shop and notices (docs/loyalty.md). */
export { createLoyalty, type Loyalty, type LoyaltyDeps, type LoyaltyLiveMessage } from './service.ts';
export { createLoyaltyAdmin } from './admin.ts';
export { earnedMilliPoints, GAME_TYPE_FACTORS, levelFor, progress, wholePoints } from './rules.ts';
export { createLoyaltyManager, levelFormSchema, characterFormSchema, productFormSchema, type LoyaltyManager } from './manage.ts';
