import { expect, test, type Page } from '@playwright/test';
import { fillSignUp, openAuthPopup, registerByApi, uniqueEmail } from './auth-support.ts';
import { gotoHydrated } from './support.ts';
import { startIsolatedServer, type IsolatedServer } from './isolated-server.ts';

/**
 * Inactivity logout (spec 1 section 4). time_to_force_logout is an operator setting stored in
 * the database, so this journey runs its own server on its own embedded database, with the
 * setting at its minimum (10 s: warning at 8 s, a 2-second countdown, logout at 10 s). The page's
 * clock is Playwright's fake clock, paused and moved by hand, so the timing cannot flake.
 */
let server: IsolatedServer;
let base = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startIsolatedServer({ name: 'session', port: Number(process.env.E2E_SESSION_PORT ?? 3192), ops: ['site:set', 'timeToForceLogout', '10'] });
  base = server.base;
});

test.afterAll(async () => {
  await server?.stop();
});

/** Loads a page under a paused fake clock: the inactivity timer starts at hydration and waits for us. */
async function loadWithPausedClock(page: Page, path: string) {
  await page.clock.install();
  await gotoHydrated(page, `${base}${path}`);
  // The inactivity logout loads after hydration (signed-in players only): wait until its clock runs.
  await expect(page.locator('html')).toHaveAttribute('data-inactivity', 'armed', { timeout: 15_000 });
  // Pause 50 ms ahead of the page's clock. On a busy machine more than 50 ms may pass between
  // reading the clock and pausing it ('Cannot fast-forward to the past'): read it again and retry.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
      // Loading may have taken seconds of page time on a busy machine: a key press is activity,
      // so the inactivity timer starts again from the paused moment.
      await page.keyboard.press('Shift');
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('past')) throw error;
    }
  }
}

/**
 * Waits for a client-side navigation to render under the paused clock. On a busy machine the
 * render may wait on one of the page's timers: the clock ticks a little meanwhile, at most 2 s, so
 * 5 s more stays under the 8 s warning when the navigation restarted the count.
 */
async function renderedUnderPausedClock(page: Page, testId: string) {
  const target = page.getByTestId(testId);
  for (let tick = 0; tick < 40 && !(await target.isVisible()); tick++) await page.clock.runFor(50);
  await expect(target).toBeVisible();
}

const uid = async (page: Page) => (await (await page.request.get(`${base}/api/getInfo`)).json()).data.uid as number;

test('the operator setting reaches the page as time_to_force_logout', async ({ request }) => {
  const general = await request.get(`${base}/api/getgeneralinfo`);
  expect((await general.json()).data.time_to_force_logout).toBe(10);
});

test('after sign-up, inactivity shows a countdown at 80% and signs the player out at 100%', async ({ page }) => {
  test.setTimeout(60_000);
  await gotoHydrated(page, `${base}/`);
  const dialog = await openAuthPopup(page, 'sign-up');
  await fillSignUp(dialog, uniqueEmail('idle'));
  await page.waitForURL(`${base}/?register=success`);
  await expect(page.getByTestId('header-balance')).toBeVisible();

  await loadWithPausedClock(page, '/?register=success');
  await page.clock.runFor(7_000);
  await expect(page.getByTestId('inactivity-warning')).toHaveCount(0);
  await page.clock.runFor(1_000);
  const warning = page.getByTestId('inactivity-warning');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Are you still there?');
  await expect(warning.getByTestId('inactivity-countdown')).toHaveText(/^[12]$/);
  await page.clock.runFor(1_000);
  await expect(warning.getByTestId('inactivity-countdown')).toHaveText(/^[01]$/);

  await page.clock.runFor(1_500);
  // Logged out: the session is gone and the home loads in full, as a guest's.
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  expect(await uid(page)).toBe(0);
  await expect(page).toHaveURL(`${base}/`);
});

test('a click or a key press during the warning keeps the player signed in', async ({ page }) => {
  test.setTimeout(60_000);
  await registerByApi(page.request, uniqueEmail('active'), undefined, base);
  await loadWithPausedClock(page, '/gamehall');
  await expect(page.getByTestId('header-balance')).toBeVisible();

  await page.clock.runFor(8_100);
  const warning = page.getByTestId('inactivity-warning');
  await expect(warning).toBeVisible();
  await warning.getByTestId('inactivity-stay').click();
  await expect(warning).toHaveCount(0);

  // The count started over at the click: no warning for another 8 seconds.
  await page.clock.runFor(7_500);
  await expect(warning).toHaveCount(0);
  await page.clock.runFor(1_000);
  await expect(warning).toBeVisible();
  await page.keyboard.press('Shift');
  await expect(warning).toHaveCount(0);

  // Past the first deadline: still signed in.
  await page.clock.runFor(5_000);
  await expect(page.getByTestId('header-balance')).toBeVisible();
  expect(await uid(page)).toBeGreaterThan(0);

  // A route change is activity too: back to /gamehall (no click, no key) restarts the count.
  await page.getByRole('link', { name: 'Winners' }).first().click();
  await renderedUnderPausedClock(page, 'page-winners');
  await page.clock.runFor(5_000);
  await page.goBack();
  // The route has changed once the router has rendered it (not merely when the address changed).
  await renderedUnderPausedClock(page, 'page-gamehall');
  await page.clock.runFor(5_000);
  await expect(warning).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toBeVisible();
  expect(await uid(page)).toBeGreaterThan(0);
});
