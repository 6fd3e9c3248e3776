import { type APIRequestContext, expect, test } from '@playwright/test';
import { sitemapSchemaErrors } from '../seo/validate.ts';
import { gotoHydrated } from './support.ts';

/**
 * Every public page's server-rendered HTML (no JavaScript): a unique title, one canonical,
 * hreflang alternates and JSON-LD that parses, with the schema.org type the page calls for
 * (docs/seo.md).
 */
const PAGES: Array<[path: string, type: string]> = [
  ['/', 'WebSite'],
  ['/gamehall', 'BreadcrumbList'],
  ['/gamehall/slot', 'BreadcrumbList'],
  ['/gamehall/live', 'BreadcrumbList'],
  ['/game/golden-croupier', 'VideoGame'],
  ['/jackpots', 'BreadcrumbList'],
  ['/jackpots/mega', 'BreadcrumbList'],
  ['/providers', 'BreadcrumbList'],
  ['/fairness', 'BreadcrumbList'],
  ['/winners', 'BreadcrumbList'],
  ['/tournaments', 'BreadcrumbList'],
  ['/tournaments/weekly-slot-race', 'BreadcrumbList'],
  ['/promotions', 'BreadcrumbList'],
  ['/promotions/weekly-cashback', 'BreadcrumbList'],
  ['/offers', 'BreadcrumbList'],
  ['/offers/welcome-bonus', 'BreadcrumbList'],
  ['/loyalty', 'BreadcrumbList'],
  ['/support', 'BreadcrumbList'],
  ['/about', 'BreadcrumbList'],
  ['/terms', 'BreadcrumbList'],
  ['/privacy', 'BreadcrumbList'],
  ['/responsible-gaming', 'BreadcrumbList'],
];
const ALL = PAGES.flatMap(([path, type]) => [
  [path, type],
  [path === '/' ? '/fr' : `/fr${path}`, type],
]) as Array<[string, string]>;

type Head = { title: string; canonicals: string[]; hreflangs: Record<string, string>; types: string[]; contexts: string[]; ogUrl: string | null };

async function headOf(request: APIRequestContext, path: string): Promise<Head> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const canonicals = [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]);
  const hreflangs = Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((m) => [m[1], m[2]]));
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const records = scripts.flatMap((text) => [JSON.parse(text)].flat() as Array<Record<string, string>>);
  const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1] ?? null;
  return { title, canonicals, hreflangs, types: records.map((r) => r['@type']), contexts: records.map((r) => r['@context']), ogUrl };
}

test('every public page has a unique title, one canonical, hreflang alternates and typed JSON-LD', async ({ request }) => {
  // Forty-four pages rendered one after another.
  test.setTimeout(90_000);
  const titles = new Map<string, string>();
  for (const [path, type] of ALL) {
    const head = await headOf(request, path);
    expect(head.title.trim(), path).not.toBe('');
    // Unique within a locale: a French word may be the English one ("Jackpots").
    const key = `${path.startsWith('/fr') ? 'fr' : 'en'} ${head.title}`;
    expect(titles.get(key), `${path} shares its title`).toBeUndefined();
    titles.set(key, path);
    expect(head.canonicals, path).toHaveLength(1);
    expect(head.canonicals[0], path).toMatch(/^https?:\/\/[^/]+(\/.*)?$/);
    expect(new URL(head.canonicals[0]).pathname, path).toBe(path);
    expect(head.ogUrl, path).toBe(head.canonicals[0]);
    expect(Object.keys(head.hreflangs).sort(), path).toEqual(['en', 'fr', 'x-default']);
    expect(head.hreflangs['x-default'], path).toBe(head.hreflangs.en);
    expect(head.hreflangs[path.startsWith('/fr') ? 'fr' : 'en'], path).toBe(head.canonicals[0]);
    expect(head.types, path).toContain(type);
    for (const context of head.contexts) expect(context, path).toBe('https://schema.org');
  }
  const home = await headOf(request, '/');
  expect(home.types).toEqual(['Organization', 'WebSite']);
  const game = await headOf(request, '/game/golden-croupier');
  expect(game.types).toEqual(['BreadcrumbList', 'VideoGame']);
});

