import type { LocaleCode } from './locales.ts';
import type { FieldMessageKey, MessageParams } from './validation-messages.ts';
import { FIELD_MESSAGES, fillMessage } from './validation-messages.ts';

/**
 * The one set of field rules shared by the forms (browser) and the server (spec 1 section 5,
 * spec 2 section 5). Plain functions, no schema library: this module is part of the browser
 * bundle. Phone numbers are checked by `contract/phone.ts`, passed in as `phoneCheck`, so that
 * code without phone fields does not load the phone metadata. Choices: docs/validation.md.
 */

export const RULE_TYPES = [
  'password',
  'code',
  'email',
  'phone',
  'name',
  'nameVariant',
  'address',
  'date',
  'sex',
  'text',
  'login',
  'cardHolder',
  'documentType',
  'documentNumber',
  'cpf',
  'fakename',
  'postcode',
  'promoCode',
  'checkbox',
  'custom',
  'generalText',
  'iban',
] as const;
export type RuleType = (typeof RULE_TYPES)[number];

/** One message override of the site configuration (`validationDict`); `errorType` is a message key. */
export type ValidationDictEntry = { errorType: string; message: string };

/** A date bound: `yyyy-mm-dd`, `dd.mm.yyyy` or a Date (its local calendar day). */
export type DateBound = string | Date;

export type FieldRule = {
  type: RuleType;
  /** Default true. A field that is not required may be empty; a non-empty value is still checked. */
  required?: boolean;
  /** Length bounds in characters (code points), or date bounds for `date`. */
  min?: number | DateBound;
  max?: number | DateBound;
  /** Numeric bounds on the value itself (`minValue` / `maxValue` messages). */
  minValue?: number;
  maxValue?: number;
  /** A regular expression the whole value must match (see `compilePattern`). */
  pattern?: string;
  /** Name of another field in `options.values` this value must equal (password confirmation). */
  confirmOf?: string;
  /** ISO 3166 alpha-2 country for numbers typed without `+` and a calling code. */
  phoneCountry?: string;
  /** Message overrides of this field (site configuration `forms.*[].validationDict`). */
  validationDict?: readonly ValidationDictEntry[];
};

/** What `contract/phone.ts` says of a phone number. */
export type PhoneVerdict = 'valid' | 'missing' | 'format' | 'invalid';
export type PhoneCheck = (value: string, country?: string) => PhoneVerdict;

export type ValidateOptions = {
  locale: LocaleCode;
  /** The other values of the form (for `confirmOf`). */
  values?: Readonly<Record<string, unknown>>;
  /** Message overrides for every field (site configuration `validatorConfig.validationDict`). */
  validationDict?: readonly ValidationDictEntry[];
  /** Site configuration `validatorConfig.postcodePattern`. */
  postcodePattern?: string;
  /** Required when a `phone` rule is validated: `checkPhone` from `contract/phone.ts`. */
  phoneCheck?: PhoneCheck;
};
export type ValidateFormOptions = Omit<ValidateOptions, 'values'>;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;
export const CODE_LENGTH = 6;
export const FAKENAME_MIN_LENGTH = 4;
export const POSTCODE_MAX_DIGITS = 8;
/** At most this many offending characters are listed in the password message. */
export const PASSWORD_LISTED_CHARS = 10;

// ---------------------------------------------------------------------------------------------
// Character sets

