import { Readable } from 'node:stream';
import type { Hono } from 'hono';
import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { DEFAULT_CURRENCY } from '../../contract/money.ts';
import { DEFAULT_LOCALE, LOCALES, localizePath, type LocaleCode } from '../../contract/locales.ts';
import { CATALOGUE_CACHE } from '../modules/catalogue/index.ts';
import { createReadCache } from '../platform/read-cache.ts';
import type { Services } from '../services.ts';
import type { HttpEnv } from './env.ts';

/**
 * robots.txt and the sitemaps (docs/seo.md): an index at /sitemap.xml naming one child per
 * locale (/sitemap-en.xml, /sitemap-fr.xml), each listing every public page in that locale with
 * its alternates in the others and x-default. The XML is written by the `sitemap` package.
 */

/** Paths no crawler should index (spec 2 section 9: a Disallow pattern also means noindex). */
export const ROBOTS_DISALLOW = ['/cashier', '/profile', '/forms', '/platform/', '/api/', '/fr/cashier', '/fr/profile', '/fr/forms', '/fr/platform/'];

/**
 * Content pages the sitemap offers when the content service has them. The content module has no
 * listing of its pages yet, so the footer's pages are asked for one by one.
 */
export const SITEMAP_CONTENT_SLUGS = ['about', 'terms', 'privacy', 'responsible-gaming', 'bonus-terms', 'faq'];

const STATIC_PATHS = ['/', '/gamehall', '/jackpots', '/providers', '/fairness', '/winners', '/offers', '/promotions'];
const GAMES_PAGE = 500;
export const SITEMAP_CACHE_MS = 60_000;

/** `lastmod` only where the data has a real date of change (none of today's sources has one). */
export type SitemapEntry = { path: string; lastmod?: string };
type SeoServices = Pick<Services, 'catalogue' | 'content' | 'jackpots' | 'promotions' | 'siteConfig' | 'invalidator'>;

/** Every public page, once, as its English path (each locale's child adds its prefix). */
export async function sitemapEntries(services: SeoServices): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = STATIC_PATHS.map((path) => ({ path }));
  const [jackpots, contentPages, campaigns] = await Promise.all([
    services.jackpots.list({ currency: DEFAULT_CURRENCY }, DEFAULT_LOCALE),
    Promise.all(SITEMAP_CONTENT_SLUGS.map((slug) => services.content.findPage(slug, DEFAULT_LOCALE))),
    services.promotions.listCampaigns({ offset: 0, count: 50 }, null, DEFAULT_LOCALE),
  ]);
  // A running campaign under its one address: among the offers when placed there, else the
  // promotions (the pages redirect the other one there). A campaign placed in neither (a banner
  // or a popup only) has no page of its own to offer.
  for (const campaign of campaigns.items) {
    const list = campaign.placements.includes('offers') ? 'offers' : campaign.placements.includes('promotions') ? 'promotions' : null;
    if (list) entries.push({ path: `/${list}/${encodeURIComponent(campaign.sysname)}` });
  }
  // No lastmod for jackpots: their `updated_at` is the time of reading, not of a change.
  for (const jackpot of jackpots.items) entries.push({ path: `/jackpots/${encodeURIComponent(jackpot.id)}` });
  for (const page of contentPages) if (page) entries.push({ path: `/${page.slug}` });
  for (let offset = 0; ; offset += GAMES_PAGE) {
    const page = await services.catalogue.listGames({ offset, count: GAMES_PAGE, sort: 'priority', fields: ['name'] }, DEFAULT_LOCALE);
    for (const game of page.items) if (game.sysname) entries.push({ path: `/game/${encodeURIComponent(game.sysname)}` });
    if (page.items.length < GAMES_PAGE) break;
  }
  return entries;
}

/** The page in `locale`, with its address in every locale and x-default (the default locale's). */
export function sitemapItem(base: string, entry: SitemapEntry, locale: LocaleCode): SitemapItemLoose {
  const url = (code: LocaleCode) => `${base}${localizePath(entry.path, code)}`;
  return {
    url: url(locale),
    lastmod: entry.lastmod,
    links: [...LOCALES.map((code) => ({ lang: code, url: url(code) })), { lang: 'x-default', url: url(DEFAULT_LOCALE) }],
  };
}

export async function sitemapXml(base: string, entries: SitemapEntry[], locale: LocaleCode): Promise<string> {
  const stream = new SitemapStream({ hostname: base, xmlns: { news: false, video: false, image: false, xhtml: true } });
  return (await streamToPromise(Readable.from(entries.map((entry) => sitemapItem(base, entry, locale))).pipe(stream))).toString();
}

export async function sitemapIndexXml(base: string, lastmod: string | undefined): Promise<string> {
  const stream = new SitemapIndexStream();
  return (await streamToPromise(Readable.from(LOCALES.map((locale) => ({ url: `${base}/sitemap-${locale}.xml`, lastmod }))).pipe(stream))).toString();
}

export function robotsTxt(base: string): string {
  return ['User-agent: *', ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

/** The site's canonical origin: the SEO configuration's, else PUBLIC_ORIGIN, else the request's. */
async function siteOrigin(services: SeoServices, publicOrigin: string | undefined, requestUrl: string): Promise<string> {
  const configured = (await services.siteConfig.get(DEFAULT_LOCALE)).seo.canonical.url;
  return (configured || publicOrigin || new URL(requestUrl).origin).replace(/\/+$/, '');
}

/** Mounts /robots.txt, /sitemap.xml and /sitemap-{locale}.xml; call before the pages' catch-all. */
export function mountSeoRoutes(app: Hono<HttpEnv>, options: { services: SeoServices; publicOrigin?: string }) {
  const { services } = options;
  // Shared by every visitor; a catalogue change clears it, otherwise it lives a minute.
  const cache = createReadCache({ ttlMs: SITEMAP_CACHE_MS, maxEntries: 16 });
  services.invalidator.register(CATALOGUE_CACHE, cache);
  const entries = () => cache.get('entries', () => sitemapEntries(services));
  const xml = (body: string) =>
    new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' } });

  app.get('/robots.txt', async (c) => {
    const base = await siteOrigin(services, options.publicOrigin, c.req.url);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robotsTxt(base));
  });
  app.get('/sitemap.xml', async (c) => {
    const base = await siteOrigin(services, options.publicOrigin, c.req.url);
    const lastmod = (await entries()).map((entry) => entry.lastmod).filter(Boolean).sort().at(-1);
    return xml(await cache.get(`index ${base}`, () => sitemapIndexXml(base, lastmod)));
  });
  for (const locale of LOCALES) {
    app.get(`/sitemap-${locale}.xml`, async (c) => {
      const base = await siteOrigin(services, options.publicOrigin, c.req.url);
      return xml(await cache.get(`${locale} ${base}`, async () => sitemapXml(base, await entries(), locale)));
    });
  }
}
