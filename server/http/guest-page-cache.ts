import type { Context } from 'hono';
import { isbot } from 'isbot';
import { guessDeviceFromUserAgent } from '../../contract/user-agent.ts';
import type { HttpEnv } from './env.ts';
import { VISITOR_COOKIE } from './app.ts';
import { acceptedEncodings, asBody, COMPRESSION_THRESHOLD, isCompressibleType, varyWithAcceptEncoding, type ContentCoding } from './compression.ts';
import { createCopyMaker, type NonceSplicedBody } from './nonce-compression.ts';
import { cacheCounters } from '../platform/observability/metrics.ts';

/**
 * Whole pages rendered for guests, shared between guests for a moment (decision 012).
 *
 * A guest's page of a given address is the same for every guest who sends the same cookies,
 * language and kind of browser: nothing in it belongs to the visitor (their visitor id is never
 * rendered). Only the CSP nonce differs per response, so a cached page keeps the nonce it was
 * rendered with and a hit swaps in the new response's own nonce, which stays unpredictable and
 * used once. Under load the render then happens once per address and key per time limit instead
 * of once per request, and concurrent misses of one key wait for a single render.
 *
 * Never cached: signed-in viewers, anything but a GET of an HTML document (React Router's data
 * requests included), responses other than a 200 HTML page, and any response that sets a cookie
 * (a page with a side effect for its visitor must run for each of them). A change an operator
 * makes to settings, site configuration or the catalogue clears the cache in every process
 * through the invalidator; everything else on a guest page (jackpot amounts, recent winners) is at
 * most the time limit old.
 *
 * Compressed copies (decision 034): a page asked for in brotli or gzip a few times is compressed
 * once around its nonce (nonce-compression.ts), and later hits get that copy with their own nonce
 * spliced in, so a shared page is not compressed again for every guest. Until the copy is ready,
 * and for a page that cannot be spliced, the compression middleware compresses the hit.
 */
export type GuestPageCache = {
  /** The page from the cache, or from `render()` (stored when it may be shared). */
  serve(c: Context<HttpEnv>, render: () => Promise<Response>): Promise<Response>;
  clear(): void;
  /** compressedHits: hits answered with a compressed copy made before (no compression work of their own). */
  stats(): { hits: number; misses: number; entries: number; compressedHits: number };
};

/** The response header that says whether a page came from the cache (for operators and tests). */
export const PAGE_CACHE_HEADER = 'x-page-cache';

type Entry = {
  key: string;
  expiresAt: number;
  status: number;
  headers: Array<[string, string]>;
  /** The body cut at every place the nonce it was rendered with appears: a hit joins it with its own. */
  parts: string[];
  nonceLength: number;
  /** Text characters, plus the bytes of the compressed copies once made. */
  chars: number;
  compressible: boolean;
  /** Made once the page has been compressed on the fly a few times: null while being made, false when the page cannot be spliced. */
  compressed: Partial<Record<ContentCoding, NonceSplicedBody | null | false>>;
  /** Hits compressed on the fly by the middleware, per coding, while there was no copy. */
  onTheFly: Record<ContentCoding, number>;
};

/**
 * Making a copy costs about as much CPU as compressing the page on the fly 10 to 20 times (it is
 * flushed at every nonce, and checked): it is made for pages that are asked for compressed more
 * than this in their time limit, so a page few guests open never pays for one.
 */
const COPY_AFTER_HITS = 4;

/** The shared pages' compressed copies are made once per page and time limit: a little more effort than on the fly. */
export const CACHED_BROTLI_QUALITY = 6;
export const CACHED_GZIP_LEVEL = 6;

