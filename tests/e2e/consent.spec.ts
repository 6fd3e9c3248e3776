import { expect, test, type Browser, type Page } from '@playwright/test';
import { startIsolatedServer, type IsolatedServer } from './isolated-server.ts';
import { gotoHydrated } from './support.ts';

/**
 * Analytics consent (docs/analytics.md), on a site of its own whose operator set a Tag Manager
 * container and a GA4 id: before the player chooses, no request to Google and no data layer;
 * a refusal stays a refusal after a reload; an acceptance loads the operator's tags (Google's
 * answers are stubbed here: the test never leaves the machine) and the catalogue's events reach
 * the data layer with their UTC+3 time; the footer's link brings the choice back; French text.
 */
const PORT = Number(process.env.E2E_CONSENT_PORT ?? 3217);
const GTM = 'GTM-E2E1234';
const GA = 'G-E2E12345';
let site: IsolatedServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startIsolatedServer({
    name: 'consent',
    port: PORT,
    ops: [
      ['site:set', 'analyticGtmId', JSON.stringify(GTM)],
      ['site:set', 'analyticGaId', JSON.stringify(GA)],
    ],
    env: { RATE_LIMIT_MULTIPLIER: '20' },
    startSeconds: 180,
  });
});

test.afterAll(async () => {
  await site?.stop();
});

/** Every request to Google's tag hosts, answered by a stub script instead of the network. */
async function watchGoogle(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.route(/googletagmanager\.com|google-analytics\.com/, (route) => {
    seen.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: 'window.__tagLoaded = (window.__tagLoaded || 0) + 1;' });
  });
  return seen;
}

/** The banner is a lazy chunk: it answers clicks in the page once hydrated (before that, its form posts). */
async function bannerHydrated(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('[data-testid="consent-accept"]');
    return !!button && Object.keys(button).some((key) => key.startsWith('__reactProps'));
  });
}

/** A new visitor's page, its requests to Google and its console errors (a policy violation is one). */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ baseURL: site.base });
  const page = await context.newPage();
  const google = await watchGoogle(page);
  const violations: string[] = [];
  // Console errors but the API's own refusals (the unknown promo code's 422 is the journey's point).
  page.on('console', (message) => void (message.type() === 'error' && !message.text().startsWith('Failed to load resource') && violations.push(message.text())));
  return { context, page, google, violations };
}

const dataLayer = (page: Page) => page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer ?? null);

test('nothing loads before the choice; a refusal stays one after a reload; the footer link reopens it', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page, google, violations } = await visitor(browser);

  await gotoHydrated(page, '/');
  const banner = page.getByTestId('consent-banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('heading', { name: 'Cookies and analytics' })).toBeVisible();
  // The policy is ready for the tags, but nothing has asked for them yet.
  expect(google).toEqual([]);
  expect(await dataLayer(page)).toBeNull();

  await bannerHydrated(page);
  await banner.getByTestId('consent-reject').click();
  await expect(banner).toBeHidden();
  expect((await context.cookies()).find((cookie) => cookie.name === 'analytics_consent')?.value).toBe('denied');

  // A reload: the server read the refusal, so no banner is rendered and no tag runs.
  const response = await gotoHydrated(page, '/gamehall');
  expect(await response?.text()).not.toContain('consent-banner');
  expect(response?.headers()['content-security-policy']).not.toContain('google');
  await expect(banner).toBeHidden();
  await page.waitForTimeout(500);
  expect(google).toEqual([]);
  expect(await dataLayer(page)).toBeNull();

  // The footer's link brings the choice back, with what was chosen, and focus on it.
  await page.getByTestId('consent-settings').click();
  await expect(banner).toBeVisible();
  await expect(banner.getByTestId('consent-current')).toHaveText('Your current choice: rejected.');
  await expect(banner.getByTestId('consent-reject')).toBeFocused();
  expect(violations).toEqual([]);
  await context.close();
});

