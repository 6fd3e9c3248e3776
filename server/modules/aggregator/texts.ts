import type { LocaleCode } from '../../../contract/locales.ts';

/** What players read when a third-party game cannot open. */
const TEXTS = {
  en: {
    notThirdParty: 'This game is not offered by our game aggregator',
    noDemo: 'This game has no demo mode: sign in to play it with real money',
    unavailable: "The game's provider cannot be reached right now: try again in a moment",
  },
  fr: {
    notThirdParty: "Ce jeu n'est pas proposé par notre agrégateur de jeux",
    noDemo: "Ce jeu n'a pas de mode démo : connectez-vous pour y jouer en argent réel",
    unavailable: 'Le fournisseur du jeu est injoignable pour le moment : réessayez dans un instant',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export const aggregatorText = (locale: LocaleCode, key: keyof (typeof TEXTS)['en']): string => TEXTS[locale][key];
