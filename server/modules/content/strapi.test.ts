import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { parseEnv } from '../../platform/env.ts';
import type { Db } from '../../platform/db/database.ts';
import { contentSourceFromEnv } from './index.ts';
import { createStrapiContentSource, STRAPI_STALE_MS } from './strapi.ts';

/**
 * The Strapi adapter against a local HTTP server that answers as Strapi's REST API does
 * (`GET /api/<collection>?filters[field][$eq]=...&locale=...`, v4 `attributes` or v5 flat).
 */
const TOKEN = 'strapi-test-token';
type Entry = Record<string, unknown>;
type Mode = 'ok' | 'fail' | 'slow' | 'garbage';

let server: Server;
let url: string;
let mode: Mode = 'ok';
let shape: 'v4' | 'v5' = 'v4';
const requests: URL[] = [];
const collections: Record<string, Entry[]> = {};

function answer(request: IncomingMessage): { status: number; body: unknown } {
  if (request.headers.authorization !== `Bearer ${TOKEN}`) return { status: 401, body: { data: null, error: { status: 401, name: 'UnauthorizedError' } } };
  const address = new URL(request.url ?? '/', 'http://strapi.test');
  const collection = /^\/api\/([a-z-]+)$/.exec(address.pathname)?.[1];
  if (!collection || !collections[collection]) return { status: 404, body: { data: null, error: { status: 404, name: 'NotFoundError' } } };
  let rows = collections[collection].filter((row) => row.locale === (address.searchParams.get('locale') ?? 'en'));
  for (const [key, value] of address.searchParams) {
    const field = /^filters\[(\w+)\]\[\$eq\]$/.exec(key)?.[1];
    if (field) rows = rows.filter((row) => row[field] === value);
  }
  const page = Number(address.searchParams.get('pagination[page]') ?? 1);
  const pageSize = Number(address.searchParams.get('pagination[pageSize]') ?? 25);
  const slice = rows.slice((page - 1) * pageSize, page * pageSize);
  const data = slice.map((row, index) => (shape === 'v4' ? { id: index + 1, attributes: row } : { id: index + 1, documentId: `doc${index}`, ...row }));
  return { status: 200, body: { data, meta: { pagination: { page, pageSize, pageCount: Math.ceil(rows.length / pageSize), total: rows.length } } } };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(new URL(request.url ?? '/', 'http://strapi.test'));
    if (mode === 'slow') {
      setTimeout(() => response.end('{}'), 2000).unref();
      return;
    }
    if (mode === 'fail') {
      response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      return;
    }
    if (mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":');
      return;
    }
    const { status, body } = answer(request);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  mode = 'ok';
  shape = 'v4';
  requests.length = 0;
  collections.pages = [
    { slug: 'terms', locale: 'en', title: 'Terms', description: 'The rules', body: '## Accounts\nOne per person.\n\nYou must be 18.', updatedAt: '2026-10-01T09:00:00.000Z' },
    { slug: 'terms', locale: 'fr', title: 'Conditions', description: 'Les règles', body: '## Comptes\nUn par personne.', updatedAt: '2026-10-02T09:00:00.000Z' },
    { slug: 'about', locale: 'en', title: 'About', description: '', body: 'We run tables.', updatedAt: '2026-09-01T09:00:00.000Z' },
  ];
  collections.seos = [{ url: '/gamehall', locale: 'en', title: 'Casino games', text: '# Play at Croupier\nSlots and tables.', updatedAt: '2026-10-01T00:00:00.000Z' }];
});

const warnings: unknown[] = [];
const logger = { warn: (...args: unknown[]) => void warnings.push(args) };
let clock = 1_000_000;
const source = (options: { cacheMs?: number; timeoutMs?: number } = {}) =>
  createStrapiContentSource({ url, token: TOKEN, timeoutMs: options.timeoutMs ?? 1000, cacheMs: options.cacheMs ?? 60_000, logger, now: () => clock });

