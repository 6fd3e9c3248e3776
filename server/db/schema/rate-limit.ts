import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// --- rate limits: fixed-window counters (used when Redis is not configured) ---
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);
