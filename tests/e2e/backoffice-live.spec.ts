import { expect, test } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { createStaff, shootBackoffice } from './backoffice-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * The live dashboard (docs/reports.md, "Live dashboard") as a manager watches it: a player comes
 * online and deposits in another browser, and the screen shows both by what the server pushes,
 * without reading the dashboard again. The figures themselves are proven in
 * server/modules/reports/live-dashboard.test.ts.
 */
test('a manager sees a player come online and deposit on the live dashboard, pushed and never polled', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await createStaff(page, 'manager');
  let reads = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/reports/live')) reads++;
  });
  await gotoHydrated(page, '/backoffice/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Live dashboard' })).toBeVisible();
  const updated = page.getByTestId('live-updated');
  const firstPush = await updated.getAttribute('data-at');
  const queues = page.getByTestId('live-queues');
  await expect(queues.getByRole('link', { name: 'Withdrawals to decide' })).toHaveAttribute('href', '/backoffice/withdrawals');
  const depositsToday = page.getByTestId('live-today-EUR').locator('[data-kpi="deposits"] dd').first();
  const amount = async () => ((await depositsToday.count()) ? Number((await depositsToday.innerText()).replace(/[^\d.]/g, '')) : 0);
  const before = await amount();

  // A player signs up, deposits 41.00 and stays on the home page (its live stream open).
  const playerContext = await browser.newContext({ locale: 'en-GB', viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const player = await playerContext.newPage();
  await registerByApi(player.request, uniqueEmail('live'), PASSWORD);
  await depositThroughDemo(player, '41');
  await gotoHydrated(player, '/');

  // Presence is written every 15 s, the fold runs every 5 s on the test server, the dashboard is
  // pushed every 5 s: within about 25 s the screen shows both.
  await expect(async () => {
    expect(Number(await page.getByTestId('live-online').innerText())).toBeGreaterThanOrEqual(1);
    expect((await amount()) - before).toBeCloseTo(41, 2);
  }).toPass({ timeout: 45_000, intervals: [1_000] });
  expect(await updated.getAttribute('data-at')).not.toBe(firstPush);
  await expect(page.getByTestId('live-hour-EUR').locator('[data-spark="deposits"]')).toContainText('Deposits per minute');
  expect(reads).toBe(1);
  await playerContext.close();

  await shootBackoffice(page, 'live-dashboard');
});
