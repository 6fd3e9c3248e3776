import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from '../../../contract/locales.ts';
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { blocksToSections, markdownToSections } from './text.ts';
import { applyReplacements, seoMetaSchema, seoRecordFieldsSchema, type SeoMeta, type SeoRecord, type SeoRecordFields } from '../../../contract/seo.ts';
import { contentSectionSchema, fallbackChain, SEO_HOST_PATTERN, SEO_PATH_PATTERN, SEO_RECORD_PATH_PATTERN, SLUG_PATTERN, type ContentListing, type ContentPage, type ContentSection, type ContentSource, type SeoText } from './types.ts';

/**
 * The content source on a Strapi server (docs/content.md), through its REST API in the v4 shape
 * (`data[].attributes`) or the v5 one (flat `data[]`):
 *
 *   GET {STRAPI_URL}/api/pages?filters[slug][$eq]=terms&locale=fr   -> a page (title, description, body)
 *   GET {STRAPI_URL}/api/seos?filters[url][$eq]=/gamehall&locale=fr -> a SEO text (title/heading, text)
 *
 * with `Authorization: Bearer {STRAPI_TOKEN}`. Each request may take STRAPI_TIMEOUT_MS; answers
 * (a missing page included) are reused for STRAPI_CACHE_MS. When Strapi fails (down, slow, 5xx,
 * a malformed answer) the failure is logged and the last good answer is served for up to a day;
 * with none, reads throw ApplicationUnavailableException (503), which the page shows as
 * "temporarily unavailable" rather than a 404 that would drop the page from search engines.
 */
export type StrapiOptions = {
  url: string;
  token?: string;
  timeoutMs: number;
  cacheMs: number;
  logger: Pick<Logger, 'warn'>;
  pagesCollection?: string;
  seosCollection?: string;
  domainSeoCollection?: string;
  /** For tests: the clock of the cache. */
  now?: () => number;
};

/** How long a last good answer may stand in while Strapi fails. */
export const STRAPI_STALE_MS = 24 * 3600_000;
const MAX_ENTRIES = 1000;
const LIST_PAGE_SIZE = 100;
/** A runaway pagination (a server that always says "more") stops here. */
const MAX_LIST_PAGES = 50;

type Attributes = Record<string, unknown>;
type StrapiAnswer = { data?: unknown; meta?: { pagination?: { page?: number; pageCount?: number } } };

/** One entry of `data`: v4 keeps the fields under `attributes`, v5 puts them on the entry itself. */
const fieldsOf = (entry: unknown): Attributes | null => {
  if (!entry || typeof entry !== 'object') return null;
  const attributes = (entry as { attributes?: unknown }).attributes;
  return attributes && typeof attributes === 'object' ? (attributes as Attributes) : (entry as Attributes);
};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A rich text field: markdown (v4 "richtext"), blocks (v5), or our own sections as JSON. */
function bodyOf(value: unknown): ContentSection[] {
  if (typeof value === 'string') return markdownToSections(value);
  if (Array.isArray(value)) {
    const sections = contentSectionSchema.array().safeParse(value);
    return sections.success ? sections.data : blocksToSections(value);
  }
  return [];
}

/**
 * A `seos` entry's record fields, each kept when it is well formed and dropped (not the whole
 * record) when it is not. Strapi spells a few differently: `canonicalURL`, `metaRobots`, and the
 * replacements as a component list of {key, value}.
 */
