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

/**
 * SEO records of the built-in content store (docs/seo.md; spec 2 section 3's SEO record): a page's
 * title, description, Open Graph, meta list, FAQ, Article, organization, product, canonical,
 * robots text and replacements, keyed by its path without the locale prefix ('/', '/gamehall',
 * '/game/golden-croupier'), per locale. `record` holds the fields as contract/seo.ts checks them.
 */
export const seoRecords = pgTable(
  'seo_records',
  {
    path: text('path').notNull(),
    locale: text('locale').notNull(),
    record: jsonb('record').notNull().default(sql`'{}'::jsonb`),
    isPublished: boolean('is_published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.path, table.locale] })],
);

/** The domain's SEO settings (`domain-seo-settings`): meta tags every page of a host carries; host '*' is any host. */
export const domainSeoSettings = pgTable(
  'domain_seo_settings',
  {
    host: text('host').notNull(),
    locale: text('locale').notNull(),
    meta: jsonb('meta').notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.host, table.locale] })],
);

// --- content: generic content pages served at /{slug} ---
export const contentPages = pgTable(
  'content_pages',
  {
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Body as a list of sections; rendered as text, never as raw HTML. */
    body: jsonb('body').notNull().default(sql`'[]'::jsonb`),
    isPublished: boolean('is_published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.slug, table.locale] })],
);
