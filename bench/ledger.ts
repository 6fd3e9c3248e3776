/**
 * Ledger throughput: deposits per second through the ledger (one balanced transaction each, with
 * its idempotency key, player row lock and postings), spread over 100 players versus all on a
 * single player, at the same concurrency. The single player's deposits must queue on that
 * player's balance row; spread ones should not queue on anything, house accounts included (they
 * keep no running balance). The ratio single / spread is the figure to watch: near 1 would mean
 * something else serialises every movement.
 *
 * Runs on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, in a fresh schema
 * dropped afterwards; otherwise on in-memory PGlite, which executes one statement at a time, so
 * there the ratio only shows per-movement cost. Alone: `npx node bench/ledger.ts`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { analyzeSchemaTables, openDatabase, type Database } from '../server/platform/db/database.ts';
import { createLedger } from '../server/modules/ledger/index.ts';
import { users } from '../server/db/schema.ts';

export type LedgerBenchResult = {
  database: 'postgres' | 'pglite';
  concurrency: number;
  spread: { depositsPerSecond: number; players: number };
  single: { depositsPerSecond: number };
  singleVsSpread: number;
  problems: string[];
};

/**
 * `url` overrides the environment's server; `schema` opens an existing schema (migrated, never
 * dropped: bench/backoffice.ts measures again on the players it generated before).
 */
export async function openBenchDatabase(
  options: { poolSize?: number; url?: string; schema?: string } = {},
): Promise<{ database: Database; schema: string | null; cleanup: () => Promise<void> }> {
  const url = options.url ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    return { database, schema: null, cleanup: () => database.close() };
  }
  const kept = options.schema;
  const schema = kept ?? `bench_${randomBytes(4).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(kept ? `create schema if not exists "${schema}"` : `create schema "${schema}"`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url, searchPath: schema, poolSize: options.poolSize ?? 20 });
  await database.migrate();
  return {
    database,
    schema,
    cleanup: async () => {
      await database.close();
      if (kept) return;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema "${schema}" cascade`);
      await client.end();
    },
  };
}

/**
 * Gathers the planner's statistics of the bench schema's tables, as autovacuum would on a running
 * site (and the embedded database's own job, platform.statistics) and as pgbench's own set-up
 * does for its tables. This machine's PostgreSQL runs with autovacuum off, so a fresh schema is
 * never analyzed: plans made while its tables were nearly empty stay with a connection as the
 * tables grow, and which connection got which plan varied from run to run (docs/performance.md).
 */
export async function analyzeBenchTables(database: Database): Promise<void> {
  await analyzeSchemaTables(database.db);
}

export async function runLedgerBench(options: { concurrency?: number; durationMs?: number; rounds?: number } = {}): Promise<LedgerBenchResult> {
  const concurrency = options.concurrency ?? 16;
  const durationMs = options.durationMs ?? 2000;
  const rounds = options.rounds ?? 3;
  const { database, cleanup } = await openBenchDatabase();
  try {
    const ledger = createLedger(database.db);
    const players = (
      await database.db
        .insert(users)
        .values(Array.from({ length: 100 }, () => ({ passwordHash: 'bench', currency: 'EUR', locale: 'en' })))
        .returning({ id: users.id })
    ).map((row) => row.id);
    let sequence = 0;
    const depositTo = (player: number) =>
      ledger.transfer({
        key: `bench:${++sequence}`,
        kind: 'deposit',
        currency: 'EUR',
        legs: [
          { account: { house: 'payment_clearing' }, amount: -100n },
          { account: { player, kind: 'main' }, amount: 100n },
        ],
      });

    async function closedLoop(pick: (worker: number, iteration: number) => number, ms: number): Promise<number> {
      let done = 0;
      const until = performance.now() + ms;
      await Promise.all(
        Array.from({ length: concurrency }, async (_, worker) => {
          for (let iteration = 0; performance.now() < until; iteration++) {
            await depositTo(pick(worker, iteration));
            done++;
          }
        }),
      );
      return done;
    }
    const spreadPick = (worker: number, iteration: number) => players[(worker * 7 + iteration) % players.length];
    const singlePick = () => players[0];

    await closedLoop(spreadPick, 500); // warm-up: accounts created, connections open
    await closedLoop(singlePick, 300);
    // Statistics as autovacuum keeps them on a site, then the plans made with them (bench/wallet.ts).
    await analyzeBenchTables(database);
    await closedLoop(spreadPick, 500);
    await closedLoop(singlePick, 300);
    let spreadOps = 0;
    let singleOps = 0;
    // Alternate the two within each round so drift on a shared machine hits both alike.
    for (let round = 0; round < rounds; round++) {
      spreadOps += await closedLoop(spreadPick, durationMs / rounds);
      singleOps += await closedLoop(singlePick, durationMs / rounds);
    }
    const seconds = durationMs / 1000;
    const spread = spreadOps / seconds;
    const single = singleOps / seconds;
    const { problems } = await ledger.verify();
    return {
      database: database.kind,
      concurrency,
      spread: { depositsPerSecond: spread, players: players.length },
      single: { depositsPerSecond: single },
      singleVsSpread: single / spread,
      problems,
    };
  } finally {
    await cleanup();
  }
}

export function formatLedgerBench(result: LedgerBenchResult): string {
  return [
    `Ledger (${result.database}, ${result.concurrency} concurrent movements):`,
    `  spread over ${result.spread.players} players: ${result.spread.depositsPerSecond.toFixed(0)} deposits/s (baseline)`,
    `  all on one player:            ${result.single.depositsPerSecond.toFixed(0)} deposits/s = ${result.singleVsSpread.toFixed(2)} x spread`,
    `  ledger check after the run: ${result.problems.length ? result.problems.join('; ') : 'holds'}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLedgerBench();
  console.log(formatLedgerBench(result));
  if (result.problems.length) process.exitCode = 1;
}
