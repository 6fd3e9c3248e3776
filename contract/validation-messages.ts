import type { LocaleCode } from './locales.ts';

/**
 * Default field messages, exactly as the spec writes them (spec 1 section 5, spec 2 section 5),
 * with their French twins. `$$min$$` and `$$max$$` are filled by `fieldMessage`.
 */
export const FIELD_MESSAGES = {
  en: {
    required: 'Field is required',
    email: 'Wrong email address',
    minLength: 'Min length is $$min$$',
    maxLength: 'Max length is $$max$$',
    phone: 'Wrong phone number',
    fakename: 'Wrong fake name',
    password: 'Wrong password',
    name: 'Wrong symbols in name',
    address: 'Wrong address',
    iban: 'Wrong iban',
    minValue: 'Min value is $$min$$',
    maxValue: 'Max value is $$max$$',
    date: 'Wrong date',
    invalid: 'Wrong value',
  },
  fr: {
    required: 'Champ obligatoire',
    email: 'Adresse e-mail incorrecte',
    minLength: 'Longueur minimale : $$min$$',
    maxLength: 'Longueur maximale : $$max$$',
    phone: 'Numéro de téléphone incorrect',
    fakename: 'Pseudonyme incorrect',
    password: 'Mot de passe incorrect',
    name: 'Caractères non autorisés dans le nom',
    address: 'Adresse incorrecte',
    iban: 'IBAN incorrect',
    minValue: 'Valeur minimale : $$min$$',
    maxValue: 'Valeur maximale : $$max$$',
    date: 'Date incorrecte',
    invalid: 'Valeur incorrecte',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type FieldMessageKey = keyof (typeof FIELD_MESSAGES)['en'];

export function fieldMessage(
  locale: LocaleCode,
  key: FieldMessageKey,
  bounds: { min?: number | string; max?: number | string } = {},
): string {
  return FIELD_MESSAGES[locale][key]
    .replace('$$min$$', String(bounds.min ?? ''))
    .replace('$$max$$', String(bounds.max ?? ''));
}
