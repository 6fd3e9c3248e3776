import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { seedDemoContent } from '../../db/seed.ts';
import { MIGRATIONS_FOLDER, queryRows, type Database } from './database.ts';

/**
 * Getting the database ready before a process serves (docs/deploy.md, "Migrations"). With
 * MIGRATE=on the process migrates and seeds it itself, as one machine always did. With MIGRATE=off
 * one step does that alone (`npm run ops -- migrate`: the Kubernetes Job, a release step) and the
 * web and worker processes only wait for its result, so a rolling deploy of many pods never has
 * them race to migrate, and a pod of the new release never serves on the old schema.
 */

/** Migrates, then inserts the demo content where nothing is stored yet (both safe to repeat). */
export async function migrateAndSeed(database: Database): Promise<void> {
  await database.migrate();
  await seedDemoContent(database.db);
}

type JournalEntry = { tag: string; when: number };

/** The release's migrations, in order (drizzle-kit's journal). */
function releaseMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/**
 * Migrations of this release the database does not have yet, by tag. Drizzle's migrator keeps
 * the journal time of the last one it applied (`__drizzle_migrations.created_at`) and applies every
 * later one, so the same comparison tells what it would apply.
 */
export async function pendingMigrations(database: Database, migrationsSchema = 'drizzle'): Promise<string[]> {
  const table = sql.raw(`"${migrationsSchema.replaceAll('"', '""')}"."__drizzle_migrations"`);
  let applied = 0;
  try {
    const rows = await queryRows<{ last: string | number | null }>(database.db, sql`select max(created_at) as last from ${table}`);
    applied = Number(rows[0]?.last ?? 0);
  } catch (error) {
    // No table yet: a database nothing has migrated (42P01 undefined_table, 3F000 no such schema).
    const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code !== '42P01' && code !== '3F000') throw error;
  }
  return releaseMigrations()
    .filter((entry) => entry.when > applied)
    .map((entry) => entry.tag);
}

/**
 * Resolves once the database has every migration of this release; says once, and then every
 * minute, what it waits for. Rejects when `signal` aborts (the process is asked to stop).
 */
export async function waitForMigrations(
  database: Database,
  options: { log: (message: string, pending: string[]) => void; intervalMs?: number; signal?: AbortSignal; migrationsSchema?: string },
): Promise<void> {
  const intervalMs = options.intervalMs ?? 2000;
  let lastSaid = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const pending = await pendingMigrations(database, options.migrationsSchema).catch(() => null);
    if (pending?.length === 0) return;
    if (Date.now() - lastSaid >= 60_000) {
      lastSaid = Date.now();
      options.log(pending ? 'waiting for the database migrations (MIGRATE=off: `npm run ops -- migrate` applies them)' : 'waiting for the database', pending ?? []);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
