/**
 * Analytics (docs/analytics.md): the catalogue's events the server itself witnessed (a sign-up,
 * a sign-in, a deposit credited ...), one row each, for the reports. Written by the module
 * server/modules/analytics only; a row written from an outbox event carries that event's id as
 * its `source_key`, so a handler run twice stores it once.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The player (null: a visitor not signed in, such as a refused sign-in). */
    userId: integer('user_id'),
    event: text('event').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    properties: jsonb('properties').notNull().default(sql`'{}'::jsonb`),
    /** `outbox:<event id>` for rows written from the outbox; null for the ones written where they happen. */
    sourceKey: text('source_key'),
  },
  (table) => [
    uniqueIndex('analytics_events_source_key_idx').on(table.sourceKey),
    index('analytics_events_occurred_idx').on(table.occurredAt, table.event),
    index('analytics_events_user_idx').on(table.userId, table.occurredAt),
  ],
);
