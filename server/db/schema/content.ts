import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * SEO texts of the content module (docs/content.md): a text block shown under a listing page's
 * grid (the game hall, a hall category), keyed by the page's path without the locale prefix
 * ('/gamehall', '/gamehall/slot'), per locale. The pages themselves (/{slug}) live in
 * content_pages (server/db/schema.ts).
 */
export const seoTexts = pgTable(
  'seo_texts',
  {
    path: text('path').notNull(),
    locale: text('locale').notNull(),
    heading: text('heading').notNull(),
    /** Sections of {heading?, paragraphs}; rendered as text, never as raw HTML. */
    body: jsonb('body').notNull().default(sql`'[]'::jsonb`),
    isPublished: boolean('is_published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.path, table.locale] })],
);
