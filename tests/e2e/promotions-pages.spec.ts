import { expect, test, type Page } from '@playwright/test';
import { fillSignIn, fillSignUp, openAuthPopup, registerByApi, signOutFromHeader, uniqueEmail } from './auth-support.ts';
import { depositThroughDemo, gotoHydrated, seriousViolations } from './support.ts';

/**
 * The public side of promotions (docs/promotions.md), on the demo campaigns of
 * server/db/seed/promotions.json: the offers and promotions lists and a campaign's page, in both
 * languages; promo codes refused and accepted with the popup that follows, from the form and
 * from a ?promo_code= link through sign-up; campaign popups by ?popup= and after sign-in.
 */

const campaignPopup = (page: Page) => page.getByTestId('dialog-campaign-popup');
const promoPopup = (page: Page) => page.getByTestId('dialog-promo-code-activated');

test('a guest sees the promotions as cards and opens one', async ({ page }) => {
  await gotoHydrated(page, '/promotions');
  const cards = page.getByTestId('campaign-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(5);
  await expect(page.locator('[data-campaign="welcome-bonus"]')).toContainText('100% up to 100.00 EUR');
  await expect(page.locator('[data-campaign="welcome-bonus"]')).toContainText('Wager 10x in 14 days');
  await expect(page.locator('[data-campaign="weekly-cashback"]')).toContainText('10% cashback');

  await page.locator('[data-campaign="lucky-chip"]').click();
  await expect(page).toHaveURL(/\/promotions\/lucky-chip$/);
  await expect(page.getByTestId('campaign-title')).toHaveText('€10 bonus with the code LUCKY10');
  await expect(page.getByTestId('reward-badge').first()).toHaveText('10.00 EUR bonus');
  await expect(page.getByTestId('campaign-terms')).toContainText('Wagering 5x within 7 days');
  await expect(page).toHaveTitle(/^€10 bonus with the code LUCKY10 · /);
  // A promo-code campaign takes its code on its page.
  await expect(page.getByTestId('campaign-action').getByTestId('promo-code-form')).toBeVisible();

  // A deposit offer asks a guest to sign up first.
  await gotoHydrated(page, '/offers/welcome-bonus');
  await page.getByTestId('campaign-deposit').click();
  await expect(page.getByTestId('dialog-auth')).toBeVisible();
});

test('an unknown campaign is a 404, and a campaign has one address', async ({ page }) => {
  expect((await page.goto('/promotions/nope'))?.status()).toBe(404);
  expect((await page.goto('/offers/No_Such'))?.status()).toBe(404);
  // golden-spins is placed among the offers: its promotions address leads there.
  const response = await page.goto('/promotions/golden-spins');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/offers\/golden-spins$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/offers\/golden-spins$/);
});

test('/fr/promotions is in French', async ({ page }) => {
  await gotoHydrated(page, '/fr/promotions');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('[data-campaign="weekly-cashback"]')).toContainText('Cashback hebdomadaire de 10 %');
  await expect(page.locator('[data-campaign="weekly-cashback"]')).toContainText('10 % de cashback');
  await expect(page.locator('[data-campaign="welcome-bonus"]')).toContainText("100 % jusqu'à 100.00 EUR");
  await page.locator('[data-campaign="lucky-chip"]').click();
  await expect(page).toHaveURL(/\/fr\/promotions\/lucky-chip$/);
  await expect(page.getByTestId('campaign-title')).toHaveText('10 € de bonus avec le code LUCKY10');
  await expect(page.getByRole('heading', { name: 'Conditions générales' })).toBeVisible();
});

test('a player applies a bad promo code, then WELCOME, which unlocks the deposit offer', async ({ page }) => {
  await registerByApi(page.request, uniqueEmail('promo'));
  await gotoHydrated(page, '/offers');
  const form = page.getByTestId('promo-code-form');
  await form.getByTestId('promo-code-input').fill('NOPE-NOPE');
  await form.getByTestId('promo-code-apply').click();
  await expect(form.getByTestId('field-error')).toHaveText('No such promo code');
  await expect(form.getByTestId('promo-code-input')).toHaveAttribute('aria-invalid', 'true');

  await form.getByTestId('promo-code-input').fill('welcome');
  await form.getByTestId('promo-code-apply').click();
  const popup = promoPopup(page);
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId('promo-popup-title')).toHaveText('Promo code activated');
  await expect(popup.getByTestId('promo-popup-campaign')).toContainText('WELCOME code');
  await expect(popup.getByTestId('reward-badge')).toHaveText('50% up to 25.00 EUR');
  await expect(popup.getByTestId('promo-popup-deposit')).toHaveAttribute('href', /\/cashier\/deposit\?offer=\d+$/);
  await expect(form.getByTestId('promo-code-input')).toHaveValue('');

  // The same code again is refused by its code.
  await popup.getByTestId('dialog-close').click();
  await form.getByTestId('promo-code-input').fill('WELCOME');
  await form.getByTestId('promo-code-apply').click();
  await expect(form.getByTestId('field-error')).toHaveText('You have already used this promo code');
});

