import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from '../../../contract/locales.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { contentPages } from '../../db/schema.ts';
import { auditAs } from '../staff/index.ts';
import { domainSeoSettings, seoRecords, seoTexts } from '../../db/schema/content.ts';
import { applyReplacements, seoMetaSchema, seoRecordFieldsSchema, type SeoMeta, type SeoRecord } from '../../../contract/seo.ts';
import { parseFrontMatter, markdownToSections } from './text.ts';
import { contentSectionSchema, fallbackChain, SEO_HOST_PATTERN, SEO_PATH_PATTERN, SEO_RECORD_PATH_PATTERN, SLUG_PATTERN, type ContentListing, type ContentPage, type ContentSource, type SeoText } from './types.ts';

/** A stored body that does not parse shows as empty rather than breaking the page. */
const sections = (body: unknown) => {
  const parsed = z.array(contentSectionSchema).safeParse(body);
  return parsed.success ? parsed.data : [];
};

/** The built-in content source: content_pages and seo_texts, published rows only. */
export function createDatabaseContentSource(db: Db): ContentSource {
  async function findPage(slug: string, locale: LocaleCode): Promise<ContentPage | null> {
    if (!SLUG_PATTERN.test(slug)) return null;
    for (const candidate of fallbackChain(locale, DEFAULT_LOCALE)) {
      const [row] = await db
        .select()
        .from(contentPages)
        .where(and(eq(contentPages.slug, slug), eq(contentPages.locale, candidate), eq(contentPages.isPublished, true)));
      if (row) return { slug: row.slug, locale: row.locale, title: row.title, description: row.description, body: sections(row.body), updatedAt: row.updatedAt.toISOString() };
    }
    return null;
  }

  async function findSeoText(path: string, locale: LocaleCode): Promise<SeoText | null> {
    if (!SEO_PATH_PATTERN.test(path)) return null;
    for (const candidate of fallbackChain(locale, DEFAULT_LOCALE)) {
      const [row] = await db
        .select()
        .from(seoTexts)
        .where(and(eq(seoTexts.path, path), eq(seoTexts.locale, candidate), eq(seoTexts.isPublished, true)));
      if (row) return { path: row.path, locale: row.locale, heading: row.heading, body: sections(row.body), updatedAt: row.updatedAt.toISOString() };
    }
    return null;
  }

  async function listPages(): Promise<ContentListing[]> {
    const rows = await db
      .select({ slug: contentPages.slug, locale: contentPages.locale, updatedAt: contentPages.updatedAt })
      .from(contentPages)
      .where(eq(contentPages.isPublished, true))
      .orderBy(asc(contentPages.slug));
    const bySlug = new Map<string, ContentListing>();
    for (const row of rows) {
      if (!SLUG_PATTERN.test(row.slug) || !(LOCALES as readonly string[]).includes(row.locale)) continue;
      const entry = bySlug.get(row.slug) ?? { slug: row.slug, locales: {} };
      entry.locales[row.locale as LocaleCode] = row.updatedAt.toISOString();
      bySlug.set(row.slug, entry);
    }
    return [...bySlug.values()];
  }

  async function findSeoRecord(path: string, locale: LocaleCode): Promise<SeoRecord | null> {
    if (!SEO_RECORD_PATH_PATTERN.test(path)) return null;
    for (const candidate of fallbackChain(locale, DEFAULT_LOCALE)) {
      const [row] = await db
        .select()
        .from(seoRecords)
        .where(and(eq(seoRecords.path, path), eq(seoRecords.locale, candidate), eq(seoRecords.isPublished, true)));
      if (!row) continue;
      // A stored record that no longer parses counts as none rather than breaking the page.
      const fields = seoRecordFieldsSchema.safeParse(row.record);
      if (!fields.success) return null;
      const { replacements, ...rest } = fields.data;
      return { ...applyReplacements(rest, replacements), path: row.path, locale: row.locale, updatedAt: row.updatedAt.toISOString() };
    }
    return null;
  }

  async function findDomainMeta(host: string, locale: LocaleCode): Promise<SeoMeta[]> {
    if (!SEO_HOST_PATTERN.test(host)) return [];
    for (const candidateHost of host === '*' ? ['*'] : [host, '*']) {
      for (const candidate of fallbackChain(locale, DEFAULT_LOCALE)) {
        const [row] = await db
          .select()
          .from(domainSeoSettings)
          .where(and(eq(domainSeoSettings.host, candidateHost), eq(domainSeoSettings.locale, candidate)));
        if (row) {
          const meta = z.array(seoMetaSchema).safeParse(row.meta);
          return meta.success ? meta.data : [];
        }
      }
    }
    return [];
  }

  return { name: 'database', findPage, findSeoText, listPages, findSeoRecord, findDomainMeta };
}

