import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { startIsolatedServer, type IsolatedServer } from './isolated-server.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * The live channel on one process and the embedded database (decision 011): a player with two
 * tabs plays a round in one, and the header of the other follows without asking for the
 * balance. The site configuration here polls the balance every second, so a poller that kept
 * running beside the stream would show at once; with the stream blocked, the same page falls
 * back to polling. Its own server, because the shared one does not poll.
 */
let server: IsolatedServer;
let configDir: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  configDir = mkdtempSync(join(tmpdir(), 'croupier-live-config-'));
  const document = JSON.parse(readFileSync('server/db/seed/site-config.en.json', 'utf8')) as { functionalSettings: { settingsForUpdBalance: Record<string, unknown> } };
  Object.assign(document.functionalSettings.settingsForUpdBalance, { isEnabledInterval: true, countSecondsForInterval: 1, isEnabledTurnOffRequests: false });
  const file = join(configDir, 'site-config-en.json');
  writeFileSync(file, JSON.stringify(document));
  server = await startIsolatedServer({ name: 'live', port: Number(process.env.E2E_LIVE_PORT ?? 3194), ops: ['site-config:import', 'en', file] });
});

test.afterAll(async () => {
  await server?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
const amountOf = async (locator: Locator) => cents(await locator.textContent());
const liveState = (page: Page) => page.evaluate(() => document.documentElement.dataset.live ?? null);

/** Counts the page's own balance requests. */
function balanceRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/getBalance')) seen.push(request.url());
  });
  return seen;
}

/**
 * A dice round for real money in `page`; answers the main balance it left, as the server tells
 * (asked by the test's own request, which no page sees).
 */
async function playDiceRound(page: Page): Promise<number> {
  await gotoHydrated(page, '/platform/game/croupier-dice/play?mode=real');
  await expect(page.getByTestId('studio-mode')).toHaveText('Real money');
  await expect(page.getByTestId('studio-balance')).toHaveText(/\d/);
  await expect(page.getByTestId('dice-roll-button')).toBeEnabled();
  await page.getByTestId('dice-roll-button').click();
  await expect(page.getByTestId('dice-outcome')).toHaveText(/You win|No win/, { timeout: 15_000 });
  const answer = await page.request.get('/api/getBalance');
  expect(answer.ok()).toBe(true);
  return cents(((await answer.json()) as { data: { balance_main: { amount: string } } }).data.balance_main.amount);
}

test.describe('live balance across tabs', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.base });
    page = await context.newPage();
    await registerByApi(page.request, uniqueEmail('live'), PASSWORD);
    await depositThroughDemo(page, '100');
  });

  test('rounds played in one tab move the header balance of the other, which never asks for it', async () => {
    const watcher = await page.context().newPage();
    const requests = balanceRequests(watcher);
    await gotoHydrated(watcher, '/gamehall');
    await expect(watcher.getByTestId('header-balance-amount')).toHaveText('100.00 EUR');
    await expect.poll(() => liveState(watcher)).toBe('open');
    // Polling every second would have asked twice by now.
    await watcher.waitForTimeout(2_500);
    expect(requests).toEqual([]);

    // A few rounds, so wins come too (a win is a second movement, and a second event).
    for (let round = 0; round < 3; round++) {
      const after = await playDiceRound(page);
      await expect.poll(() => amountOf(watcher.getByTestId('header-balance-amount')), { timeout: 10_000 }).toBe(after);
    }
    expect(await amountOf(watcher.getByTestId('header-balance-amount'))).not.toBe(10_000);
    expect(requests).toEqual([]);
    await watcher.close();
  });

  test('a round played while the page\'s stream is still opening reaches its header when it opens', async () => {
    const watcher = await page.context().newPage();
    // The page's balance requests fail: whatever the header shows next came down the stream.
    await watcher.route('**/api/getBalance*', (route) => route.abort());
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await watcher.route((url) => url.pathname === '/live', async (route) => {
      await held;
      await route.continue();
    });
    await gotoHydrated(watcher, '/gamehall');
    const shown = await amountOf(watcher.getByTestId('header-balance-amount'));

    // The money moves after the page read its state and before its stream opened.
    const after = await playDiceRound(page);
    expect(after).not.toBe(shown);
    expect(await amountOf(watcher.getByTestId('header-balance-amount'))).toBe(shown);
    release();
    await expect.poll(() => liveState(watcher)).toBe('open');
    await expect.poll(() => amountOf(watcher.getByTestId('header-balance-amount')), { timeout: 10_000 }).toBe(after);
    await watcher.close();
  });

  test('with the stream down, the header falls back to polling and still follows', async () => {
    const watcher = await page.context().newPage();
    await watcher.route((url) => url.pathname === '/live', (route) => route.abort());
    const requests = balanceRequests(watcher);
    await gotoHydrated(watcher, '/gamehall');
    const shown = await amountOf(watcher.getByTestId('header-balance-amount'));
    await expect.poll(() => requests.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(await liveState(watcher)).not.toBe('open');

    const after = await playDiceRound(page);
    expect(after).not.toBe(shown);
    await expect.poll(() => amountOf(watcher.getByTestId('header-balance-amount')), { timeout: 10_000 }).toBe(after);
    await watcher.close();
  });
});
