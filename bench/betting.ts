/**
 * Sportsbook bets per second on one hot event from many players, against the wallet's bet rate
 * measured in the same run on the same database: the figure is betting / wallet (target >= 0.5).
 *
 * Wallet: real-money `bet` calls (no win) through the wallet service, spread over 100 players.
 * Betting: `placeBet` through the betting service for 100 other players, every bet on the same
 * selection of one live football event (its market row taken in share mode by every bet), with
 * the feed moving that market's odds twice a second meanwhile (the bets take `any` odds, so a
 * move never refuses one but each one waits for the bets in flight). Both with the job runner on,
 * as in production. Afterwards the ledger must hold and the house's stakes account must hold
 * exactly the stakes taken.
 *
 * Database as bench/ledger.ts (PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL, else
 * in-memory PGlite). Alone: `npx node bench/betting.ts`.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createServices } from '../server/services.ts';
import { parseEnv } from '../server/platform/env.ts';
import { createLogger } from '../server/platform/logger.ts';
import { seedDemoContent } from '../server/db/seed.ts';
import { queryRows } from '../server/platform/db/database.ts';
import { analyzeBenchTables, openBenchDatabase } from './ledger.ts';
import { closedLoop, fundedPlayers, settleEvents } from './players.ts';

const PLAYERS = 100;
const GAME = 'golden-croupier';
const STAKE = 100;

export type BettingBenchResult = {
  database: 'postgres' | 'pglite';
  concurrency: number;
  wallet: { bets: number; betsPerSecond: number };
  betting: { bets: number; betsPerSecond: number; oddsMoves: number; refused: number };
  ratio: number;
  problems: string[];
};

export async function runBettingBench(options: { concurrency?: number; durationMs?: number } = {}): Promise<BettingBenchResult> {
  const concurrency = options.concurrency ?? 16;
  const durationMs = options.durationMs ?? 3000;
  const { database, cleanup } = await openBenchDatabase();
  const problems: string[] = [];
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'bench-secret-bench-secret-bench-secret-00', TOURNAMENTS: 'off', LOYALTY: 'off' });
  await seedDemoContent(database.db);
  const services = await createServices({ database, env, logger: createLogger('silent'), buildId: 'bench' });
  try {
    // The wallet's bet rate.
    const gamers = await fundedPlayers(database, services, PLAYERS, 50_000_000n, 'bench-betting-wallet');
    const tokens: string[] = [];
    for (const player of gamers) tokens.push((await services.wallet.openSession({ game: GAME, mode: 'real', userId: player }, 'en')).token);
    const provider = (await services.wallet.sessionByToken(tokens[0]))!.provider;
    const walletBet = async (token: string) => {
      const round = randomUUID();
      const answer = await services.wallet.handle('bet', { provider, request_uuid: randomUUID(), game: GAME, currency: 'EUR', user: token, transaction_uuid: `${round}:bet`, round_id: round, amount: STAKE });
      if (answer.status !== 'RS_OK' && problems.length < 5) problems.push(`wallet bet answered ${answer.status}`);
    };

    // The hot event: one live football match, every bet on its home win.
    const punters = await fundedPlayers(database, services, PLAYERS, 50_000_000n, 'bench-betting-book');
    const event = (await services.betting.createFixture('football', 0, true))!;
    const market = event.markets.find((m) => m.type === '1x2')!;
    const selection = market.selections.find((s) => s.key === 'home')!;
    let refused = 0;
    const placeBet = async (player: string) => {
      try {
        await services.betting.bets.place(Number(player), { kind: 'single', legs: [{ selection_id: selection.id, odds: selection.odds }], stake: '1.00', odds_change: 'any', request_id: randomUUID() }, 'en');
      } catch (error) {
        refused++;
        if (problems.length < 5) problems.push(`placeBet refused: ${(error as Error).message}`);
      }
    };
    let oddsMoves = 0;
    let moving = false;
    const mover = setInterval(() => {
      if (moving) return;
      moving = true;
      const odds = oddsMoves % 2 === 0 ? 2100 : 2200;
      void services.betting.book.updateMarkets(event.id, [{ marketId: market.id, odds: { home: odds } }]).then(() => {
        oddsMoves++;
        moving = false;
      });
    }, 500);

    services.jobs.start();
    await closedLoop(concurrency, 500, tokens, walletBet); // warm-up, left out of the figures
    await closedLoop(concurrency, 500, punters.map(String), placeBet);
    await settleEvents(database.db);
    // Statistics as autovacuum keeps them on a site, then the plans made with them (bench/wallet.ts).
    await analyzeBenchTables(database);
    await closedLoop(concurrency, 500, tokens, walletBet);
    await closedLoop(concurrency, 500, punters.map(String), placeBet);
    await settleEvents(database.db);
    const walletStart = performance.now();
    const walletBets = await closedLoop(concurrency, durationMs, tokens, walletBet);
    const walletSeconds = (performance.now() - walletStart) / 1000;
    const bookStart = performance.now();
    const bookBets = await closedLoop(concurrency, durationMs, punters.map(String), placeBet);
    const bookSeconds = (performance.now() - bookStart) / 1000;
    clearInterval(mover);
    await settleEvents(database.db);
    await services.jobs.stop();

    const books = await services.ledger.verify();
    if (books.problems.length) problems.push(`the books do not hold: ${books.problems.slice(0, 3).join('; ')}`);
    // No bet is settled here: the stakes account holds exactly 1.00 per bet stored.
    const held = await services.ledger.houseBalance('sportsbook_stakes', 'EUR');
    const [stored] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from betting_bets`);
    if (held !== BigInt(stored.n) * BigInt(STAKE)) problems.push(`sportsbook stakes hold ${held} for ${stored.n} bets of ${STAKE}`);
    if (stored.n < bookBets) problems.push(`${stored.n} bets stored, ${bookBets} measured`);
    const wallet = { bets: walletBets, betsPerSecond: walletBets / walletSeconds };
    const betting = { bets: bookBets, betsPerSecond: bookBets / bookSeconds, oddsMoves, refused };
    return { database: database.kind, concurrency, wallet, betting, ratio: betting.betsPerSecond / wallet.betsPerSecond, problems };
  } finally {
    await services.jobs.stop();
    await services.close();
    await cleanup();
  }
}

export function formatBettingBench(result: BettingBenchResult): string {
  return [
    `Sportsbook bets on one hot event (${result.database}, ${PLAYERS} players each side, ${result.concurrency} at a time, job runner in the process):`,
    `  wallet bets (spread):            ${result.wallet.betsPerSecond.toFixed(0)} bets/s (${result.wallet.bets})`,
    `  sportsbook bets (one selection): ${result.betting.betsPerSecond.toFixed(0)} bets/s (${result.betting.bets}), ${result.betting.oddsMoves} odds moves meanwhile, ${result.betting.refused} refused`,
    `  sportsbook / wallet: ${result.ratio.toFixed(2)} x (target >= 0.5)${result.ratio >= 0.5 ? '' : '  BELOW TARGET'}`,
    `  books hold: ${result.problems.length ? result.problems.join('; ') : 'yes'}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runBettingBench();
  console.log(formatBettingBench(result));
  if (result.problems.length) process.exitCode = 1;
}
