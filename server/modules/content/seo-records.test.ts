import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { createTestDatabase } from '../../platform/testing/test-db.ts';
import { createContentAdmin, createContentService, createStrapiContentSource, parseContentFile } from './index.ts';

/**
 * SEO records and the domain's meta tags (docs/seo.md): from the built-in store through the
 * operators' files, and from a Strapi server's `seos` and `domain-seo-settings` collections; what
 * a page's head gets from them (content/getseo), robots Disallow included.
 */
let database: Database;
let strapi: Server;
let strapiUrl: string;
let strapiDown = false;
const strapiRequests: URL[] = [];
const strapiRows: Record<string, Record<string, unknown>[]> = {
  seos: [
    {
      url: '/promotions',
      locale: 'en',
      metaTitle: 'Promotions at {brand}',
      metaDescription: 'Every {brand} offer this week',
      canonicalURL: '/promotions',
      metaRobots: 'index, follow',
      openGraph: { id: 4, title: '{brand} promotions', image: '/brand/og-promotions.png' },
      meta: [{ id: 1, name: 'keywords', content: 'casino bonus' }, { id: 2, charset: 'utf-8' }],
      schemaFaq: [{ id: 9, question: 'Who can join {brand} offers?', answer: 'Every adult player.' }, { question: '', answer: 'dropped question' }],
      schemaArticle: { headline: 'How {brand} bonuses work', datePublished: '2026-01-02' },
      product: 'not an object',
      replacements: [{ key: '{brand}', value: 'Croupier' }],
      updatedAt: '2026-10-01T00:00:00.000Z',
    },
  ],
  'domain-seo-settings': [{ host: 'croupier.example', locale: 'en', meta: [{ name: 'google-site-verification', content: 'abc123' }, { nonsense: true, content: 5 }] }],
};

