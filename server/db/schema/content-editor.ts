import { customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The back office's content editor (docs/content.md, "The back office's editor"): every save of a
 * page, SEO text or SEO record is a numbered version of its entry (kind, key, locale); players
 * only ever see the live row (content_pages, seo_texts, seo_records), which a publish or a
 * rollback writes from one version. A version is never changed afterwards, except to note when it
 * was published.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: serial('id').primaryKey(),
    /** 'page' (content_pages), 'seo' (seo_texts) or 'record' (seo_records). */
    kind: text('kind').notNull(),
    /** The page's slug, or the path without the locale prefix of a SEO text or record. */
    key: text('key').notNull(),
    locale: text('locale').notNull(),
    version: integer('version').notNull(),
    /** The editor's fields: {title, description, markdown} for a page, {heading, markdown} for a SEO text, the record's fields for a SEO record. */
    fields: jsonb('fields').notNull(),
    /** 'baseline' (the live entry as it was before its first save here), 'save' or 'rollback'. */
    source: text('source').notNull(),
    /** The version a rollback restored. */
    restoredFrom: integer('restored_from'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When this version was made live (null: never). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('content_versions_entry_version').on(table.kind, table.key, table.locale, table.version)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Images uploaded for content, as stored after inspection and re-encoding (never the bytes sent).
 * Kept in the database so every web process serves them (decision 013) without a shared disk.
 */
export const contentImages = pgTable(
  'content_images',
  {
    /** `{43 random characters}.{jpg|png}`: the name in its address, /content-images/{name}. */
    name: text('name').primaryKey(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    /** The file name the uploader's browser gave (shown in the back office only). */
    originalName: text('original_name').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('content_images_created').on(table.createdAt)],
);
