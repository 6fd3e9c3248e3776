import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { MIGRATIONS_FOLDER, pgliteDatabase, type Database } from './database.ts';

/**
 * Backups of the embedded database (PGlite): `npm run ops -- backup|restore <file>`
 * (scripts/ops-backup.ts, docs/operations.md). PostgreSQL has its own tools for this.
 *
 * A backup file is a first line naming the format, a line of JSON describing what it holds (the
 * manifest), then PGlite's gzipped tarball of its data directory (`dumpDataDir`). The manifest
 * carries the tarball's length and SHA-256, so a truncated, altered or foreign file is refused by
 * name before anything is restored, and what the file holds can be said without opening it.
 */
export const BACKUP_FIRST_LINE = 'croupier-backup pglite-datadir 1';

export type BackupManifest = {
  format: 1;
  takenAt: string;
  /** The PostgreSQL version inside PGlite: a data directory opens only under the same major. */
  postgres: string;
  /** Migrations applied, and the newest one's time (its `when` in the migrations journal). */
  migrations: { count: number; newest: number | null };
  players: number;
  ledger: { accounts: number; transactions: number; postings: number };
  payload: { bytes: number; sha256: string };
};

/** A file that is not a backup this release can restore; the message names what is wrong. */
export class BackupFileError extends Error {}

type Snapshot = Omit<BackupManifest, 'format' | 'takenAt' | 'payload'>;

async function describeDatabase(tx: Transaction): Promise<Snapshot> {
  const [row] = (
    await tx.query<{ postgres: string; migrations: number; newest: string | null; players: number; accounts: number; transactions: number; postings: number }>(`
      select current_setting('server_version') as postgres,
             (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
             (select max(created_at)::text from drizzle.__drizzle_migrations) as newest,
             (select count(*)::int from users) as players,
             (select count(*)::int from ledger_accounts) as accounts,
             (select count(*)::int from ledger_transactions) as transactions,
             (select count(*)::int from ledger_postings) as postings`)
  ).rows;
  return {
    postgres: row.postgres,
    migrations: { count: row.migrations, newest: row.newest === null ? null : Number(row.newest) },
    players: row.players,
    ledger: { accounts: row.accounts, transactions: row.transactions, postings: row.postings },
  };
}

/**
 * One consistent copy of the open database, as a backup file's bytes. It is taken inside a
 * transaction of PGlite's single connection, which holds off every other statement and
 * transaction of the process until it ends: no transaction is half-done while the files are
 * read, and nothing writes them meanwhile. A CHECKPOINT first writes every change to the data
 * files, so the copy opens without replaying the write-ahead log. The site goes on serving once
 * it is taken (about half a second on a small database); its calls wait meanwhile.
 */
export async function takeBackup(client: PGlite, now = new Date()): Promise<Uint8Array> {
  const { snapshot, tarball } = await client.transaction(async (tx) => {
    await tx.exec('checkpoint');
    const snapshot = await describeDatabase(tx);
    // dumpDataDir waits only for single statements, not for transactions: inside ours, it runs
    // while no other transaction can be open.
    const dump = await client.dumpDataDir('gzip');
    return { snapshot, tarball: new Uint8Array(await dump.arrayBuffer()) };
  });
  const manifest: BackupManifest = {
    format: 1,
    takenAt: now.toISOString(),
    ...snapshot,
    payload: { bytes: tarball.byteLength, sha256: createHash('sha256').update(tarball).digest('hex') },
  };
  const head = Buffer.from(`${BACKUP_FIRST_LINE}\n${JSON.stringify(manifest)}\n`, 'utf8');
  return Buffer.concat([head, tarball]);
}

/** Splits a backup file into its manifest and tarball, or throws BackupFileError saying why not. */
export function readBackup(file: Uint8Array): { manifest: BackupManifest; tarball: Uint8Array } {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const firstEnd = bytes.indexOf(0x0a);
  const firstLine = bytes.subarray(0, firstEnd === -1 ? Math.min(bytes.length, 64) : firstEnd).toString('utf8');
  if (!firstLine.startsWith('croupier-backup ')) throw new BackupFileError('it is not a Croupier backup (it does not start with "croupier-backup")');
  if (firstLine !== BACKUP_FIRST_LINE) throw new BackupFileError(`it is a Croupier backup of a kind this release does not read ("${firstLine}"; this release reads "${BACKUP_FIRST_LINE}")`);
  const manifestEnd = bytes.indexOf(0x0a, firstEnd + 1);
  if (manifestEnd === -1) throw new BackupFileError('it is cut short: its description line is incomplete');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.subarray(firstEnd + 1, manifestEnd).toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupFileError('its description line is not JSON: the file is damaged');
  }
  if (manifest?.format !== 1 || typeof manifest.payload?.bytes !== 'number' || typeof manifest.payload.sha256 !== 'string') {
    throw new BackupFileError('its description line lacks the database copy\'s length and checksum: the file is damaged');
  }
  const tarball = bytes.subarray(manifestEnd + 1);
  if (tarball.byteLength !== manifest.payload.bytes) {
    throw new BackupFileError(`it is ${tarball.byteLength < manifest.payload.bytes ? 'cut short' : 'longer than written'}: the database copy has ${tarball.byteLength} bytes where ${manifest.payload.bytes} were written`);
  }
  if (createHash('sha256').update(tarball).digest('hex') !== manifest.payload.sha256) {
    throw new BackupFileError('its database copy does not match its checksum: the file was altered or damaged');
  }
  return { manifest, tarball };
}

