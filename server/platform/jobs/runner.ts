import { hostname } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { CronExpressionParser } from 'cron-parser';
import { preparedQuery, queryRows, type Db, type Tx } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { onOutboxCommitted, type OutboxEvent } from '../events/outbox.ts';
import { inSpan } from '../observability/tracing.ts';
import { jobFailures, observeJob } from '../observability/metrics.ts';

/**
 * The job runner: delivers outbox events to their handlers at least once, runs scheduled jobs
 * once across all processes, and runs named jobs queued by code. Built on plain
 * `FOR UPDATE SKIP LOCKED` over three tables (outbox_events, jobs, job_schedules), so the same code
 * runs on the embedded PGlite and on PostgreSQL (decision 010). docs/events.md is the manual.
 */

/**
 * What a handler gets besides its transaction: `afterCommit` runs a side effect outside the
 * database (publishing a live message, calling another service) only once the handler's writes
 * and its job's completion have committed, never for an attempt that rolled back.
 */
export type JobContext = { afterCommit(effect: () => Promise<void> | void): void };

/** Reacts to outbox events of the given types. Its writes through `tx` commit with its job's completion. */
export type EventHandler = {
  /** Unique, stable: part of every job key (`<name>:<event id>`). */
  name: string;
  events: readonly string[];
  handle(event: OutboxEvent, tx: Tx, context: JobContext): Promise<void>;
  /** Attempts before the job is marked failed (default 10). */
  maxAttempts?: number;
  /**
   * Which events concern the handler, as an SQL condition on the outbox row `s` (columns `id`,
   * `type`, `user_id`), checked when the event is dispatched: no job is queued for the others. A
   * handler that would do nothing for most events (tournament scoring, for players in no
   * tournament) spares the runner a job each. It must be exact: an event it leaves out is never
   * handled.
   */
  dispatchWhen?: SQL;
  /**
   * One job per dispatched batch of events (up to the runner's batch size) instead of one per
   * event: the job's payload lists the events, and `handle` is called for each, by player then
   * event, in the job's one transaction. For a handler that reacts to nearly every bet with a
   * small write (loyalty points), the runner's own work per job (queue row, claim, completion)
   * would otherwise cost more than the handler (decision 016). A failure retries the whole group:
   * `handle` must be idempotent by event id, as every handler must be.
   */
  grouped?: boolean;
  /**
   * With `grouped`, the whole group in one call, by player then event (a set-based statement
   * instead of one per event); without it `handle` is called for each event. Same rules: one
   * transaction, idempotent by event id.
   */
  handleGroup?(events: OutboxEvent[], tx: Tx, context: JobContext): Promise<void>;
};

/**
 * A side effect of outbox events that needs no job of its own: publishing a live balance, say.
 * It runs in the dispatching process once the dispatch that stamped the event has committed,
 * with no transaction, no job row and no retry: at most once, as `afterCommit` effects already
 * are (a crash between the commit and the effect loses it). A handler whose only work is such an
 * effect paid a job per event (queue row, claim, completion: three index-maintained writes) for
 * no guarantee the effect did not already lack (decision 028). Anything that writes, or must
 * happen, is an EventHandler.
 */
export type DispatchEffect = {
  /** Unique among handlers, effects and jobs (logs name it). */
  name: string;
  events: readonly string[];
  effect(event: OutboxEvent): Promise<void> | void;
};

/**
 * How a job's work meets the database. By default (`ownTransactions` unset) `run` gets the job's
 * transaction: its writes commit with the job's completion, so they apply once. A job that calls
 * services which open their own transactions (the wallet, the ledger) sets `ownTransactions: true`
 * and gets the database handle instead: the runner holds no transaction while it runs (on the
 * embedded PGlite, one connection, a query outside an open transaction would wait for it forever),
 * claims the job under a lease of `leaseSeconds` (default 300) and marks it done afterwards. Such a
 * job may run again after a crash or a failure, so it must be idempotent by itself.
 *
 * A scheduled job runs on a cron expression (UTC, 5 or 6 fields), once per slot across every process.
 */
export type ScheduledJob = {
  name: string;
  cron: string;
  maxAttempts?: number;
} & (
  | { ownTransactions?: false; run(tx: Tx, context: { scheduledAt: Date }): Promise<void> }
  | { ownTransactions: true; leaseSeconds?: number; run(db: Db, context: { scheduledAt: Date }): Promise<void> }
);

