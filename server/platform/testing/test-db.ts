import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or, when
 * TEST_DATABASE_URL is set, a new schema on that PostgreSQL server that is dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' });
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
