import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { createStaff, shootBackoffice } from './backoffice-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * Marketing in the back office (docs/backoffice.md, "Marketing: loyalty and tournaments"): a
 * marketing member creates a tournament starting now on the dice, with its prize table checked
 * by the server and its preview in both languages; a player joins and plays the dice, and shows
 * on the tournament's leaderboard on the site and, live, in the back office; the member ends it.
 * Then the loyalty screens: a level and a shop product edited beside their previews. Writes the
 * screenshots of docs/backoffice.md (BACKOFFICE_SHOTS_DIR=docs/backoffice).
 */

/** One real-money dice round: every bet counts in a `wagered` tournament. */
async function playDiceRound(page: Page) {
  await gotoHydrated(page, '/platform/game/croupier-dice/play?mode=real');
  await expect(page.getByTestId('studio-mode')).toHaveText('Real money');
  await expect(page.getByTestId('dice-roll-button')).toBeEnabled();
  await page.getByTestId('dice-roll-button').click();
  await expect(page.getByTestId('dice-outcome')).toHaveText(/You win|No win/, { timeout: 15_000 });
}

test('marketing creates a tournament starting now; a player plays and appears on both leaderboards', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await createStaff(page, 'marketing');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Tournaments' }).click();
  await expect(page.getByRole('heading', { name: 'Tournaments', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /High Roller Sprint/ })).toBeVisible();
  await shootBackoffice(page, 'tournaments');

  // A new tournament from a copy of the wager sprint's settings, on the dice only, starting now.
  await page.getByTestId('tournament-new').click();
  const sprint = await page.getByTestId('tournament-copy-from').locator('option', { hasText: 'high-roller-sprint' }).getAttribute('value');
  await page.getByTestId('tournament-copy-from').selectOption(sprint!);
  await expect(page.getByTestId('tournament-sysname')).toHaveValue('high-roller-sprint-copy');
  const sysname = `dice-dash-${Date.now()}`;
  await page.getByTestId('tournament-sysname').fill(sysname);
  await page.getByTestId('tournament-name-en').fill('Dice Dash');
  await page.getByTestId('tournament-name-fr').fill('Course aux dés');
  await page.getByTestId('tournament-start-now').click();
  await page.getByTestId('tournament-all-games').uncheck();
  await page.getByTestId('tournament-games').selectOption(['croupier-dice']);
  await expect(page.getByTestId('tournament-scoring')).toHaveValue('wagered');
  // A prize table whose second range overlaps the first and pays nothing: refused, field by field.
  await page.getByTestId('prize-0-amount').fill('50.00');
  await page.getByTestId('prize-1-from').fill('1');
  await page.getByTestId('prize-1-amount').fill('0.00');
  await page.getByTestId('tournament-create').click();
  const prizes = page.getByTestId('tournament-prize-table');
  await expect(prizes).toContainText('Ranks go up: start after rank 1');
  await expect(prizes).toContainText('A prize above zero, in EUR');
  await expect(page).toHaveURL(/\/backoffice\/tournaments\/new/);
  await page.getByTestId('prize-1-from').fill('2');
  await page.getByTestId('prize-1-to').fill('10');
  await page.getByTestId('prize-1-amount').fill('10.00');
  // The preview is the site's own card and page, in both languages, following the form.
  const previews = page.getByTestId('tournament-previews');
  await expect(previews.locator('[data-locale="en"]').getByTestId('tournament-card')).toContainText('Dice Dash');
  await expect(previews.locator('[data-locale="en"]').getByTestId('tournament-card')).toContainText('€140.00');
  await expect(previews.locator('[data-locale="fr"]').getByTestId('tournament-title')).toHaveText('Course aux dés');
  await expect(previews.locator('[data-locale="fr"]').getByTestId('tournament-status').first()).toHaveText('En direct');
  await shootBackoffice(page, 'tournament-new');
  await page.getByTestId('tournament-create').click();
  await expect(page).toHaveURL(/\/backoffice\/tournaments\/\d+$/);
  await expect(page.locator('header').getByRole('heading', { name: 'Dice Dash', level: 1 })).toBeVisible();
  await expect(page.getByTestId('bo-tournament-standings')).toContainText('Nobody has scored yet.');

  // A player finds it on the site, joins and plays the dice once.
  const context = await browser.newContext();
  const player = await context.newPage();
  const email = uniqueEmail('dice-dash');
  await registerByApi(player.request, email, PASSWORD);
  await depositThroughDemo(player, '200');
  await gotoHydrated(player, `/tournaments/${sysname}`);
  await expect(player.getByTestId('tournament-title')).toHaveText('Dice Dash');
  await player.getByTestId('tournament-join').click();
  await expect(player.getByTestId('tournament-joined')).toBeVisible();
  const board = await context.newPage();
  await gotoHydrated(board, `/tournaments/${sysname}`);
  await playDiceRound(player);
  await expect(board.locator('[data-testid="leaderboard-row"][data-mine]')).toBeVisible({ timeout: 20_000 });
  await expect(board.getByTestId('tournament-my-rank')).toHaveText('1');

  // The back office's page, open all along, shows the player without a reload.
  const standing = page.getByTestId('bo-standing');
  await expect(standing).toHaveCount(1, { timeout: 20_000 });
  await expect(standing).toContainText(email);
  await expect(standing).toContainText('50.00 EUR');
  await shootBackoffice(page, 'tournament-live');

  // Ending it now pays the winner once; the page then shows it finished.
  await page.getByTestId('tournament-end').click();
  await page.getByTestId('tournament-end-confirm').click();
  await expect(page.getByText('Ended: 1 prizes paid.')).toBeVisible();
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible();
  await gotoHydrated(board, `/tournaments/${sysname}`);
  await expect(board.getByTestId('tournament-status').first()).toHaveText(/Finished/);
  await context.close();
});

