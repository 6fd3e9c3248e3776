import { once } from 'node:events';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/**
 * Compression of text responses on the fly (decision 034): brotli or gzip as the client's
 * Accept-Encoding prefers, for HTML, JSON, React Router's `.data` answers, CSS, JavaScript, SVG,
 * XML and plain text. Built assets carry their own `.br` and `.gz` made at build time
 * (scripts/precompress.ts, served by static-files.ts), and the guest page cache keeps compressed
 * copies of its pages (nonce-compression.ts): both set Content-Encoding, which this leaves alone.
 *
 * - Streams stay streams: what the renderer has written is flushed to the client as soon as the
 *   renderer pauses (a Suspense boundary waiting for data), not when the page ends. Chunks that
 *   arrive together are compressed together, so a page is not cut into hundreds of tiny blocks.
 * - `Vary: Accept-Encoding` on every answer of a compressible type, compressed or not (a cache in
 *   between must not hand the compressed copy to a client that cannot read it, nor the reverse).
 * - Not compressed: bodies under 1 KiB, server-sent events (`text/event-stream`: the live channels
 *   are served before this app anyway), other types (images, fonts, archives), answers with
 *   `Cache-Control: no-transform`, ranges, and bodiless answers (HEAD keeps the headers a GET
 *   would have; 204 and 304 have nothing to compress).
 * - A strong ETag becomes weak when the body is compressed here: the bytes are no longer those
 *   the tag named.
 */

export type ContentCoding = 'br' | 'gzip';

/** Bodies smaller than this go out as they are: the framing would eat what compression saves. */
export const COMPRESSION_THRESHOLD = 1024;
/**
 * On the fly, per response: brotli 4 and gzip 4 cost 0.7 to 0.9 ms of CPU each for the 120 KB
 * home page, against 1.3 and 1.2 ms at 5 and 6, for 5 to 7% more bytes (docs/performance.md).
 */
export const DYNAMIC_BROTLI_QUALITY = 4;
export const DYNAMIC_GZIP_LEVEL = 4;

/**
 * The codings a client accepts, best first: q-values respected (`br;q=0` refuses brotli, `*`
 * stands for codings it does not name), brotli before gzip when they tie. Empty: identity.
 */
export function acceptedEncodings(header: string | null | undefined): ContentCoding[] {
  if (!header) return [];
  let br = -1;
  let gzip = -1;
  let any = -1;
  for (const item of header.split(',')) {
    const [rawName, ...params] = item.split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) q = Math.min(1, Number(match[1]) || 0);
    }
    if (name === 'br') br = Math.max(br, q);
    else if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip, q);
    else if (name === '*') any = Math.max(any, q);
  }
  if (br < 0) br = Math.max(any, 0);
  if (gzip < 0) gzip = Math.max(any, 0);
  const accepted: Array<[ContentCoding, number]> = [];
  if (br > 0) accepted.push(['br', br]);
  if (gzip > 0) accepted.push(['gzip', gzip]);
  // Array.prototype.sort is stable: brotli stays first on a tie.
  return accepted.sort((a, b) => b[1] - a[1]).map(([coding]) => coding);
}

/** Whether answers of this Content-Type are worth compressing (text; not event streams). */
export function isCompressibleType(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType);
}

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i;

/** The Vary value with Accept-Encoding added (unchanged when it is there already, or `*`). */
export function varyWithAcceptEncoding(current: string | null): string {
  if (!current) return 'Accept-Encoding';
  return VARY_ACCEPT_ENCODING.test(current) ? current : `${current}, Accept-Encoding`;
}

/** A Buffer as a Response body (the DOM types want an ArrayBuffer-backed view). */
export const asBody = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

const weakened = (etag: string) => (etag.startsWith('W/') ? etag : `W/${etag}`);

