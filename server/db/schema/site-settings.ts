import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// --- site-settings: operator switches (maintenance, ...) as small JSON values by key ---
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
