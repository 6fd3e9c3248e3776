import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillSignUp, openAuthPopup, registerByApi, uniqueEmail } from './auth-support.ts';
import { startIsolatedServer, type IsolatedServer } from './isolated-server.ts';
import { gotoHydrated } from './support.ts';

/**
 * Site configuration switches and the cashier's inactivity times (decision 035), on a server of
 * its own: the character picker at sign-up, the sidebar hall with the list view, the player's
 * tools and two-factor not offered, the declared favicons, and the cashier closing and the payment
 * form cleared after their idle times (the page's clock is Playwright's, moved by hand).
 */
let server: IsolatedServer;
let base = '';
let configDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  configDir = mkdtempSync(join(tmpdir(), 'croupier-switches-config-'));
  const document = JSON.parse(readFileSync('server/db/seed/site-config.en.json', 'utf8'));
  document.auth.registration.showCharacterSelect = true;
  document.games.gamehall.type = 'sidebar';
  document.games.gamesItem.contentViewType = 'list';
  document.games.gamesItem.type = 'compact';
  document.functionalSettings.isResponsibleGamingEnable = false;
  document.functionalSettings.isTwoFAEnable = false;
  document.webSettings.favicon = { ico: '/favicon.ico', 'png-32x32': '/brand/icon-32.png', 'apple-180x180': '/brand/apple-touch-icon.png' };
  const file = join(configDir, 'site-config-en.json');
  writeFileSync(file, JSON.stringify(document));
  server = await startIsolatedServer({
    name: 'switches',
    port: Number(process.env.E2E_SWITCHES_PORT ?? 3196),
    ops: [
      ['site-config:import', 'en', file],
      ['site:set', 'userInactivityCashierTime', '30'],
      ['site:set', 'userInactivityPpTime', '10'],
    ],
  });
  base = server.base;
});