test('accepting loads the operator’s tags with the page nonce, and the events reach the data layer in UTC+3', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page, google, violations } = await visitor(browser);

  await gotoHydrated(page, '/offers');
  expect(google).toEqual([]);
  await bannerHydrated(page);
  await page.getByTestId('consent-accept').click();
  await expect(page.getByTestId('consent-banner')).toBeHidden();
  await expect.poll(() => google.length).toBe(2);
  expect(google).toEqual(expect.arrayContaining([`https://www.googletagmanager.com/gtm.js?id=${GTM}`, `https://www.googletagmanager.com/gtag/js?id=${GA}`]));
  await expect.poll(() => page.evaluate(() => (window as { __tagLoaded?: number }).__tagLoaded)).toBe(2);
  // The scripts the tag added carry the page's nonce (the policy allows nothing inline without it).
  expect(await page.evaluate(() => [...document.querySelectorAll('script[src*="googletagmanager"]')].every((script) => ((script as HTMLScriptElement).nonce ?? '').length > 0))).toBe(true);

  // A promo code that matches nothing (spec 2 section 8) reaches the data layer, dated in UTC+3.
  const form = page.getByTestId('promo-code-form').first();
  await form.getByTestId('promo-code-input').fill('NO-SUCH-CODE');
  await form.getByTestId('promo-code-apply').click();
  const notFound = async () => ((await dataLayer(page)) as Array<Record<string, unknown>> | null)?.find((entry) => entry.event === 'promocode_not_found') ?? null;
  await expect.poll(notFound).toMatchObject({
    event: 'promocode_not_found',
    code: 'NO-SUCH-CODE',
    event_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+03:00$/),
  });

  // The next page: the server renders the tag itself (no banner), in the head, with its nonce.
  google.length = 0;
  const response = await gotoHydrated(page, '/');
  const html = (await response?.text()) ?? '';
  expect(html).not.toContain('data-testid="consent-banner"');
  expect(html).toMatch(new RegExp(`<script nonce="[^"]+"[^>]*>\\(function\\(\\)\\{[^<]*${GTM}`));
  expect(response?.headers()['content-security-policy']).toContain('https://*.googletagmanager.com');
  await expect.poll(() => google.length).toBe(2);
  expect(violations).toEqual([]);
  await context.close();
});

test('French: the banner speaks French and the footer link is there', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: site.base, locale: 'fr-FR' });
  const page = await context.newPage();
  await watchGoogle(page);
  await gotoHydrated(page, '/fr');
  const banner = page.getByTestId('consent-banner');
  await expect(banner.getByRole('heading', { name: 'Cookies et mesure d’audience' })).toBeVisible();
  await expect(banner.getByTestId('consent-accept')).toHaveText('Accepter la mesure d’audience');
  await expect(banner.getByTestId('consent-reject')).toHaveText('Refuser');
  await expect(page.getByTestId('consent-settings')).toHaveText('Paramètres des cookies');
  await context.close();
});

test('the banner at 375 and 1440 px: in the flow above the header, covering nothing', async ({ browser }) => {
  for (const width of [375, 1440]) {
    const context = await browser.newContext({ baseURL: site.base, viewport: { width, height: width === 375 ? 812 : 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await watchGoogle(page);
    await gotoHydrated(page, '/');
    const banner = page.getByTestId('consent-banner');
    await expect(banner).toBeVisible();
    const box = (await banner.boundingBox())!;
    const header = (await page.getByTestId('site-header').boundingBox())!;
    // Above the header, not over it; both buttons within the screen.
    expect(box.y).toBe(0);
    expect(header.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
    for (const id of ['consent-accept', 'consent-reject']) {
      const button = (await banner.getByTestId(id).boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(width);
      expect(button.height).toBeGreaterThanOrEqual(36);
    }
    await page.screenshot({ path: `docs/analytics/consent-banner-${width}.png` });
    await context.close();
  }
});
