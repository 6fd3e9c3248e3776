/**
 * What tournament and loyalty scoring cost: settled rounds per second with both on versus both
 * off (TOURNAMENTS and LOYALTY), in one run. A round is settled when it is played (bet and win
 * through the wallet service) and every one of its events has been handled by the job runner:
 * with scoring on, that includes scoring it in the three running demo tournaments every player
 * has joined and earning its loyalty points (one journal row per bet, docs/loyalty.md). Each
 * mode gets a fresh process's services (the runner on, as in production) and its own 100
 * players; the time runs from the first round to the last event handled.
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
import { queryRows, type Database } from '../server/platform/db/database.ts';
import { seedDemoContent } from '../server/db/seed.ts';
import { analyzeBenchTables, openBenchDatabase } from './ledger.ts';
import { closedLoop, fundedPlayers, settleEvents } from './players.ts';

const PLAYERS = 100;
const GAME = 'golden-croupier';
const STAKE = 100;
const JOINED = ['weekly-slot-race', 'multiplier-hunt', 'high-roller-sprint'];

type Mode = { scoring: 'on' | 'off'; rounds: number; roundsPerSecond: number; settledPerSecond: number };
export type TournamentsBenchResult = { database: 'postgres' | 'pglite'; concurrency: number; off: Mode; on: Mode; onVsOff: number; problems: string[] };

async function runMode(database: Database, scoring: 'on' | 'off', concurrency: number, durationMs: number, problems: string[]): Promise<Mode> {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'bench-secret-bench-secret-bench-secret-00', TOURNAMENTS: scoring, LOYALTY: scoring });
  const services = await createServices({ database, env, logger: createLogger('silent'), buildId: 'bench' });
  const { db } = database;
  try {
    const players = await fundedPlayers(database, services, PLAYERS, 50_000_000n, `bench-tournaments-fund-${scoring}`);
    const tokens: string[] = [];
    for (const player of players) {
      for (const sysname of JOINED) await services.tournaments.participate(player, { sysname }, 'en');
      tokens.push((await services.wallet.openSession({ game: GAME, mode: 'real', userId: player }, 'en')).token);
    }
    const provider = (await services.wallet.sessionByToken(tokens[0]))!.provider;
    const call = async (endpoint: 'bet' | 'win', body: Record<string, unknown>) => {
      const answer = await services.wallet.handle(endpoint, { provider, request_uuid: randomUUID(), game: GAME, currency: 'EUR', ...body });
      if (answer.status !== 'RS_OK' && problems.length < 5) problems.push(`${scoring}: ${endpoint} answered ${answer.status}`);
    };
    const play = async (token: string) => {
      const round = randomUUID();
      await call('bet', { user: token, transaction_uuid: `${round}:bet`, round_id: round, amount: STAKE });
      await call('win', { user: token, transaction_uuid: `${round}:win`, reference_transaction_uuid: `${round}:bet`, round_id: round, amount: 250 });
    };
    const settle = () => settleEvents(db);

    services.jobs.start();
    await closedLoop(concurrency, 500, tokens, play); // warm-up, left out of the figures
    await settle();
    // Statistics as autovacuum keeps them on a site, then the plans made with them (bench/wallet.ts).
    await analyzeBenchTables(database);
    await closedLoop(concurrency, 500, tokens, play);
    await settle();
    const [{ before }] = await queryRows<{ before: string }>(db, sql`select coalesce(sum(points), 0)::text as before from tournament_scores s join tournaments t on t.id = s.tournament_id where t.sysname = 'high-roller-sprint'`);
    const earnRows = async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from loyalty_points where kind = 'earn' and user_id = any (${`{${players.join(',')}}`}::int[])`))[0].n;
    const earnedBefore = await earnRows();
    const began = performance.now();
    const rounds = await closedLoop(concurrency, durationMs, tokens, play);
    const played = (performance.now() - began) / 1000;
    await settle();
    const settled = (performance.now() - began) / 1000;
    await services.jobs.stop();

    const [{ after }] = await queryRows<{ after: string }>(db, sql`select coalesce(sum(points), 0)::text as after from tournament_scores s join tournaments t on t.id = s.tournament_id where t.sysname = 'high-roller-sprint'`);
    const scored = BigInt(after) - BigInt(before);
    const expected = scoring === 'on' ? BigInt(rounds * STAKE) : 0n;
    if (scored !== expected) problems.push(`${scoring}: the wager sprint scored ${scored}, not ${expected}, for ${rounds} rounds`);
    const earned = (await earnRows()) - earnedBefore;
    if (earned !== (scoring === 'on' ? rounds : 0)) problems.push(`${scoring}: ${earned} loyalty earn rows for ${rounds} bets`);
    return { scoring, rounds, roundsPerSecond: rounds / played, settledPerSecond: rounds / settled };
  } finally {
    await services.jobs.stop();
    await services.close();
  }
}

export async function runTournamentsBench(options: { concurrency?: number; durationMs?: number } = {}): Promise<TournamentsBenchResult> {
  const concurrency = options.concurrency ?? 16;
  const durationMs = options.durationMs ?? 3000;
  const { database, cleanup } = await openBenchDatabase();
  const problems: string[] = [];
  try {
    await seedDemoContent(database.db);
    const off = await runMode(database, 'off', concurrency, durationMs, problems);
    const on = await runMode(database, 'on', concurrency, durationMs, problems);
    return { database: database.kind, concurrency, off, on, onVsOff: on.settledPerSecond / off.settledPerSecond, problems };
  } finally {
    await cleanup();
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
