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
 * A method taking files: its body limit (multipart overhead included), the error past it, and the
 * error for a field sent with several files (one file per field: the others would go unchecked).
 */
export type FileUpload = { maxBytes: number; tooLarge: () => Error; severalFiles: (field: string) => Error };

/**
 * JSON may spell lone surrogates (`"\ud83c"`), which no database stores (PostgreSQL refuses them in
 * jsonb, and PGlite miscounts them in text). Form and query input already arrive with U+FFFD in
 * their place; JSON strings and keys are made the same, so every method sees well-formed text.
 */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.toWellFormed(), wellFormed(item)]));
  return value;
}

/** Multipart headers and the other fields of an upload may add this much to the files' bytes. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The request with its body counted while it streams: past the limit the stream fails, so a
 * huge upload is never read whole into memory. A declared Content-Length over it fails at once.
 */
function limitedBody(request: Request, upload: FileUpload): { request: Request; overflowed: () => boolean } {
  const limit = upload.maxBytes + MULTIPART_OVERHEAD;
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw upload.tooLarge();
  let seen = 0;
  let overflow = false;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) {
        overflow = true;
        controller.error(upload.tooLarge());
      } else controller.enqueue(chunk);
    },
  });
  const init: RequestInit & { duplex: 'half' } = { method: request.method, headers: request.headers, body: request.body?.pipeThrough(counter) ?? null, duplex: 'half' };
  return { request: new Request(request.url, init), overflowed: () => overflow };
}

/**
 * Reads a call's input: the query string and, for POST, a form-data, urlencoded or JSON body.
 * Bracket notation (`ids[]=1`, `options[a][b]=2`) gives arrays and nested objects, within the
 * spec's parser limits. Body fields win over query fields of the same name. With `upload`, a
 * multipart body's files come as File values under their field names (others are dropped).
 */
export async function readInput(request: Request, upload?: FileUpload): Promise<Record<string, unknown>> {
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
  const files: Record<string, File> = {};
  let overflowed = () => false;
  try {
    if (type.startsWith('application/json')) {
      const text = await request.text();
      const parsed: unknown = text ? JSON.parse(text) : {};
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      body = wellFormed(parsed) as Record<string, unknown>;
    } else if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
      let source = request;
      if (upload) ({ request: source, overflowed } = limitedBody(request, upload));
      const form = await source.formData();
      const params = new URLSearchParams();
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') params.append(key, value);
        else if (upload && /^[a-z_]{1,32}$/.test(key)) {
          if (files[key]) throw upload.severalFiles(key);
          files[key] = value;
        }
      }
      body = parse(params.toString());
    } else if (type && (await request.clone().text()).length > 0) {
      throw new Error('unsupported content type');
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (upload && overflowed()) throw upload.tooLarge();
    throw new AppError('InvalidRequestException', 'Request body could not be read: send form data or JSON');
  }
  return { ...query, ...body, ...files };
}
