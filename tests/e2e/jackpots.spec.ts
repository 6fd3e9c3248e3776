import { expect, test } from '@playwright/test';
import { gotoHydrated, seriousViolations } from './support.ts';

/** A displayed amount, `€25,000.00`, as a number. */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));
const MONEY = /^€\d{1,3}(,\d{3})*\.\d{2}$/;

test.describe('jackpots', () => {
  test('a guest sees the three jackpots with live amounts, refreshed while the page is open', async ({ page }) => {
    await gotoHydrated(page, '/jackpots');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jackpots');
    const cards = page.getByTestId('jackpot-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toHaveAttribute('data-jackpot', 'mega');
    await expect(cards.nth(1)).toHaveAttribute('data-jackpot', 'major');
    await expect(cards.nth(2)).toHaveAttribute('data-jackpot', 'mini');
    // Other journeys may play real money meanwhile: each pool is at least its seed.
    const seeds = [25_000, 1_000, 50];
    for (const [index, seed] of seeds.entries()) {
      const text = await cards.nth(index).getByTestId('jackpot-amount').textContent();
      expect(text).toMatch(MONEY);
      expect(amountOf(text)).toBeGreaterThanOrEqual(seed);
    }
    await expect(cards.nth(0)).toContainText('Drops at €75,000.00 on average');
    await expect(page.getByRole('heading', { name: 'How the jackpots work' })).toBeVisible();
    // The amounts are asked again every few seconds.
    await page.waitForRequest((request) => request.url().includes('/api/jackpots/get'), { timeout: 8_000 });
  });

  test('opens a jackpot: its amount, odds, eligible games and winners', async ({ page }) => {
    await gotoHydrated(page, '/jackpots');
    await page.getByTestId('jackpot-card').nth(2).click();
    await expect(page).toHaveURL('/jackpots/mini');
    const detail = page.getByTestId('page-jackpot');
    await expect(detail.getByRole('heading', { level: 1 })).toHaveText('Mini jackpot');
    expect(await detail.getByTestId('jackpot-amount').first().textContent()).toMatch(MONEY);
    const odds = page.getByTestId('jackpot-odds');
    await expect(odds).toContainText('€10,000.00');
    await expect(odds.getByRole('row', { name: /€1\.00/ })).toContainText('1 in 10,000');
    await expect(odds).toContainText('P(win) = bet ÷ €10,000.00');
    // The Mini plays on the slots: game tiles linking to the games.
    const tiles = page.getByTestId('jackpot-games').getByTestId('game-tile');
    await expect(tiles).toHaveCount(19);
    await expect(tiles.first().getByRole('link')).toHaveAttribute('href', /^\/game\/[a-z0-9-]+$/);
    await page.getByRole('link', { name: 'All jackpots' }).click();
    await expect(page).toHaveURL('/jackpots');
  });

  test('an unknown jackpot is a 404', async ({ page }) => {
    const response = await page.goto('/jackpots/no-such-jackpot');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /jackpots/no-such-jackpot');
  });

  test('/winners shows recent big wins and the leaderboard, which switches period', async ({ page }) => {
    await gotoHydrated(page, '/winners');
    await expect(page.getByTestId('page-winners')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Winners');
    await expect(page.getByRole('heading', { name: 'Recent big wins' })).toBeVisible();
    await expect(page.getByTestId('jackpot-ticker')).toBeVisible();
    const board = page.getByTestId('leaderboard');
    await expect(board.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
    const month = board.getByRole('radio', { name: '30 days' });
    const asked = page.waitForRequest((request) => request.url().includes('/api/leaderboard/get') && request.url().includes('period=month'));
    await month.click();
    await asked;
    await expect(month).toHaveAttribute('aria-checked', 'true');
  });

  test('the home page shows the live jackpot ticker, linking to each jackpot', async ({ page }) => {
    await gotoHydrated(page, '/');
    const ticker = page.getByTestId('jackpot-ticker');
    await expect(ticker).toBeVisible();
    await expect(ticker.getByTestId('ticker-jackpot')).toHaveCount(3);
    expect(await ticker.getByTestId('jackpot-amount').first().textContent()).toMatch(MONEY);
    await ticker.getByTestId('ticker-jackpot').first().click();
    await expect(page).toHaveURL('/jackpots/mega');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mega jackpot');
  });

  test('/fr/jackpots is in French', async ({ page }) => {
    await gotoHydrated(page, '/fr/jackpots');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByText('Jackpots progressifs')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Comment fonctionnent les jackpots' })).toBeVisible();
    const mega = page.getByTestId('jackpot-card').first();
    await expect(mega).toContainText('Méga');
    await expect(mega).toContainText('Tombe en moyenne à');
    await expect(mega).toHaveAttribute('href', '/fr/jackpots/mega');
    await gotoHydrated(page, '/fr/winners');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gagnants');
    await expect(page.getByRole('heading', { name: 'Classement' })).toBeVisible();
  });
});

test.describe('jackpot pages at phone and desktop widths', () => {
  for (const width of [375, 1440]) {
    for (const path of ['/jackpots', '/jackpots/mega', '/winners']) {
      test(`${path} at ${width}px has no serious accessibility violations`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await gotoHydrated(page, path);
        expect(await seriousViolations(page)).toEqual([]);
        // Nothing sticks out sideways on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }
  }
});
