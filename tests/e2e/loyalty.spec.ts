import { expect, test } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { gotoHydrated, seriousViolations } from './support.ts';

/**
 * The loyalty programme in the browser (spec 2 sections 2 to 4), on the demo programme: a guest's
 * view of the levels and the shop's prices, the programme's 404 and French pages, a player changing
 * character through the confirm, and a player without points told what they are missing.
 */

// Several pages and an axe pass each: room for a busy machine.
test.describe.configure({ timeout: 60_000 });

test('a guest sees the levels on /loyalty and the prices on /loyalty/shop, with a sign-up call', async ({ page }) => {
  await gotoHydrated(page, '/loyalty');
  await expect(page.getByTestId('page-loyalty')).toBeVisible();
  const levels = page.getByTestId('loyalty-level');
  expect(await levels.count()).toBeGreaterThan(1);
  await expect(levels.first()).toHaveAttribute('data-level', '1');
  await expect(levels.nth(1).getByTestId('loyalty-level-threshold')).toHaveText(/^From [\d,]+ CP$/);
  await expect(page.getByTestId('loyalty-earn').locator('li')).toHaveCount(4);
  await expect(page.getByTestId('loyalty-status')).toHaveCount(0);
  await expect(page.getByTestId('loyalty-guest')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('loyalty-join').click();
  await expect(page.getByTestId('dialog-auth')).toBeVisible();

  await gotoHydrated(page, '/loyalty/shop');
  const products = page.getByTestId('loyalty-product');
  expect(await products.count()).toBeGreaterThan(0);
  await expect(products.first().getByTestId('loyalty-product-price')).toHaveText(/^[\d,]+ CP$/);
  await expect(page.getByTestId('loyalty-shop-guest')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await products.first().getByTestId('loyalty-product-buy').click();
  await expect(page.getByTestId('dialog-auth')).toBeVisible();
});

test('an unknown programme is a 404, and /fr/loyalty is in French', async ({ page }) => {
  expect((await page.goto('/loyalty/nope'))?.status()).toBe(404);
  await gotoHydrated(page, '/fr/loyalty');
  await expect(page.getByRole('heading', { name: 'Les niveaux' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comment gagner des points' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await gotoHydrated(page, '/fr/loyalty/shop');
  await expect(page.getByRole('heading', { name: 'Dépensez vos points', level: 1 })).toBeVisible();
});

test('a player changes character on /profile/loyalty through the confirm', async ({ page }) => {
  await registerByApi(page.request, uniqueEmail('loyalty-character'), PASSWORD);
  await gotoHydrated(page, '/profile/loyalty');
  await expect(page.getByTestId('loyalty-status')).toHaveAttribute('data-level', '1');
  await expect(page.getByTestId('loyalty-points')).toHaveText('0 CP');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByTestId('loyalty-to-next')).toHaveText('500 CP more to reach Silver');
  expect(await seriousViolations(page)).toEqual([]);
  const before = await page.getByTestId('loyalty-character-current').getAttribute('data-character');

  await page.getByTestId('loyalty-character-change').click();
  const change = page.getByTestId('dialog-loyalty-character-change');
  await expect(change).toBeVisible();
  const other = change.locator(`[data-testid="loyalty-character-option"]:not([data-character="${before}"])`).first();
  const sysname = await other.getAttribute('data-character');
  await other.click();
  await expect(other).toHaveAttribute('aria-checked', 'true');
  await change.getByTestId('loyalty-character-next').click();

  const confirm = page.getByTestId('dialog-loyalty-character-confirm');
  await expect(confirm.getByTestId('loyalty-character-confirm')).toHaveAttribute('data-character', sysname!);
  // Back returns to the choice, the pick kept.
  await confirm.getByTestId('loyalty-character-back').click();
  await expect(change.locator(`[data-character="${sysname}"]`)).toHaveAttribute('aria-checked', 'true');
  await change.getByTestId('loyalty-character-next').click();
  await confirm.getByTestId('loyalty-character-yes').click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('loyalty-character-current')).toHaveAttribute('data-character', sysname!);
  await expect(page.getByTestId('toast-area')).toContainText('is your character now');

  // Kept by the server.
  await gotoHydrated(page, '/profile/loyalty');
  await expect(page.getByTestId('loyalty-character-current')).toHaveAttribute('data-character', sysname!);
});

test('a player without points is told how many are missing and where to earn them', async ({ page }) => {
  await registerByApi(page.request, uniqueEmail('loyalty-shop'), PASSWORD);
  await gotoHydrated(page, '/loyalty/shop');
  await expect(page.getByTestId('loyalty-shop-balance').getByTestId('loyalty-points')).toHaveText('0 CP');
  const product = page.locator('[data-testid="loyalty-product"][data-state="points"]').first();
  const price = (await product.getByTestId('loyalty-product-price').textContent())!;
  await expect(product.getByTestId('loyalty-product-missing')).toHaveText(`${price} missing`);
  await product.getByTestId('loyalty-product-buy').click();

  const dialog = page.getByTestId('dialog-loyalty-shop-insufficient');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('loyalty-insufficient-missing')).toHaveText(price);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByTestId('loyalty-insufficient-hall').click();
  await expect(page).toHaveURL('/gamehall');
  await expect(dialog).toHaveCount(0);
});
