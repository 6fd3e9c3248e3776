/**
 * Events under load: how long a settled movement's outbox event takes to reach its handler, and
 * how many events a process delivers per second. Game rounds (bet, then win) go straight into the
 * wallet service (`services.wallet.handle`, no HTTP) for 100 players, with the process's job
 * runner on as in production (the live balance handlers included); a probe handler subscribed to
 * game.* writes, in its job's transaction, the lag of each event it gets. Both ends are database
 * time: from the event's `created_at` (its writer's transaction start, a few round trips before
 * commit, so the figure slightly overstates commit-to-handler) to `clock_timestamp()` in the
 * handler. Every event must be handled exactly once.
 *
 * Two phases: saturated (`concurrency` rounds back to back: the writers take all the process
 * can give, so the lag there is mostly the backlog the runner works through), then paced at half
 * the saturated rate (a busy process that keeps up: the lag a player would see).
 *
 * The runner shares the process with the writers, which poke it after each commit; a runner in
 * another process finds events at its next poll (pollMs, 250 ms by default), up to that much more.
 *
 * Database as bench/ledger.ts (PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL, else
 * in-memory PGlite). Alone: `npx node bench/events.ts`.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createServices } from '../server/services.ts';
import { parseEnv } from '../server/platform/env.ts';
import { createLogger } from '../server/platform/logger.ts';
import { queryRows } from '../server/platform/db/database.ts';
import { seedDemoContent } from '../server/db/seed.ts';
import { users } from '../server/db/schema.ts';
import { analyzeBenchTables, openBenchDatabase } from './ledger.ts';
import { closedLoop } from './players.ts';

/** One load phase: what was written and handled, and the lag from write to handler. */
export type EventsPhase = {
  /** Rounds played in the phase (each writes a game.bet and a game.win event), per second. */
  rounds: number;
  roundsPerSecond: number;
  /** Game events written, and handled by the probe (each exactly once, or a problem is named). */
  written: number;
  delivered: number;
  /** Events handled per second, from the phase's first write to its last handling. */
  deliveredPerSecond: number;
  /** Lag from an event's write to its handler, ms, database time. */
  lagMs: { p50: number; p99: number; max: number } | null;
};

export type EventsBenchResult = {
  database: 'postgres' | 'pglite';
  players: number;
  concurrency: number;
  /** As many rounds as `concurrency` players can play back to back: the process is saturated. */
  saturated: EventsPhase;
  /** Rounds started at half the saturated rate, whatever the answers take: a busy but not overloaded process. */
  paced: EventsPhase;
  problems: string[];
};

const PLAYERS = 100;
const GAME = 'lantern-tide';
const PROBE = 'bench.event-lag';

