import type { LocaleCode } from '../../../contract/locales.ts';

const TEXTS = {
  en: {
    unknownJackpot: 'No such jackpot',
  },
  fr: {
    unknownJackpot: 'Jackpot introuvable',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type JackpotTextKey = keyof (typeof TEXTS)['en'];

export const jackpotText = (locale: LocaleCode, key: JackpotTextKey) => TEXTS[locale][key];
