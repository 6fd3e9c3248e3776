/**
 * The database schema, one section per module. Modules read and write only their own tables;
 * migrations in server/db/migrations are generated from this file (npm run db:generate).
 */
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// --- site-config: one configuration document per locale (spec 2, section 3) ---
export const siteConfigs = pgTable('site_configs', {
  locale: text('locale').primaryKey(),
  document: jsonb('document').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- site-settings: operator switches (maintenance, ...) as small JSON values by key ---
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- storage: small key/value store per visitor or per user (storage/get|getKeys|set) ---
export const storageEntries = pgTable(
  'storage_entries',
  {
    ownerKind: text('owner_kind', { enum: ['visitor', 'user'] }).notNull(),
    ownerId: text('owner_id').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    /** Bytes of key + value, kept so the quota check is one SUM over an index. */
    size: integer('size').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ownerKind, table.ownerId, table.key] })],
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
