import type { LocaleCode } from '../../../contract/locales.ts';
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
export { SEO_PATH_PATTERN, SLUG_PATTERN, contentSectionSchema, type ContentListing, type ContentPage, type ContentSection, type ContentSource, type SeoText } from './types.ts';
export { createDatabaseContentSource, createContentAdmin, parseContentFile, type ContentAdmin } from './database.ts';
export { createStrapiContentSource, STRAPI_STALE_MS } from './strapi.ts';
export { markdownToSections } from './text.ts';

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
};

export function createContentService(db: Db, options: { source?: ContentSource; logger?: Pick<Logger, 'warn'> } = {}): ContentService {
  const source = options.source ?? createDatabaseContentSource(db);
  return {
    source: source.name,
    findPage: (slug, locale) => source.findPage(slug, locale),
    findSeoText: async (path, locale) => {
      try {
        return await source.findSeoText(path, locale);
      } catch (error) {
        options.logger?.warn({ err: error, path }, 'content: SEO text left out');
        return null;
      }
    },
    listPages: () => source.listPages(),
  };
}