export function createGuestPageCache(options: {
  ttlMs: number;
  maxEntries?: number;
  /** Largest page kept, in characters of text. */
  maxChars?: number;
  /** All pages kept together, in characters: query strings are the visitor's to vary. */
  maxTotalChars?: number;
  now?: () => number;
}): GuestPageCache {
  const maxEntries = options.maxEntries ?? 500;
  const maxTotalChars = options.maxTotalChars ?? 32 * 1024 * 1024;
  let totalChars = 0;
  // A page far beyond a normal one is not worth keeping (and is probably not a normal page).
  const maxChars = options.maxChars ?? 2 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();
  let hits = 0;
  let misses = 0;
  const counted = cacheCounters('guest_pages');
  let compressedHits = 0;
  /** Moves on at every clear(): renders that began before it are not stored. */
  let generation = 0;

  const fromEntry = (entry: Entry, c: Context<HttpEnv>, nonce: string) => {
    const headers = new Headers(entry.headers);
    headers.set(PAGE_CACHE_HEADER, 'hit');
    const [coding] = entry.compressible && nonce.length === entry.nonceLength ? acceptedEncodings(c.req.header('accept-encoding')) : [];
    if (coding) {
      const copy = entry.compressed[coding];
      if (copy) {
        const body = copy.join(nonce);
        compressedHits += 1;
        headers.set('content-encoding', coding);
        headers.set('content-length', String(body.length));
        headers.set('vary', varyWithAcceptEncoding(headers.get('vary')));
        return new Response(asBody(body), { status: entry.status, headers });
      }
      if (copy === undefined && ++entry.onTheFly[coding] >= COPY_AFTER_HITS) compress(entry, coding);
    }
    return new Response(entry.parts.join(nonce), { status: entry.status, headers });
  };

  // Made by a worker thread, off the event loop that serves the pages.
  const copies = createCopyMaker();
  const compress = (entry: Entry, coding: ContentCoding) => {
    entry.compressed[coding] = null;
    void copies.make(entry.parts, entry.nonceLength, coding, coding === 'br' ? CACHED_BROTLI_QUALITY : CACHED_GZIP_LEVEL).then((copy) => {
      entry.compressed[coding] = copy ?? false;
      if (!copy || entries.get(entry.key) !== entry) return;
      entry.chars += copy.bytes;
      totalChars += copy.bytes;
      evict();
    });
  };

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    totalChars -= entry.chars;
    entries.delete(key);
  };
  const store = (key: string, entry: Entry) => {
    remove(key);
    entries.set(key, entry);
    totalChars += entry.chars;
    evict();
  };
  // Oldest first: a Map iterates in insertion order, and a re-stored key moved to the end.
  const evict = () => {
    while (entries.size > maxEntries || totalChars > maxTotalChars) remove(entries.keys().next().value!);
  };

  return {
    async serve(c, render) {
      const key = options.ttlMs > 0 ? cacheKey(c) : null;
      if (key === null) return render();
      const nonce = c.get('nonce');
      if (!nonce) return render();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) {
        hits += 1;
        counted.hit.inc();
        return fromEntry(cached, c, nonce);
      }
      const pending = rendering.get(key);
      if (pending) {
        const entry = await pending;
        if (entry) {
          hits += 1;
          counted.hit.inc();
          return fromEntry(entry, c, nonce);
        }
        return render();
      }

      // Guests who ask while this render runs wait for it rather than render the page again.
      misses += 1;
      counted.miss.inc();
      let settle!: (entry: Entry | null) => void;
      const shared = new Promise<Entry | null>((resolve) => (settle = resolve));
      rendering.set(key, shared);
      void shared.then(() => rendering.get(key) === shared && rendering.delete(key));
      // A page rendered across an operator's change is not kept: it may show what came before.
      const generationAtStart = generation;
      let response: Response;
      try {
        response = await render();
      } catch (error) {
        settle(null);
        throw error;
      }
      if (!shareable(response)) {
        settle(null);
        return response;
      }
      // The visitor gets the page streamed as it renders; the copy is read beside it.
      const [forVisitor, forCache] = response.body!.tee();
      new Response(forCache)
        .text()
        .then((body) => {
          if (body.length > maxChars || generation !== generationAtStart) return settle(null);
          const headers = [...response.headers].filter(([name]) => name !== 'content-length');
          const entry: Entry = {
            key,
            expiresAt: now() + options.ttlMs,
            status: response.status,
            headers,
            parts: body.split(nonce),
            nonceLength: nonce.length,
            chars: body.length,
            compressible: body.length >= COMPRESSION_THRESHOLD && isCompressibleType(response.headers.get('content-type')) && !/no-transform/i.test(response.headers.get('cache-control') ?? ''),
            compressed: {},
            onTheFly: { br: 0, gzip: 0 },
          };
          store(key, entry);
          settle(entry);
        })
        .catch(() => settle(null));
      const headers = new Headers(response.headers);
      headers.set(PAGE_CACHE_HEADER, 'miss');
      return new Response(forVisitor, { status: response.status, statusText: response.statusText, headers });
    },
    clear() {
      entries.clear();
      totalChars = 0;
      generation += 1;
    },
    stats: () => ({ hits, misses, entries: entries.size, compressedHits }),
  };
}

function shareable(response: Response): boolean {
  return (
    response.status === 200 &&
    response.body !== null &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    !response.headers.has('set-cookie')
  );
}

/**
 * What a guest page may depend on besides its address: the origin (rendered into the page, and
 * taken from the Host header when no public origin is configured, so a forged Host only ever gets
 * its own entry), the kind of device and whether it is a crawler (from the user agent), the
 * languages the browser asks for (the locale redirect), and every cookie but the visitor id.
 */
function cacheKey(c: Context<HttpEnv>): string | null {
  if (c.req.method !== 'GET') return null;
  if (c.get('viewer').userId !== null) return null;
  if (!(c.req.header('accept') ?? '').includes('text/html')) return null;
  const url = new URL(c.req.url);
  if (url.pathname.endsWith('.data')) return null;
  const cookies = (c.req.header('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${VISITOR_COOKIE}=`))
    .sort()
    .join('; ');
  const userAgent = c.req.header('user-agent') ?? '';
  return [url.origin + url.pathname + url.search, guessDeviceFromUserAgent(userAgent), isbot(userAgent) ? 'bot' : 'browser', c.req.header('accept-language') ?? '', cookies].join('\n');
}
