import { request as httpRequest } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { startProcessTopology, type ProcessTopology } from '../../deploy/processes.ts';
import { fillSignUp, openAuthPopup, uniqueEmail } from './auth-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * The production topology of deploy/compose.yaml as processes (deploy/processes.ts): Debian's
 * Caddy with deploy/Caddyfile in front of two web processes (JOBS=off), one worker that alone runs
 * the jobs (JOBS=on WEB=off), a migrate step, on a PostgreSQL database of the run's own and Redis.
 * The browser only ever talks to Caddy. What the worker does reaches the player through the bus
 * and the web process that holds their live stream: no web process dispatches an event.
 */
let site: ProcessTopology;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startProcessTopology({
    name: 'journey',
    port: process.env.E2E_TOPOLOGY_PORT ? Number(process.env.E2E_TOPOLOGY_PORT) : undefined,
    // Every journey comes from 127.0.0.1 (as in playwright.config.ts).
    env: { RATE_LIMIT_MULTIPLIER: '20' },
  });
});

test.afterAll(async () => {
  await site?.stop();
});

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
const headerBalance = async (page: Page) => cents(await page.getByTestId('header-balance-amount').textContent());

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode the answer). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (answer) => {
      // The live stream never ends: its headers are the answer.
      resolve({ status: answer.statusCode ?? 0, headers: answer.headers });
      answer.destroy();
    });
    request.on('error', reject);
    request.end();
  });
}

test('a player signs up, deposits, plays for real money, and a deposit the provider settles later shows live, all through Caddy', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: site.base });
  const page = await context.newPage();

  await gotoHydrated(page, '/gamehall');
  await fillSignUp(await openAuthPopup(page, 'sign-up'), uniqueEmail('topology'));
  await page.waitForURL('/gamehall?register=success');
  await expect(page.getByTestId('header-balance-amount')).toHaveText('0.00 EUR');

  // A deposit paid on the provider's page: its signed callback reaches a web process through Caddy.
  await depositThroughDemo(page, '100');
  await gotoHydrated(page, '/gamehall');
  await expect(page.getByTestId('header-balance-amount')).toHaveText('100.00 EUR');

  // A round for real money.
  await gotoHydrated(page, '/platform/game/croupier-dice/play?mode=real');
  await expect(page.getByTestId('studio-mode')).toHaveText('Real money');
  await expect(page.getByTestId('dice-roll-button')).toBeEnabled();
  await page.getByTestId('dice-roll-button').click();
  await expect(page.getByTestId('dice-outcome')).toHaveText(/You win|No win/, { timeout: 15_000 });
  const afterRound = await page.request.get('/api/getBalance');
  expect(afterRound.ok()).toBe(true);
  const balanceAfterRound = cents(((await afterRound.json()) as { data: { balance_main: { amount: string } } }).data.balance_main.amount);
  expect(balanceAfterRound).not.toBe(10_000);

  // A second deposit the player leaves pending at the provider, who settles it later on its own.
  await gotoHydrated(page, '/cashier/deposit');
  await page.getByTestId('amount-input').fill('50');
  await page.getByTestId('deposit-submit').click();
  await expect(page).toHaveURL(/\/psp\/demo\/pay\/dp_/);
  await page.locator('button[data-outcome="pending"]').click();
  await expect(page).toHaveURL(/\/cashier\/paypending\/dep_[\w-]+$/);
  const paymentId = new URL(page.url()).pathname.split('/').pop()!;

  // Meanwhile the player is in the game hall, its live stream open through Caddy to one web process.
  await gotoHydrated(page, '/gamehall');
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.live ?? null)).toBe('open');
  expect(await headerBalance(page)).toBe(balanceAfterRound);

  // The provider's callback credits the deposit on a web process; the worker alone dispatches its
  // event, whose notice and balance travel over Redis to the stream: a toast and the header, live.
  site.ops('payment:settle', paymentId, 'success');
  await expect(page.getByTestId('toast-area')).toContainText('Deposit credited: €50.00', { timeout: 15_000 });
  await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBe(balanceAfterRound + 5_000);
  // Nothing reloaded the page: the same document got it.
  expect(page.url()).toMatch(/\/gamehall$/);
  await context.close();
});

test('Caddy compresses what the site leaves uncompressed, never the live stream; the worker serves no pages', async () => {
  // A client that reads only zstd: the site itself makes brotli and gzip, so the zstd is Caddy's.
  const page = await rawGet(`${site.base}/`, { accept: 'text/html', 'accept-encoding': 'zstd' });
  expect(page.status).toBe(200);
  expect(page.headers['content-encoding']).toBe('zstd');
  const direct = await rawGet(`${site.web[0].url}/`, { accept: 'text/html', 'accept-encoding': 'zstd' });
  expect(direct.status).toBe(200);
  expect(direct.headers['content-encoding']).toBeUndefined();
  // What the site compresses itself passes as it is.
  const brotli = await rawGet(`${site.base}/`, { accept: 'text/html', 'accept-encoding': 'br' });
  expect(brotli.headers['content-encoding']).toBe('br');

  const live = await rawGet(`${site.base}/live`, { accept: 'text/event-stream', 'accept-encoding': 'zstd, gzip' });
  expect(live.status).toBe(200);
  expect(live.headers['content-type']).toMatch(/^text\/event-stream/);
  expect(live.headers['content-encoding']).toBeUndefined();

  expect((await rawGet(`${site.worker.url}/`, { accept: 'text/html' })).status).toBe(404);
  expect((await rawGet(`${site.worker.url}/readyz`, {})).status).toBe(200);
});
