import { spawnSync } from 'node:child_process';

/**
 * Where the shared e2e server keeps its data, for an operator command (`scripts/ops.ts`) a journey
 * runs against it: the embedded database's directory, and the PostgreSQL database when the run is
 * on PostgreSQL (playwright.config.ts, `E2E_POSTGRES_URL`). Servers of their own (isolated-server,
 * two-processes) never take these.
 */
export function sharedServerEnv(): Record<string, string> {
  const env: Record<string, string> = { DATA_DIR: process.env.CROUPIER_E2E_DATA_DIR ?? '' };
  if (process.env.CROUPIER_E2E_DATABASE_URL) env.DATABASE_URL = process.env.CROUPIER_E2E_DATABASE_URL;
  return env;
}

/**
 * Runs one statement on the PostgreSQL server of `url` in a child process, so the Playwright
 * config (which must stay synchronous) can make and drop the run's database.
 */
export function postgresAdminSync(url: string, statement: string): void {
  const script = `const pg = require('pg'); const c = new pg.Client({ connectionString: process.argv[1] });
    c.connect().then(() => c.query(process.argv[2])).then(() => c.end()).catch((e) => { console.error(e.message); process.exit(1); });`;
  const outcome = spawnSync(process.execPath, ['-e', script, url, statement], { encoding: 'utf8' });
  if (outcome.status !== 0) throw new Error(`${statement}: ${outcome.stderr}`);
}
