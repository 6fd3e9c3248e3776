import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { registerByApi, uniqueEmail } from './auth-support.ts';
import { gotoHydrated } from './support.ts';

/**
 * The pages under their Content-Security-Policy (decision 033): no style element without the
 * nonce, no style attribute in HTML, connections to the site only. Every frame reports its
 * `securitypolicyviolation` events and the console its errors; none may appear, and the pages must
 * still be styled (a blocked stylesheet or style would leave them bare).
 */

type Problem = string;

/** Collects CSP violations from every frame of the context's pages, and console and page errors. */
async function watch(context: BrowserContext, page: Page): Promise<Problem[]> {
  const problems: Problem[] = [];
  await context.exposeBinding('__reportCspViolation', ({ frame }, violation: Record<string, unknown>) => {
    problems.push(`csp in ${frame.url()}: ${JSON.stringify(violation)}`);
  });
  await context.addInitScript(() => {
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { __reportCspViolation?: (value: unknown) => void }).__reportCspViolation;
        report?.({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample, source: event.sourceFile, line: event.lineNumber });
      },
      true,
    );
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // The demo provider's page names no icon: the browser's own /favicon.ico guess is not ours to fix.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) problems.push(`console in ${message.location().url}: ${message.text()}`);
  });
  return problems;
}

/** The site's stylesheet applied: the dark page colour and the site font, and the header laid out. */
async function expectSiteStyled(page: Page) {
  const looks = await page.evaluate(() => ({
    background: getComputedStyle(document.documentElement).backgroundColor,
    font: getComputedStyle(document.body).fontFamily,
  }));
  expect(looks.background).toBe('rgb(11, 13, 23)');
  expect(looks.font).toContain('Inter');
  const header = page.getByTestId('site-header');
  if (await header.count()) expect(await header.evaluate((element) => getComputedStyle(element).display)).not.toBe('inline');
}

/** Opens a page, waits for hydration and the network to settle, then for late work (lazy chunks, effects). */
async function visit(page: Page, path: string) {
  const response = await gotoHydrated(page, path);
  expect(response?.status(), path).toBeLessThan(400);
  await page.waitForLoadState('networkidle');
}

test.describe('content security policy', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a guest browses the main pages with no policy violation, and they stay styled', async ({ context, page }) => {
    const problems = await watch(context, page);

    for (const path of ['/', '/gamehall', '/betting', '/promotions', '/fr']) {
      await visit(page, path);
      await expectSiteStyled(page);
    }

    // The promo code field: its room for the button and the capitals come from classes now.
    await visit(page, '/offers');
    const input = page.getByTestId('promo-code-input');
    await expect(input).toHaveCSS('padding-right', '120px');
    await input.fill('welcome');
    await expect(input).toHaveCSS('text-transform', 'uppercase');

    // A game: its frame (the studio's play page) renders the backdrop and the client's own styles.
    await visit(page, '/game/golden-croupier');
    await expectSiteStyled(page);
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect(game.getByTestId('slot-spin')).toBeVisible({ timeout: 30_000 });
    const backdrop = game.locator('img[src="/games/golden-croupier.svg"]').first();
    await expect(backdrop).toHaveCSS('filter', /blur/);
    expect((await backdrop.boundingBox())?.width ?? 0).toBeGreaterThan(300);

    // The other studio clients set many styles (chips, cards, the wheel): in the browser, through the CSSOM.
    await visit(page, '/platform/game/croupier-roulette/play?mode=demo');
    await expect(page.getByTestId('studio-game')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Red', exact: true }).click();
    await expect(page.getByTestId('placed-chip').first()).toBeVisible();
    await visit(page, '/platform/game/croupier-blackjack/play?mode=demo');
    await page.getByTestId('bj-deal').click();
    await expect(page.getByTestId('bj-hand').first().getByTestId('card')).toHaveCount(2);
    await visit(page, '/platform/game/croupier-dice/play?mode=demo');
    await expect(page.getByTestId('dice-roll-button')).toBeVisible({ timeout: 30_000 });

    expect(problems).toEqual([]);
  });

  test('a signed-in player browses the profile, loyalty, limits and the demo payment page with no policy violation', async ({ context, page }) => {
    const problems = await watch(context, page);
    await registerByApi(page.request, uniqueEmail('csp'));
    // A deposit limit, so the limit card shows its bar (the share left: all of it).
    const limit = await page.request.post('/api/setDepositLimit', { form: { period: 'day', amount: '100' } });
    expect(limit.ok(), await limit.text()).toBe(true);

    for (const path of ['/profile', '/profile/loyalty', '/profile/bonuses', '/loyalty', '/fr/profile']) {
      await visit(page, path);
      await expectSiteStyled(page);
    }

    // The loyalty bar: rendered without a style attribute, sized in the browser (0% for a newcomer).
    await visit(page, '/profile/loyalty');
    await expect(page.getByTestId('loyalty-progress')).toBeVisible();

    // The limit's bar gets its width through the CSSOM after hydration: the whole track here.
    await visit(page, '/responsible-game');
    await expectSiteStyled(page);
    const card = page.getByTestId('deposit-limit-summary');
    await expect(card).toBeVisible();
    const track = card.locator('[aria-hidden="true"]').first();
    const bar = track.locator('div').first();
    await expect.poll(async () => ((await bar.boundingBox())?.width ?? 0) / ((await track.boundingBox())?.width ?? 1)).toBeGreaterThan(0.95);

    // The demo provider's hosted page (a server-made page): its style element carries the nonce.
    await visit(page, '/cashier/deposit');
    await page.getByTestId('amount-input').fill('20');
    await page.getByTestId('deposit-submit').click();
    await expect(page).toHaveURL(/\/psp\/demo\/pay\/dp_/);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(238, 241, 246)');
    await page.locator('button[data-outcome="success"]').click();
    await expect(page).toHaveURL(/\/cashier\//, { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await expectSiteStyled(page);

    expect(problems).toEqual([]);
  });

  test('the policy names no inline styles and no websocket, and the pages carry no style attribute', async ({ request }) => {
    for (const path of ['/', '/gamehall', '/game/golden-croupier', '/platform/game/golden-croupier/play', '/offers', '/loyalty', '/fr']) {
      const response = await request.get(path, { headers: { accept: 'text/html' } });
      const csp = response.headers()['content-security-policy'];
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9_-]{22})'/.exec(csp)?.[1];
      expect(nonce, path).toBeDefined();
      expect(csp, path).toContain(`style-src 'self' 'nonce-${nonce}';`);
      expect(csp, path).toContain("style-src-attr 'none'");
      expect(csp, path).toContain("connect-src 'self';");
      expect(csp, path).not.toContain('unsafe-inline');
      const body = await response.text();
      expect(body.match(/<[^>]+\sstyle="[^"]*"/g) ?? [], path).toEqual([]);
      for (const tag of body.match(/<style\b[^>]*>/g) ?? []) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
  });
});
