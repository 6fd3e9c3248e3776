/**
 * What the server-process tests of the wallet share (crash.server-test.ts, drain.server-test.ts):
 * where a run's server keeps its data, and funded players with a real-money game session each, as
 * a game provider's load needs them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '../db/database.ts';
import { parseEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { seedDemoContent } from '../../db/seed.ts';
import { users } from '../../db/schema.ts';
import { createServices } from '../../services.ts';

/** Where a run's server keeps its data: a PGlite directory, or a fresh database on the PostgreSQL server. */
export type Store = { kind: 'pglite' | 'postgres'; open(): Promise<Database>; serverEnv: Record<string, string>; remove(): Promise<void> };

export function pgliteStore(): Store {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'croupier-wallet-run-'));
  return {
    kind: 'pglite',
    // The directory the server itself opens (server/main.ts: DATA_DIR/pglite).
    open: () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }),
    serverEnv: { DATA_DIR: dataDir },
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function postgresStore(serverUrl: string): Promise<Store> {
  const name = `wallet_run_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'croupier-wallet-run-'));
  return {
    kind: 'postgres',
    open: () => openDatabase({ kind: 'postgres', url: url.toString() }),
    serverEnv: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    remove: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * Migrated, seeded, `players` players funded with `funds` (minor units, EUR) each, each with a
 * real-money session of `game` opened by the platform as the launcher does: their ids and tokens.
 */
export async function prepareWalletPlayers(store: Store, options: { players: number; funds: bigint; game: string; appSecret: string }): Promise<{ ids: number[]; tokens: string[] }> {
  const database = await store.open();
  try {
    await database.migrate();
    await seedDemoContent(database.db);
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: options.appSecret, JOBS: 'off' });
    const services = await createServices({ database, env, logger: createLogger('silent'), buildId: 'wallet-run' });
    try {
      const ids = (
        await database.db
          .insert(users)
          .values(Array.from({ length: options.players }, () => ({ passwordHash: 'wallet-run', currency: 'EUR', locale: 'en' })))
          .returning({ id: users.id })
      ).map((row) => row.id);
      const tokens: string[] = [];
      for (const id of ids) {
        await services.ledger.transfer({
          key: `wallet-run-deposit:${id}`,
          kind: 'deposit',
          currency: 'EUR',
          legs: [
            { account: { house: 'payment_clearing' }, amount: -options.funds },
            { account: { player: id, kind: 'main' }, amount: options.funds },
          ],
        });
        tokens.push((await services.wallet.openSession({ game: options.game, mode: 'real', userId: id }, 'en')).token);
      }
      return { ids, tokens };
    } finally {
      await services.close();
    }
  } finally {
    await database.close();
  }
}

/**
 * Jackpot wins per player id, in minor units: the house pays them on top of the round
 * (docs/jackpots.md), so a run's expected balances add them to what the provider's answers say.
 */
export async function jackpotWinsByPlayer(database: Database): Promise<Map<number, bigint>> {
  const rows = await queryRows<{ owner: string; amount: string }>(
    database.db,
    sql`select a.owner_id as owner, sum(p.amount)::text as amount from ledger_postings p
        join ledger_accounts a on a.id = p.account_id join ledger_transactions t on t.id = p.transaction_id
        where t.kind = 'jackpot_win' and a.owner_type = 'player' group by 1`,
  );
  return new Map(rows.map((row) => [Number(row.owner), BigInt(row.amount)]));
}