export async function runEventsBench(options: { concurrency?: number; durationMs?: number } = {}): Promise<EventsBenchResult> {
  const concurrency = options.concurrency ?? 16;
  const durationMs = options.durationMs ?? 3000;
  const { database, cleanup } = await openBenchDatabase();
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'bench-secret-bench-secret-bench-secret-00' });
  await seedDemoContent(database.db);
  const services = await createServices({ database, env, logger: createLogger('silent'), buildId: 'bench' });
  const { db } = database;
  /** Events not yet dispatched plus probe jobs not yet done. */
  const pendingEvents = async () => {
    const [row] = await queryRows<{ pending: number }>(db, sql`
      select (select count(*)::int from outbox_events where dispatched_at is null)
           + (select count(*)::int from jobs where name = ${PROBE} and completed_at is null and failed_at is null) as pending`);
    return row.pending;
  };
  try {
    await db.execute(sql`create table bench_event_lag (event_id bigint not null, lag_ms double precision not null, handled_at timestamptz not null)`);
    services.jobs.onEvent({
      name: PROBE,
      events: ['game.bet', 'game.win', 'game.rollback'],
      async handle(event, tx) {
        await tx.execute(sql`
          insert into bench_event_lag (event_id, lag_ms, handled_at)
          select id, extract(epoch from clock_timestamp() - created_at) * 1000, clock_timestamp() from outbox_events where id = ${event.id}`);
      },
    });

    // Players with money and an open real-money session each.
    const playerIds = (
      await db
        .insert(users)
        .values(Array.from({ length: PLAYERS }, () => ({ passwordHash: 'bench', currency: 'EUR', locale: 'en' })))
        .returning({ id: users.id })
    ).map((row) => row.id);
    const tokens: string[] = [];
    for (const player of playerIds) {
      const funding = [
        { account: { house: 'payment_clearing' as const }, amount: -50_000_000n },
        { account: { player, kind: 'main' as const }, amount: 50_000_000n },
      ];
      await services.ledger.transfer({ key: `bench-events-fund:${player}`, kind: 'deposit', currency: 'EUR', legs: funding });
      tokens.push((await services.wallet.openSession({ game: GAME, mode: 'real', userId: player }, 'en')).token);
    }
    const provider = (await services.wallet.sessionByToken(tokens[0]))!.provider;

    const problems: string[] = [];
    const call = async (endpoint: 'bet' | 'win', body: Record<string, unknown>) => {
      const answer = await services.wallet.handle(endpoint, { provider, request_uuid: randomUUID(), game: GAME, currency: 'EUR', ...body });
      if (answer.status !== 'RS_OK' && problems.length < 5) problems.push(`${endpoint} answered ${answer.status}`);
    };
    const play = async (token: string) => {
      const round = randomUUID();
      await call('bet', { user: token, transaction_uuid: `${round}:bet`, round_id: round, amount: 100 });
      await call('win', { user: token, transaction_uuid: `${round}:win`, reference_transaction_uuid: `${round}:bet`, round_id: round, amount: 90, round_closed: true });
    };
    /** Starts `perSecond` rounds a second, spread evenly, without waiting for earlier ones. */
    const paced = async (ms: number, perSecond: number) => {
      const started: Promise<void>[] = [];
      const begin = performance.now();
      for (let i = 0; performance.now() - begin < ms; i++) {
        const due = begin + (i * 1000) / perSecond;
        if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
        started.push(play(tokens[i % tokens.length]));
      }
      await Promise.all(started);
      return started.length;
    };
    const settle = async () => {
      for (let i = 0; i < 2400 && (await pendingEvents()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    };
    const round1 = (value: number | null) => Math.round(Number(value) * 10) / 10;
    /** Runs one load with the runner going, lets the runner catch up, and reads the probe's rows. */
    const phase = async (name: string, load: () => Promise<number>): Promise<EventsPhase> => {
      await settle();
      await db.execute(sql`truncate bench_event_lag`);
      const [{ from }] = await queryRows<{ from: string }>(db, sql`select coalesce(max(id), 0)::text as "from" from outbox_events`);
      const began = performance.now();
      const rounds = await load();
      const seconds = (performance.now() - began) / 1000;
      await settle();
      const [row] = await queryRows<{ written: number; delivered: number; distinct: number; seconds: number | null; p50: number | null; p99: number | null; max: number | null }>(db, sql`
        select (select count(*)::int from outbox_events where id > ${from}::bigint and type like 'game.%') as written,
               count(*)::int as delivered, count(distinct event_id)::int as distinct,
               extract(epoch from max(handled_at) - (select min(created_at) from outbox_events where id > ${from}::bigint))::float8 as seconds,
               percentile_cont(0.5) within group (order by lag_ms) as p50, percentile_cont(0.99) within group (order by lag_ms) as p99, max(lag_ms) as max
        from bench_event_lag`);
      if (row.delivered !== row.distinct) problems.push(`${name}: ${row.delivered - row.distinct} events handled more than once`);
      if (row.distinct !== row.written) problems.push(`${name}: ${row.written - row.distinct} of ${row.written} events not handled`);
      if (row.written !== rounds * 2) problems.push(`${name}: ${rounds} rounds wrote ${row.written} game events, not ${rounds * 2}`);
      return {
        rounds,
        roundsPerSecond: rounds / seconds,
        written: row.written,
        delivered: row.delivered,
        deliveredPerSecond: row.seconds ? row.delivered / row.seconds : 0,
        lagMs: row.p50 === null ? null : { p50: round1(row.p50), p99: round1(row.p99), max: round1(row.max) },
      };
    };

    services.jobs.start();
    await closedLoop(concurrency, 500, tokens, play); // warm-up, left out of the figures
    await settle();
    // Statistics as autovacuum keeps them on a site, then the plans made with them (bench/wallet.ts).
    await analyzeBenchTables(database);
    await closedLoop(concurrency, 500, tokens, play);
    const saturated = await phase('saturated', () => closedLoop(concurrency, durationMs, tokens, play));
    const half = await phase('paced', () => paced(durationMs, Math.max(1, saturated.roundsPerSecond / 2)));
    await services.jobs.stop();
    return { database: database.kind, players: PLAYERS, concurrency, saturated, paced: half, problems };
  } finally {
    await services.jobs.stop();
    await services.close();
    await cleanup();
  }
}

export function formatEventsBench(result: EventsBenchResult): string {
  const line = (name: string, phase: EventsPhase) =>
    `  ${name}: ${phase.roundsPerSecond.toFixed(0)} rounds/s wrote ${phase.written} game events, ${phase.delivered} handled at ${phase.deliveredPerSecond.toFixed(0)}/s; ` +
    (phase.lagMs ? `lag p50 ${phase.lagMs.p50} ms, p99 ${phase.lagMs.p99} ms, max ${phase.lagMs.max} ms` : 'none handled');
  return [
    `Events: outbox to handler, job runner in the writers' process, lag from write to handler in database time (${result.database}, ${result.players} players):`,
    line(`saturated (${result.concurrency} rounds back to back)`, result.saturated),
    line('paced at half that rate', result.paced),
    `  exactly once: ${result.problems.length ? result.problems.join('; ') : 'holds'}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runEventsBench();
  console.log(formatEventsBench(result));
  if (result.problems.length) process.exitCode = 1;
}
