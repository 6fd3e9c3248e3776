import { expect, test } from '@playwright/test';
import { startTwoProcesses, type TwoProcesses } from './two-processes.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * A GET from the test itself, tried again once when the connection fails: the ops commands take
 * seconds, so a kept-alive connection can be closed by the server (its keep-alive timeout) just as
 * the next request reuses it ("other side closed", seen once in CI). Statuses and bodies are never
 * retried.
 */
async function get(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return fetch(url);
  }
}

/**
 * Two web processes behind a load balancer (tests/e2e/two-processes.ts): what one process learns
 * must reach a player whose page talks to the other, and an operator's change must reach both at
 * once. The shared caches are given ten minutes here, so only invalidation over the bus (never
 * expiry) can make a change show.
 */
test.describe('two web processes behind a proxy', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let site: TwoProcesses;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startTwoProcesses({
      name: 'two',
      env: { SHARED_CACHE_MS: '600000' },
      // The live stream always on the first process, the payment provider's pages and callbacks
      // (where a deposit is credited) always on the second: the balance must cross processes.
      pin: (path) => (path.startsWith('/live') ? 0 : path.startsWith('/psp/') ? 1 : undefined),
    });
  });
  test.afterAll(async () => site?.stop());

  test('a deposit credited on one process moves the header balance and shows a notice on a page streaming from the other, without polling', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: site.base });
    const page = await context.newPage();
    const email = `two-${Date.now().toString(36)}@example.com`;
    const answer = await page.request.post('/api/register', { form: { email, password: 'secret12', password_confirmation: 'secret12', terms: '1' } });
    expect(answer.ok(), await answer.text()).toBe(true);

    const watcher = await context.newPage();
    const balanceRequests: string[] = [];
    watcher.on('request', (request) => {
      if (request.url().includes('/api/getBalance')) balanceRequests.push(request.url());
    });
    await gotoHydrated(watcher, '/gamehall');
    await expect(watcher.getByTestId('header-balance-amount')).toHaveText('0.00 EUR');
    await expect.poll(() => watcher.evaluate(() => document.documentElement.dataset.live)).toBe('open');

    await depositThroughDemo(page, '100');

    await expect(watcher.getByTestId('header-balance-amount')).toHaveText('100.00 EUR', { timeout: 10_000 });
    await expect(watcher.getByTestId('toast-area')).toContainText('€100.00');
    expect(balanceRequests).toEqual([]);
    await context.close();
  });

  test('an operator change reaches both processes at once: maintenance and the site configuration', async ({ page }) => {
    // Both processes read (and so cache) the settings and the configuration first.
    for (const origin of site.processes) {
      expect((await get(`${origin}/`)).status).toBe(200);
      const config = (await (await get(`${origin}/nfx/cms-config/en`)).json()) as { cashier: { depositAmountsList: Array<{ currency: string; amountList: Array<{ value: number }> }> } };
      expect(config.cashier.depositAmountsList.find((entry) => entry.currency === 'EUR')?.amountList.map((a) => a.value)).not.toContain(77);
    }

    site.ops('site:maintenance', 'on');
    for (const origin of site.processes) expect((await get(`${origin}/`)).status).toBe(503);
    await page.goto(`${site.base}/`);
    await expect(page.getByTestId('error-maintenance')).toBeVisible();
    site.ops('site:maintenance', 'off');
    for (const origin of site.processes) expect((await get(`${origin}/`)).status).toBe(200);

    const document = JSON.parse(site.ops('site-config:export', 'en')) as { cashier: { depositAmountsList: Array<{ currency: string; amountList: Array<{ value: number }> }> } };
    document.cashier.depositAmountsList = [{ currency: 'EUR', amountList: [{ value: 77 }, { value: 150 }] }];
    site.importConfig('en', document);
    for (const origin of site.processes) {
      const config = (await (await get(`${origin}/nfx/cms-config/en`)).json()) as typeof document;
      expect(config.cashier.depositAmountsList[0].amountList.map((a) => a.value)).toEqual([77, 150]);
    }
  });
});
