/**
 * Game rounds through the seamless wallet's HTTP API, as a provider plays them: a signed `bet`
 * then its signed `win`, both through the app's routing, signature check, wallet journal and
 * ledger, and the jackpots' shares and draws on every real bet. Rounds per second spread over
 * 100 players versus all on one player, at the same concurrency: one player's rounds queue on
 * that player's balance row, spread ones should not queue on anything shared. The ratio
 * single / spread is the figure to watch.
 *
 * With the job runner on, a round counts once *settled*: each measured window lasts until the
 * runner has handled every event it wrote, so a window pays for its own events and not for the
 * backlog the one before left (the windows alternate spread and one player). Rounds played per
 * second, the wallet's side alone, are reported too.
 *
 * Database as bench/ledger.ts (PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL,
 * else in-memory PGlite). After a first warm-up the schema's tables are analyzed, as autovacuum
 * would on a running site, and a second warm-up makes the plans the measured rounds use
 * (docs/performance.md: plans made for empty tables). Alone: `npx node bench/wallet.ts`;
 * BENCH_JACKPOTS=off leaves the jackpots out.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createServices, type Services } from '../server/services.ts';
import { createHttpApp } from '../server/http/app.ts';
import { parseEnv } from '../server/platform/env.ts';
import { createLogger } from '../server/platform/logger.ts';
import { seedDemoContent } from '../server/db/seed.ts';
import type { Database } from '../server/platform/db/database.ts';
import type { EventHandler } from '../server/platform/jobs/index.ts';
import { SIGNATURE_HEADER, signBody } from '../server/modules/payments/index.ts';
import { analyzeBenchTables, openBenchDatabase } from './ledger.ts';
import { fundedPlayers, settleEvents } from './players.ts';
import { postgresCpuMs } from './cpu.ts';

export type WalletBenchResult = {
  database: 'postgres' | 'pglite';
  jackpots: 'on' | 'off';
  /**
   * With the job runner on (as in production): lag from an event's write (its transaction's
   * start, `now()`) to its handler, in ms, over every game event of the run, and events handled.
   */
  events: { runner: 'on' | 'off'; delivered: number; lagMs: { p50: number; p99: number; max: number } | null };
  concurrency: number;
  /**
   * Settled rounds per second (the runner caught up), and played: the wallet's answers alone.
   * cpuMsPerRound: CPU per settled round of this process (HTTP, wallet, runner) and, on PostgreSQL
   * on this machine, of PostgreSQL's processes; where the cost of a round goes.
   */
  spread: { roundsPerSecond: number; playedPerSecond: number; players: number; cpuMsPerRound: CpuPerRound };
  single: { roundsPerSecond: number; playedPerSecond: number; cpuMsPerRound: CpuPerRound };
  singleVsSpread: number;
  /** The wallet's single statements over the whole run and the requests they settled (decision 032). */
  settled: { statements: number; requests: number };
  refused: number;
  problems: string[];
};

type CpuPerRound = { node: number; postgres: number | null };

const PLAYERS = 100;
const PROVIDER = 'lanternfish';
const GAME = 'lantern-tide';

/** A fresh database with the demo content, 100 funded players each with a real game session, and the app that serves the wallet's HTTP API. */
export type WalletRig = {
  database: Database;
  services: Services;
  /** One session token per player. */
  tokens: string[];
  /** One round on a session: a signed bet of 100, then its signed win of 90 closing the round. */
  round(token: string): Promise<void>;
  /** Requests answered with anything but RS_OK so far. */
  refused(): number;
  close(): Promise<void>;
};

/**
 * Opens a rig (database as bench/ledger.ts). `env` adds to the bench's environment; `sql` runs on the
 * fresh database after its migrations and demo content (bench/wallet-ab.ts compares variants; on
 * PostgreSQL it may hold several statements);
 * `handlers` are registered before anything runs. The job runner is left stopped.
 */