test('marketing edits a loyalty level and a shop product beside the site’s own cards, in both languages', async ({ page }) => {
  test.setTimeout(90_000);
  await createStaff(page, 'marketing');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Loyalty' }).click();
  await expect(page.getByTestId('loyalty-levels-table')).toContainText('Diamond');
  await page.getByTestId('level-edit-gold').click();
  // Below the silver level's threshold: refused under the field, nothing saved.
  await page.getByTestId('level-threshold').fill('300');
  await page.getByTestId('level-save').click();
  await expect(page.getByText('Above 500, the level below')).toBeVisible();
  await page.getByTestId('level-threshold').fill('2000');
  await page.getByTestId('level-rate').fill('4');
  const ladder = page.getByTestId('loyalty-levels-preview');
  await expect(ladder.locator('[data-locale="fr"] [data-testid="loyalty-level"][data-level="3"]')).toContainText('Or');
  await expect(ladder.locator('[data-locale="en"] [data-testid="loyalty-level"][data-level="3"]')).toContainText('4 CP per 10.00 on slots');
  await shootBackoffice(page, 'loyalty-levels');
  await page.getByTestId('level-save').click();
  await expect(page.getByText('Saved: the site shows it now.')).toBeVisible();
  await expect(page.getByTestId('loyalty-levels-table').getByRole('row', { name: /Gold/ })).toContainText('4');

  await page.getByRole('tab', { name: 'Shop' }).click();
  await page.getByTestId('product-edit-golden-spins-20').click();
  await page.getByTestId('product-price').fill('0');
  await page.getByTestId('product-save').click();
  await expect(page.locator('.bo-field', { hasText: 'Price' }).locator('.bo-error-text')).toBeVisible();
  await page.getByTestId('product-price').fill('750');
  // Corrected: the server's message under the field goes at once, before any new save.
  await expect(page.locator('.bo-field', { hasText: 'Price' }).locator('.bo-error-text')).toHaveCount(0);
  await page.getByTestId('product-name-fr').fill('20 tours gratuits sur Golden Croupier !');
  const card = page.getByTestId('loyalty-product-preview');
  await expect(card.locator('[data-locale="en"]').getByTestId('loyalty-product-price')).toHaveText('750 CP');
  await expect(card.locator('[data-locale="fr"]')).toContainText('20 tours gratuits sur Golden Croupier !');
  await shootBackoffice(page, 'loyalty-shop');
  await page.getByTestId('product-save').click();
  await expect(page.getByText('Saved: the site shows it now.')).toBeVisible();
  await page.getByTestId('product-toggle-golden-spins-20').click();
  await expect(page.locator('[data-product="golden-spins-20"]')).toContainText('off the shop');
  // The shop on the site no longer offers it.
  await gotoHydrated(page, '/loyalty/shop');
  await expect(page.getByTestId('loyalty-product').first()).toBeVisible();
  await expect(page.locator('[data-product="golden-spins-20"]')).toHaveCount(0);
  await page.goto('/backoffice/loyalty?tab=characters');
  await expect(page.getByTestId('loyalty-characters-table')).toBeVisible();
  await expect(page.getByTestId('site-preview').first()).toBeVisible();
  await shootBackoffice(page, 'loyalty-characters');
});
