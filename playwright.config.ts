import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { postgresAdminSync } from './tests/e2e/shared-server.ts';

/**
 * Browser tests against the production build (`npm run build` first). The server gets its own
 * port and a fresh database directory, so a run never touches .data/. The directory is made
 * once, in the runner process (workers load this file again and inherit it through the env),
 * and removed when that process exits, after the server has stopped.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
if (!process.env.CROUPIER_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-e2e-'));
  process.env.CROUPIER_E2E_DATA_DIR = dataDir;
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
/**
 * With E2E_POSTGRES_URL (CI sets it to its PostgreSQL server), the server runs on a database of
 * its own there, made here and dropped when the runner exits: the journeys then cross the database
 * production runs on, and start without the embedded database's migrate-and-seed on the server's
 * thread (docs/decisions/043-e2e-on-postgresql.md). Without it, on the embedded one.
 */
const postgresUrl = process.env.E2E_POSTGRES_URL;
if (postgresUrl && !process.env.CROUPIER_E2E_DATABASE_URL) {
  const name = `croupier_e2e_${Date.now().toString(36)}_${process.pid}`;
  postgresAdminSync(postgresUrl, `create database "${name}"`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  process.env.CROUPIER_E2E_DATABASE_URL = url.toString();
  process.once('exit', () => postgresAdminSync(postgresUrl, `drop database if exists "${name}" with (force)`));
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // One browser at a time: on the 2-core machines CI runs on, the server (with its embedded
  // database in the same process) and two Chromium workers starved each other, and lazily loaded
  // dialogs took up to 6 s to render after their frame (journeys timed out at random).
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 20_000,
  expect: { timeout: 5_000 },
  forbidOnly: !!process.env.CI,
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'en-GB',
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: '/usr/bin/chromium' },
    // A trace recorded for every journey (to keep a failing one's) cost 30% of the run's time on
    // 2 cores (docs/decisions/043-e2e-on-postgresql.md); a failure keeps its screenshot and page
    // snapshot. E2E_TRACE=retain-on-failure (or on) records traces when a failure needs one.
    trace: (process.env.E2E_TRACE as 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    // The production build registers a service worker; journeys get it only where they ask for it
    // (tests/e2e/webapp.spec.ts), so page.route() mocks and request counts elsewhere stay exact.
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'npx node server/main.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000, // a fresh database migrates and seeds first; slow on a busy machine
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: process.env.CROUPIER_E2E_DATA_DIR,
      ...(process.env.CROUPIER_E2E_DATABASE_URL ? { DATABASE_URL: process.env.CROUPIER_E2E_DATABASE_URL } : {}),
      LOG_LEVEL: 'warn',
      // Every journey comes from 127.0.0.1: raise the abuse limits so they never decide a test
      // that is not about them (the limits themselves are tested in-process).
      RATE_LIMIT_MULTIPLIER: '20',
      // The support console's operator token (tests/e2e/support-chat.spec.ts); a test value, not a secret.
      SUPPORT_OPERATOR_TOKEN: 'e2e-operator-token-e2e-operator-token-0001',
      // The business report folds every 5 s what is 2 s old, so a journey sees its own play in it
      // (production: every minute, what is a minute old; tests/e2e/backoffice-reports.spec.ts).
      REPORTS_FOLD_CRON: '*/5 * * * * *',
      REPORTS_FOLD_SETTLE_MS: '2000',
      // The live dashboard is pushed every 5 s (production: 10 s; tests/e2e/backoffice-live.spec.ts).
      REPORTS_LIVE_CRON: '*/5 * * * * *',
    },
  },
});
