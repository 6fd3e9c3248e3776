import { BACKOFFICE_API } from '../../contract/backoffice.ts';

/** A typed refusal of the back-office API: its type, HTTP status and the message per field. */
export class BackofficeApiError extends Error {
  readonly type: string;
  readonly status: number;
  readonly fields: Record<string, string>;
  readonly details: Record<string, unknown>;
  constructor(type: string, message: string, status: number, fields: Record<string, string> = {}, details: Record<string, unknown> = {}) {
    super(message);
    this.type = type;
    this.status = status;
    this.fields = fields;
    this.details = details;
  }
}

/**
 * Calls `/backoffice/api/{name}`: a read with its query (`GET`), a write with a JSON body
 * (`POST`, same origin: the session cookie is SameSite=Strict). Answers the data, or throws
 * BackofficeApiError.
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
  let json: { data?: T; error?: { type: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> } };
  try {
    json = (await response.json()) as typeof json;
  } catch {
    throw new BackofficeApiError('InternalServerErrorException', `The server answered ${response.status}`, response.status);
  }
  if (json.error) throw new BackofficeApiError(json.error.type, json.error.message, response.status, json.error.fields, json.error.details);
  return json.data as T;
}

/** The message to show for a field, or for the form as a whole (`_`). */
export const fieldError = (error: unknown, field: string): string | undefined =>
  error instanceof BackofficeApiError ? (error.fields[field] ?? (field === '_' && !Object.keys(error.fields).length ? error.message : undefined)) : undefined;
