import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support.ts';

/**
 * Content pages and the hall's SEO texts as a visitor meets them (docs/content.md): the footer's
 * help pages in English and French, the responsible gaming page leading to the player's limits,
 * a real 404 for an unknown slug, and the text under the game hall's grid.
 */

// Each test opens several pages and waits for hydration; a loaded machine needs more than 20 s.
test.describe.configure({ timeout: 60_000 });

test('the footer leads to the terms, privacy, responsible gaming and about pages, in English and in French', async ({ page }) => {
  await gotoHydrated(page, '/gamehall');
  const footer = page.getByTestId('site-footer');
  await footer.getByRole('link', { name: 'Terms and conditions' }).click();
  await expect(page).toHaveURL('/terms');
  const article = page.getByTestId('content-page');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText('Terms and conditions');
  await expect(article.getByRole('heading', { name: '1. Who may play' })).toBeVisible();
  await expect(article).toContainText('You must be at least 18 years old');

  for (const [name, heading] of [['Privacy policy', 'Privacy policy'], ['About us', 'About Croupier'], ['Responsible gaming', 'Playing responsibly']]) {
    await footer.getByRole('link', { name, exact: true }).click();
    // A client-side navigation: its data request can be slow on a loaded machine.
    await expect(page.getByTestId('content-page').getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 15_000 });
  }
  await expect(page).toHaveURL('/responsible-gaming');
  // The information page leads to the player's own limits (the settings route, not this page).
  await expect(page.getByTestId('responsible-tools').getByRole('link')).toHaveAttribute('href', '/responsible-game');

  await gotoHydrated(page, '/fr/terms');
  await expect(page.getByTestId('content-page').getByRole('heading', { level: 1 })).toHaveText('Conditions générales');
  await expect(page.getByTestId('content-page')).toContainText('Vous devez avoir au moins 18 ans');
  await page.getByTestId('site-footer').getByRole('link', { name: 'Jeu responsable' }).click();
  await expect(page).toHaveURL('/fr/responsible-gaming');
  await expect(page.getByTestId('content-page').getByRole('heading', { level: 1 })).toHaveText('Jouer de manière responsable');
  await expect(page.getByTestId('responsible-tools').getByRole('link')).toHaveAttribute('href', '/fr/responsible-game');
});

test('an unknown slug is a real 404 in both locales', async ({ page, request }) => {
  for (const path of ['/no-such-content-page', '/fr/no-such-content-page']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  const response = await gotoHydrated(page, '/no-such-content-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-notFound')).toBeVisible();
  await expect(page.getByTestId('content-page')).toHaveCount(0);
});

test('the game hall and its categories carry their own SEO text under the grid, in the server HTML', async ({ request }) => {
  const cases: Array<[string, string, string]> = [
    ['/gamehall', 'Online casino games at Croupier', 'brings together slots, table games'],
    ['/fr/gamehall', 'Jeux de casino en ligne chez Croupier', 'réunit machines à sous'],
    ['/gamehall/slot', 'Online slots', 'classic three-reel fruit machines'],
    ['/fr/gamehall/casino', 'Jeux de table : roulette, blackjack et plus', 'roulette'],
  ];
  for (const [path, heading, words] of cases) {
    const html = await (await request.get(path)).text();
    const block = /<section[^>]*data-testid="seo-text"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(block, path).toContain(heading);
    expect(block, path).toContain(words);
    // Under the grid, not above it.
    expect(html.indexOf('data-testid="games-grid"'), path).toBeLessThan(html.indexOf('data-testid="seo-text"'));
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the hall SEO text opens folded and unfolds with Read more', async ({ page }) => {
    await gotoHydrated(page, '/gamehall');
    const block = page.getByTestId('seo-text');
    const toggle = block.getByTestId('seo-text-toggle');
    await expect(toggle).toHaveText('Read more');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const folded = await block.boundingBox();
    await toggle.click();
    await expect(toggle).toHaveText('Show less');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect((await block.boundingBox())!.height).toBeGreaterThan(folded!.height + 60);
  });
});

test('on a desktop the hall SEO text shows whole, with no fold', async ({ page }) => {
  await gotoHydrated(page, '/fr/gamehall/slot');
  const block = page.getByTestId('seo-text');
  await expect(block.getByRole('heading', { name: 'Machines à sous en ligne' })).toBeVisible();
  await expect(block.getByTestId('seo-text-toggle')).toBeHidden();
  await expect(block.getByRole('heading', { name: 'Essayez avant de miser' })).toBeVisible();
});
