/**
 * Gauges read when Prometheus asks rather than kept up to date on every change: the database
 * pool's use, open live streams, and a few facts of the whole site that live in the database
 * (job lag, the outbox's backlog, the withdrawal queue). Each read is one small indexed query per
 * scrape (every 15 s or so), nothing on the request path.
 *
 * The database facts are the same for every process, so across a cluster the largest value is
 * taken, not the sum (aggregator 'max'). Pool and stream gauges are per process and summed.
 */
import { sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import { queryRows, type Database } from '../db/database.ts';

type Sources = { database?: Database; streams?: () => Record<string, number> };
let sources: Sources = {};

new Gauge({
  name: 'croupier_db_pool_clients',
  help: 'Database connections of this process, by state: total (open), idle, waiting (queries waiting for a connection), max (the pool size).',
  labelNames: ['state'] as const,
  collect() {
    const database = sources.database;
    if (!database) return;
    if (database.raw.kind === 'postgres') {
      const { pool } = database.raw;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
      this.set({ state: 'max' }, pool.options.max ?? 10);
    } else {
      // The embedded database is one connection, always open.
      this.set({ state: 'total' }, 1);
      this.set({ state: 'max' }, 1);
    }
  },
});

/** Age in seconds of the oldest row a query finds (0 when none), and how many there are; NaN when the database fails. */
async function oldest(query: ReturnType<typeof sql>): Promise<{ age: number; count: number }> {
  const database = sources.database;
  if (!database) return { age: 0, count: 0 };
  try {
    const [row] = await queryRows<{ age: number | string | null; count: number | string }>(database.db, query);
    return { age: Number(row?.age ?? 0), count: Number(row?.count ?? 0) };
  } catch {
    // The database did not answer: the scrape still succeeds, these read NaN (and
    // /readyz, with the process's other numbers, says what is wrong).
    return { age: Number.NaN, count: Number.NaN };
  }
}

new Gauge({
  name: 'croupier_jobs_oldest_due_seconds',
  help: 'Job lag: how long the oldest job that is due (not done, not failed, run time passed) has waited, 0 when none.',
  aggregator: 'max',
  async collect() {
    // The due-jobs index (jobs_due_idx) answers min(run_at) at once.
    const { age } = await oldest(sql`
      select extract(epoch from now() - min(run_at)) as age, 0 as count from jobs
      where completed_at is null and failed_at is null and run_at <= now()`);
    this.set(Number.isNaN(age) ? age : Math.max(0, age));
  },
});

new Gauge({
  name: 'croupier_outbox_oldest_pending_seconds',
  help: 'How long the oldest outbox event not yet dispatched to its handlers has waited, 0 when none.',
  aggregator: 'max',
  async collect() {
    const { age } = await oldest(sql`
      select extract(epoch from now() - created_at) as age, 0 as count from outbox_events
      where dispatched_at is null order by id limit 1`);
    this.set(Number.isNaN(age) ? age : Math.max(0, age));
  },
});

/** Both withdrawal gauges from one query per scrape (reused for a second). */
let queueRead: { at: number; value: Promise<{ age: number; count: number }> } | undefined;
function withdrawalQueue() {
  if (!queueRead || Date.now() - queueRead.at > 1000) {
    queueRead = {
      at: Date.now(),
      value: oldest(sql`
        select extract(epoch from now() - min(created_at)) as age, count(*) as count from payments
        where direction = 'withdrawal' and status = 'requested'`),
    };
  }
  return queueRead.value;
}

new Gauge({
  name: 'croupier_withdrawals_pending',
  help: 'Withdrawals requested and not yet approved, declined or cancelled (the back-office queue).',
  aggregator: 'max',
  async collect() {
    this.set((await withdrawalQueue()).count);
  },
});
new Gauge({
  name: 'croupier_withdrawals_oldest_pending_seconds',
  help: 'Withdrawal queue age: how long the oldest requested withdrawal has waited for a decision, 0 when none.',
  aggregator: 'max',
  async collect() {
    const { age } = await withdrawalQueue();
    this.set(Number.isNaN(age) ? age : Math.max(0, age));
  },
});

new Gauge({
  name: 'croupier_live_connections',
  help: 'Open live streams (server-sent events) of this process, by stream: player (/live) or backoffice.',
  labelNames: ['stream'] as const,
  collect() {
    for (const [stream, count] of Object.entries(sources.streams?.() ?? {})) this.set({ stream }, count);
  },
});

/**
 * Reads these gauges from `database` and the live `streams` counts (the last call wins: one site
 * per process). Answers a function that stops reading them (shutdown, a test's end).
 */
export function watchSite(next: Sources): () => void {
  sources = next;
  queueRead = undefined;
  return () => {
    if (sources === next) sources = {};
  };
}
