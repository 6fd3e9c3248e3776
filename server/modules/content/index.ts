import { localeOfPath, stripLocale, type LocaleCode } from '../../../contract/locales.ts';
import { isDisallowed, ROBOTS_NOINDEX, seoSettingsUrl, type SeoHead, type SeoMeta, type SeoRecord } from '../../../contract/seo.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Env } from '../../platform/env.ts';
import type { Logger } from '../../platform/logger.ts';
import { createDatabaseContentSource } from './database.ts';
import { createStrapiContentSource } from './strapi.ts';
import type { ContentListing, ContentPage, ContentSource, SeoText } from './types.ts';

/**
 * Content pages (/{slug}: terms, privacy, responsible gaming, about ...) and the SEO texts under
 * listing pages, per locale with English as fallback (docs/content.md). One interface, two
 * sources picked by CONTENT_SOURCE: the built-in database (edited with `npm run ops --
 * content:...`) or a Strapi server.
 */
export { SEO_HOST_PATTERN, SEO_PATH_PATTERN, SEO_RECORD_PATH_PATTERN, SLUG_PATTERN, contentSectionSchema, type ContentListing, type ContentPage, type ContentSection, type ContentSource, type SeoText } from './types.ts';
export { createDatabaseContentSource, createContentAdmin, parseContentFile, seoRecordSpecSchema, type ContentAdmin } from './database.ts';
export { createStrapiContentSource, STRAPI_STALE_MS } from './strapi.ts';
export { markdownToSections } from './text.ts';
export { createContentEditor, versionOutsideChange, CONTENT_CACHE, CONTENT_KINDS, entryRefSchema, FIELDS_SCHEMAS, type ContentEditor, type ContentEntryRow, type ContentEntryView, type ContentKind, type ContentVersionRow, type EntryFields, type EntryRef } from './editor.ts';
export { createContentImages, CONTENT_IMAGE_MAX_BYTES, type ContentImages, type ContentImageView } from './images.ts';

type ContentEnv = Pick<Env, 'CONTENT_SOURCE' | 'STRAPI_URL' | 'STRAPI_TOKEN' | 'STRAPI_TIMEOUT_MS' | 'STRAPI_CACHE_MS'>;

/** The source CONTENT_SOURCE names: Strapi at STRAPI_URL, else the database. */
export function contentSourceFromEnv(db: Db, env: ContentEnv, logger: Pick<Logger, 'warn'>): ContentSource {
  if (env.CONTENT_SOURCE === 'strapi' && env.STRAPI_URL) {
    return createStrapiContentSource({ url: env.STRAPI_URL, token: env.STRAPI_TOKEN, timeoutMs: env.STRAPI_TIMEOUT_MS, cacheMs: env.STRAPI_CACHE_MS, logger });
  }
  return createDatabaseContentSource(db);
}

export type ContentService = {
  readonly source: ContentSource['name'];
  /** A published page, or null; throws ApplicationUnavailableException (503) when the source is down with nothing cached. */
  findPage(slug: string, locale: LocaleCode): Promise<ContentPage | null>;
  /** A listing page's SEO text, or null (also when the source fails: the block is left out, the page still shows). */
  findSeoText(path: string, locale: LocaleCode): Promise<SeoText | null>;
  /** Every published page; throws when the source is down with nothing cached. */
  listPages(): Promise<ContentListing[]>;
  /** A page's SEO record, or null (also when the source fails: logged, the page keeps its own head). */
  findSeoRecord(path: string, locale: LocaleCode): Promise<SeoRecord | null>;
  /** The domain's meta tags; empty when none or when the source fails (logged). */
  findDomainMeta(host: string, locale: LocaleCode): Promise<SeoMeta[]>;
  /**
   * What a page's head gets from SEO (docs/seo.md): `pathWithQuery` is the address as visited
   * (`/fr/gamehall/slot?providers=x`); its record is looked up by the path without the locale
   * prefix in the address's locale. `robots` is `noindex, follow` under a robots.txt Disallow
   * rule, else the record's robots text, else null.
   */
  seoHead(pathWithQuery: string, host: string): Promise<SeoHead>;
};

export function createContentService(db: Db, options: { source?: ContentSource; logger?: Pick<Logger, 'warn'> } = {}): ContentService {
  const source = options.source ?? createDatabaseContentSource(db);
  // A failed SEO fetch is logged and answers empty SEO data (spec 2 section 4).
  const quiet = async <T,>(read: Promise<T>, empty: T, key: Record<string, string>): Promise<T> => {
    try {
      return await read;
    } catch (error) {
      options.logger?.warn({ err: error, ...key }, 'content: SEO data left out');
      return empty;
    }
  };
  return {
    source: source.name,
    findPage: (slug, locale) => source.findPage(slug, locale),
    findSeoText: (path, locale) => quiet(source.findSeoText(path, locale), null, { path }),
    listPages: () => source.listPages(),
    findSeoRecord: (path, locale) => quiet(source.findSeoRecord(path, locale), null, { path }),
    findDomainMeta: (host, locale) => quiet(source.findDomainMeta(host, locale), [], { host }),
    async seoHead(pathWithQuery, host) {
      const [rawPath] = pathWithQuery.split(/[?#]/, 1);
      const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath || '/';
      const locale = localeOfPath(path);
      // The page's own record and its route's shared one (seoSettings) are asked for together; the page's own is preferred.
      const own = stripLocale(path);
      const shared = seoSettingsUrl(own);
      const [ownRecord, sharedRecord, domainMeta] = await Promise.all([
        this.findSeoRecord(own, locale),
        shared ? this.findSeoRecord(shared, locale) : Promise.resolve(null),
        this.findDomainMeta(host.toLowerCase(), locale),
      ]);
      const record = ownRecord ?? sharedRecord;
      const robots = isDisallowed(pathWithQuery) ? ROBOTS_NOINDEX : record?.robots || null;
      return { path, record, domainMeta, robots };
    },
  };
}
