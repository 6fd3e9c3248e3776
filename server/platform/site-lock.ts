import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database may be opened by one process at a time, and PGlite takes no lock of its
 * own. The site leaves this note in DATA_DIR while it serves (its pid and port), so an ops command
 * can tell that the site is running and either go through it or say so, instead of opening the
 * same files twice.
 */
const FILE = 'site.lock.json';

export type SiteLock = { pid: number; port: number };

export function writeSiteLock(dataDir: string, lock: SiteLock): () => void {
  const file = path.resolve(dataDir, FILE);
  writeFileSync(file, JSON.stringify(lock));
  const release = () => {
    try {
      const current = JSON.parse(readFileSync(file, 'utf8')) as SiteLock;
      if (current.pid === lock.pid) rmSync(file, { force: true });
    } catch {
      // Gone already, or unreadable: nothing of ours to remove.
    }
  };
  process.once('exit', release);
  return release;
}

/** The running site's note, or null when there is none or its process is gone (killed, crashed). */
export function readSiteLock(dataDir: string): SiteLock | null {
  const file = path.resolve(dataDir, FILE);
  if (!existsSync(file)) return null;
  try {
    const lock = JSON.parse(readFileSync(file, 'utf8')) as SiteLock;
    if (!Number.isInteger(lock.pid) || !Number.isInteger(lock.port)) return null;
    process.kill(lock.pid, 0);
    return lock;
  } catch {
    return null;
  }
}
