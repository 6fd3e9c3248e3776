import qs from 'qs';
import { QUERY_LIMITS } from '../../contract/api.ts';
import { AppError } from '../platform/errors.ts';

/**
 * Query fields the client adds to every call; they are transport, not method input. (A body
 * field of the same name is input: changelocale posts `locale`.)
 */
const TRANSPORT_FIELDS = new Set(['v', 'locale', 'non_strict']);

const parse = (text: string) =>
  qs.parse(text, {
    arrayLimit: QUERY_LIMITS.arrayLimit,
    depth: QUERY_LIMITS.depth,
    parameterLimit: QUERY_LIMITS.parameterLimit,
    throwOnLimitExceeded: true,
    allowPrototypes: false,
    strictDepth: true,
  }) as Record<string, unknown>;

/**
 * Reads a call's input: the query string and, for POST, a form-data, urlencoded or JSON body.
 * Bracket notation (`ids[]=1`, `options[a][b]=2`) gives arrays and nested objects, within the
 * spec's parser limits. Body fields win over query fields of the same name.
 */
export async function readInput(request: Request): Promise<Record<string, unknown>> {
  const url = new URL(request.url);
  let query: Record<string, unknown>;
  try {
    query = parse(url.search.slice(1));
  } catch {
    throw new AppError('InvalidRequestException', 'Query string is too large or too deeply nested');
  }
  for (const field of TRANSPORT_FIELDS) delete query[field];
  if (request.method !== 'POST') return query;

  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  let body: Record<string, unknown> = {};
  try {
    if (type.startsWith('application/json')) {
      const text = await request.text();
      const parsed: unknown = text ? JSON.parse(text) : {};
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } else if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
      const form = await request.formData();
      const params = new URLSearchParams();
      for (const [key, value] of form.entries()) if (typeof value === 'string') params.append(key, value);
      body = parse(params.toString());
    } else if (type && (await request.clone().text()).length > 0) {
      throw new Error('unsupported content type');
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('InvalidRequestException', 'Request body could not be read: send form data or JSON');
  }
  return { ...query, ...body };
}
