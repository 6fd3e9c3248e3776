import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Versions of the per-locale site configuration document (site_configs holds the current one):
 * every write from the back office adds one, in the same transaction as the document, and a
 * rollback adds a new version holding an older document. `baseline` is the document as it was
 * before its first versioned write (seeded or imported), so that one can be rolled back to too.
 */
export const siteConfigVersions = pgTable(
  'site_config_versions',
  {
    id: serial('id').primaryKey(),
    locale: text('locale').notNull(),
    version: integer('version').notNull(),
    document: jsonb('document').notNull(),
    source: text('source', { enum: ['baseline', 'save', 'rollback'] }).notNull(),
    /** For a rollback, the version whose document it restored. */
    restoredVersion: integer('restored_version'),
    /** Who wrote it: `staff:<id> <email>`, or `system` for the baseline. */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('site_config_versions_locale_version_idx').on(table.locale, table.version), index('site_config_versions_created_idx').on(table.createdAt)],
);

// --- site-config: one configuration document per locale (spec 2, section 3) ---
export const siteConfigs = pgTable('site_configs', {
  locale: text('locale').primaryKey(),
  document: jsonb('document').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
