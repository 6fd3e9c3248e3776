import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_LOCALE, type LocaleCode } from '../../../contract/locales.ts';
import type { Db } from '../../platform/db/database.ts';
import { contentPages } from '../../db/schema.ts';

/** Generic content pages (/{slug}): terms, privacy, about ... per locale, English as fallback. */
export const contentSectionSchema = z.object({ heading: z.string().optional(), paragraphs: z.array(z.string()) });
export type ContentSection = z.infer<typeof contentSectionSchema>;
export type ContentPage = { slug: string; locale: string; title: string; description: string; body: ContentSection[] };

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

export function createContentService(db: Db) {
  async function findPage(slug: string, locale: LocaleCode): Promise<ContentPage | null> {
    if (!SLUG_PATTERN.test(slug)) return null;
    for (const candidate of locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE]) {
      const [row] = await db
        .select()
        .from(contentPages)
        .where(and(eq(contentPages.slug, slug), eq(contentPages.locale, candidate), eq(contentPages.isPublished, true)));
      if (row) {
        const body = z.array(contentSectionSchema).safeParse(row.body);
        return { slug: row.slug, locale: row.locale, title: row.title, description: row.description, body: body.success ? body.data : [] };
      }
    }
    return null;
  }

  async function upsertPage(page: ContentPage): Promise<void> {
    await db
      .insert(contentPages)
      .values(page)
      .onConflictDoUpdate({
        target: [contentPages.slug, contentPages.locale],
        set: { title: page.title, description: page.description, body: page.body, updatedAt: new Date() },
      });
  }

  return { findPage, upsertPage };
}

export type ContentService = ReturnType<typeof createContentService>;