export async function openWalletRig(options: { env?: Record<string, string>; sql?: string; handlers?: EventHandler[]; poolSize?: number } = {}): Promise<WalletRig> {
  const { database, cleanup } = await openBenchDatabase({ poolSize: options.poolSize });
  let opened: Services | undefined;
  try {
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'bench-secret-bench-secret-bench-secret-00', ...options.env });
    const logger = createLogger('silent');
    await seedDemoContent(database.db);
    if (options.sql) await database.db.execute(sql.raw(options.sql));
    const services = await createServices({ database, env, logger, buildId: 'bench' });
    opened = services;
    for (const handler of options.handlers ?? []) services.jobs.onEvent(handler);
    const app = createHttpApp({ services, env, logger });
    const secret = (await services.wallet.providerSecret(PROVIDER))!;
    const players = await fundedPlayers(database, services, PLAYERS, 100_000_000n, 'bench-fund');
    const tokens: string[] = [];
    for (const player of players) tokens.push((await services.wallet.openSession({ game: GAME, mode: 'real', userId: player }, 'en')).token);
    let refused = 0;
    async function send(endpoint: 'bet' | 'win', body: Record<string, unknown>) {
      const raw = JSON.stringify({ provider: PROVIDER, request_uuid: randomUUID(), game: GAME, currency: 'EUR', ...body });
      const response = await app.request(`http://bench.local/platform/wallet/${endpoint}`, {
        method: 'POST',
        body: raw,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, raw) },
      });
      const answer = (await response.json()) as { status: string };
      if (answer.status !== 'RS_OK') refused++;
    }
    async function round(token: string) {
      const roundId = randomUUID();
      await send('bet', { user: token, transaction_uuid: `${roundId}:bet`, round_id: roundId, amount: 100 });
      await send('win', { user: token, transaction_uuid: `${roundId}:win`, reference_transaction_uuid: `${roundId}:bet`, round_id: roundId, amount: 90, round_closed: true });
    }
    return {
      database,
      services,
      tokens,
      round,
      refused: () => refused,
      close: async () => {
        await services.close();
        await cleanup();
      },
    };
  } catch (error) {
    await opened?.close();
    await cleanup();
    throw error;
  }
}

export async function runWalletBench(options: { concurrency?: number; durationMs?: number; rounds?: number } = {}): Promise<WalletBenchResult> {
  const concurrency = options.concurrency ?? 16;
  const durationMs = options.durationMs ?? 3000;
  const rounds = options.rounds ?? 3;
  // Jackpots on, as in production: every real bet also pays its pools' shares and draws.
  // BENCH_JACKPOTS=off measures the wallet alone, to see what the jackpots cost.
  const jackpots = process.env.BENCH_JACKPOTS === 'off' ? 'off' : 'on';
  // The job runner delivers every bet's and win's outbox event while the rounds run, as in
  // production (the live balance handlers included); a probe handler records each event's lag.
  // BENCH_EVENTS=off measures the wallet without the runner.
  const runner = process.env.BENCH_EVENTS === 'off' ? 'off' : 'on';
  const lags: number[] = [];
  const rig = await openWalletRig({
    env: { JACKPOTS: jackpots },
    handlers: [
      {
        name: 'bench.lag',
        events: ['game.bet', 'game.win'],
        // One job per dispatched batch: the probe is the bench's instrument, not the product, and a job
        // row per event cost about an eighth of the settled rounds (four A/B pairs, docs/performance.md).
        // Each event's lag is still recorded.
        grouped: true,
        handle: async (event) => void lags.push(Date.now() - event.createdAt.getTime()),
      },
    ],
  });
  const { database, services, tokens, round } = rig;
  if (runner === 'on') services.jobs.start();
  try {
    async function closedLoop(pick: (worker: number, iteration: number) => string, ms: number): Promise<number> {
      let done = 0;
      const until = performance.now() + ms;
      await Promise.all(
        Array.from({ length: concurrency }, async (_, worker) => {
          for (let iteration = 0; performance.now() < until; iteration++) {
            await round(pick(worker, iteration));
            done++;
          }
        }),
      );
      return done;
    }
    const spreadPick = (worker: number, iteration: number) => tokens[(worker * 7 + iteration) % tokens.length];
    const singlePick = () => tokens[0];

    /** Waits until the runner has handled every event written so far (nothing to wait for when it is off). */
    const caughtUp = () => (runner === 'on' ? settleEvents(database.db) : Promise.resolve());
    const warmUp = async () => {
      await closedLoop(spreadPick, 500);
      await closedLoop(singlePick, 300);
      await caughtUp();
    };
    await warmUp();
    // Statistics as a running site has them (autovacuum): the plans the measured rounds use are
    // made for tables that hold rows, not for the empty ones the first warm-up started with. The
    // second warm-up makes those plans (every connection plans each statement a few times).
    await analyzeBenchTables(database);
    await warmUp();
    /** One measured window: rounds played, the time they took, and the time until their events were handled. */
    async function measuredWindow(pick: (worker: number, iteration: number) => string, ms: number) {
      const postgresBefore = database.kind === 'postgres' ? postgresCpuMs() : null;
      const nodeBefore = process.cpuUsage();
      const start = performance.now();
      const played = await closedLoop(pick, ms);
      const playedMs = performance.now() - start;
      await caughtUp();
      const settledMs = performance.now() - start;
      const node = process.cpuUsage(nodeBefore);
      const postgresAfter = postgresBefore === null ? null : postgresCpuMs();
      return { played, playedMs, settledMs, nodeCpuMs: (node.user + node.system) / 1000, postgresCpuMs: postgresAfter === null ? null : postgresAfter - postgresBefore! };
    }
    const spread = { rounds: 0, playedMs: 0, settledMs: 0, nodeCpuMs: 0, postgresCpuMs: null as number | null };
    const single = { rounds: 0, playedMs: 0, settledMs: 0, nodeCpuMs: 0, postgresCpuMs: null as number | null };
    for (let i = 0; i < rounds; i++) {
      for (const [pick, totals] of [[spreadPick, spread], [singlePick, single]] as const) {
        const measured = await measuredWindow(pick, durationMs / rounds);
        totals.rounds += measured.played;
        totals.playedMs += measured.playedMs;
        totals.settledMs += measured.settledMs;
        totals.nodeCpuMs += measured.nodeCpuMs;
        if (measured.postgresCpuMs !== null) totals.postgresCpuMs = (totals.postgresCpuMs ?? 0) + measured.postgresCpuMs;
      }
    }
    if (runner === 'on') {
      await services.jobs.stop();
      await services.jobs.drain();
    }
    const { problems } = await services.ledger.verify();
    const sorted = [...lags].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    const perRound = (totals: typeof spread): CpuPerRound => ({
      node: totals.nodeCpuMs / totals.rounds,
      postgres: totals.postgresCpuMs === null ? null : totals.postgresCpuMs / totals.rounds,
    });
    return {
      database: database.kind,
      jackpots,
      events: { runner, delivered: lags.length, lagMs: sorted.length ? { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] } : null },
      concurrency,
      spread: { roundsPerSecond: spread.rounds / (spread.settledMs / 1000), playedPerSecond: spread.rounds / (spread.playedMs / 1000), players: PLAYERS, cpuMsPerRound: perRound(spread) },
      single: { roundsPerSecond: single.rounds / (single.settledMs / 1000), playedPerSecond: single.rounds / (single.playedMs / 1000), cpuMsPerRound: perRound(single) },
      singleVsSpread: single.rounds / (single.settledMs / 1000) / (spread.rounds / (spread.settledMs / 1000)),
      settled: services.wallet.settleFigures(),
      refused: rig.refused(),
      problems,
    };
  } finally {
    await rig.close();
  }
}

