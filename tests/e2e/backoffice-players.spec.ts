import { expect, test, type Browser, type Page } from '@playwright/test';
import type { StaffRole } from '../../contract/backoffice.ts';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { createStaff } from './backoffice-support.ts';

/**
 * The players screens in Chromium (docs/backoffice.md, "Players"): a compliance member finds a
 * player who just signed up, notes and bans them (their session ends); a finance member asks for
 * an adjustment above the four-eyes threshold, and a second one approves it.
 */

async function staffPage(browser: Browser, role: StaffRole): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await createStaff(page, role);
  return page;
}

async function signedUpPlayer(browser: Browser, tag: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(tag);
  await registerByApi(page.request, email, PASSWORD);
  expect((await page.request.get('/api/getBalance')).status()).toBe(200);
  return { email, page };
}

async function openPlayer(page: Page, email: string) {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Players' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('table', { name: 'Players found' }).getByRole('link', { name: email });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible();
}

test('a compliance member finds a new player, adds a note and bans them: their session ends', async ({ browser }) => {
  test.setTimeout(90_000);
  const player = await signedUpPlayer(browser, 'bo-ban');
  const page = await staffPage(browser, 'compliance');
  await openPlayer(page, player.email);

  await page.getByLabel('New note').fill('Asked twice for a bonus he was not due.');
  await page.getByRole('button', { name: 'Add the note' }).click();
  await expect(page.getByRole('list', { name: 'Notes and tags' })).toContainText('Asked twice for a bonus he was not due.');

  // No reason: the field says so, and nothing happens.
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(page.getByText('Field is required')).toBeVisible();
  await page.getByLabel('Reason').fill('Multiple accounts from one household');
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unban' })).toBeVisible();
  await expect(page.locator('.bo-page-header').getByText('banned', { exact: true })).toBeVisible();

  // The player's session ended with the ban.
  expect((await player.page.request.get('/api/getBalance')).status()).toBe(401);
});

test('an adjustment above the threshold waits for a second finance member, then the balance shows it', async ({ browser }) => {
  test.setTimeout(120_000);
  const player = await signedUpPlayer(browser, 'bo-adjust');
  const first = await staffPage(browser, 'finance');
  await openPlayer(first, player.email);
  await expect(first.getByTestId('balance-main')).toHaveText('0.00 EUR');

  await first.getByLabel('Amount (EUR)').fill('750');
  await first.getByLabel('Reason').fill('Jackpot paid short by the provider');
  await first.getByRole('button', { name: 'Adjust the balance' }).click();
  await expect(first.getByText(/Waiting for a second member/)).toBeVisible();
  await expect(first.getByTestId('balance-main')).toHaveText('0.00 EUR');
  // The requester gets no approve button for their own request.
  await expect(first.getByText('You asked: another member approves')).toBeVisible();

  const second = await staffPage(browser, 'finance');
  await openPlayer(second, player.email);
  second.on('dialog', (dialog) => void dialog.accept());
  const waiting = second.locator('.bo-adjustment', { hasText: 'Jackpot paid short by the provider' });
  await expect(waiting).toContainText('750.00 EUR');
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await expect(second.getByTestId('balance-main')).toHaveText('750.00 EUR');
  await expect(second.getByText('Nothing waits for approval.')).toBeVisible();

  await first.reload();
  await expect(first.getByTestId('balance-main')).toHaveText('750.00 EUR');
  await first.getByRole('button', { name: 'Ledger' }).click();
  await expect(first.getByRole('table', { name: /Ledger of the player/ })).toContainText('manual_adjustment');
});
