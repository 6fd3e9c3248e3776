/**
 * What tournament and loyalty scoring cost: settled rounds per second with both on versus both
 * off (TOURNAMENTS and LOYALTY), in one run. A round is settled when it is played (bet and win
 * through the wallet service) and every one of its events has been handled by the job runner:
 * with scoring on, that includes scoring it in the three running demo tournaments every player
 * has joined and earning its loyalty points (one journal row per bet, docs/loyalty.md). Each
 * mode gets its own fresh database, a process's services (the runner on, as in production) and
 * its own 100 players; the modes take turns in windows, each running from its first round to the
 * last event handled.
 *
 * With scoring on, every bet must have scored exactly once in the wager sprint (its points equal
 * the amount wagered) and earned loyalty points exactly once (one journal row per bet); with it
 * off, none; or a problem is named.
 *
 * Database as bench/ledger.ts (PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL, else
 * in-memory PGlite). Alone: `npx node bench/tournaments.ts`.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createServices } from '../server/services.ts';
import { parseEnv } from '../server/platform/env.ts';
import { createLogger } from '../server/platform/logger.ts';
import { queryRows } from '../server/platform/db/database.ts';
import { seedDemoContent } from '../server/db/seed.ts';
import { analyzeBenchTables, openBenchDatabase } from './ledger.ts';
import { closedLoop, fundedPlayers, settleEvents } from './players.ts';

const PLAYERS = 100;
const GAME = 'golden-croupier';
const STAKE = 100;
const JOINED = ['weekly-slot-race', 'multiplier-hunt', 'high-roller-sprint'];

type Mode = { scoring: 'on' | 'off'; rounds: number; roundsPerSecond: number; settledPerSecond: number };
export type TournamentsBenchResult = { database: 'postgres' | 'pglite'; concurrency: number; off: Mode; on: Mode; onVsOff: number; problems: string[] };

/** One mode's services on its own fresh database (with the demo content), its 100 players joined and warmed up. */
async function openMode(scoring: 'on' | 'off', concurrency: number, problems: string[]) {
  const { database, cleanup } = await openBenchDatabase();
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'bench-secret-bench-secret-bench-secret-00', TOURNAMENTS: scoring, LOYALTY: scoring });
  let services: Awaited<ReturnType<typeof createServices>> | undefined;
  try {
    await seedDemoContent(database.db);
    services = await createServices({ database, env, logger: createLogger('silent'), buildId: 'bench' });
    const ready = services;
    const { db } = database;
    const players = await fundedPlayers(database, ready, PLAYERS, 50_000_000n, `bench-tournaments-fund-${scoring}`);
    const tokens: string[] = [];
    for (const player of players) {
      for (const sysname of JOINED) await ready.tournaments.participate(player, { sysname }, 'en');
      tokens.push((await ready.wallet.openSession({ game: GAME, mode: 'real', userId: player }, 'en')).token);
    }
    const provider = (await ready.wallet.sessionByToken(tokens[0]))!.provider;
    const call = async (endpoint: 'bet' | 'win', body: Record<string, unknown>) => {
      const answer = await ready.wallet.handle(endpoint, { provider, request_uuid: randomUUID(), game: GAME, currency: 'EUR', ...body });
      if (answer.status !== 'RS_OK' && problems.length < 5) problems.push(`${scoring}: ${endpoint} answered ${answer.status}`);
    };
    const play = async (token: string) => {
      const round = randomUUID();
      await call('bet', { user: token, transaction_uuid: `${round}:bet`, round_id: round, amount: STAKE });
      await call('win', { user: token, transaction_uuid: `${round}:win`, reference_transaction_uuid: `${round}:bet`, round_id: round, amount: 250 });
    };
    const settle = () => settleEvents(db);

    ready.jobs.start();
    await closedLoop(concurrency, 500, tokens, play); // warm-up, left out of the figures
    await settle();
    // Statistics as autovacuum keeps them on a site, then the plans made with them (bench/wallet.ts).
    await analyzeBenchTables(database);
    await closedLoop(concurrency, 500, tokens, play);
    await settle();
    const sprintPoints = async () =>
      BigInt((await queryRows<{ points: string }>(db, sql`select coalesce(sum(points), 0)::text as points from tournament_scores s join tournaments t on t.id = s.tournament_id where t.sysname = 'high-roller-sprint'`))[0].points);
    const earnRows = async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from loyalty_points where kind = 'earn' and user_id = any (${`{${players.join(',')}}`}::int[])`))[0].n;
    const pointsBefore = await sprintPoints();
    const earnedBefore = await earnRows();
    const totals = { rounds: 0, playedMs: 0, settledMs: 0 };
    return {
      kind: database.kind,
      /** One measured window: rounds for `ms`, then until every event of theirs is handled. */
      async window(ms: number) {
        const began = performance.now();
        totals.rounds += await closedLoop(concurrency, ms, tokens, play);
        totals.playedMs += performance.now() - began;
        await settle();
        totals.settledMs += performance.now() - began;
      },
      /** The mode's figures, after checking that every measured bet scored and earned once (with scoring on) or not at all. */
      async result(): Promise<Mode> {
        const scored = (await sprintPoints()) - pointsBefore;
        const expected = scoring === 'on' ? BigInt(totals.rounds * STAKE) : 0n;
        if (scored !== expected) problems.push(`${scoring}: the wager sprint scored ${scored}, not ${expected}, for ${totals.rounds} rounds`);
        const earned = (await earnRows()) - earnedBefore;
        if (earned !== (scoring === 'on' ? totals.rounds : 0)) problems.push(`${scoring}: ${earned} loyalty earn rows for ${totals.rounds} bets`);
        return { scoring, rounds: totals.rounds, roundsPerSecond: totals.rounds / (totals.playedMs / 1000), settledPerSecond: totals.rounds / (totals.settledMs / 1000) };
      },
      async close() {
        await ready.jobs.stop();
        await ready.close();
        await cleanup();
      },
    };
  } catch (error) {
    await services?.jobs.stop();
    await services?.close();
    await cleanup();
    throw error;
  }
}

/**
 * Scoring off and on, each on its own database with its own job runner, take turns in windows
 * (off, on, on, off, ...): both meet the machine at nearly the same moments, where measuring one
 * mode after the other let the machine's drift (a third within minutes here) decide the ratio.
 */
export async function runTournamentsBench(options: { concurrency?: number; durationMs?: number; windows?: number } = {}): Promise<TournamentsBenchResult> {
  const concurrency = options.concurrency ?? 16;
  const durationMs = options.durationMs ?? 3000;
  const windows = options.windows ?? 6;
  const problems: string[] = [];
  const off = await openMode('off', concurrency, problems);
  try {
    const on = await openMode('on', concurrency, problems);
    try {
      for (let i = 0; i < windows; i++) {
        const order = i % 2 === 0 ? [off, on] : [on, off];
        for (const mode of order) await mode.window(durationMs / windows);
      }
      const [offResult, onResult] = [await off.result(), await on.result()];
      return { database: off.kind, concurrency, off: offResult, on: onResult, onVsOff: onResult.settledPerSecond / offResult.settledPerSecond, problems };
    } finally {
      await on.close();
    }
  } finally {
    await off.close();
  }
}

export function formatTournamentsBench(result: TournamentsBenchResult): string {
  const line = (mode: Mode) => `  scoring ${mode.scoring}: ${mode.rounds} rounds, played at ${mode.roundsPerSecond.toFixed(0)}/s, settled (every event handled) at ${mode.settledPerSecond.toFixed(0)}/s`;
  return [
    `Tournament and loyalty scoring (${result.database}, ${PLAYERS} players each in ${JOINED.length} running tournaments and earning loyalty points, ${result.concurrency} rounds at a time, job runner in the process):`,
    line(result.off),
    line(result.on),
    `  settled rounds, scoring on / off: ${result.onVsOff.toFixed(2)} x (target >= 0.7)${result.onVsOff >= 0.7 ? '' : '  BELOW TARGET'}`,
    `  scored and earned once per bet: ${result.problems.length ? result.problems.join('; ') : 'holds'}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runTournamentsBench();
  console.log(formatTournamentsBench(result));
  if (result.problems.length) process.exitCode = 1;
}
