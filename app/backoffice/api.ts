import { BACKOFFICE_API } from '../../contract/backoffice.ts';
import { ApiError, unwrapAnswer } from '../lib/api-error.ts';

/** The back office's API answers with the player API's error shape, so its refusals are the same ApiError. */
export { ApiError };

/**
 * Calls `/backoffice/api/{name}`: a read with its query (`GET`), a write with a JSON body
 * (`POST`, same origin: the session cookie is SameSite=Strict). Answers the data, or throws
 * ApiError with the answer's type, status and message per field.
 */
export async function backofficeApi<T>(name: string, options: { query?: Record<string, string | number | undefined>; body?: Record<string, unknown> } = {}): Promise<T> {
  const url = new URL(`${BACKOFFICE_API}/${name}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  const response = await fetch(url, {
    method: options.body ? 'POST' : 'GET',
    headers: options.body ? { 'content-type': 'application/json' } : {},
    body: options.body ? JSON.stringify(options.body) : undefined,
    credentials: 'same-origin',
  });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw ApiError.unknown(`The server answered ${response.status}`);
  }
  return unwrapAnswer<T>(response.status, body);
}

/** The message to show for a field, or for the form as a whole (`_`). */
export const fieldError = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? (error.fields[field] ?? (field === '_' && !Object.keys(error.fields).length ? error.message : undefined)) : undefined;
