import { sql } from 'drizzle-orm';
import { analyzeSchemaTables } from '../db/database.ts';
import type { ScheduledJob } from './runner.ts';

/** Completed jobs and delivered outbox events are kept this long (for looking into a problem), then deleted. */
export const OUTBOX_RETENTION_DAYS = 7;

/**
 * Deletes completed jobs and delivered outbox events past the retention, every night. Failed and
 * pending jobs, and the events they still need, are kept whatever their age.
 */
export const housekeeping: ScheduledJob = {
  name: 'platform.housekeeping',
  cron: '17 3 * * *',
  async run(tx) {
    await tx.execute(sql`delete from jobs where completed_at < now() - make_interval(days => ${OUTBOX_RETENTION_DAYS})`);
    await tx.execute(sql`
      delete from outbox_events e
      where e.dispatched_at < now() - make_interval(days => ${OUTBOX_RETENTION_DAYS})
        and not exists (select 1 from jobs j where j.event_id = e.id and j.completed_at is null)
        -- A grouped handler's job lists its events in its payload (EventHandler.grouped).
        and not exists (select 1 from jobs j where j.completed_at is null and j.event_id is null and j.payload->'events' @> to_jsonb(e.id))`);
  },
};

/**
 * Gathers the planner's statistics of this schema's tables, every 15 minutes, where nothing else
 * does: the embedded database (PGlite) runs PostgreSQL without autovacuum. The money path's
 * functions and the runner's prepared statements keep their plans for the connection's life
 * (the embedded database has one), until a table's statistics change: a plan made while a table
 * was nearly empty could otherwise read the whole table on every call once it has grown
 * (docs/performance.md, plans made for empty tables). On PostgreSQL, autovacuum does this.
 */
export const statistics: ScheduledJob = {
  name: 'platform.statistics',
  cron: '*/15 * * * *',
  run: (tx) => analyzeSchemaTables(tx),
};
