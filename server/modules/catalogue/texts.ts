import type { LocaleCode } from '../../../contract/locales.ts';

const TEXTS = {
  en: {
    unknownGame: 'No such game',
    unknownCategory: 'No such category',
    notInCountry: 'This game is not available in your country',
  },
  fr: {
    unknownGame: 'Jeu introuvable',
    unknownCategory: 'Catégorie introuvable',
    notInCountry: 'Ce jeu n’est pas disponible dans votre pays',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type CatalogueTextKey = keyof (typeof TEXTS)['en'];

export const catalogueText = (locale: LocaleCode, key: CatalogueTextKey) => TEXTS[locale][key];