export function seoRecordFields(fields: Attributes): SeoRecordFields {
  const replacements = Array.isArray(fields.replacements)
    ? Object.fromEntries(
        (fields.replacements as unknown[]).flatMap((entry) => {
          const { key, value } = (entry ?? {}) as { key?: unknown; value?: unknown };
          return typeof key === 'string' && typeof value === 'string' ? [[key, value]] : [];
        }),
      )
    : fields.replacements;
  const raw: Record<string, unknown> = {
    ...fields,
    description: fields.description ?? fields.metaDescription,
    title: fields.title ?? fields.metaTitle,
    canonical: fields.canonical ?? fields.canonicalURL ?? fields.canonicalUrl,
    robots: fields.robots ?? fields.metaRobots,
    replacements,
  };
  const shape = seoRecordFieldsSchema.shape;
  const kept: Record<string, unknown> = {};
  const lists = { meta: seoMetaSchema, schemaFaq: seoRecordFieldsSchema.shape.schemaFaq.unwrap().element } as const;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const value = raw[key];
    if (value === null || value === undefined) continue;
    if (key === 'meta' || key === 'schemaFaq') {
      // A list keeps its good entries: one malformed FAQ entry does not drop the others.
      kept[key] = (Array.isArray(value) ? value : []).flatMap((entry) => {
        const parsed = lists[key].safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      });
      continue;
    }
    const parsed = shape[key].safeParse(value);
    if (parsed.success) kept[key] = parsed.data;
  }
  return seoRecordFieldsSchema.parse(kept);
}

export class StrapiError extends Error {}