/** A job queued by code with `enqueue` (e.g. an export to build, a mail to send). */
export type NamedJob = {
  name: string;
  maxAttempts?: number;
} & (
  | { ownTransactions?: false; run(payload: Record<string, unknown>, tx: Tx): Promise<void> }
  | { ownTransactions: true; leaseSeconds?: number; run(payload: Record<string, unknown>, db: Db): Promise<void> }
);

export type JobRunnerOptions = {
  db: Db;
  logger: Logger;
  /** Idle poll interval in ms (default 250): how long a job from another process may wait. */
  pollMs?: number;
  /** Jobs claimed per transaction (default 50). */
  batchSize?: number;
  /** Backoff of the n-th failed attempt in ms (default: 1 s doubling to 10 min, with jitter). */
  backoffMs?: (attempt: number) => number;
  /** Names this runner in logs. */
  processId?: string;
  /** Worker loops in this process (default 4): a slow job holds up one of them, not delivery. */
  concurrency?: number;
  /** A job still running after this many ms is logged as slow (default 30 000). */
  slowJobMs?: number;
  /**
   * After a pass whose dispatch took events but fewer than a quarter of a batch, the dispatching
   * loop waits this long (ms, default 15) before its next pass, so that events arriving one or two
   * at a time are handled in groups: every pass costs its dispatch, its claim and its handlers'
   * statements however few events it carries. 0 dispatches again at once.
   */
  gatherMs?: number;
};

type ClaimedJob = {
  id: number;
  name: string;
  key: string;
  attempts: number;
  max_attempts: number;
  payload: Record<string, unknown>;
  event_id: number | null;
  event_type: string | null;
  event_user_id: number | null;
  event_payload: Record<string, unknown> | null;
  event_created_at: string | Date | null;
};

const DEFAULT_MAX_ATTEMPTS = 10;
const DEFAULT_LEASE_SECONDS = 300;
const SCHEDULE_CHECK_MS = 1000;

export const defaultBackoffMs = (attempt: number) => {
  const base = Math.min(600_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
};

/** The next time a cron expression fires strictly after `after` (UTC). Throws on a bad expression. */
export function nextRun(cron: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
}

/**
 * The one order in which handlers take players' rows: by player (none first), then event. Jobs
 * (lockOrder) and a grouped job's events (groupOrder) both follow it, so two batches wait for each
 * other instead of deadlocking.
 */
const playerThenEvent = (aUser: number | null, aEvent: number, bUser: number | null, bEvent: number) => (aUser ?? -1) - (bUser ?? -1) || aEvent - bEvent;
/** A PostgreSQL array literal of ids or names, one parameter: a prepared statement's text stays the same whatever their number. */
const arrayLiteral = (values: Array<string | number>) => `{${values.join(',')}}`;
const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));
/** An outbox row as read (columns) or answered as JSON (the dispatch's effect events). */
type EventRow = { id: number | string; type: string; user_id: number | null; payload: Record<string, unknown> | null; created_at: string | Date };
const outboxEventOf = (row: EventRow): OutboxEvent => ({ id: Number(row.id), type: row.type, userId: row.user_id, payload: row.payload ?? {}, createdAt: asDate(row.created_at) });
const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);