// --- operator changes (npm run ops -- content:...) ------------------------------------------------

const locale = z.enum(LOCALES);
/** A body as operators write it: at least one section, each with a paragraph or an image. */
export const bodySchema = z
  .array(
    contentSectionSchema
      .extend({ heading: z.string().min(1).optional(), paragraphs: z.array(z.string().min(1)) })
      .refine((section) => section.paragraphs.length > 0 || section.image !== undefined, { message: 'a section needs a paragraph or an image', path: ['paragraphs'] }),
  )
  .min(1);
const body = bodySchema;
/** A page as an operator writes it; `published` left out keeps a page's state (a new one is a draft). */
export const pageSpecSchema = z.object({
  slug: z.string().regex(SLUG_PATTERN, 'lower-case words joined by hyphens, e.g. bonus-terms'),
  locale,
  title: z.string().min(1).max(120),
  description: z.string().max(300).default(''),
  body,
  published: z.boolean().optional(),
});
/** A SEO text as an operator writes it: the listing page's path without the locale prefix. */
export const seoTextSpecSchema = z.object({
  path: z.string().regex(SEO_PATH_PATTERN, "a page's path without the locale prefix, e.g. /gamehall/slot"),
  locale,
  heading: z.string().min(1).max(160),
  body,
  published: z.boolean().optional(),
});
/** A page's SEO record as an operator writes it: `url` (the path without the locale prefix, as Strapi's `seos` name it) and the record's fields. */
export const seoRecordSpecSchema = seoRecordFieldsSchema.extend({
  url: z.string().regex(SEO_RECORD_PATH_PATTERN, "a page's path without the locale prefix, e.g. / or /gamehall/slot"),
  locale,
  published: z.boolean().optional(),
});
/** The meta tags of every page on a host ('*': any host), as `domain-seo-settings` holds them. */
export const domainSeoSpecSchema = z.object({ host: z.string().regex(SEO_HOST_PATTERN, "a host name such as croupier.example or '*'"), locale, meta: z.array(seoMetaSchema).max(50) });
export type SeoRecordSpec = z.infer<typeof seoRecordSpecSchema>;
export type DomainSeoSpec = z.infer<typeof domainSeoSpecSchema>;
export type PageSpec = z.infer<typeof pageSpecSchema>;
export type SeoTextSpec = z.infer<typeof seoTextSpecSchema>;

const problems = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('\n');

/**
 * Reads an operator's file: JSON as it is, markdown (.md) from its front matter (slug or path,
 * locale, title or heading, description, published) and its body, then checks it. A key starting
 * with '/' is a SEO text, anything else a page. Throws an Error naming each wrong field.
 */
export function parseContentFile(
  fileName: string,
  source: string,
): { kind: 'page'; spec: PageSpec } | { kind: 'seo'; spec: SeoTextSpec } | { kind: 'record'; spec: SeoRecordSpec } | { kind: 'domain'; spec: DomainSeoSpec } {
  let raw: Record<string, unknown>;
  if (/\.(md|markdown)$/i.test(fileName)) {
    const { fields, body: markdown } = parseFrontMatter(source);
    raw = { ...fields, body: markdownToSections(markdown) };
    if (fields.published !== undefined) raw.published = fields.published === 'true';
  } else {
    try {
      raw = JSON.parse(source) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`(file): not JSON (${(error as Error).message})`, { cause: error });
    }
  }
  if (typeof raw.url === 'string') {
    const parsed = seoRecordSpecSchema.safeParse(raw);
    if (!parsed.success) throw new Error(problems(parsed.error));
    return { kind: 'record', spec: parsed.data };
  }
  if (typeof raw.host === 'string') {
    const parsed = domainSeoSpecSchema.safeParse(raw);
    if (!parsed.success) throw new Error(problems(parsed.error));
    return { kind: 'domain', spec: parsed.data };
  }
  if (typeof raw.path === 'string') {
    const parsed = seoTextSpecSchema.safeParse(raw);
    if (!parsed.success) throw new Error(problems(parsed.error));
    return { kind: 'seo', spec: parsed.data };
  }
  const parsed = pageSpecSchema.safeParse(raw);
  if (!parsed.success) throw new Error(problems(parsed.error));
  return { kind: 'page', spec: parsed.data };
}

