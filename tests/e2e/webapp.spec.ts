import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './support.ts';

/**
 * The web app (spec 2 sections 2, 4 and 7): installable (manifest + service worker), a branded
 * offline page when the network is gone, and the install offer per platform type. The config
 * blocks service workers for every other journey; these tests let it run.
 */
test.use({ serviceWorkers: 'allow' });
// The worker precaches the whole shell on first visit: give it time on a busy machine.
test.describe.configure({ timeout: 120_000 });

const SHOTS = 'test-results/screenshots';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const TELEGRAM_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36 Telegram-Android/11.5.3';

/** Waits until the service worker is active and controls this page. */
async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, { timeout: 40_000 });
}

async function shootAtBothWidths(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

/** Chromium's install prompt, as the browser would fire it (it never does in automation). */
async function fireInstallPrompt(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    event.prompt = async () => {
      (window as unknown as Record<string, unknown>).promptShown = true;
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    dispatchEvent(event);
  });
}

test.describe('web app', () => {
  test('is installable: a valid manifest, and a worker controls the page', async ({ baseURL }) => {
    // Chromium never calls an incognito profile installable: this one gets a real profile.
    const profile = mkdtempSync(path.join(tmpdir(), 'croupier-webapp-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await gotoHydrated(page, '/');
      await controlledByWorker(page);
      await expect(page.locator('html')).toHaveAttribute('data-sw', 'offline-ready');
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);

      // French pages link the French manifest, same app id.
      await page.goto('/fr');
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.fr.webmanifest');
      const fr = (await (await page.request.get('/manifest.fr.webmanifest')).json()) as { id: string; start_url: string; lang: string };
      expect(fr).toMatchObject({ id: '/', start_url: '/fr', lang: 'fr' });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('offline, a navigation shows the offline page in the page language; back online, pages load again', async ({ page, context }) => {
    await gotoHydrated(page, '/gamehall');
    await controlledByWorker(page);

    await context.setOffline(true);
    await page.goto('/promotions');
    await expect(page.getByTestId('offline-page')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
    await expect(page).toHaveURL('/promotions');
    await page.goto('/fr/tournaments');
    await expect(page).toHaveURL('/fr/tournaments');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes hors ligne');
    await shootAtBothWidths(page, 'webapp-offline-fr');

    // "Try again" while the network is still gone: the offline page again, same address.
    await page.getByTestId('offline-retry').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes hors ligne');
    await expect(page).toHaveURL('/fr/tournaments');

    // Back online, the offline page reloads itself into the real page.
    await context.setOffline(false);
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page).toHaveURL('/fr/tournaments');
    await expect(page.getByTestId('offline-page')).toHaveCount(0);

    // Nothing the worker keeps is a page or an API answer: only the shell, icons and pictures.
    const stored = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(stored.length).toBeGreaterThan(10);
    expect(stored.filter((path) => !/^\/(assets|brand|games|loyalty|_offline)\/|^\/(favicon\.svg|manifest(\.fr)?\.webmanifest)$/.test(path))).toEqual([]);
  });

  test('offers to install with the browser prompt; "not now" is remembered', async ({ page }) => {
    await gotoHydrated(page, '/');
    await fireInstallPrompt(page);
    const banner = page.getByTestId('install-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('data-mode', 'prompt');
    await shootAtBothWidths(page, 'webapp-install');
    await page.getByTestId('install-button').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as Record<string, unknown>).promptShown)).toBe(true);
    await expect(banner).toBeHidden();

    await gotoHydrated(page, '/gamehall');
    await fireInstallPrompt(page);
    await expect(banner).toBeVisible();
    await page.getByTestId('install-dismiss').click();
    await expect(banner).toBeHidden();

    await gotoHydrated(page, '/');
    await fireInstallPrompt(page);
    await page.waitForTimeout(2_500);
    await expect(banner).toHaveCount(0);
  });

  test('shows the Add to Home Screen steps on iPhone Safari, in French too', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: IPHONE_SAFARI, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    await gotoHydrated(page, '/fr');
    const banner = page.getByTestId('install-banner');
    await expect(banner).toHaveAttribute('data-mode', 'ios-steps');
    await expect(banner).toContainText("Ajoutez Croupier à votre écran d'accueil");
    await expect(banner).toContainText('Partager');
    await page.screenshot({ path: `${SHOTS}/webapp-install-ios-375.png` });
    await context.close();
  });

  test('never offers to install inside an embedded web view (Telegram)', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: TELEGRAM_ANDROID, viewport: { width: 375, height: 812 }, isMobile: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    await gotoHydrated(page, '/');
    await fireInstallPrompt(page);
    await page.waitForTimeout(2_500);
    await expect(page.getByTestId('install-banner')).toHaveCount(0);
    await context.close();
  });
});