describe('Strapi content source', () => {
  it('finds a page (v4 attributes, markdown body) with the bearer token and Strapi filter query', async () => {
    const page = await source().findPage('terms', 'fr');
    expect(page).toEqual({ slug: 'terms', locale: 'fr', title: 'Conditions', description: 'Les règles', body: [{ heading: 'Comptes', paragraphs: ['Un par personne.'] }], updatedAt: '2026-10-02T09:00:00.000Z' });
    expect(requests).toHaveLength(1);
    expect(requests[0].pathname).toBe('/api/pages');
    expect(Object.fromEntries(requests[0].searchParams)).toMatchObject({ 'filters[slug][$eq]': 'terms', locale: 'fr' });
  });

  it('reads the v5 flat shape and rich-text blocks', async () => {
    shape = 'v5';
    collections.pages[2].body = [
      { type: 'paragraph', children: [{ type: 'text', text: 'We run ' }, { type: 'text', text: 'tables', bold: true }, { type: 'text', text: '.' }] },
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Team' }] },
      { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'Dealers' }] }, { type: 'list-item', children: [{ type: 'text', text: 'Engineers' }] }] },
    ];
    expect((await source().findPage('about', 'en'))?.body).toEqual([{ paragraphs: ['We run tables.'] }, { heading: 'Team', paragraphs: ['Dealers', 'Engineers'] }]);
  });

  it('answers null for a missing page, remembers that for the cache time, and refuses bad slugs without asking', async () => {
    const strapi = source();
    expect(await strapi.findPage('no-such-page', 'en')).toBeNull();
    expect(await strapi.findPage('no-such-page', 'en')).toBeNull();
    expect(requests).toHaveLength(1);
    expect(await strapi.findPage('../admin', 'en')).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('falls back to the English entry when the locale has none', async () => {
    const page = await source().findPage('about', 'fr');
    expect(page).toMatchObject({ locale: 'en', title: 'About' });
    expect(requests.map((request) => request.searchParams.get('locale'))).toEqual(['fr', 'en']);
  });

  it('reads SEO texts from the seos collection by url, the text opening heading as the block heading', async () => {
    expect(await source().findSeoText('/gamehall', 'fr')).toEqual({ path: '/gamehall', locale: 'en', heading: 'Play at Croupier', body: [{ paragraphs: ['Slots and tables.'] }], updatedAt: '2026-10-01T00:00:00.000Z' });
    expect(requests[0].pathname).toBe('/api/seos');
    expect(requests[0].searchParams.get('filters[url][$eq]')).toBe('/gamehall');
  });

  it('lists every page in every locale through all pages of results', async () => {
    for (let n = 0; n < 230; n++) collections.pages.push({ slug: `page-${String(n).padStart(3, '0')}`, locale: 'en', title: `Page ${n}`, updatedAt: '2026-08-01T00:00:00.000Z' });
    const listing = await source().listPages();
    expect(listing).toHaveLength(232);
    expect(listing.find((entry) => entry.slug === 'terms')?.locales).toEqual({ en: '2026-10-01T09:00:00.000Z', fr: '2026-10-02T09:00:00.000Z' });
    expect(listing.find((entry) => entry.slug === 'page-229')?.locales).toEqual({ en: '2026-08-01T00:00:00.000Z' });
    // 233 English entries at 100 a page, then one page of French.
    expect(requests.map((request) => `${request.searchParams.get('locale')}:${request.searchParams.get('pagination[page]')}`)).toEqual(['en:1', 'en:2', 'en:3', 'fr:1']);
  });

  it('a failing server: 503 ApplicationUnavailable with nothing kept, the last good answer (for a day) when there is one, logged', async () => {
    const strapi = source({ cacheMs: 1000 });
    mode = 'fail';
    warnings.length = 0;
    const error = await strapi.findPage('terms', 'en').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ type: 'ApplicationUnavailableException', status: 503 });
    expect(JSON.stringify(warnings)).toContain('HTTP 502');

    mode = 'ok';
    expect((await strapi.findPage('terms', 'en'))?.title).toBe('Terms');
    clock += 5000;
    mode = 'fail';
    expect((await strapi.findPage('terms', 'en'))?.title).toBe('Terms');
    mode = 'garbage';
    expect((await strapi.findPage('terms', 'en'))?.title).toBe('Terms');
    clock += STRAPI_STALE_MS;
    await expect(strapi.findPage('terms', 'en')).rejects.toMatchObject({ type: 'ApplicationUnavailableException' });
  });

  it('a slow server: gives up after the timeout instead of holding the page', async () => {
    mode = 'slow';
    warnings.length = 0;
    const started = performance.now();
    await expect(source({ timeoutMs: 200 }).findPage('terms', 'en')).rejects.toMatchObject({ status: 503 });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(JSON.stringify(warnings)).toContain('no answer within 200 ms');
  });

  it('a wrong token is a failure, not a missing page', async () => {
    const strapi = createStrapiContentSource({ url, token: 'wrong', timeoutMs: 1000, cacheMs: 0, logger });
    await expect(strapi.findPage('terms', 'en')).rejects.toMatchObject({ status: 503 });
  });
});

describe('choosing the source', () => {
  it('CONTENT_SOURCE=strapi needs STRAPI_URL, and then reads Strapi; the default is the database', async () => {
    expect(() => parseEnv({ CONTENT_SOURCE: 'strapi' })).toThrow(/STRAPI_URL: required when CONTENT_SOURCE is strapi/);
    expect(() => parseEnv({ CONTENT_SOURCE: 'wordpress' })).toThrow(/CONTENT_SOURCE/);
    const db = {} as Db;
    expect(contentSourceFromEnv(db, parseEnv({}), logger).name).toBe('database');
    const strapi = contentSourceFromEnv(db, parseEnv({ CONTENT_SOURCE: 'strapi', STRAPI_URL: url, STRAPI_TOKEN: TOKEN }), logger);
    expect(strapi.name).toBe('strapi');
    expect((await strapi.findPage('terms', 'en'))?.title).toBe('Terms');
  });
});
