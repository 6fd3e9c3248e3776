import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Maintenance is an operator switch stored in the database, so this journey runs its own server
 * on its own embedded database, with maintenance turned on by the ops command first.
 */
const port = Number(process.env.E2E_MAINTENANCE_PORT ?? 3190);
const base = `http://localhost:${port}`;
let server: ChildProcess | undefined;
let dataDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(join(tmpdir(), 'croupier-maint-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  // process.execPath is the runner's own Node 24: spawning it directly (not through npx) means
  // the process we signal at the end is the server itself.
  const ops = spawnSync(process.execPath, ['scripts/ops.ts', 'site:maintenance', 'on'], { env, encoding: 'utf8' });
  expect(ops.status, ops.stderr).toBe(0);
  server = spawn(process.execPath, ['server/main.ts'], { env: { ...env, NODE_ENV: 'production', PORT: String(port) }, stdio: 'ignore' });
  for (let attempt = 0; attempt < 120; attempt++) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server with maintenance on did not start');
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('pages answer 503 with the maintenance page in the empty layout', async ({ page }) => {
  const response = await page.goto(`${base}/fr/gamehall`);
  expect(response?.status()).toBe(503);
  await expect(page.getByTestId('error-maintenance')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nous revenons vite');
  await expect(page.getByTestId('site-header')).toHaveCount(0);
});

test('the API answers ApplicationDisabledException but still tells the domain state', async ({ request }) => {
  const info = await request.get(`${base}/api/getInfo`);
  expect(info.status()).toBe(503);
  expect((await info.json()).error.type).toBe('ApplicationDisabledException');
  const general = await request.get(`${base}/api/getgeneralinfo`);
  expect((await general.json()).data.domain_state).toBe('maintenance');
});
