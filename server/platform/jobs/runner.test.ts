import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, openSecondHandle } from '../testing/test-db.ts';
import { queryRows, type Database } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { writeOutboxEvent } from '../events/outbox.ts';
import { createJobRunner, nextRun, type EventHandler } from './runner.ts';
import { listJobs, retryJob } from './admin.ts';
import { housekeeping, statistics } from './housekeeping.ts';

/**
 * The job runner against a real database: PGlite here, and PostgreSQL in CI's second pass (where
 * runners race on separate connections, and on separate connection pools as two processes would).
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

  it('queues a handler no job for the events its dispatch condition leaves out; the other handlers get every event', async () => {
    const picky = { ...recording('test.picky'), dispatchWhen: sql`s.user_id in (2, 3)` };
    const all = recording('test.all');
    const runner = runnerFor(picky, all);
    for (const user of [1, 2, 3, 4]) await bet(user);
    await drainFully(runner);
    const users = await queryRows<{ user_id: number }>(database.db, sql`select e.user_id from jobs j join outbox_events e on e.id = j.event_id where j.name = 'test.picky' order by e.user_id`);
    expect(users.map((row) => row.user_id)).toEqual([2, 3]);
    expect(await effects('test.picky')).toHaveLength(2);
    expect(await effects('test.all')).toHaveLength(4);
  });

  it('a dispatch effect runs once per event of its types after the dispatch committed, in event order, with no job; a failing one does not stop the rest', async () => {
    const seen: Array<{ id: number; type: string; userId: number | null; amount: unknown }> = [];
    const byRunner: number[][] = [[], []];
    const steady = recording('test.steady');
    const first = runnerFor(steady);
    const second = runnerFor(steady);
    for (const [index, runner] of [first, second].entries()) {
      runner.onDispatched({
        name: 'test.effect',
        events: ['game.bet', 'cashier.deposit'],
        effect: (event) => {
          if (event.userId === 13) throw new Error('the live channel is down');
          seen.push({ id: event.id, type: event.type, userId: event.userId, amount: event.payload.amount });
          byRunner[index].push(event.id);
        },
      });
    }
    for (let i = 0; i < 30; i++) await bet(100 + i);
    await bet(13);
    await writeOutboxEvent(database.db, { type: 'cashier.deposit', userId: 5, payload: { amount: '700' } });
    await writeOutboxEvent(database.db, { type: 'game.win', userId: 5, payload: { amount: '50' } });
    // Two runners race: each event is dispatched, so its effect runs, by one of them only.
    await Promise.all([drainFully(first), drainFully(second), first.dispatch(), second.dispatch()]);

    expect(seen).toHaveLength(31);
    expect(seen.filter((event) => event.type === 'cashier.deposit')).toEqual([{ id: expect.any(Number), type: 'cashier.deposit', userId: 5, amount: '700' }]);
    expect(seen.every((event) => event.type !== 'game.win' && event.userId !== 13)).toBe(true);
    expect(new Set(seen.map((event) => event.id)).size).toBe(31);
    // Each runner ran its own dispatches' effects in event order.
    for (const ids of byRunner) expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const [{ jobs }] = await queryRows<{ jobs: string[] }>(database.db, sql`select array_agg(distinct name) as jobs from jobs`);
    expect(jobs).toEqual(['test.steady']);
    expect(await effects('test.steady')).toHaveLength(31);
  });

  it('a dispatch effect before its dispatch commits sees nothing: the dispatch of a rolled-back event runs none', async () => {
    const seen: number[] = [];
    const runner = runnerFor();
    runner.onDispatched({ name: 'test.effect', events: ['game.bet'], effect: (event) => void seen.push(event.userId!) });
    await expect(
      database.db.transaction(async (tx) => {
        await writeOutboxEvent(tx, { type: 'game.bet', userId: 7, payload: { amount: '1' } });
        throw new Error('the movement failed');
      }),
    ).rejects.toThrow('the movement failed');
    await bet(8);
    await runner.drain();
    expect(seen).toEqual([8]);
    expect(() => runner.onEvent(recording('test.effect'))).toThrow(/already registered/);
  });

  it('a grouped handler gets one job per dispatched batch: each event once, by player then event, its dispatch condition applied, a failure retrying the group', async () => {
    const seen: number[] = [];
    const base = recording('test.grouped', { failFirst: 1 });
    const grouped: EventHandler = {
      ...base,
      grouped: true,
      dispatchWhen: sql`s.user_id <> 4`,
      async handle(event, tx, context) {
        await base.handle(event, tx, context);
        seen.push(event.userId ?? 0);
      },
    };
    const each = recording('test.each');
    const runner = runnerFor(grouped, each);
    for (const user of [3, 1, 2, 4, 1]) await bet(user);
    await drainFully(runner);
    const jobs = await queryRows<{ events: number[]; event_id: string | null; attempts: number }>(
      database.db,
      sql`select payload->'events' as events, event_id, attempts from jobs where name = 'test.grouped' and completed_at is not null`,
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ event_id: null, attempts: 2 });
    expect(jobs[0].events).toHaveLength(4);
    const rows = await effects('test.grouped');
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.count === 1)).toBe(true);
    // The failed first attempt saw the first event only; the retry went through all, by player.
    expect(seen.slice(-4)).toEqual([1, 1, 2, 3]);
    expect(await effects('test.each')).toHaveLength(5);
    // Housekeeping keeps the events a grouped job still needs.
    await database.db.execute(sql`update jobs set completed_at = null where name = 'test.grouped'`);
    await database.db.execute(sql`update outbox_events set dispatched_at = now() - interval '30 days'`);
    await database.db.transaction((tx) => housekeeping.run(tx, { scheduledAt: new Date() }));
    const [{ kept }] = await queryRows<{ kept: number }>(database.db, sql`select count(*)::int as kept from outbox_events`);
    expect(kept).toBe(4);
  });

  it("gathers the planner's statistics of the schema's tables, which the embedded database never does by itself", async () => {
    for (let player = 1; player <= 30; player++) await bet(player);
    const estimate = async () => (await queryRows<{ rows: number }>(database.db, sql`select reltuples::int as rows from pg_class where oid = 'outbox_events'::regclass`))[0].rows;
    expect(await estimate()).not.toBe(30);
    await database.db.transaction((tx) => statistics.run(tx, { scheduledAt: new Date() }));
    expect(await estimate()).toBe(30);
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

  it('running runners deliver events without being asked, each once, and stop cleanly', async () => {
    const a = recording('test.live');
    const runner = createJobRunner({ db: database.db, logger, backoffMs: () => 0, pollMs: 20, concurrency: 3 });
    runner.onEvent(a);
    runner.start();
    for (let i = 0; i < 30; i++) await bet(i);
    for (let i = 0; i < 300 && a.calls < 30; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await runner.stop();
    const rows = await effects('test.live');
    expect(rows).toHaveLength(30);
    expect(rows.every((row) => row.count === 1)).toBe(true);
  });

  it('a poke wakes the polling loop alone: events one at a time open no empty claims in the other loops, a backlog still spreads', async () => {
    let transactions = 0;
    // The runner's database, counting the transactions it opens (each claims a batch of jobs).
    const counted = new Proxy(database.db, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (property === 'transaction') {
          return (...args: unknown[]) => {
            transactions++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const a = recording('test.live');
    const runner = createJobRunner({ db: counted, logger, backoffMs: () => 0, pollMs: 60_000, concurrency: 4 });
    runner.onEvent(a);
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 200)); // the loops' first passes
    transactions = 0;
    for (let i = 0; i < 10; i++) {
      await bet(i);
      runner.poke();
      for (let wait = 0; wait < 300 && a.calls < i + 1; wait++) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(a.calls).toBe(i + 1);
    }
    // The polling loop's batch, and its pass that finds nothing more: two a event. Waking all
    // four loops on each poke cost four to eight.
    expect(transactions).toBeLessThanOrEqual(2 * 10 + 2);
    // 120 events at once: more than two batches, so helpers join, and each is handled once.
    for (let i = 0; i < 120; i++) await bet(1_000 + i);
    runner.poke();
    for (let wait = 0; wait < 600 && a.calls < 130; wait++) await new Promise((resolve) => setTimeout(resolve, 10));
    await runner.stop();
    const rows = await effects('test.live');
    expect(rows).toHaveLength(130);
    expect(rows.every((row) => row.count === 1)).toBe(true);
  });

  it('a job with its own transactions that takes its time holds up no delivery: the events behind it get their effects while it runs', async () => {
    const runner = createJobRunner({ db: database.db, logger, backoffMs: () => 0, pollMs: 20, concurrency: 2 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    runner.define({
      name: 'test.slow',
      ownTransactions: true,
      async run() {
        started = true;
        await released; // a provider that takes long to answer, a fold over a month
      },
    });
    const delivered: number[] = [];
    runner.onDispatched({ name: 'test.live-balance', events: ['game.bet'], effect: (event) => void delivered.push(event.userId!) });
    runner.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // the loops' first passes: the polling loop alone is awake
      await runner.enqueue('test.slow', 'one');
      runner.poke();
      for (let wait = 0; wait < 300 && !started; wait++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(started).toBe(true);
      await bet(21);
      runner.poke();
      for (let wait = 0; wait < 300 && delivered.length === 0; wait++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(delivered).toEqual([21]);
    } finally {
      release();
      await runner.stop();
    }
    const [job] = await queryRows<{ completed: boolean }>(database.db, sql`select completed_at is not null as completed from jobs where key = 'test.slow:one'`);
    expect(job.completed).toBe(true);
  });

  it('a job with its own transactions runs with none held (it may use db, even on PGlite), is retried, and a lost lease ends it', async () => {
    let calls = 0;
    const runner = runnerFor();
    runner.define({
      name: 'test.own',
      ownTransactions: true,
      maxAttempts: 3,
      async run(payload, db) {
        calls++;
        if (calls === 1) throw new Error('first call fails');
        // A statement on the database handle, outside any job transaction: on PGlite this would
        // wait forever if the runner held one.
        await db.execute(sql`insert into handler_effects (handler, event_id) values ('test.own', ${Number(payload.n)})`);
      },
    });
    await runner.enqueue('test.own', 'one', { n: 1 });
    await runner.enqueue('test.own', 'one', { n: 1 }); // same key: queued once
    await drainFully(runner);
    expect(calls).toBe(2);
    expect(await effects('test.own')).toEqual([{ event_id: '1', count: 1 }]);
    const [job] = await queryRows<{ attempts: number; completed: boolean }>(database.db, sql`select attempts, completed_at is not null as completed from jobs where key = 'test.own:one'`);
    expect(job).toEqual({ attempts: 2, completed: true });

    // A process died in the job's last attempt: once the lease is over it is failed, not run again.
    await database.db.execute(sql`insert into jobs (name, key, payload, attempts, max_attempts, run_at) values ('test.own', 'test.own:lost', '{"n":2}', 3, 3, now() - interval '1 second')`);
    await drainFully(runner);
    expect(calls).toBe(2);
    const failed = await listJobs(database.db, 'failed');
    expect(failed.map((row) => [row.key, row.attempts])).toEqual([['test.own:lost', 3]]);
    expect(failed[0].last_error).toContain('lease');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('two processes with their own connection pools: events once per handler, each cron slot once', async () => {
    const other = (await openSecondHandle(database))!;
    try {
      let cronRuns = 0;
      const every = {
        name: 'test.every-second',
        cron: '* * * * * *',
        async run(tx: Parameters<EventHandler['handle']>[1], { scheduledAt }: { scheduledAt: Date }) {
          cronRuns++;
          await tx.execute(sql`insert into handler_effects (handler, event_id) values ('cron', ${Math.floor(scheduledAt.getTime() / 1000)})`);
        },
      };
      const a = recording('test.a');
      const b = recording('test.b');
      // Two runners per "process", each with two worker loops, on two separate pools.
      const runners = [database.db, database.db, other.db, other.db].map((db) => {
        const runner = createJobRunner({ db, logger, backoffMs: () => 0, pollMs: 10, concurrency: 2 });
        runner.onEvent(a);
        runner.onEvent(b);
        runner.schedule(every);
        return runner;
      });
      for (const runner of runners) runner.start();
      await expect(
        other.db.transaction(async (tx) => {
          await writeOutboxEvent(tx, { type: 'game.bet', userId: 7, payload: {} });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // 200 events written from both sides while the runners poll, over a few cron slots.
      const until = Date.now() + 2500;
      let written = 0;
      await Promise.all(
        [database.db, other.db].map(async (db, side) => {
          for (let i = 0; Date.now() < until; i++) {
            if (written < 200) {
              written++;
              await writeOutboxEvent(db, { type: 'game.bet', userId: 1000 + side * 1000 + i, payload: {} });
            }
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }),
      );
      await Promise.all(runners.map((runner) => runner.stop()));
      await drainFully(runners[0]);

      for (const handler of ['test.a', 'test.b']) {
        const rows = await effects(handler);
        expect(rows).toHaveLength(200);
        expect(rows.every((row) => row.count === 1)).toBe(true);
      }
      const [{ rolledBack }] = await queryRows<{ rolledBack: number }>(database.db, sql`select count(*)::int as "rolledBack" from outbox_events where user_id = 7`);
      expect(rolledBack).toBe(0);
      const slots = await effects('cron');
      expect(slots.length).toBeGreaterThanOrEqual(2);
      expect(slots.every((row) => row.count === 1)).toBe(true);
      expect(cronRuns).toBe(slots.length);
    } finally {
      await other.close();
    }
  }, 20_000);

  it('refuses a bad cron expression and a duplicate name at registration', () => {
    const runner = runnerFor();
    expect(() => runner.schedule({ name: 'test.bad', cron: 'every tuesday', run: async () => {} })).toThrow();
    runner.onEvent(recording('test.same'));
    expect(() => runner.onEvent(recording('test.same'))).toThrow(/already registered/);
    expect(nextRun('0 3 * * *', new Date('2026-01-01T05:00:00Z')).toISOString()).toBe('2026-01-02T03:00:00.000Z');
  });
});