test('the JSON-LD script carries the page nonce and survives hydration', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await gotoHydrated(page, '/game/golden-croupier');
  const script = page.locator('script[type="application/ld+json"]');
  await expect(script).toHaveCount(1);
  expect(await script.evaluate((node: HTMLScriptElement) => node.nonce)).not.toBe('');
  const data = JSON.parse((await script.textContent()) ?? '') as Array<Record<string, unknown>>;
  expect(data.map((record) => record['@type'])).toEqual(['BreadcrumbList', 'VideoGame']);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\//);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_GB');
  expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
});

test('robots.txt names the sitemap, whose children pass the sitemaps.org schema and list every public page in both locales with hreflang', async ({ request }) => {
  test.setTimeout(60_000);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /cashier');
  const sitemap = /^Sitemap: (.+)$/m.exec(robots)?.[1] ?? '';
  expect(sitemap).toMatch(/\/sitemap\.xml$/);
  const index = await (await request.get(new URL(sitemap).pathname)).text();
  expect(index).toContain('<sitemapindex');
  expect(await sitemapSchemaErrors(index)).toEqual([]);

  // What the site offers, asked through its own API: games, tournaments, campaigns with a page.
  const data = async <T,>(method: string, query: Record<string, string> = {}) =>
    ((await (await request.get(`/api/${method}?${new URLSearchParams(query)}`)).json()) as { data: T }).data;
  const games = await data<{ items: Array<{ sysname: string }> }>('games/get', { count: '300' });
  const tournaments = await data<{ items: Array<{ sysname: string }> }>('tournaments/get', { status: 'all', count: '50' });
  const offers = await data<{ items: Array<{ sysname: string; placements: string[] }> }>('campaigns/getoffers', { count: '50' });
  const expected = [
    '/tournaments',
    '/promotions',
    '/offers',
    '/about',
    '/terms',
    '/privacy',
    '/responsible-gaming',
    ...games.items.map((game) => `/game/${game.sysname}`),
    ...tournaments.items.map((tournament) => `/tournaments/${tournament.sysname}`),
    // A campaign has one address: among the offers when placed there, else among the promotions.
    ...offers.items.filter((offer) => offer.placements.includes('offers')).map((offer) => `/offers/${offer.sysname}`),
    ...offers.items.filter((offer) => !offer.placements.includes('offers') && offer.placements.includes('promotions')).map((offer) => `/promotions/${offer.sysname}`),
  ];
  expect(games.items.length).toBeGreaterThan(10);
  expect(tournaments.items.length).toBeGreaterThan(0);
  expect(expected.some((path) => path.startsWith('/offers/'))).toBe(true);
  expect(expected.some((path) => path.startsWith('/promotions/'))).toBe(true);

  for (const locale of ['en', 'fr'] as const) {
    const response = await request.get(`/sitemap-${locale}.xml`);
    expect(response.headers()['content-type']).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(await sitemapSchemaErrors(xml), locale).toEqual([]);
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1]);
    const byPath = new Map(urls.map((url) => [new URL(/<loc>([^<]+)<\/loc>/.exec(url)![1]).pathname, url]));
    for (const path of expected) {
      const here = locale === 'en' ? path : `/fr${path}`;
      const entry = byPath.get(here);
      expect(entry, `${here} in sitemap-${locale}.xml`).toBeDefined();
      const alternates = Object.fromEntries([...entry!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], new URL(m[2]).pathname]));
      expect(alternates, here).toEqual({ en: path, fr: `/fr${path}`, 'x-default': path });
      // Content pages carry their date of change.
      if (['/about', '/terms', '/privacy', '/responsible-gaming'].includes(path)) expect(entry, here).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
    }
    expect(byPath.has(locale === 'en' ? '/terms' : '/fr/terms')).toBe(true);
  }
});
