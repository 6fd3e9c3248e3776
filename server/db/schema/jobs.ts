import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// --- platform events and jobs (docs/events.md) ---
/**
 * The transactional outbox: a row per settled money movement of interest (bet, win, rollback,
 * deposit, withdrawal...), written in the same database transaction as the movement, so an event
 * exists exactly when its movement committed. The dispatcher turns each row into one job per
 * subscribed handler and stamps `dispatched_at`; the bet path itself only inserts this row.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    /** The player the event is about (routes live notices to their topic), null for house events. */
    userId: integer('user_id'),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (table) => [index('outbox_events_pending_idx').on(table.id).where(sql`${table.dispatchedAt} is null`)],
);

/**
 * Work for the job runner: one row per (handler, event) and per run of a scheduled job, unique
 * by `key`, so fanning out or scheduling twice queues the work once. A worker claims due rows
 * with FOR UPDATE SKIP LOCKED; a handler's own writes commit with its row's completion.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The handler or scheduled job that runs it. */
    name: text('name').notNull(),
    /** Unique: `<handler>:<event id>` or `cron:<name>:<scheduled time>`. */
    key: text('key').notNull(),
    eventId: bigint('event_id', { mode: 'number' }),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Set when the attempts ran out: the job stays for an operator to look at and retry. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_key_unique').on(table.key),
    index('jobs_due_idx').on(table.runAt).where(sql`${table.completedAt} is null and ${table.failedAt} is null`),
  ],
);

/** Scheduled jobs (cron expressions): the process that moves `next_run_at` on queues the run, so it happens once. */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  cron: text('cron').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
