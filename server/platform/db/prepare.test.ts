import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { migrateAndSeed, pendingMigrations, waitForMigrations } from './prepare.ts';
import { siteConfigs } from '../../db/schema.ts';

/**
 * MIGRATE=off (docs/deploy.md): a process waits until `ops migrate` has applied its release's
 * migrations. On an empty database (PGlite in memory, or a new schema of TEST_DATABASE_URL).
 */
const url = process.env.TEST_DATABASE_URL;
const schemaName = `t_prepare_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function emptyDatabase(): Promise<{ database: Database; migrationsSchema: string }> {
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' });
    cleanups.push(() => database.close());
    return { database, migrationsSchema: 'drizzle' };
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schemaName}"`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url, searchPath: schemaName, poolSize: 4 });
  cleanups.push(async () => {
    await database.close();
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop schema "${schemaName}" cascade`);
    await cleanup.end();
  });
  return { database, migrationsSchema: schemaName };
}

describe('waiting for the migrations of a release', () => {
  it('lists every migration on an empty database, waits, and goes on once they are applied and seeded', async () => {
    const { database, migrationsSchema } = await emptyDatabase();
    const pending = await pendingMigrations(database, migrationsSchema);
    expect(pending[0]).toBe('0000_init');
    expect(pending.length).toBeGreaterThan(30);

    const said: string[][] = [];
    let waited = false;
    const waiting = waitForMigrations(database, { migrationsSchema, intervalMs: 20, log: (_message, list) => said.push(list) }).then(() => (waited = true));
    await expect.poll(() => said.length, { timeout: 60_000 }).toBe(1);
    expect(said[0]).toEqual(pending);
    expect(waited).toBe(false);
    // A process asked to stop while it waits stops waiting.
    const controller = new AbortController();
    const stopped = waitForMigrations(database, { migrationsSchema, intervalMs: 20, log: () => {}, signal: controller.signal });
    controller.abort();
    await expect(stopped).rejects.toThrow();

    await migrateAndSeed(database);
    await waiting;
    expect(await pendingMigrations(database, migrationsSchema)).toEqual([]);
    // The seed ran with it: the demo site configuration is there.
    expect((await database.db.select().from(siteConfigs)).length).toBeGreaterThan(0);
  }, 120_000);
});
