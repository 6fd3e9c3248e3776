import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../testing/test-db.ts';
import { queryRows, type Database } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { writeOutboxEvent } from '../events/outbox.ts';
import { createJobRunner, nextRun, type EventHandler } from './runner.ts';
import { listJobs, retryJob } from './admin.ts';

/**
 * The job runner against a real database: PGlite here, and PostgreSQL in CI's second pass (where
 * two runners on one connection pool race on separate connections, as two processes would).
 */
let database: Database;
const logger = createLogger('silent');

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table handler_effects (id serial primary key, handler text not null, event_id bigint not null)`);
});
afterAll(async () => database.close());
beforeEach(async () => {
  await database.db.execute(sql`truncate handler_effects, jobs, outbox_events, job_schedules`);
});

const runnerFor = (...handlers: EventHandler[]) => {
  const runner = createJobRunner({ db: database.db, logger, backoffMs: () => 0, pollMs: 20 });
  for (const handler of handlers) runner.onEvent(handler);
  return runner;
};

/** A handler whose effect is a row in handler_effects, written through the job's transaction. */
const recording = (name: string, options: { failFirst?: number; events?: string[] } = {}): EventHandler & { calls: number } => {
  const handler = {
    name,
    events: options.events ?? ['game.bet'],
    calls: 0,
    async handle(event: { id: number }, tx: Parameters<EventHandler['handle']>[1]) {
      handler.calls++;
      await tx.execute(sql`insert into handler_effects (handler, event_id) values (${name}, ${event.id})`);
      if (handler.calls <= (options.failFirst ?? 0)) throw new Error(`${name} fails on call ${handler.calls}`);
    },
  };
  return handler;
};

const effects = (handler: string) =>
  queryRows<{ event_id: string; count: number }>(database.db, sql`select event_id::text, count(*)::int as count from handler_effects where handler = ${handler} group by event_id order by event_id`);

const bet = (userId = 1) => writeOutboxEvent(database.db, { type: 'game.bet', userId, payload: { amount: '100' } });

async function drainFully(runner: ReturnType<typeof createJobRunner>) {
  for (let i = 0; i < 20; i++) await runner.drain();
}

describe('job runner', () => {
  it('retries a failing handler and its effect applies once; a failure does not hold back the other handler', async () => {
    const flaky = recording('test.flaky', { failFirst: 2 });
    const steady = recording('test.steady');
    const runner = runnerFor(flaky, steady);
    await bet();
    await drainFully(runner);

    expect(flaky.calls).toBe(3);
    // The two failed attempts rolled back their inserts with them.
    expect(await effects('test.flaky')).toEqual([{ event_id: expect.any(String), count: 1 }]);
    expect(await effects('test.steady')).toHaveLength(1);
    const [job] = await queryRows<{ attempts: number; completed: boolean; last_error: string | null }>(
      database.db,
      sql`select attempts, completed_at is not null as completed, last_error from jobs where name = 'test.flaky'`,
    );
    expect(job).toEqual({ attempts: 3, completed: true, last_error: null });
  });

  it('a handler that always fails ends failed after its attempts, and an operator can retry it', async () => {
    const broken = Object.assign(recording('test.broken', { failFirst: 1000 }), { maxAttempts: 3 });
    const runner = runnerFor(broken);
    await bet();
    await drainFully(runner);
    expect(broken.calls).toBe(3);
    expect(await effects('test.broken')).toEqual([]);
    const failed = await listJobs(database.db, 'failed');
    expect(failed.map((job) => [job.name, job.attempts])).toEqual([['test.broken', 3]]);
    expect(failed[0].last_error).toContain('test.broken fails on call 3');

    expect(await retryJob(database.db, failed[0].id)).toBe(true);
    expect(await listJobs(database.db, 'failed')).toEqual([]);
    await drainFully(runner);
    // A fresh set of attempts, spent again: the job is back among the failed.
    expect(broken.calls).toBe(6);
    expect((await listJobs(database.db, 'failed')).map((job) => job.attempts)).toEqual([3]);
  });

  it('never delivers an event whose transaction rolled back; delivers a committed one once per handler even when two runners race', async () => {
    const a = recording('test.a');
    const b = recording('test.b');
    const first = runnerFor(a, b);
    const second = runnerFor(a, b);
    await expect(
      database.db.transaction(async (tx) => {
        await writeOutboxEvent(tx, { type: 'game.bet', userId: 7, payload: { amount: '1' } });
        throw new Error('the movement failed');
      }),
    ).rejects.toThrow('the movement failed');
    for (let i = 0; i < 40; i++) await bet(100 + i);
    await Promise.all([drainFully(first), drainFully(second), first.dispatch(), second.dispatch()]);

    for (const handler of ['test.a', 'test.b']) {
      const rows = await effects(handler);
      expect(rows).toHaveLength(40);
      expect(rows.every((row) => row.count === 1)).toBe(true);
    }
    const [{ users }] = await queryRows<{ users: number[] }>(database.db, sql`select array_agg(user_id order by user_id) as users from outbox_events`);
    expect(users).not.toContain(7);
  });

  it('dispatching again queues no second job; events no handler wants are stamped and left', async () => {
    const a = recording('test.a');
    const runner = runnerFor(a);
    await bet();
    await writeOutboxEvent(database.db, { type: 'cashier.deposit', userId: 1, payload: {} });
    expect(await runner.dispatch()).toBe(2);
    await database.db.execute(sql`update outbox_events set dispatched_at = null`);
    expect(await runner.dispatch()).toBe(2);
    const [{ count }] = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from jobs`);
    expect(count).toBe(1);
    await runner.drain();
    expect(a.calls).toBe(1);
  });

  it('two processes with the same cron job run each slot once', async () => {
    let runs = 0;
    const job = {
      name: 'test.every-second',
      cron: '* * * * * *',
      async run() {
        runs++;
      },
    };
    const runners = [0, 1, 2].map(() => {
      const runner = createJobRunner({ db: database.db, logger, backoffMs: () => 0 });
      runner.schedule(job);
      return runner;
    });
    // Every runner registers the schedule, then the slot is made due for all of them at once.
    await Promise.all(runners.map((runner) => runner.tick()));
    await database.db.execute(sql`update job_schedules set next_run_at = date_trunc('second', now()) - interval '1 second'`);
    runs = 0;
    await Promise.all(runners.map((runner) => runner.drain()));
    expect(runs).toBe(1);
    const [schedule] = await queryRows<{ due_later: boolean }>(database.db, sql`select next_run_at > now() - interval '1 second' as due_later from job_schedules`);
    expect(schedule.due_later).toBe(true);
  });

  it('a running runner delivers an event without being asked, and stops cleanly', async () => {
    const a = recording('test.live');
    const runner = runnerFor(a);
    runner.start();
    await bet();
    for (let i = 0; i < 200 && a.calls === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await runner.stop();
    expect(a.calls).toBe(1);
  });

  it('refuses a bad cron expression and a duplicate name at registration', () => {
    const runner = runnerFor();
    expect(() => runner.schedule({ name: 'test.bad', cron: 'every tuesday', run: async () => {} })).toThrow();
    runner.onEvent(recording('test.same'));
    expect(() => runner.onEvent(recording('test.same'))).toThrow(/already registered/);
    expect(nextRun('0 3 * * *', new Date('2026-01-01T05:00:00Z')).toISOString()).toBe('2026-01-02T03:00:00.000Z');
  });
});