type JournalEntry = { tag: string; when: number };
const journal = (): JournalEntry[] =>
  (JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;

/** The migration a backup was last migrated to, by name when this release knows it. */
export function migrationName(newest: number | null): string {
  if (newest === null) return 'none';
  return journal().find((entry) => entry.when === newest)?.tag ?? `one this release does not know (${new Date(newest).toISOString()})`;
}

const major = (version: string) => version.split('.')[0];

/**
 * Refuses a backup taken by a newer release: migrations this one does not have, which its code
 * would not expect. An older backup is fine: the site migrates it when it starts.
 */
function assertRestorable(manifest: BackupManifest): void {
  const newestHere = Math.max(...journal().map((entry) => entry.when));
  if (manifest.migrations.newest !== null && manifest.migrations.newest > newestHere) {
    throw new BackupFileError(`it was taken by a newer release (migrated to ${migrationName(manifest.migrations.newest)}): restore it with that release or a later one`);
  }
}

export function describeBackup(manifest: BackupManifest, fileBytes: number): string {
  const size = fileBytes >= 1024 * 1024 ? `${(fileBytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(fileBytes / 1024)} kB`;
  const { ledger } = manifest;
  return (
    `${size}, the embedded database (PostgreSQL ${manifest.postgres}) as of ${manifest.takenAt}: ` +
    `${manifest.migrations.count} migrations (up to ${migrationName(manifest.migrations.newest)}), ${manifest.players} players, ` +
    `${ledger.transactions} ledger transactions (${ledger.postings} postings on ${ledger.accounts} accounts)`
  );
}

/** The PostgreSQL version of the PGlite this release embeds (asked of a throwaway in-memory one). */
async function embeddedPostgresVersion(): Promise<string> {
  const probe = new PGlite();
  try {
    return (await probe.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0].v;
  } finally {
    await probe.close();
  }
}

/** PGlite on the tarball unpacked into `staging`, or BackupFileError saying why it does not open. */
async function openUnpacked(staging: string, tarball: Uint8Array, manifest: BackupManifest): Promise<PGlite> {
  try {
    const restored = new PGlite({ dataDir: staging, loadDataDir: new Blob([tarball as Uint8Array<ArrayBuffer>]) });
    await restored.waitReady;
    return restored;
  } catch (error) {
    // Most likely another PostgreSQL major version (a data directory opens only under its own):
    // asked only now, since asking costs starting a second PGlite.
    const here = await embeddedPostgresVersion();
    if (major(here) !== major(manifest.postgres)) {
      throw new BackupFileError(`it was taken under PostgreSQL ${manifest.postgres} and this release embeds PostgreSQL ${here}: restore it with the release that took it`);
    }
    throw new BackupFileError(`its database copy does not open: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Restores a backup's database into `dataDir`. It is unpacked beside it first and opened to check
 * it holds what the manifest says (and for `beforeSwap`, the restore's audit row); only then is it
 * moved into place, the database that was there
 * being kept aside (its new path is returned), never deleted. The caller makes sure no process
 * has `dataDir` open.
 */
export async function restoreBackup(
  file: Uint8Array,
  dataDir: string,
  options: { now?: Date; beforeSwap?: (restored: Database) => Promise<void> } = {},
): Promise<{ manifest: BackupManifest; keptAside: string | null }> {
  const { manifest, tarball } = readBackup(file);
  assertRestorable(manifest);
  const target = path.resolve(dataDir);
  const staging = `${target}.restoring-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(target), { recursive: true });
  try {
    const restored = await openUnpacked(staging, tarball, manifest);
    try {
      const found = await restored.transaction(describeDatabase);
      if (JSON.stringify(found.ledger) !== JSON.stringify(manifest.ledger) || found.migrations.count !== manifest.migrations.count) {
        throw new BackupFileError(`the restored database does not hold what the backup says (${JSON.stringify(found.ledger)} against ${JSON.stringify(manifest.ledger)})`);
      }
      await options.beforeSwap?.(pgliteDatabase(restored));
    } finally {
      await restored.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  let keptAside: string | null = null;
  if (existsSync(target) && readdirSync(target).length === 0) rmSync(target, { recursive: true });
  if (existsSync(target)) {
    keptAside = `${target}.before-restore-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, keptAside);
  }
  renameSync(staging, target);
  return { manifest, keptAside };
}
