import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '../db/database.ts';

/**
 * The migrated, empty PGlite data directory every PGlite test database starts from, made once per
 * set of migrations and kept in the temp directory: a fresh PGlite runs initdb and then every
 * migration (about 4 to 6 s on 2 cores), loading the dump takes under one. Each test file runs in
 * a process of its own, so the template lives on disk, named by a hash of the migrations (a
 * changed migration makes a new one); concurrent makers each write their own file and rename it
 * into place, so a reader never sees half a file. The PGlite release is in the name too.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const pgliteEntry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const hash = createHash('sha256').update(readFileSync(join(pgliteEntry.slice(0, pgliteEntry.lastIndexOf('/dist/')), 'package.json')));
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(join(MIGRATIONS_FOLDER, name)));
  }
  const file = join(tmpdir(), `croupier-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet (or removed as stale by another checkout's run): made here.
  }
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const dump = await (database.raw as { client: PGlite }).client.dumpDataDir('none');
  await database.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  // Templates of other migrations are 46 MB each: one made over a day ago is an old checkout's
  // (removed even if still in use, it is made again there: the read above falls through).
  for (const name of readdirSync(tmpdir()).filter((entry) => /^croupier-pglite-template-[0-9a-f]{16}\.tar$/.test(entry))) {
    const path = join(tmpdir(), name);
    const made = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (path !== file && Date.now() - made > 86_400_000) rmSync(path, { force: true });
  }
  return new Blob([bytes]);
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or, when
 * TEST_DATABASE_URL is set, a new schema on that PostgreSQL server that is dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite', loadDataDir: await migratedPgliteTemplate() });
    // Nothing to apply: the template is migrated. Kept so a test sees the same path as production.
    await database.migrate();
    return database;
  }
  const schemaName = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schemaName}"`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url, searchPath: schemaName, poolSize: 20 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema "${schemaName}" cascade`);
      await cleanup.end();
    },
  };
}

/**
 * A second handle on the same test database with its own connection pool, as another process
 * would open it (races between processes). PostgreSQL only: PGlite is one connection in one
 * process, so this answers null there. The caller closes it (the schema stays the first's).
 */
export async function openSecondHandle(database: Database): Promise<Database | null> {
  if (database.raw.kind !== 'postgres') return null;
  return openDatabase({ kind: 'postgres', url: database.raw.url, searchPath: database.namespace, poolSize: 10 });
}