test('a ?promo_code= link is applied at sign-up, and a depositor is greeted by the popup campaign once', async ({ page }) => {
  test.setTimeout(60_000);
  await gotoHydrated(page, '/?promo_code=WELCOME');
  const auth = await openAuthPopup(page, 'sign-up');
  await expect(auth.getByTestId('promo-toggle')).toContainText('WELCOME');
  const email = uniqueEmail('promo-link');
  await fillSignUp(auth, email);
  await page.waitForURL(/register=success/);

  // The player's own code; the demo popup campaign is for depositors, so nothing underneath.
  await expect(promoPopup(page)).toBeVisible({ timeout: 10_000 });
  // The popup's frame shows at once and its lazily loaded content after it: measured 0.1 to 6.3 s
  // later on a busy 2-core machine right after signing in, so 5 s was not enough.
  await expect(promoPopup(page).getByTestId('promo-popup-title')).toHaveText('Promo code activated', { timeout: 15_000 });
  await promoPopup(page).getByTestId('dialog-close').click();
  // Beneath it, the e-mail confirm after sign-up (confirmEmailPopup): later.
  await page.getByTestId('email-confirm-later').click();
  await page.waitForTimeout(1_000);
  await expect(campaignPopup(page)).toHaveCount(0);

  // Once a depositor, the next sign-in queues the reload popup, once.
  await depositThroughDemo(page, '20');
  await gotoHydrated(page, '/');
  // The link's code was used at sign-up: it is not kept to be used again.
  expect(await page.evaluate(() => localStorage.getItem('promo_code'))).toBeNull();
  await signOutFromHeader(page);
  await gotoHydrated(page, '/');
  await fillSignIn(await openAuthPopup(page, 'sign-in'), email);
  const campaign = campaignPopup(page);
  await expect(campaign).toBeVisible({ timeout: 10_000 });
  await expect(campaign.getByTestId('campaign-popup-title')).toHaveText('Weekend reload: 50% up to €200', { timeout: 15_000 });
  await campaign.getByTestId('dialog-close').click();
  await gotoHydrated(page, '/promotions');
  await page.waitForTimeout(1_000);
  await expect(campaignPopup(page)).toHaveCount(0);
});

test('a guest\'s valid code is kept for sign-up; a player\'s ?promo_code= link is used at once', async ({ page }) => {
  await gotoHydrated(page, '/offers');
  const form = page.getByTestId('promo-code-form');
  await form.getByTestId('promo-code-input').fill('lucky10');
  await form.getByTestId('promo-code-apply').click();
  await expect(promoPopup(page).getByTestId('promo-popup-title')).toHaveText('Your promo code is valid');
  await promoPopup(page).getByTestId('promo-popup-sign-up').click();
  await expect(page.getByTestId('dialog-auth').getByTestId('promo-toggle')).toContainText('LUCKY10');

  const player = await page.context().browser()!.newContext();
  const tab = await player.newPage();
  await registerByApi(tab.request, uniqueEmail('promo-link-in'));
  await gotoHydrated(tab, '/promotions?promo_code=LUCKY10');
  await expect(promoPopup(tab).getByTestId('promo-popup-campaign')).toHaveText('€10 bonus with the code LUCKY10');
  await expect(promoPopup(tab).getByTestId('promo-popup-bonuses')).toHaveAttribute('href', '/profile/bonuses');
  expect(await tab.evaluate(() => localStorage.getItem('promo_code'))).toBeNull();
  await player.close();
});

test('?popup= opens a campaign on the home page, in preview with #popup-preview, never on a game', async ({ page }) => {
  await gotoHydrated(page, '/?popup=golden-spins');
  await expect(campaignPopup(page)).toBeVisible();
  await expect(campaignPopup(page).getByTestId('campaign-popup-title')).toHaveText('20 free spins on Golden Croupier');
  await expect(campaignPopup(page).getByTestId('campaign-popup-preview')).toHaveCount(0);

  await gotoHydrated(page, '/gamehall?popup=golden-spins#popup-preview');
  await expect(campaignPopup(page).getByTestId('campaign-popup-preview')).toHaveText('Preview');
  await expect(campaignPopup(page).getByTestId('campaign-take')).toBeDisabled();

  await gotoHydrated(page, '/game/golden-croupier?popup=golden-spins');
  await page.waitForTimeout(1_500);
  await expect(campaignPopup(page)).toHaveCount(0);
});

test('the home page shows the banner campaigns', async ({ page }) => {
  await gotoHydrated(page, '/');
  const banners = page.getByTestId('home-banners');
  await expect(banners.locator('[data-campaign="welcome-bonus"]')).toContainText('100% up to 100.00 EUR');
  await banners.locator('[data-campaign="weekly-cashback"]').click();
  await expect(page).toHaveURL(/\/promotions\/weekly-cashback$/);
  await expect(page.getByTestId('campaign-action')).toContainText('10% of your net losses comes back to you every 7 days.');
});

test('the lists, a campaign page and the campaign popup pass axe', async ({ page }) => {
  // Five pages, each hydrated and analysed by axe: 20 s ran out on a busy 2-core machine, before and after this session's changes.
  test.setTimeout(60_000);
  for (const path of ['/offers', '/fr/promotions', '/promotions/weekly-cashback', '/offers/welcome-bonus']) {
    await gotoHydrated(page, path);
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await gotoHydrated(page, '/?popup=golden-spins');
  await expect(campaignPopup(page)).toBeVisible();
  expect(await seriousViolations(page), 'campaign popup').toEqual([]);
});