export function createJobRunner(options: JobRunnerOptions) {
  const { db, logger } = options;
  const pollMs = options.pollMs ?? 250;
  const batchSize = options.batchSize ?? 50;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const processId = options.processId ?? `${hostname()}:${process.pid}`;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const slowJobMs = options.slowJobMs ?? 30_000;
  const gatherMs = options.gatherMs ?? 15;
  /** Events the dispatching loop's last pass took (gatherMs). */
  let lastTaken = 0;
  const handlers = new Map<string, EventHandler>();
  const dispatchEffects = new Map<string, DispatchEffect>();
  const scheduled = new Map<string, ScheduledJob>();
  const named = new Map<string, NamedJob>();
  let schedulesSynced = false;
  let lastScheduleCheck = 0;
  /**
   * Whether jobs that open their own transactions may be due: one was queued in this process, the
   * last claim was full, the pass is a timed poll (idle) or a schedule check (once a second, which
   * also finds another process's jobs and retries). Claiming them on every pass cost a transaction
   * per pass, and passes come a hundred times a second when events arrive one or two at a time.
   */
  let ownJobsMaybeDue = true;

  let running = false;
  let loops: Promise<void>[] = [];
  /** Side effects of committed jobs and dispatches, run one batch after another. */
  let afterCommitQueue: Promise<void> = Promise.resolve();
  let stopOutboxListener: (() => void) | undefined;
  /** Counts pokes, so a poke that arrives while a loop is busy is not lost when it goes idle. */
  let pokes = 0;
  const sleepers = new Set<(woken?: boolean) => void>();
  /** The polling loop's wake while it sleeps (a poke wakes it alone). */
  let dispatcherAsleep: ((woken?: boolean) => void) | undefined;

  function ensureUnique(name: string) {
    if (handlers.has(name) || dispatchEffects.has(name) || scheduled.has(name) || named.has(name)) throw new Error(`A job named ${name} is already registered`);
    if (!/^[a-z0-9][a-z0-9._-]{0,99}$/.test(name)) throw new Error(`Job name ${name} must be lower-case letters, digits, . _ -`);
  }

  // --- registration -------------------------------------------------------------------------------

  function onEvent(handler: EventHandler) {
    ensureUnique(handler.name);
    handlers.set(handler.name, handler);
  }

  /** Runs `effect` for each event of its types once its dispatch committed (DispatchEffect). */
  function onDispatched(effect: DispatchEffect) {
    ensureUnique(effect.name);
    dispatchEffects.set(effect.name, effect);
  }

  function schedule(job: ScheduledJob) {
    ensureUnique(job.name);
    nextRun(job.cron, new Date()); // a bad expression fails at registration, not at 3 am
    scheduled.set(job.name, job);
    schedulesSynced = false;
  }

  function define(job: NamedJob) {
    ensureUnique(job.name);
    named.set(job.name, job);
  }

  /** Queues a named job; the key makes it idempotent (a second enqueue with the same key is a no-op). */
  async function enqueue(name: string, key: string, payload: Record<string, unknown> = {}, options: { runAt?: Date; tx?: Db | Tx } = {}) {
    const job = named.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    if (job.ownTransactions) ownJobsMaybeDue = true;
    await (options.tx ?? db).execute(sql`
      insert into jobs (name, key, payload, run_at, max_attempts)
      values (${name}, ${`${name}:${key}`}, ${JSON.stringify(payload)}::jsonb, ${options.runAt ? sql`${options.runAt.toISOString()}::timestamptz` : sql`now()`}, ${job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS})
      on conflict (key) do nothing`);
    poke();
  }

  // --- dispatch: outbox rows -> one job per subscribed handler --------------------------------------

  /** The handlers' own dispatch conditions (EventHandler.dispatchWhen), as one condition on `h` and `s`. */
  function dispatchFilter(): SQL {
    const filtered = [...handlers.values()].filter((handler) => handler.dispatchWhen);
    if (!filtered.length) return sql`true`;
    return sql`case ${sql.join(
      filtered.map((handler) => sql`when h.name = ${handler.name} then (${handler.dispatchWhen})`),
      sql` `,
    )} else true end`;
  }

  async function dispatch(): Promise<number> {
    return (await dispatchBatch()).taken;
  }

  /** The runner's dispatch in progress: a runner's dispatches never overlap. */
  let dispatching: Promise<unknown> = Promise.resolve();

  /**
   * Dispatches one batch, after any dispatch of this runner still in progress. Two overlapping
   * dispatches (the polling loop's and a direct call, or drain's) would each take the rows the
   * other had not locked, and the one that committed first would queue its later events' effects
   * before the other's earlier ones: a process's effects would no longer run in event order.
   */
  function dispatchBatch(): Promise<{ taken: number; jobs: number }> {
    const next = dispatching.then(dispatchOnce);
    dispatching = next.catch(() => undefined);
    return next;
  }

  /**
   * Stamps pending outbox rows and queues their handlers' jobs, in one statement, which also
   * answers the events that have dispatch effects; those then run, in event order, once it
   * committed. Answers how many events it took and how many jobs it queued.
   */
  async function dispatchOnce(): Promise<{ taken: number; jobs: number }> {
    const subscriptions = [...handlers.values()].flatMap((handler) =>
      handler.events.map((type) => ({ name: handler.name, type, max_attempts: handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, grouped: handler.grouped === true })),
    );
    const effectTypes = [...new Set([...dispatchEffects.values()].flatMap((effect) => effect.events))];
    // Prepared: its plan cost more than running it (about 0.9 ms a batch, docs/performance.md).
    const rows = await preparedQuery<{ taken: number; jobs: number; effected: EventRow[] | null }>(db, 'jobs_dispatch', sql`
      with batch as (
        select id from outbox_events where dispatched_at is null order by id limit ${batchSize} for update skip locked
      ), stamped as (
        update outbox_events e set dispatched_at = now() from batch where e.id = batch.id
          returning e.id, e.type, e.user_id, e.created_at, case when e.type = any (${arrayLiteral(effectTypes)}::text[]) then e.payload end as payload
      ), subscriptions as (
        select * from jsonb_to_recordset(${JSON.stringify(subscriptions)}::jsonb) as h(name text, type text, max_attempts int, grouped boolean)
      ), queued as (
        insert into jobs (name, key, event_id, max_attempts)
        select h.name, h.name || ':' || s.id, s.id, h.max_attempts
        from stamped s join subscriptions h on h.type = s.type
        where not h.grouped and ${dispatchFilter()}
        on conflict (key) do nothing
        returning 1
      ), grouped as (
        -- One job per grouped handler for the whole batch, keyed by its first event (an event is
        -- stamped once, so no two batches share one).
        insert into jobs (name, key, payload, max_attempts)
        select h.name, h.name || ':g' || min(s.id), jsonb_build_object('events', jsonb_agg(s.id order by s.id)), max(h.max_attempts)
        from stamped s join subscriptions h on h.type = s.type
        where h.grouped and ${dispatchFilter()}
        group by h.name
        on conflict (key) do nothing
        returning 1
      )
      select count(*)::int as taken, ((select count(*) from queued) + (select count(*) from grouped))::int as jobs,
        jsonb_agg(jsonb_build_object('id', id, 'type', type, 'user_id', user_id, 'payload', payload, 'created_at', created_at) order by id)
          filter (where payload is not null) as effected
      from stamped`);
    const effected = rows[0]?.effected ?? [];
    if (effected.length > 0) {
      const due = effected.flatMap((row) => {
        const event = outboxEventOf(row);
        return [...dispatchEffects.values()].filter((effect) => effect.events.includes(event.type)).map((effect) => () => effect.effect(event));
      });
      // Started together, in event order: a live hub sends what is published together in one
      // bus message (server/platform/live/hub.ts) instead of a round trip per event.
      afterCommitQueue = afterCommitQueue.then(() => runEffects(due, { together: true }));
    }
    return { taken: rows[0]?.taken ?? 0, jobs: rows[0]?.jobs ?? 0 };
  }

  // --- schedules -------------------------------------------------------------------------------------

  async function syncSchedules() {
    const now = new Date();
    for (const job of scheduled.values()) {
      // A changed expression restarts the schedule; an unchanged one keeps the slot another process set.
      await db.execute(sql`
        insert into job_schedules (name, cron, next_run_at) values (${job.name}, ${job.cron}, ${nextRun(job.cron, now).toISOString()}::timestamptz)
        on conflict (name) do update set cron = excluded.cron,
          next_run_at = case when job_schedules.cron = excluded.cron then job_schedules.next_run_at else excluded.next_run_at end`);
    }
    schedulesSynced = true;
  }

  /** Queues the run of every due schedule this process knows; only one process wins each slot. */
  async function claimSchedules(): Promise<number> {
    if (scheduled.size === 0) return 0;
    if (!schedulesSynced) await syncSchedules();
    const names = [...scheduled.keys()];
    // The slot is compared in microseconds: a JavaScript Date keeps milliseconds only, and a
    // next_run_at written by SQL (an operator, a test) has more.
    const due = await queryRows<{ name: string; next_run_at: string | Date; slot_us: string }>(db, sql`
      select name, next_run_at, (extract(epoch from next_run_at) * 1000000)::bigint::text as slot_us from job_schedules
      where name in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb)) and next_run_at <= now()`);
    let claimed = 0;
    for (const row of due) {
      const job = scheduled.get(row.name)!;
      const slot = asDate(row.next_run_at);
      // Missed slots (all processes down) are not replayed one by one: the next run is after now.
      const next = nextRun(job.cron, new Date(Math.max(Date.now(), slot.getTime())));
      const won = await queryRows<{ name: string }>(db, sql`
        with moved as (
          update job_schedules set next_run_at = ${next.toISOString()}::timestamptz, last_run_at = now()
          where name = ${job.name} and (extract(epoch from next_run_at) * 1000000)::bigint = ${row.slot_us}::bigint
          returning name
        ), queued as (
          insert into jobs (name, key, payload, max_attempts)
          select ${job.name}, ${`cron:${job.name}:${slot.toISOString()}`}, ${JSON.stringify({ scheduledAt: slot.toISOString() })}::jsonb, ${job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}
          from moved
          on conflict (key) do nothing
        )
        select name from moved`);
      claimed += won.length;
    }
    return claimed;
  }

  // --- workers ---------------------------------------------------------------------------------------

  const ownsTransactions = (name: string) => scheduled.get(name)?.ownTransactions === true || named.get(name)?.ownTransactions === true;
  /** Jobs this process runs inside their job's transaction, and those that open their own. */
  const inJobTransaction = () => [...handlers.keys(), ...scheduled.keys(), ...named.keys()].filter((name) => !ownsTransactions(name));
  const inOwnTransactions = () => [...scheduled.keys(), ...named.keys()].filter(ownsTransactions);
  const leaseOf = (name: string) => {
    const job = scheduled.get(name) ?? named.get(name);
    return job?.ownTransactions ? (job.leaseSeconds ?? DEFAULT_LEASE_SECONDS) : DEFAULT_LEASE_SECONDS;
  };

  /** Logs a job that runs longer than slowJobMs (a handler waiting on `db` inside its transaction hangs on PGlite). */
  async function watched<T>(job: ClaimedJob, work: () => Promise<T>): Promise<T> {
    const timer = setTimeout(
      () => logger.warn({ job: job.key, processId, ms: slowJobMs }, 'job still running: a handler must use its tx, never db, or set ownTransactions'),
      slowJobMs,
    );
    const started = performance.now();
    try {
      // A span per job (tracing on): the handler's statements are its children.
      return await inSpan(`job ${job.name}`, { attributes: { 'croupier.job.name': job.name, 'croupier.job.key': job.key, 'croupier.job.attempt': Number(job.attempts) + 1 } }, work);
    } finally {
      observeJob(job.name, performance.now() - started);
      clearTimeout(timer);
    }
  }

  const lockOrder = (a: ClaimedJob, b: ClaimedJob) =>
    playerThenEvent(a.event_user_id, Number(a.event_id ?? 0), b.event_user_id, Number(b.event_id ?? 0)) || Number(a.id) - Number(b.id);

  const scheduledAtOf = (job: ClaimedJob) => new Date(String(job.payload.scheduledAt ?? new Date().toISOString()));

  const groupedEventIds = (job: ClaimedJob): number[] | null => {
    const handler = handlers.get(job.name);
    return handler?.grouped && Array.isArray(job.payload.events) ? (job.payload.events as unknown[]).map(Number) : null;
  };

  /**
   * The events of a claimed batch's grouped jobs, read in one query: a dispatch queues one job per
   * grouped handler over the same events, and reading them job by job was a query per handler.
   */
  async function groupedEventsOf(claimed: ClaimedJob[], tx: Tx): Promise<Map<number, EventRow>> {
    const ids = [...new Set(claimed.flatMap((job) => groupedEventIds(job) ?? []))];
    if (ids.length === 0) return new Map();
    const rows = await preparedQuery<EventRow>(tx, 'jobs_events', sql`select id, type, user_id, payload, created_at from outbox_events where id = any (${arrayLiteral(ids)}::bigint[])`);
    return new Map(rows.map((row) => [Number(row.id), row]));
  }

  /** A group's events in the order its jobs are run (lockOrder). */
  const groupOrder = (a: EventRow, b: EventRow) => playerThenEvent(a.user_id, Number(a.id), b.user_id, Number(b.id));

  async function runJob(job: ClaimedJob, tx: Tx, context: JobContext, eventRows: Map<number, EventRow>) {
    const handler = handlers.get(job.name);
    const ids = groupedEventIds(job);
    if (handler && ids) {
      const events = ids.flatMap((id) => eventRows.get(id) ?? []).sort(groupOrder);
      if (events.length !== ids.length) throw new Error(`Job ${job.key}: ${ids.length - events.length} of its events are gone`);
      const group = events.map(outboxEventOf);
      if (handler.handleGroup) return handler.handleGroup(group, tx, context);
      for (const event of group) await handler.handle(event, tx, context);
      return;
    }
    if (handler) {
      if (job.event_id === null || job.event_type === null) throw new Error(`Job ${job.key}: its event ${job.event_id} is gone`);
      const event = { id: Number(job.event_id), type: job.event_type, userId: job.event_user_id, payload: job.event_payload ?? {}, createdAt: asDate(job.event_created_at!) };
      await handler.handle(event, tx, context);
      return;
    }
    const cron = scheduled.get(job.name);
    if (cron && !cron.ownTransactions) return cron.run(tx, { scheduledAt: scheduledAtOf(job) });
    const plain = named.get(job.name);
    if (plain && !plain.ownTransactions) return plain.run(job.payload, tx);
    throw new Error(`No handler for job ${job.name}`);
  }

  /** Claims due jobs (only those this process can run) in one transaction; `limit` 1 isolates a failure. */
  async function runBatch(limit: number): Promise<{ ran: number; failed?: ClaimedJob; error?: unknown }> {
    const names = inJobTransaction();
    if (names.length === 0) return { ran: 0 };
    let failed: ClaimedJob | undefined;
    let failure: unknown;
    let ran = 0;
    const effects: Array<() => Promise<void> | void> = [];
    const context: JobContext = { afterCommit: (effect) => void effects.push(effect) };
    try {
      await db.transaction(async (tx) => {
        const claimed = await preparedQuery<ClaimedJob>(tx, 'jobs_claim', sql`
          select j.id, j.name, j.key, j.attempts, j.max_attempts, j.payload, j.event_id,
                 e.type as event_type, e.user_id as event_user_id, e.payload as event_payload, e.created_at as event_created_at
          from jobs j left join outbox_events e on e.id = j.event_id
          where j.completed_at is null and j.failed_at is null and j.run_at <= now()
            and j.name in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb))
          order by j.run_at, j.id
          limit ${limit}
          for update of j skip locked`);
        // Run in one global order, by player, then event: handlers that lock a player's rows
        // (wagering progress) then take them in the same order in every worker's batch, so two
        // batches wait for each other instead of deadlocking (a deadlock costs a second of
        // PostgreSQL's deadlock_timeout and a batch replayed job by job). A player's own events
        // keep their order.
        claimed.sort(lockOrder);
        const eventRows = await groupedEventsOf(claimed, tx);
        for (const job of claimed) {
          try {
            await watched(job, () => runJob(job, tx, context, eventRows));
          } catch (error) {
            failed = job;
            failure = error;
            throw error;
          }
        }
        if (claimed.length > 0) {
          await preparedQuery(tx, 'jobs_done', sql`
            update jobs set completed_at = now(), attempts = attempts + 1, last_error = null
            where id = any (${arrayLiteral(claimed.map((job) => job.id))}::bigint[])`);
        }
        ran = claimed.length;
      });
    } catch (error) {
      if (!failed) throw error;
      return { ran: 0, failed, error: failure ?? error };
    }
    // Committed: now the side effects, in commit order, off the worker's path (the next batch
    // need not wait for them). One that fails is logged; its job is done (at most once for effects).
    if (effects.length > 0) afterCommitQueue = afterCommitQueue.then(() => runEffects(effects));
    return { ran };
  }

  async function runEffects(effects: Array<() => Promise<void> | void>, options: { together?: boolean } = {}) {
    if (options.together) {
      const started = effects.map((effect) => {
        try {
          return Promise.resolve(effect());
        } catch (error) {
          return Promise.reject(error);
        }
      });
      for (const outcome of await Promise.allSettled(started)) {
        if (outcome.status === 'rejected') logger.warn({ err: outcome.reason, processId }, 'a dispatch effect failed');
      }
      return;
    }
    for (const effect of effects) {
      try {
        await effect();
      } catch (error) {
        logger.warn({ err: error, processId }, 'a job side effect after commit failed');
      }
    }
  }

  /** Records a failed attempt (the `attempt`-th): back off, or give up after the job's attempts. */
  async function recordFailure(job: ClaimedJob, attempt: number, error: unknown) {
    const final = attempt >= Number(job.max_attempts);
    await db.execute(sql`
      update jobs set attempts = ${attempt}, last_error = ${errorText(error)},
        run_at = now() + make_interval(secs => ${backoffMs(attempt) / 1000}),
        failed_at = ${final ? sql`now()` : sql`null`}
      where id = ${job.id} and completed_at is null`);
    jobFailures.labels(job.name, String(final)).inc();
    const fields = { job: job.key, attempt, maxAttempts: job.max_attempts, err: error, processId };
    if (final) logger.error(fields, 'job failed for good: it stays in the jobs table for an operator (npm run ops -- jobs:list failed)');
    else logger.warn(fields, 'job failed: it will be retried');
  }

  /** Runs due jobs: in batches while all succeed; a batch with a failure is replayed one job at a time. */
  async function runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await runBatch(batchSize);
      if (batch.failed) {
        // One job in the batch failed and everything rolled back: count its attempt, then go one
        // by one, so only the failing job pays (each sibling commits in its own transaction).
        await recordFailure(batch.failed, Number(batch.failed.attempts) + 1, batch.error);
        total += 1;
        for (let i = 0; i < batchSize; i++) {
          const single = await runBatch(1);
          if (single.failed) {
            await recordFailure(single.failed, Number(single.failed.attempts) + 1, single.error);
            total += 1; // a recorded failure is work done: a caller draining goes on
          } else if (single.ran === 0) break;
          else total += single.ran;
        }
        return total;
      }
      total += batch.ran;
      if (batch.ran < batchSize) return total;
    }
  }

  /**
   * Runs due jobs that open their own transactions, one at a time: the claim moves the job's
   * run_at past its lease and counts the attempt (a process that dies mid-run leaves it to be
   * claimed again once the lease is over), the work runs with no transaction held, then the job is
   * marked done or its failure recorded.
   */
  async function runOwnTransactionJobs(): Promise<number> {
    const names = inOwnTransactions();
    if (names.length === 0 || !ownJobsMaybeDue) return 0;
    ownJobsMaybeDue = false;
    const leases = Object.fromEntries(names.map((name) => [name, leaseOf(name)]));
    let total = 0;
    for (; total < batchSize; total++) {
      const [job] = await queryRows<ClaimedJob>(db, sql`
        with next as (
          select id from jobs
          where completed_at is null and failed_at is null and run_at <= now()
            and name in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb))
          order by run_at, id limit 1 for update skip locked
        )
        update jobs j set attempts = j.attempts + 1,
          run_at = now() + make_interval(secs => (${JSON.stringify(leases)}::jsonb ->> j.name)::int)
        from next where j.id = next.id
        returning j.id, j.name, j.key, j.attempts, j.max_attempts, j.payload`);
      if (!job) break;
      if (Number(job.attempts) > Number(job.max_attempts)) {
        // Its last attempt's lease ran out without an answer (the process died): give up.
        await recordFailure(job, Number(job.max_attempts), new Error('the last attempt did not finish within its lease'));
        continue;
      }
      try {
        await watched(job, async () => {
          const cron = scheduled.get(job.name);
          if (cron?.ownTransactions) return cron.run(db, { scheduledAt: scheduledAtOf(job) });
          const plain = named.get(job.name);
          if (plain?.ownTransactions) return plain.run(job.payload, db);
        });
        await db.execute(sql`update jobs set completed_at = now(), last_error = null where id = ${job.id} and completed_at is null`);
      } catch (error) {
        await recordFailure(job, Number(job.attempts), error);
      }
    }
    if (total >= batchSize) ownJobsMaybeDue = true;
    return total;
  }

  /**
   * One pass: dispatch pending events, claim due schedules, run due jobs. Answers how much it did.
   * `dispatcher`: the pass is the polling loop's while helper loops run, and leaves the jobs that
   * open their own transactions to them (see work).
   */
  async function tick(options: { quick?: boolean; dispatcher?: boolean } = {}): Promise<number> {
    let done = 0;
    let jobs = 0;
    // A timed poll (the process was idle) looks at everything, another process's jobs included.
    if (options.quick) ownJobsMaybeDue = true;
    for (;;) {
      const dispatched = await dispatchBatch();
      done += dispatched.taken;
      jobs += dispatched.jobs;
      if (dispatched.taken < batchSize) break;
    }
    lastTaken = done;
    if (Date.now() - lastScheduleCheck >= SCHEDULE_CHECK_MS) {
      lastScheduleCheck = Date.now();
      ownJobsMaybeDue = true;
      done += await claimSchedules();
    }
    // A timed poll that found no events asks one cheap question before claiming jobs.
    if (options.quick && done === 0 && !(await anyDue())) return 0;
    // New jobs: this loop claims the first batch itself, so a helper loop joins for each further
    // batch the dispatch queued, and one more whenever a batch comes back full (more may be
    // waiting). Counting events instead of jobs woke helpers to claim nothing: a grouped handler
    // queues one job for a whole batch of events.
    const helpers = Math.min(concurrency - 1, Math.floor(jobs / batchSize));
    if (helpers > 0) wakeHelpers(helpers);
    const worked = await work({ dispatcher: options.dispatcher });
    if (worked >= batchSize) wakeHelpers(1);
    // Which process did the work (LOG_LEVEL=debug): with JOBS=off on the web processes, only the
    // worker's log has these lines (docs/deploy.md).
    if (done + worked > 0) logger.debug({ processId, events: lastTaken, jobs: worked }, 'job runner pass');
    return done + worked;
  }

  /** Whether any job this process can run is due (one query on the due-jobs index). */
  async function anyDue(): Promise<boolean> {
    const names = [...handlers.keys(), ...scheduled.keys(), ...named.keys()];
    if (names.length === 0) return false;
    const [row] = await queryRows<{ due: boolean }>(db, sql`
      select exists (
        select 1 from jobs where completed_at is null and failed_at is null and run_at <= now()
          and name in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb))
      ) as due`);
    return row?.due === true;
  }

  /**
   * What every worker loop does: the due jobs, then the due jobs with their own transactions. The
   * polling loop, the only one that dispatches, leaves the latter to a helper: they last seconds
   * to minutes (the live dashboard's figures, a provider's HTTP call, the ledger check), and every
   * event's delivery (a live balance, a notice) waited behind the one it had claimed.
   */
  async function work(options: { dispatcher?: boolean } = {}): Promise<number> {
    const ran = await runDue();
    if (!options.dispatcher) return ran + (await runOwnTransactionJobs());
    if (ownJobsMaybeDue && inOwnTransactions().length > 0) wakeHelpers(1);
    return ran;
  }

  /** Runs passes until one finds nothing to do (tests, scripts). Schedules are checked every pass. */
  async function drain(): Promise<void> {
    for (let pass = 0; pass < 1000; pass++) {
      lastScheduleCheck = 0;
      if ((await tick()) === 0) return afterCommitQueue;
    }
    throw new Error('The job runner did not drain in 1000 passes');
  }

  function wakeAll() {
    for (const wake of [...sleepers]) wake();
  }

  /** Wakes up to `count` sleeping helper loops (those that only run jobs). */
  function wakeHelpers(count: number) {
    for (const wake of [...sleepers].filter((sleeper) => sleeper !== dispatcherAsleep).slice(0, count)) wake();
  }

  /**
   * Asks the polling loop to look now rather than at its next poll (e.g. after a commit with
   * outbox rows). It alone dispatches, so it alone is woken: waking every loop on every commit had
   * each of them open a transaction to claim jobs that were not dispatched yet (measured: two empty
   * claims per event at one round at a time). It wakes helpers when it finds a backlog (tick).
   */
  function poke() {
    pokes++;
    dispatcherAsleep?.();
  }

  /**
   * Waits until poked or woken (not at all when a poke came since `seen`), or, for the polling
   * loop, at most pollMs. Answers true when woken, false when the poll interval ran out.
   */
  async function idle(seen: number, polls: boolean): Promise<boolean> {
    if (!running || (polls && pokes !== seen)) return true;
    return new Promise<boolean>((resolve) => {
      const wake = (woken = true) => {
        if (timer) clearTimeout(timer);
        sleepers.delete(wake);
        if (dispatcherAsleep === wake) dispatcherAsleep = undefined;
        resolve(woken);
      };
      const timer = polls ? setTimeout(() => wake(false), pollMs) : undefined;
      sleepers.add(wake);
      if (polls) dispatcherAsleep = wake;
    });
  }

  /**
   * The first loop polls: it dispatches events, claims schedules and runs jobs, and wakes the
   * others when it finds a backlog (tick). The others only run jobs, and sleep until it
   * wakes them, so an idle process costs one loop's poll: two indexed queries every pollMs.
   */
  async function workerLoop(index: number) {
    let woken = true;
    while (running) {
      const seen = pokes;
      let busy = 0;
      try {
        busy = index === 0 ? await tick({ quick: !woken, dispatcher: concurrency > 1 }) : await work();
      } catch (error) {
        logger.error({ err: error, processId }, 'job runner pass failed');
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
      if (!running) break;
      // A trickle of events: let a few more arrive before the next dispatch (gatherMs).
      if (index === 0 && gatherMs > 0 && lastTaken > 0 && lastTaken < batchSize / 4) await new Promise((resolve) => setTimeout(resolve, gatherMs));
      woken = busy > 0 || (await idle(seen, index === 0));
    }
  }

  function start() {
    if (running) return;
    running = true;
    // A money movement committed in this process: deliver without waiting for the poll.
    stopOutboxListener = onOutboxCommitted(poke);
    loops = Array.from({ length: concurrency }, (_, index) => workerLoop(index));
  }

  /** Stops polling and waits for the jobs in hand to finish (graceful shutdown). */
  async function stop() {
    running = false;
    stopOutboxListener?.();
    wakeAll();
    await Promise.all(loops);
    loops = [];
    await afterCommitQueue;
  }

  return { onEvent, onDispatched, schedule, define, enqueue, start, stop, poke, tick, drain, dispatch };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
