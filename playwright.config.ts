import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

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
    trace: 'retain-on-failure',
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
    },
  },
});
