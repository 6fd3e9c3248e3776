import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from '../../../contract/locales.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { contentPages, operatorAudit } from '../../db/schema.ts';
import { seoTexts } from '../../db/schema/content.ts';
import { parseFrontMatter, markdownToSections } from './text.ts';
import { contentSectionSchema, fallbackChain, SEO_PATH_PATTERN, SLUG_PATTERN, type ContentListing, type ContentPage, type ContentSource, type SeoText } from './types.ts';

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

  return { name: 'database', findPage, findSeoText, listPages };
}

// --- operator changes (npm run ops -- content:...) ------------------------------------------------

const locale = z.enum(LOCALES);
const body = z.array(contentSectionSchema.extend({ heading: z.string().min(1).optional(), paragraphs: z.array(z.string().min(1)).min(1) })).min(1);
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
export type PageSpec = z.infer<typeof pageSpecSchema>;
export type SeoTextSpec = z.infer<typeof seoTextSpecSchema>;

const problems = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('\n');

/**
 * Reads an operator's file: JSON as it is, markdown (.md) from its front matter (slug or path,
 * locale, title or heading, description, published) and its body, then checks it. A key starting
 * with '/' is a SEO text, anything else a page. Throws an Error naming each wrong field.
 */
export function parseContentFile(fileName: string, source: string): { kind: 'page'; spec: PageSpec } | { kind: 'seo'; spec: SeoTextSpec } {
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
  if (typeof raw.path === 'string') {
    const parsed = seoTextSpecSchema.safeParse(raw);
    if (!parsed.success) throw new Error(problems(parsed.error));
    return { kind: 'seo', spec: parsed.data };
  }
  const parsed = pageSpecSchema.safeParse(raw);
  if (!parsed.success) throw new Error(problems(parsed.error));
  return { kind: 'page', spec: parsed.data };
}

export type ContentRow = { kind: 'page' | 'seo'; key: string; locale: string; title: string; published: boolean; updatedAt: Date };

/** What operators do with the built-in content: every change writes operator_audit in its own transaction. */
export function createContentAdmin(db: Db, options: { actor: string }) {
  const audit = (tx: Tx, action: string, subject: string, details: Record<string, unknown>) =>
    tx.insert(operatorAudit).values({ actor: options.actor, action, subject, details });
  const subjectOf = (key: string) => (key.startsWith('/') ? `seo:${key}` : `page:${key}`);

  async function list(): Promise<ContentRow[]> {
    const [pages, texts] = await Promise.all([
      db.select().from(contentPages).orderBy(asc(contentPages.slug), asc(contentPages.locale)),
      db.select().from(seoTexts).orderBy(asc(seoTexts.path), asc(seoTexts.locale)),
    ]);
    return [
      ...pages.map((row) => ({ kind: 'page' as const, key: row.slug, locale: row.locale, title: row.title, published: row.isPublished, updatedAt: row.updatedAt })),
      ...texts.map((row) => ({ kind: 'seo' as const, key: row.path, locale: row.locale, title: row.heading, published: row.isPublished, updatedAt: row.updatedAt })),
    ];
  }

  /** One stored entry (published or not) in the shape `content:put` takes back. */
  async function show(key: string, code: LocaleCode): Promise<PageSpec | SeoTextSpec | null> {
    if (key.startsWith('/')) {
      const [row] = await db.select().from(seoTexts).where(and(eq(seoTexts.path, key), eq(seoTexts.locale, code)));
      return row ? { path: row.path, locale: code, heading: row.heading, body: sections(row.body) as SeoTextSpec['body'], published: row.isPublished } : null;
    }
    const [row] = await db.select().from(contentPages).where(and(eq(contentPages.slug, key), eq(contentPages.locale, code)));
    return row ? { slug: row.slug, locale: code, title: row.title, description: row.description, body: sections(row.body) as PageSpec['body'], published: row.isPublished } : null;
  }

  /** Creates or replaces an entry from an operator's file; returns whether it was new and is published. */
  async function put(fileName: string, source: string): Promise<{ key: string; locale: string; created: boolean; published: boolean }> {
    const file = parseContentFile(fileName, source);
    return db.transaction(async (tx) => {
      const now = new Date();
      if (file.kind === 'page') {
        const { slug, locale: code, title, description, body: content, published } = file.spec;
        const [before] = await tx.select({ published: contentPages.isPublished }).from(contentPages).where(and(eq(contentPages.slug, slug), eq(contentPages.locale, code)));
        const isPublished = published ?? before?.published ?? false;
        await tx
          .insert(contentPages)
          .values({ slug, locale: code, title, description, body: content, isPublished, updatedAt: now })
          .onConflictDoUpdate({ target: [contentPages.slug, contentPages.locale], set: { title, description, body: content, isPublished, updatedAt: now } });
        await audit(tx, before ? 'content.update' : 'content.create', subjectOf(slug), { locale: code, title, published: isPublished });
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
      return { key: path, locale: code, created: !before, published: isPublished };
    });
  }

  /** Publishes or unpublishes an entry in one locale, or in every locale it has; returns the locales changed. */
  async function setPublished(key: string, code: LocaleCode | 'all', published: boolean): Promise<string[]> {
    return db.transaction(async (tx) => {
      const now = new Date();
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
      const locales = changed.map((row) => row.locale).sort();
      if (locales.length) await audit(tx, published ? 'content.publish' : 'content.unpublish', subjectOf(key), { locales });
      return locales;
    });
  }

  return { list, show, put, setPublished };
}

export type ContentAdmin = ReturnType<typeof createContentAdmin>;
