import { expect, test } from '@playwright/test';
import pg from 'pg';
import { gotoHydrated } from './support.ts';
import { startTwoProcesses, type TwoProcesses } from './two-processes.ts';

/**
 * Issue 29, the other side of gamehall.spec.ts's "no live casino to offer": once a provider's
 * live-dealer game is in the catalogue (as the aggregator's game sync would put it, written here
 * straight into the run's own database), the live casino appears: in the header, on the home page
 * (tile and row) and in the hall (its category, with the game).
 */

let site: TwoProcesses;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startTwoProcesses({ name: 'live-casino' });
  const client = new pg.Client({ connectionString: site.databaseUrl });
  await client.connect();
  try {
    await client.query(`insert into game_providers (sysname, name, integration, position) values ('northlight-live', 'Northlight Live', 'external', 9)`);
    await client.query(
      `insert into games (sysname, name, provider, type, rtp, volatility, image_url, engine) values ('northlight-roulette', 'Northlight Roulette', 'northlight-live', 'live', '97.30', 'low', '/games/croupier-roulette.svg', null)`,
    );
    await client.query(`insert into game_category_games (category_id, game, position) values ('live', 'northlight-roulette', 1)`);
  } finally {
    await client.end();
  }
});
test.afterAll(async () => {
  await site?.stop();
});

test('a live-dealer game of its provider brings the live casino to the header, the home page and the hall', async ({ page }) => {
  test.setTimeout(120_000);
  // Each process serves the catalogue's lists from memory for up to 5 s (CATALOGUE_CACHE_MS).
  await expect(async () => {
    await gotoHydrated(page, `${site.base}/`);
    await expect(page.getByTestId('game-row-live')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByTestId('site-header').locator('a[href="/gamehall?category=live"]')).toBeVisible();
  await expect(page.getByTestId('home-category-live')).toBeVisible();
  await expect(page.getByTestId('game-row-live').getByTestId('game-tile')).toHaveCount(1);
  await expect(page.getByTestId('game-row-live')).toContainText('Northlight Roulette');

  await gotoHydrated(page, `${site.base}/fr/gamehall`);
  await expect(page.getByTestId('category-live')).toContainText('Casino en direct');
  await page.getByTestId('category-live').click();
  await expect(page.getByTestId('game-tile')).toHaveCount(1);
  await expect(page.getByTestId('game-tile')).toContainText('Northlight Roulette');
  await expect(page.getByTestId('live-closed')).toHaveCount(0);

  const shots = process.env.LIVE_SHOTS_DIR ?? 'test-results/live-shots';
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of [['home-with-live', '/'], ['hall-with-live', '/fr/gamehall/live']]) {
      await gotoHydrated(page, `${site.base}${path}`);
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: name.startsWith('home') });
    }
  }
});