beforeAll(async () => {
  database = await createTestDatabase();
  strapi = createServer((request, response) => {
    const address = new URL(request.url ?? '/', 'http://strapi.test');
    strapiRequests.push(address);
    if (strapiDown) return void response.writeHead(503).end('down');
    const collection = /^\/api\/([a-z-]+)$/.exec(address.pathname)?.[1] ?? '';
    let rows = (strapiRows[collection] ?? []).filter((row) => row.locale === address.searchParams.get('locale'));
    for (const [key, value] of address.searchParams) {
      const field = /^filters\[(\w+)\]\[\$eq\]$/.exec(key)?.[1];
      if (field) rows = rows.filter((row) => row[field] === value);
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: rows.map((row, id) => ({ id, attributes: row })), meta: {} }));
  });
  await new Promise<void>((resolve) => strapi.listen(0, '127.0.0.1', resolve));
  strapiUrl = `http://127.0.0.1:${(strapi.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await database.close();
  await new Promise<void>((resolve) => strapi.close(() => resolve()));
});

describe('SEO records in the built-in store', () => {
  it('an operator writes a record (a draft until published), French falls back to English, replacements are made', async () => {
    const admin = createContentAdmin(database.db, { actor: 'ops-anna' });
    const content = createContentService(database.db);
    const record = {
      url: '/gamehall/slot',
      locale: 'en',
      title: 'Slots at {brand} · play 200 reels',
      description: 'Spin {brand} slots for fun or real money',
      openGraph: { image: '/brand/og-slots.png' },
      meta: [{ name: 'keywords', content: 'slots' }],
      schemaFaq: [{ question: 'Are {brand} slots fair?', answer: 'Every round is provably fair.' }],
      replacements: { '{brand}': 'Croupier' },
    };
    expect(await admin.put('slots.json', JSON.stringify(record))).toEqual({ key: '/gamehall/slot', locale: 'en', created: true, published: false });
    expect(await content.findSeoRecord('/gamehall/slot', 'en')).toBeNull();
    expect(await admin.setPublished('/gamehall/slot', 'en', true)).toEqual(['en']);

    const found = await content.findSeoRecord('/gamehall/slot', 'fr');
    expect(found).toMatchObject({
      path: '/gamehall/slot',
      locale: 'en',
      title: 'Slots at Croupier · play 200 reels',
      description: 'Spin Croupier slots for fun or real money',
      schemaFaq: [{ question: 'Are Croupier slots fair?', answer: 'Every round is provably fair.' }],
      meta: [{ name: 'keywords', content: 'slots' }],
    });
    expect(found).not.toHaveProperty('replacements');
    expect((await admin.list()).find((row) => row.kind === 'record')).toMatchObject({ key: '/gamehall/slot', published: true, title: record.title });
    expect(await admin.show('/gamehall/slot', 'en')).toMatchObject({ url: '/gamehall/slot', title: record.title, published: true });
  });

  it('a wrong record file is refused naming each wrong field', () => {
    const refusal = () => parseContentFile('bad.json', JSON.stringify({ url: '/Bad Path', locale: 'de', schemaFaq: [{ question: 'q' }] }));
    expect(refusal).toThrowError(/^url: a page's path without the locale prefix/m);
    expect(refusal).toThrowError(/^locale: /m);
    expect(refusal).toThrowError(/^schemaFaq\.0\.answer: /m);
  });

  it("the domain's meta tags: the host's own, else those of '*'", async () => {
    const admin = createContentAdmin(database.db, { actor: 'ops-anna' });
    const content = createContentService(database.db);
    await admin.put('all.json', JSON.stringify({ host: '*', locale: 'en', meta: [{ name: 'google-site-verification', content: 'any-host' }] }));
    await admin.put('ours.json', JSON.stringify({ host: 'croupier.example', locale: 'en', meta: [{ name: 'yandex-verification', content: 'ours' }] }));
    expect(await content.findDomainMeta('croupier.example', 'fr')).toEqual([{ name: 'yandex-verification', content: 'ours' }]);
    expect(await content.findDomainMeta('other.example', 'en')).toEqual([{ name: 'google-site-verification', content: 'any-host' }]);
    expect(await content.findDomainMeta('bad host!', 'en')).toEqual([]);
  });

  it("a page's head: the record, the domain's tags, and noindex, follow under a Disallow rule", async () => {
    const content = createContentService(database.db);
    const slots = await content.seoHead('/fr/gamehall/slot/?providers=croupier', 'Croupier.Example');
    expect(slots).toMatchObject({ path: '/fr/gamehall/slot', record: { title: 'Slots at Croupier · play 200 reels' }, domainMeta: [{ name: 'yandex-verification' }], robots: null });
    expect((await content.seoHead('/cashier/deposit', 'croupier.example')).robots).toBe('noindex, follow');
    expect((await content.seoHead('/fr/profile/settings', 'croupier.example')).robots).toBe('noindex, follow');
    expect((await content.seoHead('/', 'croupier.example')).record).toBeNull();
  });

  it("a page without a record of its own gets its route's shared one (seoSettings); its own is preferred", async () => {
    const admin = createContentAdmin(database.db, { actor: 'ops-anna' });
    const content = createContentService(database.db);
    await admin.put('halls.json', JSON.stringify({ url: '/seo-settings/gamehall', locale: 'en', title: 'A Croupier game hall', published: true }));
    await admin.setPublished('/seo-settings/gamehall', 'en', true);
    expect((await content.seoHead('/fr/gamehall/live', 'croupier.example')).record).toMatchObject({ title: 'A Croupier game hall' });
    expect((await content.seoHead('/gamehall/slot', 'croupier.example')).record).toMatchObject({ title: 'Slots at Croupier · play 200 reels' });
    // Not for the list page itself, nor for a route of another kind.
    expect((await content.seoHead('/gamehall', 'croupier.example')).record).toBeNull();
    expect((await content.seoHead('/game/golden-croupier', 'croupier.example')).record).toBeNull();
  });
});

describe('SEO records from Strapi', () => {
  const service = () => {
    const warnings: unknown[] = [];
    const source = createStrapiContentSource({ url: strapiUrl, timeoutMs: 1000, cacheMs: 0, logger: { warn: (...args: unknown[]) => void warnings.push(args) } });
    return { content: createContentService(database.db, { source, logger: { warn: (...args: unknown[]) => void warnings.push(args) } }), warnings };
  };

  it('reads a seos entry with populate=deep: Strapi field names, replacements list, malformed fields dropped alone', async () => {
    strapiDown = false;
    strapiRequests.length = 0;
    const { content } = service();
    const record = await content.findSeoRecord('/promotions', 'fr');
    expect(record).toEqual({
      path: '/promotions',
      locale: 'en',
      title: 'Promotions at Croupier',
      description: 'Every Croupier offer this week',
      canonical: '/promotions',
      robots: 'index, follow',
      openGraph: { title: 'Croupier promotions', image: '/brand/og-promotions.png' },
      meta: [{ name: 'keywords', content: 'casino bonus' }, { charset: 'utf-8' }],
      schemaFaq: [{ question: 'Who can join Croupier offers?', answer: 'Every adult player.' }],
      schemaArticle: { headline: 'How Croupier bonuses work', datePublished: '2026-01-02' },
      updatedAt: '2026-10-01T00:00:00.000Z',
    });
    const asked = strapiRequests.filter((address) => address.pathname === '/api/seos');
    expect(asked.map((address) => address.searchParams.get('locale'))).toEqual(['fr', 'en']);
    expect(asked[0].searchParams.get('populate')).toBe('deep');
    expect(asked[0].searchParams.get('filters[url][$eq]')).toBe('/promotions');
  });

  it("the domain's meta from domain-seo-settings by host; a failing service answers empty SEO data and logs", async () => {
    expect(await service().content.findDomainMeta('croupier.example', 'en')).toEqual([{ name: 'google-site-verification', content: 'abc123' }]);
    // A service with no copy kept (a copy under a day old would be served instead, docs/content.md).
    const { content, warnings } = service();
    strapiDown = true;
    const head = await content.seoHead('/promotions', 'croupier.example');
    strapiDown = false;
    expect(head).toEqual({ path: '/promotions', record: null, domainMeta: [], robots: null });
    expect(JSON.stringify(warnings)).toContain('content: SEO data left out');
  });
});
