/**
 * What an active bonus costs a bet: settled rounds per second for players wagering a bonus
 * versus players without one, in one run. A round is a bet and its win through the wallet
 * service, settled when the job runner has handled every one of its events. A player with a bonus
 * has each bet count its wagering in its own transaction (decision 015); the bonus here never
 * completes, so no conversion job runs. Each mode gets a fresh
 * process's services (the runner on, as in production) and its own 100 players.
 *
 * With bonuses, every bet must have counted once towards wagering (a slot weighs 100%, so the
 * wagering done grows by exactly the amount staked), and the books must hold, or a problem is named.
 *
 * Database as bench/ledger.ts (PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL, else
 * in-memory PGlite). Alone: `npx node bench/promotions.ts`.
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
/** A bonus that outlives the bench: 100.00 EUR, wagered 1000 times, no maximum bet. */
const BONUS = { type: 'fixed_bonus' as const, amount: '10000', multiplier: 1000, max_bet: null, days: 30 };

type Mode = { bonus: 'on' | 'off'; rounds: number; roundsPerSecond: number; settledPerSecond: number };
export type PromotionsBenchResult = { database: 'postgres' | 'pglite'; concurrency: number; off: Mode; on: Mode; onVsOff: number; problems: string[] };

async function runMode(database: Database, bonus: 'on' | 'off', concurrency: number, durationMs: number, problems: string[]): Promise<Mode> {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'bench-secret-bench-secret-bench-secret-00', TOURNAMENTS: 'off', LOYALTY: 'off' });
  const services = await createServices({ database, env, logger: createLogger('silent'), buildId: 'bench' });
  const { db } = database;
  try {
    const players = await fundedPlayers(database, services, PLAYERS, 50_000_000n, `bench-promotions-fund-${bonus}`);
    const tokens: string[] = [];
    for (const player of players) {
      if (bonus === 'on') {
        await db.transaction((tx) =>
          services.promotions.grant(tx, { userId: player, currency: 'EUR', source: `bench:${player}`, reward: BONUS, titles: { en: 'Bench bonus' }, activateNow: true, now: new Date() }),
        );
      }
      tokens.push((await services.wallet.openSession({ game: GAME, mode: 'real', userId: player }, 'en')).token);
    }
    const provider = (await services.wallet.sessionByToken(tokens[0]))!.provider;
    const call = async (endpoint: 'bet' | 'win', body: Record<string, unknown>) => {
      const answer = await services.wallet.handle(endpoint, { provider, request_uuid: randomUUID(), game: GAME, currency: 'EUR', ...body });
      if (answer.status !== 'RS_OK' && problems.length < 5) problems.push(`bonus ${bonus}: ${endpoint} answered ${answer.status}`);
    };
    const play = async (token: string) => {
      const round = randomUUID();
      await call('bet', { user: token, transaction_uuid: `${round}:bet`, round_id: round, amount: STAKE });
      await call('win', { user: token, transaction_uuid: `${round}:win`, reference_transaction_uuid: `${round}:bet`, round_id: round, amount: 80 });
    };
    const settle = () => settleEvents(db);
    const wagered = async () => {
      const [row] = await queryRows<{ done: string }>(db, sql`select coalesce(sum(wagering_done), 0)::text as done from player_bonuses where source like 'bench:%'`);
      return BigInt(row.done);
    };

    services.jobs.start();
    await closedLoop(concurrency, 500, tokens, play); // warm-up, left out of the figures
    await settle();
    // Statistics as autovacuum keeps them on a site, then the plans made with them (bench/wallet.ts).
    await analyzeBenchTables(database);
    await closedLoop(concurrency, 500, tokens, play);
    await settle();
    const before = await wagered();
    const began = performance.now();
    const rounds = await closedLoop(concurrency, durationMs, tokens, play);
    const played = (performance.now() - began) / 1000;
    await settle();
    const settled = (performance.now() - began) / 1000;
    await services.jobs.stop();

    if (bonus === 'on') {
      const counted = (await wagered()) - before;
      if (counted !== BigInt(rounds * STAKE)) problems.push(`wagering grew by ${counted}, not ${rounds * STAKE}, for ${rounds} rounds`);
    }
    const books = await services.ledger.verify();
    if (books.problems.length) problems.push(`bonus ${bonus}: the books do not hold: ${books.problems.slice(0, 3).join('; ')}`);
    return { bonus, rounds, roundsPerSecond: rounds / played, settledPerSecond: rounds / settled };
  } finally {
    await services.jobs.stop();
    await services.close();
  }
}

export async function runPromotionsBench(options: { concurrency?: number; durationMs?: number } = {}): Promise<PromotionsBenchResult> {
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

export function formatPromotionsBench(result: PromotionsBenchResult): string {
  const line = (mode: Mode) =>
    `  ${mode.bonus === 'on' ? 'wagering a bonus' : 'no bonus       '}: ${mode.rounds} rounds, played at ${mode.roundsPerSecond.toFixed(0)}/s, settled (every event handled) at ${mode.settledPerSecond.toFixed(0)}/s`;
  return [
    `Bets with an active bonus (${result.database}, ${PLAYERS} players, ${result.concurrency} rounds at a time, job runner in the process):`,
    line(result.off),
    line(result.on),
    `  settled rounds, bonus / no bonus: ${result.onVsOff.toFixed(2)} x (target >= 0.7)${result.onVsOff >= 0.7 ? '' : '  BELOW TARGET'}`,
    `  wagering counted once per bet, books hold: ${result.problems.length ? result.problems.join('; ') : 'yes'}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runPromotionsBench();
  console.log(formatPromotionsBench(result));
  if (result.problems.length) process.exitCode = 1;
}