const formatCpu = (cpu: CpuPerRound) => `this process ${cpu.node.toFixed(2)} ms` + (cpu.postgres === null ? '' : `, PostgreSQL ${cpu.postgres.toFixed(2)} ms`);

export function formatWalletBench(result: WalletBenchResult): string {
  return [
    `Wallet API rounds, signed bet + win over HTTP routing (${result.database}, jackpots ${result.jackpots}, ${result.concurrency} concurrent rounds):`,
    `  spread over ${result.spread.players} players: ${result.spread.roundsPerSecond.toFixed(0)} rounds/s settled, ${result.spread.playedPerSecond.toFixed(0)} played (baseline)`,
    `  all on one player:            ${result.single.roundsPerSecond.toFixed(0)} rounds/s settled, ${result.single.playedPerSecond.toFixed(0)} played = ${result.singleVsSpread.toFixed(2)} x spread (settled)`,
    `  CPU per settled round: spread ${formatCpu(result.spread.cpuMsPerRound)}; one player ${formatCpu(result.single.cpuMsPerRound)}`,
    `  single statements: ${result.settled.statements} settled ${result.settled.requests} requests, ${(result.settled.requests / Math.max(1, result.settled.statements)).toFixed(1)} a statement on average`,
    `  refused requests: ${result.refused}; ledger check after the run: ${result.problems.length ? result.problems.join('; ') : 'holds'}`,
    result.events.lagMs
      ? `  job runner on: ${result.events.delivered} game events handled; lag from write to handler p50 ${result.events.lagMs.p50} ms, p99 ${result.events.lagMs.p99} ms, max ${result.events.lagMs.max} ms`
      : `  job runner ${result.events.runner}: no events handled`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runWalletBench();
  console.log(formatWalletBench(result));
  if (result.problems.length || result.refused) process.exitCode = 1;
}
