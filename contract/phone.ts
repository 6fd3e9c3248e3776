import type { CountryCode } from 'libphonenumber-js/min';
import { getCountries, getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { PhoneVerdict } from './validation.ts';

/**
 * Phone validity for the `phone` rule of contract/validation.ts, on libphonenumber-js with its
 * `min` metadata. Kept apart so that only code with phone fields loads the metadata:
 *
 *   validateForm(rules, values, { locale, phoneCheck: checkPhone })
 *
 * - 'missing': nothing but `+` and/or a calling code (what a phone input shows before typing);
 * - 'format': letters or other symbols, or a national number (no `+`) without a known country;
 * - 'invalid': digits that do not make a valid number (too short or long, unknown calling code,
 *   wrong prefix for the country);
 * - 'valid': valid per libphonenumber-js. A number typed with `+` is judged by its own calling
 *   code; one typed without is read as a national number of `country`.
 */

/** Longest input looked at; E.164 numbers have at most 15 digits, formatting adds a few characters. */
export const PHONE_MAX_INPUT = 40;

/** Digits, spaces, dots, dashes and parentheses, optionally after one leading `+`. */
const PHONE_CHARS = /^\+?[0-9 ().-]*$/;

let callingCodes: Set<string> | undefined;
function isCallingCode(digits: string): boolean {
  callingCodes ??= new Set(getCountries().map((country) => getCountryCallingCode(country)));
  return callingCodes.has(digits);
}

function supportedCountry(country: string | undefined): CountryCode | undefined {
  if (!country) return undefined;
  const upper = country.toUpperCase();
  return isSupportedCountry(upper) ? upper : undefined;
}

export function checkPhone(value: string, country?: string): PhoneVerdict {
  const text = value.trim();
  if (text.length > PHONE_MAX_INPUT || !PHONE_CHARS.test(text)) return 'format';
  const digits = text.replace(/\D/g, '');
  const international = text.startsWith('+');
  const home = supportedCountry(country);
  if (digits === '') return 'missing';
  if (international && isCallingCode(digits)) return 'missing';
  if (!international && home && digits === getCountryCallingCode(home)) return 'missing';
  if (!international && !home) return 'format';
  const parsed = parsePhoneNumberFromString(text, international ? { extract: false } : { defaultCountry: home, extract: false });
  if (!parsed) return 'invalid';
  return parsed.isValid() ? 'valid' : 'invalid';
}

export const isValidPhone = (value: string, country?: string): boolean => checkPhone(value, country) === 'valid';
