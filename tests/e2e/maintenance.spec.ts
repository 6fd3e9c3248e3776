import { expect, test } from '@playwright/test';
import { startIsolatedServer, type IsolatedServer } from './isolated-server.ts';

/** Maintenance is an operator switch stored in the database: this journey runs its own server. */
let server: IsolatedServer;
let base = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startIsolatedServer({ name: 'maint', port: Number(process.env.E2E_MAINTENANCE_PORT ?? 3190), ops: ['site:maintenance', 'on'] });
  base = server.base;
});

test.afterAll(async () => {
  await server?.stop();
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