export function createStrapiContentSource(options: StrapiOptions): ContentSource {
  const base = options.url.replace(/\/+$/, '');
  const pages = options.pagesCollection ?? 'pages';
  const seos = options.seosCollection ?? 'seos';
  const domainSeo = options.domainSeoCollection ?? 'domain-seo-settings';
  const now = options.now ?? (() => Date.now());
  const cache = new Map<string, { value: unknown; at: number }>();
  const inFlight = new Map<string, Promise<unknown>>();

  async function request(collection: string, query: Record<string, string>): Promise<StrapiAnswer> {
    const url = `${base}/api/${collection}?${new URLSearchParams(query).toString()}`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Accept: 'application/json', ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}) },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : (error as Error).message;
      throw new StrapiError(`GET /api/${collection}: ${reason}`, { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new StrapiError(`GET /api/${collection}: HTTP ${response.status}`);
    }
    const answer = (await response.json().catch(() => null)) as StrapiAnswer | null;
    if (!answer || !Array.isArray(answer.data)) throw new StrapiError(`GET /api/${collection}: not a Strapi collection answer`);
    return answer;
  }

  /**
   * The answer for `key`: fresh from the cache, else loaded (one load per key at a time). A
   * failed load is logged and answered by the last good value while it is under a day old.
   */
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && now() - hit.at < options.cacheMs) return Promise.resolve(hit.value as T);
    const running = inFlight.get(key);
    if (running) return running as Promise<T>;
    const loading = load()
      .then((value) => {
        cache.delete(key);
        cache.set(key, { value, at: now() });
        while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        return value;
      })
      .catch((error: unknown) => {
        options.logger.warn({ err: error, key, reason: error instanceof Error ? error.message : String(error) }, 'strapi: content read failed');
        if (hit && now() - hit.at < STRAPI_STALE_MS) return hit.value as T;
        throw new AppError('ApplicationUnavailableException', 'The content service is not answering; try again shortly', { status: 503 });
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, loading);
    return loading;
  }

  /** The first entry of `collection` whose `field` equals `value`, trying the locale then English. */
  async function findOne(collection: string, field: string, value: string, locale: LocaleCode, extra: Record<string, string> = {}): Promise<{ fields: Attributes; locale: LocaleCode } | null> {
    for (const candidate of fallbackChain(locale, DEFAULT_LOCALE)) {
      const answer = await request(collection, {
        [`filters[${field}][$eq]`]: value,
        locale: candidate,
        'pagination[page]': '1',
        'pagination[pageSize]': '1',
        ...extra,
      });
      const fields = fieldsOf((answer.data as unknown[])[0]);
      if (fields) return { fields, locale: candidate };
    }
    return null;
  }

  function findPage(slug: string, locale: LocaleCode): Promise<ContentPage | null> {
    if (!SLUG_PATTERN.test(slug)) return Promise.resolve(null);
    return cached(`page ${slug} ${locale}`, async () => {
      const found = await findOne(pages, 'slug', slug, locale);
      if (!found) return null;
      const { fields } = found;
      return {
        slug,
        locale: text(fields.locale) || found.locale,
        title: text(fields.title) || slug,
        description: text(fields.description),
        body: bodyOf(fields.body ?? fields.content),
        updatedAt: text(fields.updatedAt) || undefined,
      };
    });
  }

  function findSeoText(path: string, locale: LocaleCode): Promise<SeoText | null> {
    if (!SEO_PATH_PATTERN.test(path)) return Promise.resolve(null);
    return cached(`seo ${path} ${locale}`, async () => {
      const found = await findOne(seos, 'url', path, locale);
      if (!found) return null;
      const { fields } = found;
      let body = bodyOf(fields.text);
      // The text's own first heading, when it opens with one, is the block's heading.
      let heading = text(fields.heading);
      if (!heading && body[0]?.heading) {
        heading = body[0].heading;
        body = [{ paragraphs: body[0].paragraphs }, ...body.slice(1)].filter((section) => section.heading || section.paragraphs.length);
      }
      heading ||= text(fields.title);
      if (!heading && !body.length) return null;
      return { path, locale: text(fields.locale) || found.locale, heading, body, updatedAt: text(fields.updatedAt) || undefined };
    });
  }

  function listPages(): Promise<ContentListing[]> {
    return cached('pages', async () => {
      const bySlug = new Map<string, ContentListing>();
      for (const locale of LOCALES) {
        for (let page = 1; page <= MAX_LIST_PAGES; page++) {
          const answer = await request(pages, {
            'fields[0]': 'slug',
            'fields[1]': 'updatedAt',
            locale,
            'pagination[page]': String(page),
            'pagination[pageSize]': String(LIST_PAGE_SIZE),
            sort: 'slug:asc',
          });
          const data = answer.data as unknown[];
          for (const entry of data) {
            const fields = fieldsOf(entry);
            const slug = text(fields?.slug);
            if (!SLUG_PATTERN.test(slug)) continue;
            const listing = bySlug.get(slug) ?? { slug, locales: {} };
            listing.locales[locale] = text(fields?.updatedAt) || undefined;
            bySlug.set(slug, listing);
          }
          const pageCount = answer.meta?.pagination?.pageCount;
          if (pageCount !== undefined ? page >= pageCount : data.length < LIST_PAGE_SIZE) break;
        }
      }
      return [...bySlug.values()].sort((a, b) => a.slug.localeCompare(b.slug));
    });
  }

  /** A page's SEO record: GET /api/seos?filters[url][$eq]={path}&locale=..&populate=deep (spec 2 section 7). */
  function findSeoRecord(path: string, locale: LocaleCode): Promise<SeoRecord | null> {
    if (!SEO_RECORD_PATH_PATTERN.test(path)) return Promise.resolve(null);
    return cached(`record ${path} ${locale}`, async () => {
      const found = await findOne(seos, 'url', path, locale, { populate: 'deep' });
      if (!found) return null;
      const { replacements, ...record } = seoRecordFields(found.fields);
      return { ...applyReplacements(record, replacements), path, locale: text(found.fields.locale) || found.locale, updatedAt: text(found.fields.updatedAt) || undefined };
    });
  }

  /** The domain's meta tags: GET /api/domain-seo-settings?filters[host][$eq]={host}&locale=.., its `meta`. */
  function findDomainMeta(host: string, locale: LocaleCode): Promise<SeoMeta[]> {
    if (!SEO_HOST_PATTERN.test(host)) return Promise.resolve([]);
    return cached(`domain ${host} ${locale}`, async () => {
      const found = await findOne(domainSeo, 'host', host, locale, { populate: 'deep' });
      const meta = Array.isArray(found?.fields.meta) ? (found.fields.meta as unknown[]) : [];
      return meta.flatMap((entry) => {
        const parsed = seoMetaSchema.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      });
    });
  }

  return { name: 'strapi', findPage, findSeoText, listPages, findSeoRecord, findDomainMeta };
}
