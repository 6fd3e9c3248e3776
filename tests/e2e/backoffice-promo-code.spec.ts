import { expect, test } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { createStaff, shootBackoffice } from './backoffice-support.ts';
import { gotoHydrated } from './support.ts';

/**
 * Marketing's promo codes in Chromium (docs/backoffice.md, "Marketing: campaigns and promo
 * codes"): a marketing member creates a campaign that gives 10.00 EUR of bonus money by code,
 * previews it as the site draws it and publishes it, then makes a code for it. A player enters
 * the code on the site and finds the bonus waiting among their bonuses; back in the back office
 * the code's uses name the player and "Bonuses given" lists the bonus. Writes the screenshots of
 * the marketing screens (BACKOFFICE_SHOTS_DIR=docs/backoffice).
 */

test('marketing creates a campaign and its promo code; a player enters the code, gets the bonus, and shows in its uses and the bonuses given', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const sysname = `e2e-code-bonus-${stamp}`;
  const code = `BO-E2E-${stamp}`;
  const title = `Ten euros with code ${code}`;
  // Publishing and disabling ask for a confirmation.
  page.on('dialog', (dialog) => void dialog.accept());

  await createStaff(page, 'marketing');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('link', { name: 'Campaigns' }).click();
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();

  // A new campaign by promo code (the form's default), 10.00 EUR of bonus money wagered 5 times.
  await page.getByTestId('campaign-new').click();
  await expect(page).toHaveURL(/\/backoffice\/campaigns\/new$/);
  await page.getByLabel('Address (sysname)').fill(sysname);
  await expect(page.getByLabel('How players take it')).toHaveValue('promo_code');
  await expect(page.getByLabel('Amount (EUR)')).toHaveValue('10.00');
  // Without an English title: refused under the field, nothing created; the message goes once it is typed.
  await page.getByTestId('campaign-save').click();
  const english = page.getByTestId('campaign-texts-en');
  await expect(english.locator('.bo-field', { hasText: 'Title' }).locator('.bo-error-text')).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/campaigns\/new$/);
  await english.getByLabel('Title').fill(title);
  await expect(english.locator('.bo-error-text')).toHaveCount(0);
  await english.getByLabel('Summary').fill('Enter the code, get 10.00 EUR of bonus money.');
  const french = page.getByTestId('campaign-texts-fr');
  await french.getByLabel('Title').fill(`Dix euros avec le code ${code}`);
  await french.getByLabel('Summary').fill('Saisissez le code, recevez 10,00 EUR d’argent bonus.');
  await page.getByTestId('campaign-save').click();
  await expect(page).toHaveURL(/\/backoffice\/campaigns\/\d+$/);
  await expect(page.getByText('draft', { exact: true })).toBeVisible();

  // The preview draws the saved draft with the site's components, in both languages.
  const previewEn = page.frameLocator('[data-testid="campaign-preview-en"]');
  const previewFr = page.frameLocator('[data-testid="campaign-preview-fr"]');
  await expect(previewEn.getByText(title).first()).toBeVisible({ timeout: 15_000 });
  await expect(previewFr.getByText(`Dix euros avec le code ${code}`).first()).toBeVisible({ timeout: 15_000 });
  await shootBackoffice(page, 'marketing-campaign', 600);
  await page.getByTestId('campaign-publish').click();
  await expect(page.getByText('Published: players see it inside its schedule.')).toBeVisible();

  // One code for it, lower case as typed: stored upper case.
  await nav.getByRole('link', { name: 'Promo codes' }).click();
  await expect(page.getByRole('heading', { name: 'Promo codes', level: 1 })).toBeVisible();
  const one = page.getByTestId('code-one');
  const campaignId = await one.getByLabel('Campaign').locator('option', { hasText: sysname }).getAttribute('value');
  await one.getByLabel('Campaign').selectOption(campaignId!);
  await one.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await one.getByLabel('Uses at most').fill('5');
  await one.getByRole('button', { name: 'Create the code' }).click();
  await expect(page.getByText(`Code ${code} created.`)).toBeVisible();
  const codeRow = page.getByRole('row', { name: new RegExp(`^${code} `) });
  await expect(codeRow).toContainText('active');
  await expect(codeRow).toContainText('0 / 5');

  // A player enters it on their bonuses page and finds the bonus waiting to be activated.
  const context = await browser.newContext();
  const player = await context.newPage();
  const email = uniqueEmail('bo-promo');
  await registerByApi(player.request, email, PASSWORD);
  await gotoHydrated(player, '/profile/bonuses');
  const form = player.getByTestId('bonuses-promo').getByTestId('promo-code-form');
  await form.getByTestId('promo-code-input').fill(code.toLowerCase());
  await form.getByTestId('promo-code-apply').click();
  const activated = player.getByTestId('dialog-promo-code-activated');
  await expect(activated.getByTestId('promo-popup-title')).toHaveText('Promo code activated', { timeout: 15_000 });
  await activated.getByTestId('dialog-close').click();
  await player.getByTestId('bonus-tab-available').click();
  const card = player.getByTestId('bonus-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('bonus-title')).toHaveText(title);
  await expect(card.getByTestId('bonus-amount')).toHaveText('€10.00');

  // Back in the back office: the code's uses name the player.
  await page.reload();
  await expect(codeRow).toContainText('1 / 5');
  await codeRow.getByTestId('code-uses').click();
  await expect(page.getByRole('heading', { name: `Uses of ${code}` })).toBeVisible();
  const uses = page.getByTestId('code-uses-table');
  await expect(uses.getByRole('row')).toHaveCount(2);
  await expect(uses.getByRole('row').nth(1)).toContainText(email);
  await expect(uses.getByRole('row').nth(1)).toContainText(sysname);
  await shootBackoffice(page, 'marketing-promo-codes');

  // "Bonuses given", filtered by the campaign: the player's bonus, waiting, 10.00 EUR.
  await nav.getByRole('link', { name: 'Bonuses given' }).click();
  await expect(page.getByRole('heading', { name: 'Bonuses given', level: 1 })).toBeVisible();
  const filters = page.getByTestId('bonuses-filters');
  await filters.getByLabel('Campaign').selectOption(campaignId!);
  await filters.getByRole('button', { name: 'Filter' }).click();
  const bonuses = page.getByRole('table', { name: 'Bonuses given' });
  await expect(bonuses.getByRole('row')).toHaveCount(2);
  const bonusRow = bonuses.getByRole('row').nth(1);
  await expect(bonusRow).toContainText(email);
  await expect(bonusRow).toContainText(sysname);
  await expect(bonusRow).toContainText('available');
  await expect(bonusRow).toContainText('10.00');
  await shootBackoffice(page, 'marketing-bonuses');

  // The campaigns list counts the code and the bonus.
  await nav.getByRole('link', { name: 'Campaigns' }).click();
  const campaignRow = page.getByRole('row', { name: new RegExp(title) });
  await expect(campaignRow).toContainText('published');
  await expect(campaignRow).toContainText('live now');
  await expect(campaignRow.getByRole('cell').nth(5)).toHaveText('1');
  await expect(campaignRow.getByRole('cell').nth(6)).toHaveText('1');
  await shootBackoffice(page, 'marketing-campaigns');

  // Cashback runs: a run now says how many cashbacks it made; the computed periods are listed.
  await nav.getByRole('link', { name: 'Cashback runs' }).click();
  await expect(page.getByRole('heading', { name: 'Cashback runs', level: 1 })).toBeVisible();
  await expect(page.getByTestId('cashback-campaigns').getByRole('row').nth(1)).toBeVisible();
  await page.getByTestId('cashback-run').getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText(/new cashbacks/)).toBeVisible();
  await shootBackoffice(page, 'marketing-cashback');
  await context.close();
});
