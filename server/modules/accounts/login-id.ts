import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * What a player types to sign in: an e-mail address or a phone number. A leading `+` is removed
 * first (spec 1 section 7), so a phone is read as international digits: `+33 6 12 34 56 78`,
 * `33612345678` and `0033612345678` all name +33612345678.
 */
export type LoginId = { type: 'email'; value: string } | { type: 'phone'; value: string };

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** E.164 form of a phone number, or null when it is not a valid number. */
export function normalizePhone(phone: string, country?: string): string | null {
  const text = phone.trim();
  const parsed = text.startsWith('+')
    ? parsePhoneNumberFromString(text)
    : country
      ? parsePhoneNumberFromString(text, { defaultCountry: country.toUpperCase() as never })
      : null;
  return parsed && parsed.isValid() ? parsed.number : null;
}

export function parseLoginId(login: string): LoginId | null {
  const text = login.trim().replace(/^\+/, '');
  if (!text) return null;
  if (text.includes('@')) return { type: 'email', value: normalizeEmail(text) };
  const digits = text.replace(/[\s().-]/g, '').replace(/^00/, '');
  if (!/^\d{6,15}$/.test(digits)) return null;
  const phone = normalizePhone(`+${digits}`);
  return phone ? { type: 'phone', value: phone } : null;
}
