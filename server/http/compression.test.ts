import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import http, { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { getRequestListener } from '@hono/node-server';
import { createReadableStreamFromReadable } from '@react-router/node';
import { createElement, Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { precompressDirectory } from '../../scripts/precompress.ts';
import type { Services } from '../services.ts';
import { createHttpApp, type HttpApp } from './app.ts';
import { acceptedEncodings, compression } from './compression.ts';
import { createGuestPageCache, PAGE_CACHE_HEADER, type GuestPageCache } from './guest-page-cache.ts';
import { compressAroundNonce } from './nonce-compression.ts';
import { staticFiles } from './static-files.ts';
import { createTestServices } from './test-services.ts';

/**
 * Compression (decision 034): the site's own HTTP app with a stand-in page renderer, a static
 * root precompressed by the build's own step, and a real socket where timing matters (streams).
 */

const decode = (coding: string | null, body: Buffer) =>
  coding === 'br' ? zlib.brotliDecompressSync(body) : coding === 'gzip' ? zlib.gunzipSync(body) : body;

describe('Accept-Encoding', () => {
  it('prefers brotli, respects q-values and refusals, and reads the wildcard', () => {
    expect(acceptedEncodings('br, gzip')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('gzip;q=0.5, br;q=0.9')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0.2, gzip;q=0.8')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings('')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=1, *;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('deflate, identity;q=0')).toEqual([]);
    expect(acceptedEncodings('X-GZIP ; Q=0.7')).toEqual(['gzip']);
  });
});

describe('the middleware on its own', () => {
  const text = 'Croupier '.repeat(400);
  const app = new Hono();
  app.use(compression());
  app.get('/tagged', (c) => {
    c.header('ETag', '"v1"');
    return c.text(text);
  });
  app.get('/tiny', (c) => c.json({ ok: true }));
  app.get('/picture', (c) => c.body(new Uint8Array(4096).fill(7), 200, { 'content-type': 'image/png' }));
  app.get('/font', (c) => c.body(new Uint8Array(4096).fill(7), 200, { 'content-type': 'font/woff2' }));
  app.get('/no-transform', (c) => {
    c.header('Cache-Control', 'private, no-transform');
    return c.text(text);
  });
  app.get('/encoded', (c) => c.body(zlib.gzipSync(text), 200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }));
  app.get('/events', (c) => c.body(`data: ${text}\n\n`, 200, { 'content-type': 'text/event-stream' }));
  app.get('/not-modified', (c) => c.body(null, 304, { 'content-type': 'text/html', etag: '"v1"' }));
  const get = (path: string, encoding = 'br, gzip', method = 'GET') => app.request(path, { method, headers: { 'accept-encoding': encoding } });

  it('compresses with the preferred coding, makes a strong ETag weak, and decodes to the same text', async () => {
    for (const [accept, coding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip'], ['identity', null], ['', null]] as const) {
      const response = await get('/tagged', accept);
      expect(response.headers.get('content-encoding'), accept).toBe(coding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('etag')).toBe(coding ? 'W/"v1"' : '"v1"');
      const body = Buffer.from(await response.arrayBuffer());
      if (coding) expect(Number(response.headers.get('content-length'))).toBe(body.length);
      expect(decode(coding, body).toString()).toBe(text);
    }
  });

  it('leaves alone tiny bodies (with Vary), images and fonts (without), no-transform, encoded bodies and event streams', async () => {
    const tiny = await get('/tiny');
    expect([tiny.headers.get('content-encoding'), tiny.headers.get('vary'), await tiny.text()]).toEqual([null, 'Accept-Encoding', '{"ok":true}']);
    for (const path of ['/picture', '/font', '/no-transform', '/events']) {
      const response = await get(path);
      expect(response.headers.get('content-encoding'), path).toBeNull();
      expect(response.headers.get('vary'), path).toBeNull();
    }
    const encoded = await get('/encoded');
    expect(encoded.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await encoded.arrayBuffer())).toString()).toBe(text);
  });

  it('answers HEAD with the headers of a GET and no body, and 304 with Vary and nothing else to do', async () => {
    const head = await get('/tagged', 'br', 'HEAD');
    const full = await get('/tagged', 'br');
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(head.headers.get('content-length')).toBe(full.headers.get('content-length'));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const notModified = await get('/not-modified');
    expect([notModified.status, notModified.headers.get('content-encoding'), notModified.headers.get('vary'), notModified.headers.get('etag')]).toEqual([304, null, 'Accept-Encoding', '"v1"']);
  });
});

describe('compressed copies around a nonce', () => {
  const nonce = 'AAAAAAAAAAAAAAAAAAAAAA';
  /**
   * A page shaped like a React Router page: a nonce per module preload, links and cards, and some
   * nonces inside the escaped route data, all of varying lengths. Such pages made the compressor
   * carry a recent distance across a nonce when the placeholders repeated themselves.
   */
  function pageOf(seed: number) {
    let state = (seed * 2654435761) >>> 0;
    const random = (n: number) => {
      state ^= state << 13;
      state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5;
      state >>>= 0;
      return state % n;
    };
    const words = ['roulette', 'blackjack', 'slots', 'jackpot', 'bonus', 'table', 'live', 'game'];
    const word = () => words[random(words.length)];
    const links = Array.from({ length: 50 }, () => `<link rel="modulepreload" href="/assets/${word()}-${random(1e6).toString(36)}.js" nonce="${nonce}"/>`).join('');
    const cards = Array.from({ length: 300 }, () => `<a href="/game/${word()}-${random(100)}" class="card ${word()}">${word()} ${random(1000)} é</a>`).join('');
    const data = Array.from({ length: 60 }, (_, i) => `\\"${word()}\\",{\\"_${random(300)}\\":-5},\\"nonce\\",\\"${i % 9 ? word() : nonce}\\",\\"analytic\\"`).join(',');
    return `<!DOCTYPE html><html><head>${links}</head><body>${cards}<script nonce="${nonce}">window.__ctx.enqueue("${data}")</script></body></html>`;
  }

  it('splices any nonce of the same length into the copy, exactly, in both codings', async () => {
    for (const seed of [1, 2, 3]) {
      const page = pageOf(seed);
      const parts = page.split(nonce);
      for (const [coding, quality] of [['br', 4], ['br', 6], ['br', 9], ['gzip', 6]] as const) {
        const copy = await compressAroundNonce(parts, nonce.length, coding, quality);
        expect(copy, `page ${seed}, ${coding} ${quality}`).not.toBeNull();
        for (const other of ['b3L-kq_9xZ0aPQ7rT2mNcw', 'zzzzzzzzzzzzzzzzzzzzzz']) {
          const body = copy!.join(other);
          expect(decode(coding, body).toString()).toBe(parts.join(other));
          expect(body.length).toBeLessThan(Buffer.byteLength(page) / 3);
        }
        expect(() => copy!.join('short')).toThrow();
      }
    }
    // A page holding one of the placeholders' control characters is not spliced, nor one with more
    // nonces than there are placeholders.
    expect(await compressAroundNonce(['a\x01b', 'c'], nonce.length, 'br', 6)).toBeNull();
    expect(await compressAroundNonce(Array.from({ length: 100 }, () => '<p>'), nonce.length, 'br', 6)).toBeNull();
  });
});

describe('the site', () => {
  let services: Services;
  let app: HttpApp;
  let cache: GuestPageCache;
  let server: Server;
  let base: string;
  let staticRoot: string;
  let close: () => Promise<void>;
  /** The streamed page's slow part waits for this (a Suspense boundary waiting on a loader). */
  let releaseSlow: () => void = () => {};
  let releaseEvents: () => void = () => {};
  const js = `export function spin(){return ${JSON.stringify('reel '.repeat(3000))}}\n`;

  beforeAll(async () => {
    const setup = await createTestServices();
    const { env, logger } = setup;
    services = setup.services;
    cache = createGuestPageCache({ ttlMs: 60_000 });

    staticRoot = mkdtempSync(path.join(tmpdir(), 'croupier-static-'));
    mkdirSync(path.join(staticRoot, 'assets'));
    writeFileSync(path.join(staticRoot, 'assets/entry-abc123.js'), js);
    writeFileSync(path.join(staticRoot, 'assets/logo-abc123.png'), Buffer.alloc(4096, 9));
    writeFileSync(path.join(staticRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await precompressDirectory(staticRoot);

    app = createHttpApp({
      services,
      env,
      logger,
      serveStatic: staticFiles(staticRoot),
      pages: (c) =>
        cache.serve(c, async () => {
          const nonce = c.get('nonce');
          const pathname = new URL(c.req.url).pathname;
          if (pathname.startsWith('/streamed')) return streamedPage(nonce);
          if (pathname === '/events') return eventStream();
          const rows = Array.from({ length: 60 }, (_, i) => `<li class="game-card"><a href="/game/${i}">Game ${i}</a></li>`).join('');
          const body = `<!DOCTYPE html><html><head><script nonce="${nonce}" src="/assets/entry-abc123.js"></script></head><body><ul>${rows}</ul><script nonce="${nonce}">window.__ctx={"nonce":"${nonce}"}</script></body></html>`;
          return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
        }),
    });
    server = createServer(getRequestListener(app.fetch));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = async () => {
      server.close();
      rmSync(staticRoot, { recursive: true, force: true });
      await setup.close();
    };
  });
  afterAll(() => close());

  /** What app/entry.server.tsx does: React's streaming renderer piped into the response. */
  function streamedPage(nonce: string) {
    let release!: () => void;
    const slow = new Promise<string>((resolve) => (release = () => resolve('All the tables are open')));
    releaseSlow = release;
    const Slow = () => createElement('p', { id: 'slow' }, use(slow));
    const page = createElement(
      'html',
      null,
      createElement('body', null, createElement('h1', null, 'Lobby'), createElement(Suspense, { fallback: createElement('p', null, 'Loading the tables') }, createElement(Slow))),
    );
    return new Promise<Response>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(page, {
        nonce,
        onShellReady() {
          const body = new PassThrough();
          resolve(new Response(createReadableStreamFromReadable(body), { headers: { 'content-type': 'text/html; charset=utf-8' } }));
          pipe(body);
        },
        onShellError: reject,
      });
    });
  }

  function eventStream() {
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(`event: balance\ndata: ${'1'.repeat(2000)}\n\n`));
        await new Promise<void>((resolve) => (releaseEvents = resolve));
        controller.enqueue(encoder.encode('event: notice\ndata: second\n\n'));
        controller.close();
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
  }

  /**
   * A GET over the socket, decoding as bytes arrive: resolves `seen(text)` once the decoded body
   * holds the text, so a test can check what reached the client before the server went on.
   */
  function streamingGet(pathname: string, headers: Record<string, string>) {
    let decoded = '';
    const waiters: Array<{ text: string; resolve: () => void }> = [];
    const check = () => {
      for (const waiter of [...waiters]) {
        if (decoded.includes(waiter.text)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    };
    const response = new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      http
        .get(`${base}${pathname}`, { headers }, (res) => {
          const coding = res.headers['content-encoding'];
          const decoder = coding === 'br' ? zlib.createBrotliDecompress() : coding === 'gzip' ? zlib.createGunzip() : new PassThrough();
          res.pipe(decoder);
          decoder.on('data', (chunk: Buffer) => {
            decoded += chunk.toString();
            check();
          });
          decoder.on('end', () => resolve({ headers: res.headers, body: decoded }));
          decoder.on('error', reject);
        })
        .on('error', reject);
    });
    const seen = (text: string) =>
      new Promise<void>((resolve, reject) => {
        waiters.push({ text, resolve });
        check();
        setTimeout(() => reject(new Error(`"${text}" did not reach the client while the server waited`)), 5000).unref();
      });
    return { response, seen };
  }

  const request = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
    app.request(`http://localhost${pathname}`, { method, headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/130.0', ...headers } });

  it('answers br for "br, gzip", gzip for "gzip", identity otherwise, with Vary on each, for pages and JSON', async () => {
    for (const pathname of ['/lobby', '/nfx/cms-config/en']) {
      const texts = new Set<string>();
      for (const [accept, coding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['', null], ['br;q=0', null]] as const) {
        const response = await request(pathname, accept ? { 'accept-encoding': accept } : {});
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding'), `${pathname} ${accept}`).toBe(coding);
        expect(response.headers.get('vary')).toContain('Accept-Encoding');
        texts.add(decode(coding, Buffer.from(await response.arrayBuffer())).toString().replace(/nonce="[^"]+"|"nonce":"[^"]+"/g, 'N'));
      }
      expect(texts.size, pathname).toBe(1);
    }
    // A small API answer stays as it is, still with Vary.
    const small = await request('/api/getInfo', { accept: 'application/json', 'accept-encoding': 'br, gzip' });
    expect([small.headers.get('content-encoding'), small.headers.get('vary')]).toEqual([null, 'Accept-Encoding']);
  });

  it('serves a guest page shared by the cache from its compressed copy, with each response’s own nonce', async () => {
    cache.clear();
    await (await request('/shared', { 'accept-encoding': 'br' })).arrayBuffer();
    // The first hits asking for a coding are compressed on the fly; a few of them have the copy made.
    for (let hit = 0; hit < 4; hit++) {
      for (const coding of ['br', 'gzip']) {
        const response = await request('/shared', { 'accept-encoding': coding });
        expect([response.headers.get(PAGE_CACHE_HEADER), response.headers.get('content-encoding')]).toEqual(['hit', coding]);
        await response.arrayBuffer();
      }
    }
    expect(cache.stats().compressedHits).toBe(0);
    // The copies are made in a worker thread: ask until each coding is answered from its copy
    // (a busy machine may take seconds), then count exactly.
    for (const coding of ['br', 'gzip']) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const seen = cache.stats().compressedHits;
        await (await request('/shared', { 'accept-encoding': coding })).arrayBuffer();
        if (cache.stats().compressedHits > seen) break;
        if (Date.now() > deadline) throw new Error(`no compressed ${coding} copy after 15 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const before = cache.stats().compressedHits;
    for (const coding of ['br', 'gzip', 'br']) {
      const response = await request('/shared', { 'accept-encoding': coding });
      expect(response.headers.get(PAGE_CACHE_HEADER)).toBe('hit');
      expect(response.headers.get('content-encoding')).toBe(coding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)![1];
      const body = decode(coding, Buffer.from(await response.arrayBuffer())).toString();
      expect(body.split(nonce).length - 1).toBe(3);
      expect(body).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
    }
    expect(cache.stats().compressedHits - before).toBe(3);
    const plain = await request('/shared');
    expect([plain.headers.get(PAGE_CACHE_HEADER), plain.headers.get('content-encoding'), plain.headers.get('vary')]).toEqual(['hit', null, 'Accept-Encoding']);
  });

  it('streams a server-rendered page compressed: the shell reaches the client while a Suspense boundary still waits', async () => {
    for (const coding of ['br', 'gzip']) {
      const { response, seen } = streamingGet(`/streamed-${coding}`, { accept: 'text/html', 'accept-encoding': coding, 'user-agent': 'Mozilla/5.0 Chrome/130.0' });
      // Only once the client has decoded the shell does the slow part render: without a flush per
      // chunk this would wait for ever (and fail after 5 s).
      await seen('Loading the tables');
      releaseSlow();
      const { headers, body } = await response;
      expect(headers['content-encoding']).toBe(coding);
      expect(headers['vary']).toContain('Accept-Encoding');
      expect(headers['content-length']).toBeUndefined();
      expect(body).toContain('<h1>Lobby</h1>');
      expect(body).toContain('All the tables are open');
    }
  });

  it('does not compress or hold back server-sent events', async () => {
    const { response, seen } = streamingGet('/events', { accept: 'text/event-stream', 'accept-encoding': 'br, gzip' });
    await seen('event: balance');
    releaseEvents();
    const { headers, body } = await response;
    expect(headers['content-encoding']).toBeUndefined();
    expect(body).toContain('event: notice');
  });

  it('serves built assets from their precompressed files, with the right types, tags and Vary', async () => {
    const original = readFileSync(path.join(staticRoot, 'assets/entry-abc123.js'));
    const tags = new Set<string>();
    for (const [accept, coding, file] of [['br, gzip', 'br', '.br'], ['gzip', 'gzip', '.gz'], ['br;q=0.1, gzip', 'gzip', '.gz'], ['', null, '']] as const) {
      const response = await request('/assets/entry-abc123.js', { accept: '*/*', 'accept-encoding': accept });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('content-encoding'), accept).toBe(coding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control')).toContain('immutable');
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals(readFileSync(path.join(staticRoot, `assets/entry-abc123.js${file}`)))).toBe(true);
      expect(decode(coding, body).equals(original)).toBe(true);
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      tags.add(response.headers.get('etag')!);
      const revalidated = await request('/assets/entry-abc123.js', { accept: '*/*', 'accept-encoding': accept, 'if-none-match': response.headers.get('etag')! });
      expect([revalidated.status, revalidated.headers.get('vary'), (await revalidated.arrayBuffer()).byteLength]).toEqual([304, 'Accept-Encoding', 0]);
    }
    expect(tags.size).toBe(3);
    const head = await request('/assets/entry-abc123.js', { accept: '*/*', 'accept-encoding': 'br' }, 'HEAD');
    expect([head.status, head.headers.get('content-encoding'), head.headers.get('content-length'), (await head.arrayBuffer()).byteLength]).toEqual([
      200,
      'br',
      String(readFileSync(path.join(staticRoot, 'assets/entry-abc123.js.br')).length),
      0,
    ]);
    // Pictures as they are, without Vary; a file too small to be worth compressing, with it.
    const png = await request('/assets/logo-abc123.png', { accept: '*/*', 'accept-encoding': 'br, gzip' });
    expect([png.headers.get('content-type'), png.headers.get('content-encoding'), png.headers.get('vary')]).toEqual(['image/png', null, null]);
    const svg = await request('/favicon.svg', { accept: '*/*', 'accept-encoding': 'br, gzip' });
    expect([svg.headers.get('content-encoding'), svg.headers.get('vary')]).toEqual([null, 'Accept-Encoding']);
  });
});
