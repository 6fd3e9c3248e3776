/**
 * `npm run ops -- backup <file>` and `npm run ops -- restore <file>`: the embedded database
 * (DATA_DIR/pglite) copied to one file, and back (server/platform/db/backup.ts, docs/operations.md).
 * With the site running on it, a backup is taken by the site (a call signed with the site's
 * secret) and the site goes on serving; otherwise the command opens the database itself. A
 * restore never runs under a running site. On PostgreSQL both say what to use instead.
 */
import { existsSync, openSync, closeSync, writeSync, fsyncSync, renameSync, rmSync, readFileSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import type { Env } from '../server/platform/env.ts';
import type { SiteLock } from '../server/platform/site-lock.ts';
import { readSiteLock } from '../server/platform/site-lock.ts';
import { openDatabase } from '../server/platform/db/database.ts';
import { BackupFileError, describeBackup, readBackup, restoreBackup, takeBackup } from '../server/platform/db/backup.ts';
import { resolveAppSecret } from '../server/platform/secrets.ts';
import { signBody } from '../server/modules/payments/index.ts';
import { opsKey } from '../server/backoffice/ops-route.ts';
import { recordAudit } from '../server/modules/staff/index.ts';

const ON_POSTGRES = {
  backup:
    'This site runs on PostgreSQL (DATABASE_URL), which `backup` does not copy: take a base backup with pg_basebackup and archive the write-ahead log ' +
    '(archive_command), which also gives point-in-time recovery; docs/operations.md, "Backups on PostgreSQL", has the recipe. ' +
    'For a one-off logical copy, pg_dump --format=custom from the server\'s own version.',
  restore:
    'This site runs on PostgreSQL (DATABASE_URL): `restore` only restores backups of the embedded database. Restore PostgreSQL from its base backup and ' +
    'archived write-ahead log (docs/operations.md, "Restoring PostgreSQL"), then check it with `npm run ops -- ledger:verify`.',
};

const operator = () => process.env.OPERATOR || userInfo().username;

/** Writes the file whole or not at all: a temporary file beside it, flushed, then renamed over. */
function writeAtomically(file: string, bytes: Uint8Array): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  let fd: number;
  try {
    fd = openSync(temporary, 'w', 0o600);
  } catch (error) {
    throw new Error(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code === 'EACCES' ? 'permission denied' : String(error)}`);
  }
  try {
    let written = 0;
    while (written < bytes.byteLength) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, file);
}

async function backupThroughSite(env: Env, site: SiteLock): Promise<Uint8Array> {
  const body = JSON.stringify({ operator: operator() });
  const answer = await fetch(`http://127.0.0.1:${site.port}/backoffice/ops/backup`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-signature': signBody(opsKey(resolveAppSecret(env).secret), body) },
  }).catch((error: unknown) => {
    throw new Error(`the site (pid ${site.pid}) holds the database but did not answer on port ${site.port}: ${String(error)}`);
  });
  if (!answer.ok) {
    const json = (await answer.json().catch(() => ({}))) as { error?: string };
    throw new Error(`the site refused the backup: ${json.error ?? answer.status}`);
  }
  return new Uint8Array(await answer.arrayBuffer());
}

async function backupDirectly(dataDir: string): Promise<Uint8Array> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`there is no embedded database in ${dataDir} (DATA_DIR) to back up`);
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    if (database.raw.kind !== 'pglite') throw new Error('unreachable: opened the embedded database');
    const file = await takeBackup(database.raw.client);
    await recordAudit(database.db, { actor: `ops:${operator()}`, action: 'ops.backup', subject: 'database', details: { via: 'ops backup', bytes: file.byteLength } });
    return file;
  } finally {
    await database.close();
  }
}

async function backup(env: Env, file: string): Promise<string> {
  // Said before the copy is taken, not after.
  if (!existsSync(path.dirname(path.resolve(file)))) throw new Error(`cannot write ${file}: there is no directory ${path.dirname(path.resolve(file))}`);
  const site = readSiteLock(env.DATA_DIR);
  const bytes = site ? await backupThroughSite(env, site) : await backupDirectly(path.resolve(env.DATA_DIR, 'pglite'));
  // The bytes are checked as a restore would check them before they replace anything.
  const { manifest } = readBackup(bytes);
  writeAtomically(file, bytes);
  return `${file}: ${describeBackup(manifest, statSync(file).size)}${site ? ` (taken by the running site, pid ${site.pid})` : ''}`;
}

async function restore(env: Env, file: string): Promise<string> {
  const target = path.resolve(env.DATA_DIR, 'pglite');
  const refuseUnderSite = () => {
    const site = readSiteLock(env.DATA_DIR);
    if (site) {
      throw new Error(
        `The site is running on the embedded database in ${env.DATA_DIR} (pid ${site.pid}, port ${site.port}): a restore would pull it from under the site. ` +
          'Stop the site, restore, then start it again.',
      );
    }
  };
  refuseUnderSite();
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)}`);
  }
  const { manifest, keptAside } = await restoreBackup(bytes, target, {
    beforeSwap: async (restored) => {
      await recordAudit(restored.db, { actor: `ops:${operator()}`, action: 'ops.restore', subject: 'database', details: { via: 'ops restore', file: path.resolve(file) } });
      // Checked again just before the swap: a site started meanwhile keeps its database.
      refuseUnderSite();
    },
  });
  return (
    `restored ${file} into ${target}: ${describeBackup(manifest, bytes.byteLength)}\n` +
    (keptAside ? `the database that was there is kept in ${keptAside} (delete it once the restore is checked)\n` : '') +
    'check it with `npm run ops -- ledger:verify`, then start the site (it applies any newer migrations)'
  );
}

/** Runs `backup` or `restore`; answers the exit code, having said what happened. */
export async function runBackupCommand(env: Env, command: 'backup' | 'restore', args: string[]): Promise<number> {
  const [file] = args;
  if (!file || args.length > 1) {
    console.error(`usage: ${command} <file>`);
    return 1;
  }
  if (env.DATABASE_URL) {
    console.error(ON_POSTGRES[command]);
    return 1;
  }
  try {
    console.log(command === 'backup' ? await backup(env, file) : await restore(env, file));
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof BackupFileError ? `${file} cannot be restored: ${message}` : message);
    return 1;
  }
}
