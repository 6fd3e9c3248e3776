import type { LocaleCode } from './locales.ts';

/**
 * Default field messages, exactly as the spec writes them (spec 1 section 5, spec 2 section 5),
 * with their French twins, followed by the extra messages the shared rules need
 * (docs/validation.md). `$$min$$`, `$$max$$` and `$$chars$$` are filled by `fieldMessage`.
 * A site configuration can override any of them per field through `validationDict`
 * entries whose `errorType` is the key below.
 */
export const FIELD_MESSAGES = {
  en: {
    // The spec's defaults.
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
    // Extra messages of the shared rules.
    passwordChars: 'Wrong password: not allowed $$chars$$',
    passwordMismatch: 'Passwords do not match',
    mismatch: 'Values do not match',
    code: 'Code must contain $$min$$ digits',
    phoneMissing: 'Phone number is missing',
    phoneFormat: 'Wrong phone number format',
    checkbox: 'Must be checked',
    cardHolder: 'Wrong card holder name',
    postcode: 'Wrong postcode',
    generalText: 'Wrong symbols in text',
    minDate: 'Min date is $$min$$',
    maxDate: 'Max date is $$max$$',
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
    passwordChars: 'Mot de passe incorrect : caractères non autorisés $$chars$$',
    passwordMismatch: 'Les mots de passe ne correspondent pas',
    mismatch: 'Les valeurs ne correspondent pas',
    code: 'Le code doit contenir $$min$$ chiffres',
    phoneMissing: 'Numéro de téléphone manquant',
    phoneFormat: 'Format du numéro de téléphone incorrect',
    checkbox: 'Cette case doit être cochée',
    cardHolder: 'Nom du titulaire de la carte incorrect',
    postcode: 'Code postal incorrect',
    generalText: 'Caractères non autorisés dans le texte',
    minDate: 'Date minimale : $$min$$',
    maxDate: 'Date maximale : $$max$$',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type FieldMessageKey = keyof (typeof FIELD_MESSAGES)['en'];

/** Values for the `$$name$$` placeholders of a message. */
export type MessageParams = { min?: number | string; max?: number | string; chars?: string };

/** True for a key of `FIELD_MESSAGES` (e.g. an `errorType` read from a site configuration). */
export const isFieldMessageKey = (key: string): key is FieldMessageKey => Object.hasOwn(FIELD_MESSAGES.en, key);

/**
 * Fills `$$min$$`, `$$max$$` and `$$chars$$` (every occurrence). Values are inserted literally:
 * a `$` in a value is not a replacement pattern. Unknown placeholders are left as they are.
 */
export function fillMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\$\$(min|max|chars)\$\$/g, (_whole, name: keyof MessageParams) => {
    const value = params[name];
    return value === undefined ? '' : String(value);
  });
}

/** The default message for a key in a locale (English for an unknown locale), placeholders filled. */
export function fieldMessage(locale: LocaleCode, key: FieldMessageKey, bounds: MessageParams = {}): string {
  const messages = Object.hasOwn(FIELD_MESSAGES, locale) ? FIELD_MESSAGES[locale] : FIELD_MESSAGES.en;
  return fillMessage(messages[key], bounds);
}
