import type { LocaleCode } from '../../../contract/locales.ts';
import type { PromoCodeError } from '../../../contract/promotions.ts';

const TEXTS = {
  en: {
    // Promo codes (shown by code, falling back to INVALID: spec 2, section 5).
    INVALID: 'This promo code is not valid',
    NOT_FOUND: 'No such promo code',
    USED: 'You have already used this promo code',
    EXPIRED: 'This promo code has expired',
    EXHAUSTED: 'This promo code has been used up',
    NOT_ELIGIBLE: 'This promo code is not available for your account',
    // Offers and bonuses.
    offerUnknown: 'No such offer',
    offerNotEligible: 'This offer is not available for your account',
    offerTaken: 'You have already taken this offer',
    offerAtDeposit: 'Choose this offer on the deposit page',
    offerMinDeposit: 'This offer needs a deposit of at least {amount}',
    bonusUnknown: 'No such bonus',
    bonusNotAvailable: 'This bonus can no longer be activated',
    bonusNotActive: 'This bonus is not active',
    anotherActive: 'Finish or remove your active bonus first',
    burnBonuses: 'Your active bonus ({balance} left, wagering {percent}% done) will be removed if you withdraw now',
    cashbackUnknown: 'No such cashback',
    cashbackClosed: 'This cashback can no longer be paid out',
    cashbackTitle: 'Cashback {percent}% on net losses, {start} - {end}',
    depositMatch: '{percent}% up to {cap} on a deposit of at least {min}',
    fixedBonus: '{amount} bonus money',
    freeSpins: '{spins} free spins on {game}',
    freeBet: 'A {amount} free bet',
    oddsBoost: 'Odds boosted by {percent}%',
    cashbackReward: '{percent}% cashback every {days} days',
    wagering: 'Wager {multiplier}x within {days} days',
  },
  fr: {
    INVALID: "Ce code promo n'est pas valide",
    NOT_FOUND: 'Code promo introuvable',
    USED: 'Vous avez déjà utilisé ce code promo',
    EXPIRED: 'Ce code promo a expiré',
    EXHAUSTED: "Ce code promo n'est plus disponible",
    NOT_ELIGIBLE: "Ce code promo n'est pas disponible pour votre compte",
    offerUnknown: 'Offre introuvable',
    offerNotEligible: "Cette offre n'est pas disponible pour votre compte",
    offerTaken: 'Vous avez déjà profité de cette offre',
    offerAtDeposit: 'Choisissez cette offre sur la page de dépôt',
    offerMinDeposit: "Cette offre demande un dépôt d'au moins {amount}",
    bonusUnknown: 'Bonus introuvable',
    bonusNotAvailable: 'Ce bonus ne peut plus être activé',
    bonusNotActive: "Ce bonus n'est pas actif",
    anotherActive: "Terminez ou retirez d'abord votre bonus actif",
    burnBonuses: 'Votre bonus actif ({balance} restants, mise en jeu à {percent} %) sera retiré si vous retirez maintenant',
    cashbackUnknown: 'Cashback introuvable',
    cashbackClosed: 'Ce cashback ne peut plus être versé',
    cashbackTitle: 'Cashback de {percent} % sur les pertes nettes, du {start} au {end}',
    depositMatch: "{percent} % jusqu'à {cap} pour un dépôt d'au moins {min}",
    fixedBonus: '{amount} de bonus',
    freeSpins: '{spins} tours gratuits sur {game}',
    freeBet: 'Un pari gratuit de {amount}',
    oddsBoost: 'Cotes boostées de {percent} %',
    cashbackReward: '{percent} % de cashback tous les {days} jours',
    wagering: 'Misez {multiplier}x en {days} jours',
  },
} as const satisfies Record<LocaleCode, Record<PromoCodeError | string, string>>;

export type PromotionTextKey = keyof (typeof TEXTS)['en'];

export function promotionText(locale: LocaleCode, key: PromotionTextKey, values: Record<string, string | number> = {}): string {
  return TEXTS[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
