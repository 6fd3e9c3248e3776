import type { LocaleCode } from '../../../contract/locales.ts';

const TEXTS = {
  en: {
    unknownProgram: 'No such loyalty programme',
    unknownCharacter: 'No such character',
    unknownProduct: 'No such item in the shop',
    currency: 'This item is sold in another currency than your account’s',
    points: 'Not enough points for this item',
    level: 'Your level is too low for this item',
    inactive: 'Your account may not buy in the shop',
    levelTitle: 'Welcome to {level}!',
    levelMessage: 'You reached the {level} level: you now earn {rate} {alias} per €10 staked on slots.',
    productTitle: 'Purchase complete',
    productMessage: '{product} is yours. Find it in your bonuses.',
  },
  fr: {
    unknownProgram: 'Programme de fidélité introuvable',
    unknownCharacter: 'Personnage introuvable',
    unknownProduct: 'Article introuvable dans la boutique',
    currency: 'Cet article est vendu dans une autre devise que celle de votre compte',
    points: 'Pas assez de points pour cet article',
    level: 'Votre niveau est trop bas pour cet article',
    inactive: 'Votre compte ne peut pas acheter dans la boutique',
    levelTitle: 'Bienvenue au niveau {level} !',
    levelMessage: 'Vous avez atteint le niveau {level} : vous gagnez désormais {rate} {alias} pour 10 € misés sur les machines à sous.',
    productTitle: 'Achat effectué',
    productMessage: '{product} est à vous. Retrouvez-le dans vos bonus.',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type LoyaltyTextKey = keyof (typeof TEXTS)['en'];

/** A text in the player's language, with {name} placeholders filled. */
export const loyaltyText = (locale: LocaleCode, key: LoyaltyTextKey, values: Record<string, string | number> = {}) =>
  TEXTS[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
