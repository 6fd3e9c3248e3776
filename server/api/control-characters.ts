import type { LocaleCode } from '../../contract/locales.ts';
import { fieldMessage } from '../../contract/validation-messages.ts';
import { AppError } from '../platform/errors.ts';

/**
 * Characters no field of the API can hold: NUL (PostgreSQL refuses it in text, so it used to
 * reach the database and come back as a 500) and the other C0 controls and DEL, which no form
 * field, name, code or message legitimately carries. Tab, line feed and carriage return stay
 * allowed: multi-line texts (chat, support messages, addresses) hold them, and each field's own
 * schema decides whether one line is required.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Whether a text holds a character no field can hold (for the few routes outside /api that read text). */
export const hasControlCharacters = (text: string): boolean => FORBIDDEN.test(text);

/** A field name as the error names it: a forbidden character in the name itself is escaped. */
const printable = (name: string) =>
  // eslint-disable-next-line no-control-regex -- see FORBIDDEN
  name.replace(/[\u0000-\u001f\u007f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Dotted paths (`options.a.0`) of every string or key in `input` holding a forbidden character. */
function fieldsWithControlCharacters(input: unknown, path: string[], found: string[]): string[] {
  if (typeof input === 'string') {
    if (FORBIDDEN.test(input)) found.push(path.join('.') || '_');
  } else if (Array.isArray(input)) {
    input.forEach((item, index) => fieldsWithControlCharacters(item, [...path, String(index)], found));
  } else if (input && typeof input === 'object' && !(input instanceof Blob)) {
    for (const [key, value] of Object.entries(input)) {
      const keyPath = [...path, printable(key)];
      if (FORBIDDEN.test(key)) found.push(keyPath.join('.'));
      else fieldsWithControlCharacters(value, keyPath, found);
    }
  }
  return found;
}

/**
 * Refuses a call whose input holds a forbidden character anywhere (query, body, nested fields,
 * field names), before any schema or service sees it: InvalidParameterException naming each
 * such field, in the caller's language. One check for every method, so no method can forget it.
 */
export function refuseControlCharacters(input: Record<string, unknown>, locale: LocaleCode): void {
  const names = fieldsWithControlCharacters(input, [], []);
  if (names.length === 0) return;
  const fields = Object.fromEntries(names.map((name) => [name, fieldMessage(locale, 'generalText')]));
  throw new AppError('InvalidParameterException', `Invalid parameter: ${names.join(', ')}`, { fields });
}
