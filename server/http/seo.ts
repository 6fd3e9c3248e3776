import { Readable } from 'node:stream';
import type { Hono } from 'hono';
import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { DEFAULT_CURRENCY } from '../../contract/money.ts';
import { DEFAULT_LOCALE, LOCALES, localizePath, type LocaleCode } from '../../contract/locales.ts';
import { ROBOTS_DISALLOW } from '../../contract/seo.ts';
import { CATALOGUE_CACHE } from '../modules/catalogue/index.ts';
import { CONTENT_CACHE } from '../modules/content/index.ts';
import { createReadCache } from '../platform/read-cache.ts';
import type { Services } from '../services.ts';
import type { HttpEnv } from './env.ts';

/**
 * robots.txt and the sitemaps (docs/seo.md): an index at /sitemap.xml naming one child per
 * locale (/sitemap-en.xml, /sitemap-fr.xml), each listing every public page in that locale with
 * its alternates in the others and x-default. The XML is written by the `sitemap` package.
 */

// Paths no crawler should index (spec 2 section 9: a Disallow pattern also means `noindex, follow`
// on the page, written by its head from API content/getseo).
export { ROBOTS_DISALLOW };

const STATIC_PATHS = ['/', '/gamehall', '/jackpots', '/providers', '/fairness', '/winners', '/offers', '/promotions', '/tournaments'];
const GAMES_PAGE = 500;
const TOURNAMENTS_PAGE = 100;
export const SITEMAP_CACHE_MS = 60_000;

/**
 * `lastmod` only where the data has a real date of change: content pages (their `updated_at`, per
 * locale in `lastmods` when each translation has its own). Games, jackpots and campaigns expose none.
 */
export type SitemapEntry = { path: string; lastmod?: string; lastmods?: Partial<Record<LocaleCode, string | undefined>> };
type SeoServices = Pick<Services, 'catalogue' | 'content' | 'jackpots' | 'promotions' | 'tournaments' | 'siteConfig' | 'invalidator'>;

/** Every public page, once, as its English path (each locale's child adds its prefix). */
export async function sitemapEntries(services: SeoServices): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = STATIC_PATHS.map((path) => ({ path }));
  const [categories, jackpots, contentPages, campaigns] = await Promise.all([
    services.catalogue.categories(DEFAULT_LOCALE),
    services.jackpots.list({ currency: DEFAULT_CURRENCY }, DEFAULT_LOCALE),
    // A content source that is down (Strapi) leaves its pages out of this minute's sitemap rather
    // than failing it: it has logged the failure, and the next minute asks again.
    services.content.listPages().catch(() => []),
    services.promotions.listCampaigns({ offset: 0, count: 50 }, null, DEFAULT_LOCALE),
  ]);
  // The hall's categories under their own address (/gamehall/slot); 'all' is /gamehall itself.
  for (const category of categories) if (category.id !== 'all' && category.games_count > 0) entries.push({ path: `/gamehall/${encodeURIComponent(category.id)}` });
  // A running campaign under its one address: among the offers when placed there, else the
  // promotions (the pages redirect the other one there). A campaign placed in neither (a banner
  // or a popup only) has no page of its own to offer.
  for (const campaign of campaigns.items) {
    const list = campaign.placements.includes('offers') ? 'offers' : campaign.placements.includes('promotions') ? 'promotions' : null;
    if (list) entries.push({ path: `/${list}/${encodeURIComponent(campaign.sysname)}` });
  }
  // No lastmod for jackpots: their `updated_at` is the time of reading, not of a change.
  for (const jackpot of jackpots.items) entries.push({ path: `/jackpots/${encodeURIComponent(jackpot.id)}` });
  // Every tournament keeps its page (running, upcoming and finished with its final ranking).
  for (let offset = 0; ; offset += TOURNAMENTS_PAGE) {
    const page = await services.tournaments.list({ status: 'all', offset, count: TOURNAMENTS_PAGE }, null, DEFAULT_LOCALE);
    for (const tournament of page.items) entries.push({ path: `/tournaments/${encodeURIComponent(tournament.sysname)}` });
    if (page.items.length < TOURNAMENTS_PAGE) break;
  }
  // A page without its own translation is still served in every locale (English text), so it is
  // offered in each; its lastmod is the translation's date, else the English one's.
  for (const page of contentPages) entries.push({ path: `/${page.slug}`, lastmods: page.locales });
  for (let offset = 0; ; offset += GAMES_PAGE) {
    const page = await services.catalogue.listGames({ offset, count: GAMES_PAGE, sort: 'priority', fields: ['name'] }, DEFAULT_LOCALE);
    for (const game of page.items) if (game.sysname) entries.push({ path: `/game/${encodeURIComponent(game.sysname)}` });
    if (page.items.length < GAMES_PAGE) break;
  }
  return entries;
}

/** An entry's date of change in `locale`: its own, else the default locale's, else the entry's. */
const lastmodOf = (entry: SitemapEntry, locale: LocaleCode) => entry.lastmods?.[locale] ?? entry.lastmods?.[DEFAULT_LOCALE] ?? entry.lastmod;

/** The page in `locale`, with its address in every locale and x-default (the default locale's). */
export function sitemapItem(base: string, entry: SitemapEntry, locale: LocaleCode): SitemapItemLoose {
  const url = (code: LocaleCode) => `${base}${localizePath(entry.path, code)}`;
  return {
    url: url(locale),
    lastmod: lastmodOf(entry, locale),
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
  // Shared by every visitor; a catalogue or content change clears it, otherwise it lives a minute.
  const cache = createReadCache({ name: 'sitemaps', ttlMs: SITEMAP_CACHE_MS, maxEntries: 16 });
  services.invalidator.register(CATALOGUE_CACHE, cache);
  // A content page published or taken down in the back office is in or out of the sitemap at once.
  services.invalidator.register(CONTENT_CACHE, cache);
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
    const lastmod = (await entries()).flatMap((entry) => LOCALES.map((locale) => lastmodOf(entry, locale))).filter(Boolean).sort().at(-1);
    return xml(await cache.get(`index ${base}`, () => sitemapIndexXml(base, lastmod)));
  });
  for (const locale of LOCALES) {
    app.get(`/sitemap-${locale}.xml`, async (c) => {
      const base = await siteOrigin(services, options.publicOrigin, c.req.url);
      return xml(await cache.get(`${locale} ${base}`, async () => sitemapXml(base, await entries(), locale)));
    });
  }
}
