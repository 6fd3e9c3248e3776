import type { LocaleCode } from '../../../contract/locales.ts';

const TEXTS = {
  en: {
    badRange: 'The start date must not be after the end date',
    exportPending: 'An export is being prepared: wait for it before asking for another',
    noExport: 'No such export',
    tooMany: 'Too many exports asked for: try again in {{seconds}} seconds',
  },
  fr: {
    badRange: 'La date de début ne doit pas être après la date de fin',
    exportPending: 'Un export est en préparation : attendez-le avant d’en demander un autre',
    noExport: 'Export introuvable',
    tooMany: 'Trop d’exports demandés : réessayez dans {{seconds}} secondes',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type HistoryTextKey = keyof (typeof TEXTS)['en'];

export const historyText = (locale: LocaleCode, key: HistoryTextKey, values: Record<string, string | number> = {}) =>
  TEXTS[locale][key].replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