test.afterAll(async () => {
  await server?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/site-switches/${name}.png`, fullPage: false });

test('sign-up offers the loyalty characters; the one picked is the new player’s character', async ({ page }) => {
  test.setTimeout(60_000);
  await gotoHydrated(page, `${base}/`);
  const dialog = await openAuthPopup(page, 'sign-up');
  const picker = dialog.getByTestId('sign-up-characters');
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('radio')).toHaveCount(5);
  const dealer = picker.locator('[data-character="the-dealer"]');
  await dealer.click();
  await expect(dealer).toHaveAttribute('aria-checked', 'true');
  await shot(page, 'sign-up-characters-1440');
  await fillSignUp(dialog, uniqueEmail('character'));
  await page.waitForURL(`${base}/?register=success`);
  const info = await (await page.request.get(`${base}/api/loyalty/getinfo`)).json();
  expect(info.data.character?.sysname).toBe('the-dealer');
});

test('the character picker fits a phone, and picking again un-picks', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await gotoHydrated(page, `${base}/forms/sign_up`);
  const picker = page.getByTestId('sign-up-characters');
  await expect(picker.getByRole('radio')).toHaveCount(5);
  const first = picker.getByRole('radio').first();
  await first.click();
  await expect(first).toHaveAttribute('aria-checked', 'true');
  await first.click();
  await expect(first).toHaveAttribute('aria-checked', 'false');
  await picker.scrollIntoViewIfNeeded();
  await shot(page, 'sign-up-characters-375');
});

test('the game hall stands its filters in a sidebar and lists the games one per row', async ({ page }) => {
  await gotoHydrated(page, `${base}/gamehall`);
  const layout = page.getByTestId('gamehall-layout');
  await expect(layout).toHaveAttribute('data-type', 'sidebar');
  const sidebar = page.getByTestId('gamehall-sidebar');
  await expect(sidebar).toBeVisible();
  await expect(page.getByTestId('games-grid')).toHaveAttribute('data-view', 'list');
  const first = page.getByTestId('game-tile').first();
  await expect(first).toHaveAttribute('data-view', 'list');
  // A row is wider than it is tall: one game per row, not a tile.
  const box = (await first.boundingBox())!;
  expect(box.width).toBeGreaterThan(box.height * 3);
  await shot(page, 'gamehall-sidebar-list-1440');

  // A provider from the sidebar filters the hall.
  const provider = sidebar.getByTestId('provider-filter').getByRole('link').first();
  const name = (await provider.textContent())!.trim();
  await provider.click();
  await expect(page).toHaveURL(/providers=/);
  await expect(sidebar.getByRole('link', { name })).toHaveAttribute('data-active', 'true');

  // On a phone the sidebar gives way to the chips above the games.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(sidebar).toBeHidden();
  await expect(layout.getByRole('navigation', { name: 'Game categories' })).toBeVisible();
  await shot(page, 'gamehall-sidebar-list-375');
});

test('home rows show compact tiles, the name over the artwork, under titles that lead to their hall', async ({ page }) => {
  await gotoHydrated(page, `${base}/`);
  const row = page.getByTestId('game-row-popular');
  const tile = row.getByTestId('game-tile').first();
  await expect(tile).toHaveAttribute('data-view', 'compact');
  // The name sits inside the artwork's box, not below it.
  const art = (await tile.locator('img').first().boundingBox())!;
  const name = (await tile.locator('p').first().boundingBox())!;
  expect(name.y + name.height).toBeLessThanOrEqual(art.y + art.height + 1);
  await expect(tile.getByTestId('game-rtp')).toHaveCount(0);
  await row.getByTestId('row-title-link').click();
  await expect(page).toHaveURL(/\/gamehall/);
  await page.goto(`${base}/`);
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'home-compact-tiles-1440');
});

test('with the player tools switched off, their pages are not found and two-factor is not offered', async ({ page }) => {
  await registerByApi(page.request, uniqueEmail('switches'), undefined, base);
  expect((await page.goto(`${base}/responsible-game`))!.status()).toBe(404);
  expect((await page.goto(`${base}/profile/responsible-game`))!.status()).toBe(404);
  await gotoHydrated(page, `${base}/profile/security`);
  await expect(page.getByTestId('profile-nav-security')).toBeVisible();
  await expect(page.getByTestId('profile-nav-responsible-game')).toHaveCount(0);
  await expect(page.getByTestId('password-form')).toBeVisible();
  await expect(page.getByTestId('two-factor')).toHaveCount(0);
  await expect(page.getByText(/two-factor/i)).toHaveCount(0);
  // The declared favicons, with their sizes.
  await expect(page.locator('head link[rel="icon"][sizes="32x32"]')).toHaveAttribute('href', '/brand/icon-32.png');
  await expect(page.locator('head link[rel="icon"][type="image/x-icon"]')).toHaveAttribute('href', '/favicon.ico');
  await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute('sizes', '180x180');
});

/** Loads a signed-in cashier page under a paused fake clock, its idle timers armed. */
async function cashierWithPausedClock(page: Page, path: string) {
  await registerByApi(page.request, uniqueEmail('idle-cashier'), undefined, base);
  await page.clock.install();
  await gotoHydrated(page, `${base}${path}`);
  await expect(page.locator('html')).toHaveAttribute('data-cashier-idle', 'armed', { timeout: 15_000 });
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
      await page.keyboard.press('Shift');
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('past')) throw error;
    }
  }
}

test('an idle cashier warns at 80% of its time, then closes and sends the player home saying why', async ({ page }) => {
  test.setTimeout(60_000);
  await cashierWithPausedClock(page, '/cashier/history');
  await page.clock.runFor(23_000);
  const warning = page.getByTestId('cashier-idle-warning');
  await expect(warning).toHaveCount(0);
  await page.clock.runFor(1_500);
  await expect(warning).toBeVisible();
  await expect(warning).toHaveAttribute('data-kind', 'cashier');
  await expect(warning).toContainText(/the cashier closes in [56] s/);
  await shot(page, 'cashier-idle-warning-1440');
  // Activity ends the warning and starts the count again.
  await page.keyboard.press('Shift');
  await expect(warning).toHaveCount(0);
  await page.clock.runFor(24_500);
  await expect(warning).toBeVisible();
  await page.clock.runFor(6_000);
  await expect(page).toHaveURL(`${base}/`);
  await expect(page.getByTestId('toast-area')).toContainText('The cashier closed');
  await expect(page.getByTestId('toast-area')).toContainText('It had no activity for 30 seconds');
});

test('an idle payment form is cleared of what was typed, and the page says nothing was sent', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await cashierWithPausedClock(page, '/cashier/deposit');
  await page.getByTestId('amount-input').fill('42');
  // Filling scrolled the page down to the field: once the scrolling is over, the count starts again from here.
  await page.waitForTimeout(1_000);
  await page.keyboard.press('Shift');
  await page.clock.runFor(7_000);
  await expect(page.getByTestId('cashier-idle-warning')).toHaveCount(0);
  await page.clock.runFor(1_200);
  const warning = page.getByTestId('cashier-idle-warning');
  await expect(warning).toHaveAttribute('data-kind', 'payment');
  await shot(page, 'payment-idle-warning-375');
  await page.clock.runFor(2_500);
  await expect(page.getByTestId('cashier-idle-cleared')).toContainText('The payment form was cleared after 10 seconds without activity. Nothing was sent.');
  await expect(page.getByTestId('amount-input')).toHaveValue('');
  await expect(page).toHaveURL(/\/cashier\/deposit/);
  await expect(page.getByTestId('cashier-idle-cleared')).toBeInViewport();
  await shot(page, 'payment-idle-cleared-375');
});
