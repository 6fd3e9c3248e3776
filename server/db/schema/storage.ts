import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