/** A compressor for on-the-fly use, and the flush that makes what it holds so far decodable. */
export function createCompressor(coding: ContentCoding, options: { brotliQuality?: number; gzipLevel?: number; sizeHint?: number } = {}) {
  if (coding === 'br') {
    const params: Record<number, number> = { [zlib.constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? DYNAMIC_BROTLI_QUALITY };
    if (options.sizeHint) params[zlib.constants.BROTLI_PARAM_SIZE_HINT] = options.sizeHint;
    return { stream: zlib.createBrotliCompress({ params }), flush: zlib.constants.BROTLI_OPERATION_FLUSH };
  }
  return { stream: zlib.createGzip({ level: options.gzipLevel ?? DYNAMIC_GZIP_LEVEL }), flush: zlib.constants.Z_SYNC_FLUSH };
}

function compressBuffer(coding: ContentCoding, body: Buffer, options: CompressionOptions): Buffer {
  return coding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? DYNAMIC_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : zlib.gzipSync(body, { level: options.gzipLevel ?? DYNAMIC_GZIP_LEVEL });
}

export type CompressionOptions = { threshold?: number; brotliQuality?: number; gzipLevel?: number };

/** Bodies read ahead to decide (a whole body that is complete is compressed in one call): at most this much. */
const READ_AHEAD_LIMIT = 1024 * 1024;
const PENDING = Symbol('pending');
type Read = ReadableStreamReadResult<Uint8Array>;

/** The read's result if it is there by the next turn of the event loop, else PENDING (the read goes on). */
function settledSoon(read: Promise<Read>): Promise<Read | typeof PENDING> {
  return new Promise((resolve, reject) => {
    const timer = setImmediate(() => resolve(PENDING));
    read.then(
      (result) => {
        clearImmediate(timer);
        resolve(result);
      },
      (error: unknown) => {
        clearImmediate(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Resolves when the compressor takes more input, or is gone (the client left). */
const drained = (stream: NodeJS.EventEmitter) => Promise.race([once(stream, 'drain'), once(stream, 'close')]);

/**
 * The rest of a streamed body, compressed: the chunks read so far, then each batch of chunks that
 * arrive together, flushed when the source pauses, so the client gets every part of the page as
 * soon as it was rendered.
 */
function compressedStream(coding: ContentCoding, reader: ReadableStreamDefaultReader<Uint8Array>, first: Uint8Array[], pending: Promise<Read>, options: CompressionOptions) {
  const { stream, flush } = createCompressor(coding, options);
  let finished = false;
  // The client went away (or the compressor failed): stop the renderer too.
  stream.once('close', () => {
    if (!finished) reader.cancel().catch(() => {});
  });
  const pump = async () => {
    let batch = first;
    let read = pending;
    for (;;) {
      let result = await settledSoon(read);
      if (result === PENDING) {
        if (batch.length) {
          if (!stream.write(Buffer.concat(batch))) await drained(stream);
          batch = [];
        }
        stream.flush(flush);
        result = await read;
      }
      if (stream.destroyed) return;
      if (result.done) break;
      batch.push(result.value);
      read = reader.read();
    }
    finished = true;
    stream.end(batch.length ? Buffer.concat(batch) : undefined);
  };
  pump().catch((error: unknown) => {
    finished = true;
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}

/** The compression middleware; mount it outside everything whose answers it should compress. */
export function compression(options: CompressionOptions = {}): MiddlewareHandler {
  const threshold = options.threshold ?? COMPRESSION_THRESHOLD;
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!isCompressibleType(res.headers.get('content-type'))) return;
    const cacheControl = res.headers.get('cache-control');
    if (cacheControl && NO_TRANSFORM.test(cacheControl)) return;
    const vary = varyWithAcceptEncoding(res.headers.get('vary'));
    // Already encoded (a precompressed asset, a cached page's compressed copy): only Vary to check.
    const [coding] = res.headers.has('content-encoding') ? [] : acceptedEncodings(c.req.header('accept-encoding'));
    const bodiless = res.status < 200 || res.status === 204 || res.status === 304;
    const declared = res.headers.get('content-length');
    if (!coding || bodiless || res.status === 206 || res.headers.has('content-range') || (declared !== null && Number(declared) < threshold)) {
      if (vary !== res.headers.get('vary')) setHeader(c, 'vary', vary);
      return;
    }
    if (!res.body) {
      // A HEAD the handler answered without a body (React Router does): the headers a GET would get.
      if (c.req.method === 'HEAD' && declared === null) setHeader(c, 'content-encoding', coding);
      setHeader(c, 'vary', vary);
      return;
    }

    // Read what is there now: a whole small body goes out as it is, a whole larger one is
    // compressed in one call, and a body still being written (a streamed page) is compressed as
    // it comes.
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    let read: Promise<Read> = reader.read();
    let complete = false;
    for (;;) {
      const result = chunks.length === 0 ? await read : await settledSoon(read);
      if (result === PENDING) break;
      if (result.done) {
        complete = true;
        break;
      }
      chunks.push(result.value);
      size += result.value.byteLength;
      read = reader.read();
      if (size > READ_AHEAD_LIMIT) break;
    }

    const headers = new Headers(res.headers);
    headers.set('vary', vary);
    let body: BodyInit | null;
    if (complete) {
      const whole = Buffer.concat(chunks);
      if (whole.length < threshold) {
        headers.set('content-length', String(whole.length));
        replace(c, asBody(whole), res, headers);
        return;
      }
      const compressed = compressBuffer(coding, whole, options);
      headers.set('content-length', String(compressed.length));
      body = asBody(compressed);
    } else if (c.req.method === 'HEAD') {
      reader.cancel().catch(() => {});
      body = null;
      headers.delete('content-length');
    } else {
      body = compressedStream(coding, reader, chunks, read, options);
      headers.delete('content-length');
    }
    headers.set('content-encoding', coding);
    const etag = headers.get('etag');
    if (etag) headers.set('etag', weakened(etag));
    replace(c, body, res, headers);
  };
}

/** Sets the context's response without Hono copying the old one's headers back over the new ones. */
function replace(c: Parameters<MiddlewareHandler>[0], body: BodyInit | null, res: Response, headers: Headers) {
  c.res = new Response(body, { status: res.status, statusText: res.statusText });
  const target = c.res.headers;
  for (const name of [...target.keys()]) if (!headers.has(name)) target.delete(name);
  for (const [name, value] of headers) if (name !== 'set-cookie') target.set(name, value);
  target.delete('set-cookie');
  for (const cookie of headers.getSetCookie()) target.append('set-cookie', cookie);
}

function setHeader(c: Parameters<MiddlewareHandler>[0], name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    // Immutable headers (a fetched response): copy it.
    c.header(name, value);
  }
}
