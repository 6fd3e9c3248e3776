import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from '../../db/schema.ts';

export type Schema = typeof schema;
/** The one database type every module writes against: PGlite and node-postgres alike. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; modules accept `Db | Tx` where they can run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations of server/db/migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The driver underneath, for what Drizzle does not do (the bus's LISTEN/NOTIFY). */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string };
  /** Names this database among others on the same server (its schema in tests, else its database). */
  namespace: string;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../db/migrations', import.meta.url));

export type OpenOptions =
  | { kind: 'pglite'; dataDir?: string; /** A data directory to start from (PGlite's dumpDataDir). */ loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; searchPath?: string; poolSize?: number };

/**
 * PGlite's parameters, each written as well-formed UTF-16 (a lone surrogate becomes U+FFFD), as
 * node-postgres writes them. PGlite 0.5 measures a parameter's UTF-8 length itself and miscounts a
 * lone surrogate that follows another character (`"ß\udfff"`, which a JSON body can carry), so the
 * message it sends is corrupt and the statement fails (22021, invalid byte sequence): a 500 for
 * text anyone can post. Found by the API fuzz (server/api/fuzz.test.ts).
 */
const WELL_FORMED_SERIALIZERS = Object.fromEntries(
  [...Object.entries(pgliteTypes.serializers), [String(pgliteTypes.UUID), (value: unknown) => String(value)] as const].map(([type, serialize]) => [
    type,
    (value: unknown) => serialize(value).toWellFormed(),
  ]),
);

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    if (options.dataDir) mkdirSync(path.resolve(options.dataDir), { recursive: true });
    const client = new PGlite({
      dataDir: options.dataDir ? path.resolve(options.dataDir) : undefined,
      loadDataDir: options.loadDataDir,
      serializers: WELL_FORMED_SERIALIZERS,
    });
    await client.waitReady;
    return pgliteDatabase(client);
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () =>
      migratePg(db as never, {
        migrationsFolder: MIGRATIONS_FOLDER,
        migrationsSchema: options.searchPath ?? 'drizzle',
      }),
    ping: () => ping(db),
    close: () => pool.end(),
    raw: { kind: 'postgres', pool, url: options.url },
    namespace: options.searchPath ?? (decodeURIComponent(new URL(options.url).pathname.slice(1)) || 'croupier'),
  };
}

/** A PGlite client opened elsewhere (a restore checking what it unpacked) as a Database; close() closes the client. */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => ping(db),
    close: () => client.close(),
    raw: { kind: 'pglite', client },
    namespace: 'croupier',
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw SQL query, the same on PGlite and node-postgres (both answer `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Gathers the planner's statistics of every table of the current schema (only it: a database may
 * hold other schemas, as the tests' and benches' databases do). ANALYZE may run in a transaction.
 */
export async function analyzeSchemaTables(db: Db | Tx): Promise<void> {
  const tables = await queryRows<{ name: string }>(db, sql`select quote_ident(tablename) as name from pg_tables where schemaname = current_schema()`);
  if (tables.length) await db.execute(sql.raw(`analyze ${tables.map((table) => table.name).join(', ')}`));
}

type PgLikeClient = { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> };
type PgliteLikeClient = { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * One statement on the hot money path, as a named prepared statement on node-postgres (parsed and
 * planned once per connection, then only bound and executed) and as a parameterised query on
 * PGlite. Runs on `db` or inside a transaction `tx` (on its connection). Bypasses Drizzle's query
 * building, which costs more CPU than the database does for these statements (decision 009).
 */
export async function preparedRows<T>(db: Db | Tx, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client as (PgLikeClient & PgliteLikeClient & Record<string, unknown>) | undefined;
  if (!client) throw new Error('preparedRows needs a Drizzle database or transaction');
  // node-postgres: a Pool (totalCount) or a pooled client (connectionParameters).
  if ('totalCount' in client || 'connectionParameters' in client) return (await client.query({ name, text, values })).rows as T[];
  return (await client.query(text, values)).rows as T[];
}

/** Prepared-statement names by statement text: a name stands for one text on every connection. */
const preparedNames = new Map<string, string>();

/**
 * A Drizzle `sql` query run as a prepared statement (preparedRows): for a frequent statement whose
 * planning costs more than its execution, such as the job runner's. The name is `prefix` and a
 * hash of the text, so a text that changes (the runner's, when handlers are added) gets its own.
 * Rows come as node-postgres gives them: timestamps as Date, where Drizzle's execute gives text.
 */
export async function preparedQuery<T>(db: Db | Tx, prefix: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = (db as unknown as { dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(query);
  let name = preparedNames.get(text);
  if (!name) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    if (preparedNames.size < 1000) preparedNames.set(text, name);
  }
  return preparedRows<T>(db, name, text, params);
}
