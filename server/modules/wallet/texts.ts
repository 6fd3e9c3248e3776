import type { LocaleCode } from '../../../contract/locales.ts';

/** Messages players see when a game cannot open (the provider-facing wallet answers in English). */
const TEXTS = {
  en: {
    noDemo: 'This game has no demo mode',
    signInToPlay: 'Sign in to play for real money',
    banned: 'Your account is blocked',
    deleted: 'This account has been deleted',
  },
  fr: {
    noDemo: "Ce jeu n'a pas de mode démo",
    signInToPlay: "Connectez-vous pour jouer en argent réel",
    banned: 'Votre compte est bloqué',
    deleted: 'Ce compte a été supprimé',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type WalletTextKey = keyof (typeof TEXTS)['en'];

export const walletText = (locale: LocaleCode, key: WalletTextKey) => TEXTS[locale][key];
