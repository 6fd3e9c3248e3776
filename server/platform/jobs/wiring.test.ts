import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { queryRows } from '../db/database.ts';

/**
 * The process's runner as server/services.ts wires it: every scheduled job it registers runs to
 * completion. On PGlite (one connection) a job that queried `db` inside its job's transaction
 * would wait for itself forever, and every other query of the process with it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('runs every scheduled job of the services once it is due, without hanging', async () => {
  await t.services.jobs.tick(); // registers the schedules
  await t.database.db.execute(sql`update job_schedules set next_run_at = now() - interval '1 second'`);
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    t.services.jobs.drain().then(() => 'drained'),
    new Promise((resolve) => (timer = setTimeout(() => resolve('still running after 10 s'), 10_000))),
  ]);
  clearTimeout(timer);
  expect(outcome).toBe('drained');
  // Each schedule's job ran and completed. A drain that crosses a minute boundary runs the
  // every-minute jobs once more, for their next slot: rows are counted by name, not one each.
  const jobs = await queryRows<{ name: string; done: boolean }>(t.database.db, sql`select name, bool_and(completed_at is not null) as done from jobs group by name order by name`);
  const schedules = await queryRows<{ name: string }>(t.database.db, sql`select name from job_schedules order by name`);
  expect(jobs).toEqual(schedules.map(({ name }) => ({ name, done: true })));
}, 30_000);
