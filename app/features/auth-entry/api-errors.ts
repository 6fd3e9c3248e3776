import { isApiError } from '../../lib/api-error.ts';
import { unshownFields } from './form-state.ts';

/**
 * What a failed call means for a form: messages for the fields it shows, and one line for the
 * form's alert (the error's own message, or the messages of fields the form does not show). The
 * server's messages are already in the page's language (every call carries the locale).
 */
export function formFailure(error: unknown, shownFields: readonly string[], fallback: string): { fields: Record<string, string>; alert: string | null } {
  if (!isApiError(error)) return { fields: {}, alert: fallback };
  const fields = Object.fromEntries(Object.entries(error.fields).filter(([name]) => shownFields.includes(name)));
  const others = unshownFields(error.fields, shownFields);
  if (Object.keys(fields).length > 0) return { fields, alert: others.length ? others.join(' ') : null };
  if (others.length) return { fields, alert: others.join(' ') };
  if (error.type === 'UnknownError' || error.type === 'InternalServerErrorException') return { fields, alert: fallback };
  return { fields, alert: error.message || fallback };
}