/** Password: printable ASCII without the space (U+0021 `!` to U+007E `~`). */
const PASSWORD_CHAR = /^[\x21-\x7e]$/;
/** Name: no digit (any script), none of the spec's symbols, no control character. */
const NAME_FORBIDDEN = /[\p{N}@_"!?#$%^&*(){}[\]|/\\<>~§+:;`\p{Cc}]/u;
/** Name variant: as name, but `! ? & ( ) / +` are allowed. */
const NAME_VARIANT_FORBIDDEN = /[\p{N}@_"#$%^*{}[\]|\\<>~§:;`\p{Cc}]/u;
/** Address: as name, but digits are allowed. */
const ADDRESS_FORBIDDEN = /[@_"!?#$%^&*(){}[\]|/\\<>~§+:;`\p{Cc}]/u;
const HAS_LETTER = /\p{L}/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const CARD_HOLDER = /^[\p{L}\p{M} .'\u2019-]+$/u;
const FAKENAME = /^[\p{L}\p{M}\p{Nd}]+$/u;
const CODE = /^[0-9]+$/;
const DEFAULT_POSTCODE = new RegExp(`^[0-9]{1,${POSTCODE_MAX_DIGITS}}$`);
/** Latin (A-Z), Latvian and Cyrillic letters, ASCII digits, ASCII and typographic punctuation. */
const GENERAL_TEXT =
  /^[A-Za-z0-9\u0100\u0101\u010c\u010d\u0112\u0113\u0122\u0123\u012a\u012b\u0136\u0137\u013b\u013c\u0145\u0146\u0160\u0161\u016a\u016b\u017d\u017e\u0400-\u04ff \t\r\n!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~«»“”„‘’–—…№]*$/u;
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\p{L}\p{M}\p{N}-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\p{L}\p{M}\p{N}-]+)*$/u;
const EMAIL_LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;
const EMAIL_TLD = /^(?:[\p{L}\p{M}]{2,}|xn--[a-z0-9-]+)$/iu;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const TRUTHY = new Set<unknown>([true, 1, 'true', '1', 'on', 'yes']);

/** IBAN lengths of the SWIFT IBAN registry; other countries only get the generic 15-34 check. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28,
  IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20,
  LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24,
  SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

// ---------------------------------------------------------------------------------------------
// Messages

/**
 * When a finer extra message has no override of its own, an override of the spec key it
 * refines is used (an operator who rewrites 'password' also rewrites the character message).
 */
const OVERRIDE_FALLBACK: Partial<Record<FieldMessageKey, FieldMessageKey>> = {
  passwordChars: 'password',
  phoneFormat: 'phone',
  phoneMissing: 'required',
  checkbox: 'required',
  minDate: 'date',
  maxDate: 'date',
};

type Failure = { key: FieldMessageKey; params?: MessageParams };
const fail = (key: FieldMessageKey, params?: MessageParams): Failure => ({ key, params });

function findOverride(dict: readonly ValidationDictEntry[] | undefined, key: string): string | undefined {
  if (!Array.isArray(dict)) return undefined;
  for (const entry of dict) {
    if (entry && entry.errorType === key && typeof entry.message === 'string' && entry.message !== '') {
      return entry.message;
    }
  }
  return undefined;
}

/** The text of a failure: the field's override, the site-wide override, then the default. */
function render(failure: Failure, rule: FieldRule, options: ValidateOptions): string {
  const keys: string[] = [failure.key];
  const fallback = OVERRIDE_FALLBACK[failure.key];
  if (fallback) keys.push(fallback);
  for (const key of keys) {
    const override = findOverride(rule.validationDict, key) ?? findOverride(options.validationDict, key);
    if (override !== undefined) return fillMessage(override, failure.params);
  }
  const messages = Object.hasOwn(FIELD_MESSAGES, options.locale) ? FIELD_MESSAGES[options.locale] : FIELD_MESSAGES.en;
  return fillMessage(messages[failure.key], failure.params);
}

// ---------------------------------------------------------------------------------------------
// Small helpers

/** Length in characters (code points): 'é' and '👍' count 1. */
export const charLength = (value: string): number => Array.from(value).length;

/** A string or a finite number / bigint as text; anything else (arrays, objects, booleans) is null. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'bigint') return String(value);
  return null;
}

function isBlank(value: unknown, keepSpaces: boolean): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'string') return false;
  return keepSpaces ? value === '' : value.trim() === '';
}

const patternCache = new Map<string, RegExp | null>();

/**
 * Compiles a pattern from the site configuration. Like the HTML `pattern` attribute it must
 * match the whole value. `/source/flags` is accepted (flags i, m, s, u; g and y are dropped).
 * The `u` flag is used when the source allows it. Returns null for a pattern that does not
 * compile (the rule then behaves as if no pattern were configured).
 */
export function compilePattern(pattern: string): RegExp | null {
  const cached = patternCache.get(pattern);
  if (cached !== undefined) return cached;
  let source = pattern;
  let flags = '';
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  if (literal) {
    source = literal[1];
    flags = [...new Set(literal[2])].filter((flag) => 'imsu'.includes(flag)).join('');
  }
  let compiled: RegExp | null = null;
  for (const attempt of flags.includes('u') ? [flags] : [`${flags}u`, flags]) {
    try {
      compiled = new RegExp(`^(?:${source})$`, attempt);
      break;
    } catch {
      compiled = null;
    }
  }
  if (patternCache.size > 200) patternCache.clear();
  patternCache.set(pattern, compiled);
  return compiled;
}

function lengthBound(bound: FieldRule['min']): number | undefined {
  if (typeof bound === 'number' && Number.isFinite(bound)) return bound;
  if (typeof bound === 'string' && /^\d+$/.test(bound)) return Number(bound);
  return undefined;
}

/** Offending password characters, unique, in order; invisible ones as U+XXXX. */
function forbiddenPasswordChars(value: string): string[] {
  const seen = new Set<string>();
  for (const char of value) {
    if (!PASSWORD_CHAR.test(char)) seen.add(char);
  }
  return [...seen].map((char) =>
    /^[\p{White_Space}\p{C}\p{M}]$/u.test(char)
      ? `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
      : char,
  );
}

// ---------------------------------------------------------------------------------------------
// Dates

export type CalendarDate = { year: number; month: number; day: number };

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Reads `yyyy-mm-dd`, `dd.mm.yyyy` or a Date (its local calendar day). The year must have four
 * digits (1000-9999) and the day must exist. Anything else is null.
 */
export function parseCalendarDate(value: unknown): CalendarDate | null {
  let year: number;
  let month: number;
  let day: number;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    year = value.getFullYear();
    month = value.getMonth() + 1;
    day = value.getDate();
  } else if (typeof value === 'string') {
    const iso = /^([1-9]\d{3})-(\d{2})-(\d{2})$/.exec(value);
    const dotted = /^(\d{2})\.(\d{2})\.([1-9]\d{3})$/.exec(value);
    if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else if (dotted) [year, month, day] = [Number(dotted[3]), Number(dotted[2]), Number(dotted[1])];
    else return null;
  } else {
    return null;
  }
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

const dateOrdinal = (date: CalendarDate): number => date.year * 10_000 + date.month * 100 + date.day;
const pad2 = (n: number): string => String(n).padStart(2, '0');
/** dd.mm.yyyy, the spec's display format. */
export const formatCalendarDate = (date: CalendarDate): string => `${pad2(date.day)}.${pad2(date.month)}.${date.year}`;

function dateBound(bound: FieldRule['min'], which: 'min' | 'max'): CalendarDate | undefined {
  if (bound === undefined) return undefined;
  const parsed = parseCalendarDate(bound);
  if (!parsed) throw new TypeError(`date rule: ${which} bound ${String(bound)} is not a valid date`);
  return parsed;
}

function checkDate(value: unknown, rule: FieldRule): Failure | null {
  const date = parseCalendarDate(value);
  if (!date) return fail('date');
  const min = dateBound(rule.min, 'min');
  const max = dateBound(rule.max, 'max');
  if (min && dateOrdinal(date) < dateOrdinal(min)) return fail('minDate', { min: formatCalendarDate(min) });
  if (max && dateOrdinal(date) > dateOrdinal(max)) return fail('maxDate', { max: formatCalendarDate(max) });
  return null;
}

// ---------------------------------------------------------------------------------------------
// Format checks (value is non-blank text)

/** Exactly one @, a local part of RFC 5322 atoms, a domain with one or two dots. */
export function isEmail(value: string): boolean {
  if (value.length > 254 || /\s/u.test(value)) return false;
  const parts = value.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts;
  if (local.length === 0 || local.length > 64 || !EMAIL_LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || labels.length > 3) return false;
  if (!labels.every((label) => label.length <= 63 && EMAIL_LABEL.test(label))) return false;
  return EMAIL_TLD.test(labels[labels.length - 1]);
}

/** ISO 13616: country, check digits, 11-30 alphanumerics, registry length, mod 97 = 1. Spaces are ignored. */
export function isIban(value: string): boolean {
  const iban = value.replace(/ /g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const digit = code <= 57 ? code - 48 : code - 55;
    remainder = (remainder * (digit >= 10 ? 100 : 10) + digit) % 97;
  }
  return remainder === 1;
}

type Check = (text: string, rule: FieldRule, options: ValidateOptions) => Failure | null;

const requiredOnly: Check = () => null;

/** Fails when `pattern` matches the text or its NFKC form (＜ is <), or `needs` does not match. */
function forbidden(pattern: RegExp, needs: RegExp, key: FieldMessageKey): Check {
  return (text) => {
    const normalized = text.normalize('NFKC');
    return pattern.test(text) || pattern.test(normalized) || !needs.test(normalized) ? fail(key) : null;
  };
}

const CHECKS: Record<Exclude<RuleType, 'date' | 'checkbox' | 'promoCode'>, Check> = {
  password: (text) => {
    const chars = forbiddenPasswordChars(text);
    if (chars.length === 0) return null;
    const listed = chars.slice(0, PASSWORD_LISTED_CHARS).join(', ');
    return fail('passwordChars', { chars: chars.length > PASSWORD_LISTED_CHARS ? `${listed}, …` : listed });
  },
  code: (text) => (CODE.test(text) && text.length === CODE_LENGTH ? null : fail('code', { min: CODE_LENGTH })),
  email: (text) => (isEmail(text) ? null : fail('email')),
  phone: (text, rule, options) => {
    if (!options.phoneCheck) {
      throw new Error('validateField: a phone rule needs options.phoneCheck (checkPhone from contract/phone.ts)');
    }
    const verdict = options.phoneCheck(text, rule.phoneCountry);
    if (verdict === 'valid') return null;
    if (verdict === 'missing') return rule.required === false ? null : fail('phoneMissing');
    return fail(verdict === 'format' ? 'phoneFormat' : 'phone');
  },
  name: forbidden(NAME_FORBIDDEN, HAS_LETTER, 'name'),
  nameVariant: forbidden(NAME_VARIANT_FORBIDDEN, HAS_LETTER, 'name'),
  address: forbidden(ADDRESS_FORBIDDEN, HAS_LETTER_OR_DIGIT, 'address'),
  sex: requiredOnly,
  text: requiredOnly,
  login: requiredOnly,
  documentType: requiredOnly,
  documentNumber: requiredOnly,
  cpf: requiredOnly,
  cardHolder: (text) => {
    const normalized = text.normalize('NFKC');
    return CARD_HOLDER.test(normalized) && HAS_LETTER.test(normalized) ? null : fail('cardHolder');
  },
  fakename: (text) => (FAKENAME.test(text.normalize('NFKC')) ? null : fail('fakename')),
  postcode: (text, rule, options) => {
    const configured = rule.pattern ?? options.postcodePattern;
    const pattern = (configured !== undefined && configured !== '' && compilePattern(configured)) || DEFAULT_POSTCODE;
    return pattern.test(text) ? null : fail('postcode');
  },
  custom: (text, rule) => {
    const pattern = rule.pattern ? compilePattern(rule.pattern) : null;
    return !pattern || pattern.test(text) ? null : fail('invalid');
  },
  generalText: (text) => (GENERAL_TEXT.test(text) ? null : fail('generalText')),
  iban: (text) => (isIban(text) ? null : fail('iban')),
};

/** The message of a value that is neither text nor a number (an array, an object...). */
const WRONG_TYPE_KEY: Partial<Record<RuleType, FieldMessageKey>> = {
  password: 'password',
  email: 'email',
  phone: 'phoneFormat',
  name: 'name',
  nameVariant: 'name',
  address: 'address',
  cardHolder: 'cardHolder',
  fakename: 'fakename',
  postcode: 'postcode',
  generalText: 'generalText',
  iban: 'iban',
};

/** Default length bounds; `rule.min` / `rule.max` replace them. Code, phone and date have none. */
const DEFAULT_LENGTHS: Partial<Record<RuleType, { min?: number; max?: number }>> = {
  password: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
  fakename: { min: FAKENAME_MIN_LENGTH },
};
const NO_LENGTH_BOUNDS = new Set<RuleType>(['code', 'phone', 'date']);
/** Types whose own pattern handling replaces the generic `rule.pattern` check. */
const OWN_PATTERN = new Set<RuleType>(['postcode', 'custom']);

// ---------------------------------------------------------------------------------------------
// Bound helpers (also usable on their own)

function lengthFailure(text: string, min: number | undefined, max: number | undefined): Failure | null {
  const length = charLength(text);
  if (min !== undefined && length < min) return fail('minLength', { min });
  if (max !== undefined && length > max) return fail('maxLength', { max });
  return null;
}

function valueFailure(text: string, min: number | undefined, max: number | undefined): Failure | null {
  if (min === undefined && max === undefined) return null;
  if (!NUMBER.test(text)) return fail('invalid');
  const number = Number(text);
  if (min !== undefined && number < min) return fail('minValue', { min });
  if (max !== undefined && number > max) return fail('maxValue', { max });
  return null;
}

const bare: FieldRule = { type: 'text' };
const helperResult = (failure: Failure | null, options: ValidateOptions) =>
  failure ? render(failure, bare, options) : null;
const EN: ValidateOptions = { locale: 'en' };

/** 'Min length is $$min$$' when the text is shorter than `min` characters; null otherwise. */
export function minLength(value: unknown, min: number, options: ValidateOptions = EN): string | null {
  const text = asText(value) ?? '';
  return helperResult(lengthFailure(text, min, undefined), options);
}

/** 'Max length is $$max$$' when the text is longer than `max` characters; null otherwise. */
export function maxLength(value: unknown, max: number, options: ValidateOptions = EN): string | null {
  const text = asText(value) ?? '';
  return helperResult(lengthFailure(text, undefined, max), options);
}

/** 'Min value is $$min$$' below `min`, 'Wrong value' for a non-number; null otherwise. */
export function minValue(value: unknown, min: number, options: ValidateOptions = EN): string | null {
  return helperResult(valueFailure(asText(value) ?? '', min, undefined), options);
}

/** 'Max value is $$max$$' above `max`, 'Wrong value' for a non-number; null otherwise. */
export function maxValue(value: unknown, max: number, options: ValidateOptions = EN): string | null {
  return helperResult(valueFailure(asText(value) ?? '', undefined, max), options);
}

// ---------------------------------------------------------------------------------------------
// The rules

function ownValue(values: Readonly<Record<string, unknown>> | undefined, name: string): unknown {
  return values && Object.hasOwn(values, name) ? values[name] : undefined;
}

/** Confirmation equality: same text (exact, case-sensitive), or the same calendar day for dates. */
function sameValue(type: RuleType, value: unknown, other: unknown): boolean {
  if (type === 'date') {
    const a = parseCalendarDate(value);
    const b = parseCalendarDate(other);
    return a !== null && b !== null && dateOrdinal(a) === dateOrdinal(b);
  }
  return asText(other) === asText(value);
}

function check(rule: FieldRule, value: unknown, options: ValidateOptions): Failure | null {
  const required = rule.required !== false;
  switch (rule.type) {
    case 'promoCode':
      return null;
    case 'checkbox':
      return !required || TRUTHY.has(value) ? null : fail('checkbox');
    default:
      break;
  }
  if (!Object.hasOwn(CHECKS, rule.type) && rule.type !== 'date') {
    throw new TypeError(`validateField: unknown rule type ${String(rule.type)}`);
  }

  if (isBlank(value, rule.type === 'password')) {
    if (!required) return null;
    return fail(rule.type === 'phone' ? 'phoneMissing' : 'required');
  }

  if (rule.type === 'date') {
    const failure = checkDate(value, rule);
    if (failure) return failure;
  } else {
    const text = asText(value);
    if (text === null) {
      return rule.type === 'code' ? fail('code', { min: CODE_LENGTH }) : fail(WRONG_TYPE_KEY[rule.type] ?? 'invalid');
    }

    const defaults = DEFAULT_LENGTHS[rule.type] ?? {};
    const lengths = NO_LENGTH_BOUNDS.has(rule.type)
      ? null
      : { min: lengthBound(rule.min) ?? defaults.min, max: lengthBound(rule.max) ?? defaults.max };
    // Passwords report their length first (spec order: 6 to 20 characters, then the characters).
    if (rule.type === 'password' && lengths) {
      const failure = lengthFailure(text, lengths.min, lengths.max);
      if (failure) return failure;
    }
    const formatFailure = CHECKS[rule.type](text, rule, options);
    if (formatFailure) return formatFailure;
    if (rule.type !== 'password' && lengths) {
      const failure = lengthFailure(text, lengths.min, lengths.max);
      if (failure) return failure;
    }
    if (rule.pattern && !OWN_PATTERN.has(rule.type)) {
      const pattern = compilePattern(rule.pattern);
      if (pattern && !pattern.test(text)) return fail('invalid');
    }
    const valueBounds = valueFailure(text, rule.minValue, rule.maxValue);
    if (valueBounds) return valueBounds;
  }

  if (rule.confirmOf !== undefined) {
    if (!sameValue(rule.type, value, ownValue(options.values, rule.confirmOf))) {
      return fail(rule.type === 'password' ? 'passwordMismatch' : 'mismatch');
    }
  }
  return null;
}

/**
 * Checks one value against its rule. Returns null when valid, otherwise the message in
 * `options.locale`, taken from the field's `validationDict`, then `options.validationDict`,
 * then the defaults of contract/validation-messages.ts, with $$min$$ / $$max$$ / $$chars$$ filled.
 */
export function validateField(rule: FieldRule, value: unknown, options: ValidateOptions): string | null {
  const failure = check(rule, value, options);
  return failure ? render(failure, rule, options) : null;
}

/**
 * Checks every field of a form. Returns field name -> message for the failing fields only
 * (an empty object when the form is valid). `values` is also what `confirmOf` looks into.
 */
export function validateForm(
  fields: Readonly<Record<string, FieldRule>>,
  values: Readonly<Record<string, unknown>>,
  options: ValidateFormOptions,
): Record<string, string> {
  const withValues: ValidateOptions = { ...options, values };
  const errors: [string, string][] = [];
  for (const [name, rule] of Object.entries(fields)) {
    const message = validateField(rule, ownValue(values, name), withValues);
    if (message !== null) errors.push([name, message]);
  }
  return Object.fromEntries(errors);
}

// ---------------------------------------------------------------------------------------------
// Forms defined in the site configuration

/** A field of `forms.registration` / `forms.restore` / `forms.profileSettings`. */
export type FormFieldDefinition = {
  fieldName: string;
  type?: string;
  isRequired?: boolean;
  pattern?: string;
  validationDict?: readonly ValidationDictEntry[];
};

const squash = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const aliasOf = (name: string): RuleType | undefined => {
  const key = squash(name);
  return Object.hasOwn(TYPE_ALIASES, key) ? TYPE_ALIASES[key] : undefined;
};

/** Configuration type names and field names (lower case, without `_`, `-` or spaces) -> rule type. */
const TYPE_ALIASES: Readonly<Record<string, RuleType>> = {
  ...Object.fromEntries(RULE_TYPES.map((type) => [type.toLowerCase(), type])),
  newpassword: 'password',
  confirmationcode: 'code',
  smscode: 'code',
  emailcode: 'code',
  otp: 'code',
  mail: 'email',
  tel: 'phone',
  phonenumber: 'phone',
  mobile: 'phone',
  firstname: 'name',
  lastname: 'name',
  middlename: 'name',
  surname: 'name',
  address1: 'address',
  address2: 'address',
  birthdate: 'date',
  birthday: 'date',
  dateofbirth: 'date',
  dob: 'date',
  gender: 'sex',
  username: 'login',
  documentnumber: 'documentNumber',
  documenttype: 'documentType',
  cardholdername: 'cardHolder',
  zip: 'postcode',
  zipcode: 'postcode',
  postalcode: 'postcode',
  promo: 'promoCode',
  bonuscode: 'promoCode',
  truthy: 'checkbox',
  terms: 'checkbox',
};

/**
 * The rule type of a configured field: a specific configured `type` wins; for `text` (the
 * configuration's default) or an unknown type the field name decides (`email`, `first_name`,
 * `birth_date`, `zip`...); otherwise `text`. Names like `password_confirmation`,
 * `confirm_password` or `email_repeat` get the type of the field they confirm and `confirmOf`.
 */
export function ruleFromFormField(
  field: FormFieldDefinition,
  siblings: readonly FormFieldDefinition[] = [],
  defaults: { phoneCountry?: string } = {},
): FieldRule {
  const byType = field.type ? aliasOf(field.type) : undefined;
  const specificType = byType && byType !== 'text' ? byType : undefined;
  let type: RuleType = specificType ?? aliasOf(field.fieldName) ?? 'text';
  let confirmOf: string | undefined;

  const confirm =
    /^(.+?)[_\- ]?(?:confirmation|confirm|repeat|again)$/i.exec(field.fieldName) ??
    /^(?:confirm|repeat)[_\- ]?(.+)$/i.exec(field.fieldName) ??
    /^(password)[_\- ]?2$/i.exec(field.fieldName);
  if (confirm && !aliasOf(field.fieldName)) {
    const base = confirm[1];
    const baseType = aliasOf(base);
    if (baseType && baseType !== 'text' && (specificType === undefined || specificType === baseType)) {
      type = baseType;
      const sibling = siblings.find((other) => other.fieldName.toLowerCase() === base.toLowerCase());
      confirmOf = sibling ? sibling.fieldName : base;
    }
  }

  const rule: FieldRule = { type, required: field.isRequired !== false };
  if (field.pattern) rule.pattern = field.pattern;
  if (field.validationDict && field.validationDict.length > 0) rule.validationDict = field.validationDict;
  if (confirmOf !== undefined) rule.confirmOf = confirmOf;
  if (type === 'phone' && defaults.phoneCountry) rule.phoneCountry = defaults.phoneCountry;
  return rule;
}

/** Field name -> rule for a form of the site configuration, ready for `validateForm`. */
export function rulesFromFormFields(
  fields: readonly FormFieldDefinition[],
  defaults: { phoneCountry?: string } = {},
): Record<string, FieldRule> {
  return Object.fromEntries(fields.map((field) => [field.fieldName, ruleFromFormField(field, fields, defaults)]));
}