export type ContentRow = { kind: 'page' | 'seo' | 'record'; key: string; locale: string; title: string; published: boolean; updatedAt: Date };

/** What operators do with the built-in content: every change writes operator_audit in its own transaction. */
export function createContentAdmin(
  db: Db,
  options: {
    actor: string;
    /** Called in the write's transaction after `put` changed a page, SEO text or record (the editor's history records it). */
    afterPut?: (tx: Tx, ref: { kind: 'page'; key: string } | { kind: 'seo'; key: string } | { kind: 'record'; key: string }, locale: string) => Promise<unknown>;
  },
) {
  const audit = auditAs(options.actor);
  const subjectOf = (key: string) => (key.startsWith('/') ? `seo:${key}` : `page:${key}`);

  async function list(): Promise<ContentRow[]> {
    const [pages, texts, records] = await Promise.all([
      db.select().from(contentPages).orderBy(asc(contentPages.slug), asc(contentPages.locale)),
      db.select().from(seoTexts).orderBy(asc(seoTexts.path), asc(seoTexts.locale)),
      db.select().from(seoRecords).orderBy(asc(seoRecords.path), asc(seoRecords.locale)),
    ]);
    const recordTitle = (record: unknown) => String((record as { title?: unknown }).title ?? '');
    return [
      ...records.map((row) => ({ kind: 'record' as const, key: row.path, locale: row.locale, title: recordTitle(row.record), published: row.isPublished, updatedAt: row.updatedAt })),
      ...pages.map((row) => ({ kind: 'page' as const, key: row.slug, locale: row.locale, title: row.title, published: row.isPublished, updatedAt: row.updatedAt })),
      ...texts.map((row) => ({ kind: 'seo' as const, key: row.path, locale: row.locale, title: row.heading, published: row.isPublished, updatedAt: row.updatedAt })),
    ];
  }

  /** One stored entry (published or not) in the shape `content:put` takes back. */
  /** A path's SEO text, else its SEO record. */
  async function show(key: string, code: LocaleCode): Promise<PageSpec | SeoTextSpec | SeoRecordSpec | null> {
    if (key.startsWith('/')) {
      const [row] = await db.select().from(seoTexts).where(and(eq(seoTexts.path, key), eq(seoTexts.locale, code)));
      if (row) return { path: row.path, locale: code, heading: row.heading, body: sections(row.body) as SeoTextSpec['body'], published: row.isPublished };
      const [record] = await db.select().from(seoRecords).where(and(eq(seoRecords.path, key), eq(seoRecords.locale, code)));
      const fields = record ? seoRecordFieldsSchema.safeParse(record.record) : null;
      return record && fields?.success ? { url: record.path, locale: code, ...fields.data, published: record.isPublished } : null;
    }
    const [row] = await db.select().from(contentPages).where(and(eq(contentPages.slug, key), eq(contentPages.locale, code)));
    return row ? { slug: row.slug, locale: code, title: row.title, description: row.description, body: sections(row.body) as PageSpec['body'], published: row.isPublished } : null;
  }

  /** Creates or replaces an entry from an operator's file; returns whether it was new and is published. */
  async function put(fileName: string, source: string): Promise<{ key: string; locale: string; created: boolean; published: boolean }> {
    const file = parseContentFile(fileName, source);
    return db.transaction(async (tx) => {
      const now = new Date();
      if (file.kind === 'record') {
        const { url, locale: code, published, ...record } = file.spec;
        const [before] = await tx.select({ published: seoRecords.isPublished }).from(seoRecords).where(and(eq(seoRecords.path, url), eq(seoRecords.locale, code)));
        const isPublished = published ?? before?.published ?? false;
        await tx
          .insert(seoRecords)
          .values({ path: url, locale: code, record, isPublished, updatedAt: now })
          .onConflictDoUpdate({ target: [seoRecords.path, seoRecords.locale], set: { record, isPublished, updatedAt: now } });
        await audit(tx, before ? 'content.update' : 'content.create', `seo-record:${url}`, { locale: code, title: record.title, published: isPublished });
        await options.afterPut?.(tx, { kind: 'record', key: url }, code);
        return { key: url, locale: code, created: !before, published: isPublished };
      }
      if (file.kind === 'domain') {
        const { host, locale: code, meta } = file.spec;
        const [before] = await tx.select({ host: domainSeoSettings.host }).from(domainSeoSettings).where(and(eq(domainSeoSettings.host, host), eq(domainSeoSettings.locale, code)));
        await tx
          .insert(domainSeoSettings)
          .values({ host, locale: code, meta, updatedAt: now })
          .onConflictDoUpdate({ target: [domainSeoSettings.host, domainSeoSettings.locale], set: { meta, updatedAt: now } });
        await audit(tx, before ? 'content.update' : 'content.create', `seo-domain:${host}`, { locale: code, meta: meta.length });
        return { key: host, locale: code, created: !before, published: true };
      }
      if (file.kind === 'page') {
        const { slug, locale: code, title, description, body: content, published } = file.spec;
        const [before] = await tx.select({ published: contentPages.isPublished }).from(contentPages).where(and(eq(contentPages.slug, slug), eq(contentPages.locale, code)));
        const isPublished = published ?? before?.published ?? false;
        await tx
          .insert(contentPages)
          .values({ slug, locale: code, title, description, body: content, isPublished, updatedAt: now })
          .onConflictDoUpdate({ target: [contentPages.slug, contentPages.locale], set: { title, description, body: content, isPublished, updatedAt: now } });
        await audit(tx, before ? 'content.update' : 'content.create', subjectOf(slug), { locale: code, title, published: isPublished });
        await options.afterPut?.(tx, { kind: 'page', key: slug }, code);
        return { key: slug, locale: code, created: !before, published: isPublished };
      }
      const { path, locale: code, heading, body: content, published } = file.spec;
      const [before] = await tx.select({ published: seoTexts.isPublished }).from(seoTexts).where(and(eq(seoTexts.path, path), eq(seoTexts.locale, code)));
      const isPublished = published ?? before?.published ?? false;
      await tx
        .insert(seoTexts)
        .values({ path, locale: code, heading, body: content, isPublished, updatedAt: now })
        .onConflictDoUpdate({ target: [seoTexts.path, seoTexts.locale], set: { heading, body: content, isPublished, updatedAt: now } });
      await audit(tx, before ? 'content.update' : 'content.create', subjectOf(path), { locale: code, heading, published: isPublished });
      await options.afterPut?.(tx, { kind: 'seo', key: path }, code);
      return { key: path, locale: code, created: !before, published: isPublished };
    });
  }

  /** Publishes or unpublishes an entry in one locale, or in every locale it has; returns the locales changed. */
  async function setPublished(key: string, code: LocaleCode | 'all', published: boolean): Promise<string[]> {
    return db.transaction(async (tx) => {
      const now = new Date();
      const records = key.startsWith('/')
        ? await tx
            .update(seoRecords)
            .set({ isPublished: published, updatedAt: now })
            .where(and(eq(seoRecords.path, key), code === 'all' ? undefined : eq(seoRecords.locale, code)))
            .returning({ locale: seoRecords.locale })
        : [];
      if (records.length) await audit(tx, published ? 'content.publish' : 'content.unpublish', `seo-record:${key}`, { locales: records.map((row) => row.locale).sort() });
      const changed = key.startsWith('/')
        ? await tx
            .update(seoTexts)
            .set({ isPublished: published, updatedAt: now })
            .where(and(eq(seoTexts.path, key), code === 'all' ? undefined : eq(seoTexts.locale, code)))
            .returning({ locale: seoTexts.locale })
        : await tx
            .update(contentPages)
            .set({ isPublished: published, updatedAt: now })
            .where(and(eq(contentPages.slug, key), code === 'all' ? undefined : eq(contentPages.locale, code)))
            .returning({ locale: contentPages.locale });
      const locales = [...new Set([...changed, ...records].map((row) => row.locale))].sort();
      if (changed.length) await audit(tx, published ? 'content.publish' : 'content.unpublish', subjectOf(key), { locales });
      return locales;
    });
  }

  return { list, show, put, setPublished };
}

export type ContentAdmin = ReturnType<typeof createContentAdmin>;
