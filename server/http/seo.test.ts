import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSitemap, parseSitemapIndex } from 'sitemap';
import { seedDemoContent } from '../db/seed.ts';
import { parseEnv } from '../platform/env.ts';
import { createLogger } from '../platform/logger.ts';
import { createTestDatabase } from '../platform/testing/test-db.ts';
import { createServices, type Services } from '../services.ts';
import { createHttpApp, type HttpApp } from './app.ts';
import { sitemapSchemaErrors } from '../../tests/seo/validate.ts';
import { ROBOTS_DISALLOW, robotsTxt, sitemapEntries, sitemapItem, sitemapXml } from './seo.ts';

/** robots.txt and the sitemaps through the real HTTP app, on the seeded demo catalogue. */
const ORIGIN = 'https://croupier.test';
let services: Services;
let app: HttpApp;
let close: () => Promise<void>;
let visibleGames: string[];
let tournamentNames: string[];

beforeAll(async () => {
  const database = await createTestDatabase();
  await seedDemoContent(database.db);
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'test-secret-test-secret-test-secret-0123', PUBLIC_ORIGIN: ORIGIN });
  const logger = createLogger('silent');
  services = await createServices({ database, env, logger, buildId: 'test' });
  app = createHttpApp({ services, env, logger });
  const games = await services.catalogue.listGames({ offset: 0, count: 10_000, sort: 'priority' }, 'en');
  visibleGames = games.items.map((game) => game.sysname!);
  tournamentNames = (await services.tournaments.list({ status: 'all', offset: 0, count: 1000 }, null, 'en')).items.map((tournament) => tournament.sysname);
  close = async () => {
    await services.close();
    await database.close();
  };
});
afterAll(() => close());

async function get(path: string) {
  const response = await app.request(path);
  return { status: response.status, type: response.headers.get('content-type') ?? '', cookie: response.headers.get('set-cookie'), body: await response.text() };
}

describe('robots.txt', () => {
  it('keeps crawlers off private areas and names the sitemap at the canonical origin', async () => {
    const answer = await get('/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain/);
    expect(answer.cookie).toBeNull();
    const lines = answer.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/cashier', '/profile', '/forms', '/api/', '/fr/cashier']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robotsTxt('https://x.example')).toContain('Sitemap: https://x.example/sitemap.xml');
    expect(ROBOTS_DISALLOW).not.toContain('/');
  });
});

describe('sitemap.xml', () => {
  it('is an index of one child per locale, absolute', async () => {
    const answer = await get('/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/xml/);
    expect(answer.body).toMatch(/<sitemapindex[^>]*xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9"/);
    const items = await parseSitemapIndex(Readable.from([answer.body]));
    expect(items.map((item) => item.url)).toEqual([`${ORIGIN}/sitemap-en.xml`, `${ORIGIN}/sitemap-fr.xml`]);
    expect(await sitemapSchemaErrors(answer.body)).toEqual([]);
    // The index's lastmod is the latest change among the content pages (the seed's are today's).
    expect(Date.parse(items[0].lastmod ?? '')).toBeGreaterThan(Date.now() - 3600_000);
  });

  for (const locale of ['en', 'fr'] as const) {
    it(`lists every public page in ${locale}, with en, fr and x-default alternates`, async () => {
      const answer = await get(`/sitemap-${locale}.xml`);
      expect(answer.status).toBe(200);
      const root = /<urlset[^>]*>/.exec(answer.body)?.[0] ?? '';
      expect(root).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
      expect(root).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      const items = await parseSitemap(Readable.from([answer.body]));
      const prefix = locale === 'en' ? '' : '/fr';
      const urls = items.map((item) => item.url);
      expect(new Set(urls).size).toBe(urls.length);
      for (const url of urls) expect(url.startsWith(`${ORIGIN}/`)).toBe(true);
      expect(await sitemapSchemaErrors(answer.body)).toEqual([]);
      const pages = ['/gamehall', '/gamehall/slot', '/gamehall/casino', '/jackpots', '/jackpots/mega', '/providers', '/fairness', '/winners', '/offers', '/promotions', '/offers/welcome-bonus', '/promotions/weekly-cashback', '/tournaments'];
      expect(urls).toEqual(expect.arrayContaining([`${ORIGIN}${prefix || '/'}`, ...pages.map((path) => `${ORIGIN}${prefix}${path}`)]));
      expect(tournamentNames.length).toBeGreaterThan(0);
      for (const sysname of tournamentNames) expect(urls).toContain(`${ORIGIN}${prefix}/tournaments/${sysname}`);
      // Every published content page, with its date of change in this locale as lastmod.
      const content = await services.content.listPages();
      expect(content.map((page) => page.slug)).toEqual(expect.arrayContaining(['about', 'privacy', 'responsible-gaming', 'terms']));
      for (const page of content) {
        const item = items.find((entry) => entry.url === `${ORIGIN}${prefix}/${page.slug}`);
        expect(item, page.slug).toBeDefined();
        expect(Date.parse(item!.lastmod ?? '')).toBe(Date.parse(page.locales[locale] ?? page.locales.en ?? ''));
      }
      expect(visibleGames.length).toBeGreaterThan(0);
      for (const sysname of visibleGames) expect(urls).toContain(`${ORIGIN}${prefix}/game/${sysname}`);
      expect(urls.filter((url) => url.includes('/game/'))).toHaveLength(visibleGames.length);
      for (const item of items) {
        const bare = item.url.slice(ORIGIN.length + prefix.length) || '/';
        const english = `${ORIGIN}${bare}`;
        const french = bare === '/' ? `${ORIGIN}/fr` : `${ORIGIN}/fr${bare}`;
        expect(item.links.map((link) => [link.lang, link.url])).toEqual([['en', english], ['fr', french], ['x-default', english]]);
      }
    });
  }

  it('leaves the content pages out, and nothing else, while the content service is down', async () => {
    const whole = await sitemapEntries(services);
    const down = await sitemapEntries({ ...services, content: { ...services.content, listPages: () => Promise.reject(new Error('Strapi down')) } });
    const contentPaths = (await services.content.listPages()).map((page) => `/${page.slug}`);
    expect(contentPaths.length).toBeGreaterThan(3);
    expect(down.map((entry) => entry.path)).toEqual(whole.map((entry) => entry.path).filter((path) => !contentPaths.includes(path)));
  });

  it('makes each locale page point at itself and its alternates, with a lastmod where the data has one', async () => {
    const item = sitemapItem('https://c.example', { path: '/game/golden-croupier', lastmod: '2026-01-02T03:04:05.000Z' }, 'fr');
    expect(item.url).toBe('https://c.example/fr/game/golden-croupier');
    const [parsed] = await parseSitemap(Readable.from([await sitemapXml('https://c.example', [{ path: '/about', lastmod: '2026-01-02T03:04:05.000Z' }], 'en')]));
    expect(parsed.lastmod).toBe('2026-01-02T03:04:05.000Z');
    expect(item.links).toEqual([
      { lang: 'en', url: 'https://c.example/game/golden-croupier' },
      { lang: 'fr', url: 'https://c.example/fr/game/golden-croupier' },
      { lang: 'x-default', url: 'https://c.example/game/golden-croupier' },
    ]);
  });
});
