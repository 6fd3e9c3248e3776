import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, test, type Locator } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { startIsolatedServer, type IsolatedServer } from './isolated-server.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * A third-party game end to end (issue 29, docs/aggregator.md): a site of its own wired to the
 * demo game aggregator, run as its own process on its own port. A signed-in player finds the
 * aggregator's wheel in the hall, opens it, plays a round in the aggregator's frame (which bets
 * and pays through the site's wallet over signed HTTP), and sees the site's balance follow.
 */
const SITE_PORT = Number(process.env.E2E_AGGREGATOR_SITE_PORT ?? 3121);
const AGGREGATOR_PORT = Number(process.env.E2E_AGGREGATOR_PORT ?? 3126);
const AGGREGATOR = `http://127.0.0.1:${AGGREGATOR_PORT}`;
const WHEEL = 'northwind-fortune-wheel';

let site: IsolatedServer;
let aggregator: ChildProcess;

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
const amountOf = async (locator: Locator) => cents(await locator.textContent());

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const shared = { AGGREGATOR_SECRET: randomBytes(24).toString('hex'), AGGREGATOR_OPERATOR_ID: 'croupier-e2e', AGGREGATOR_PROVIDER: 'aggregator' };
  aggregator = spawn(process.execPath, ['aggregator-demo/main.ts'], {
    env: { ...process.env, ...shared, AGGREGATOR_DEMO_PORT: String(AGGREGATOR_PORT), SITE_URL: `http://127.0.0.1:${SITE_PORT}` },
    stdio: 'ignore',
  });
  site = await startIsolatedServer({
    name: 'aggregator',
    port: SITE_PORT,
    ops: [],
    env: { ...shared, AGGREGATOR_URL: AGGREGATOR, RATE_LIMIT_MULTIPLIER: '20' },
    startSeconds: 180,
  });
});

test.afterAll(async () => {
  await site?.stop();
  if (aggregator && aggregator.exitCode === null) {
    const exited = new Promise((resolve) => aggregator.once('exit', resolve));
    aggregator.kill('SIGTERM');
    await exited;
  }
});

test('a player opens a third-party game from the hall, plays a round in its frame and sees the balance move', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: site.base, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await registerByApi(page.request, uniqueEmail('aggregator'), PASSWORD, site.base);
  await depositThroughDemo(page, '50', site.base);

  // The aggregator's games are in the hall (read at startup), under their studios' names.
  await gotoHydrated(page, '/gamehall?providers=northwind-play');
  const tile = page.locator(`[data-testid="game-tile"][data-sysname="${WHEEL}"]`);
  await expect(tile).toBeVisible({ timeout: 30_000 });
  await expect(tile).toContainText('Northwind Play');
  await expect(tile.locator('img')).toHaveAttribute('src', `${AGGREGATOR}/thumbs/${WHEEL}.svg`);
  await page.screenshot({ path: 'docs/aggregator/hall-1440.png' });
  await tile.locator('a').first().click();
  await expect(page).toHaveURL(new RegExp(`/game/${WHEEL}$`));
  await expect(page.getByTestId('header-balance-amount')).toHaveText('50.00 EUR');

  // The frame holds the aggregator's own page of a real-money session.
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.locator('body')).toHaveAttribute('data-mode', 'real', { timeout: 20_000 });
  await expect(frame.getByTestId('aggregator-balance')).toHaveText('50.00 EUR');
  await frame.locator('#stake').selectOption('100');
  await frame.getByRole('button', { name: 'Spin the wheel' }).click();
  await expect(frame.locator('#message')).not.toBeEmpty({ timeout: 15_000 });
  const after = await amountOf(frame.getByTestId('aggregator-balance'));
  // A wheel round never returns exactly the stake: the balance moved (by -1.00, +0.50, +1.00 or +2.00).
  expect([4_900, 5_050, 5_100, 5_200]).toContain(after);

  // The site's own balance follows, from its wallet.
  await expect.poll(() => amountOf(page.getByTestId('header-balance-amount')), { timeout: 15_000 }).toBe(after);
  // How it looks (docs/aggregator.md): the game page at 1440 px, then at 375 px.
  await page.screenshot({ path: 'docs/aggregator/game-page-1440.png' });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(frame.getByTestId('aggregator-balance')).toBeVisible();
  await page.screenshot({ path: 'docs/aggregator/game-page-375.png' });
  await context.close();
});
