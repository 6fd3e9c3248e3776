import { expect, test, type Browser, type Page } from '@playwright/test';
import type { StaffRole } from '../../contract/backoffice.ts';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { createStaff, shootBackoffice } from './backoffice-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * Two player-page actions in Chromium (docs/backoffice.md, "Players" and "Money"): a finance
 * member refunds part of a player's deposit from the deposits screen, through the demo provider
 * and the ledger, and the player's balance drops by it; a marketing member grants the player a
 * campaign's free spins from the player page, and the player finds them among their bonuses.
 */
test.describe.configure({ timeout: 120_000 });

async function staffPage(browser: Browser, role: StaffRole): Promise<Page> {
  const page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await createStaff(page, role);
  return page;
}

const mainBalance = async (page: Page) => ((await (await page.request.get('/api/getBalance')).json()) as { data: { balance_main: { amount: string } } }).data.balance_main.amount;

test('finance refunds part of a deposit and marketing grants free spins: the player sees both', async ({ browser }) => {
  const player = await (await browser.newContext()).newPage();
  const email = uniqueEmail('bo-refund');
  await registerByApi(player.request, email, PASSWORD);
  await depositThroughDemo(player, '100');
  expect(await mainBalance(player)).toBe('100.00');

  // Finance: the deposit's row offers a refund; more than is left is refused on the field.
  const finance = await staffPage(browser, 'finance');
  await finance.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Deposits' }).click();
  const row = finance.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('100.00 EUR');
  await row.getByRole('button', { name: 'Refund' }).click();
  const form = finance.getByRole('form', { name: /^Refund dep_/ });
  await expect(form).toContainText('100.00 EUR left to refund');
  await form.getByLabel('Amount (EUR)').fill('140');
  await form.getByLabel('Reason').fill('Charged twice by the terminal');
  await form.getByRole('button', { name: 'Refund through the provider' }).click();
  await expect(form.getByText('At most 100.00 EUR is left to refund')).toBeVisible();
  await form.getByLabel('Amount (EUR)').fill('40');
  await form.getByRole('button', { name: 'Refund through the provider' }).click();
  await expect(finance.getByRole('status').filter({ hasText: /Refunded 40\.00 EUR of dep_/ })).toBeVisible();
  await expect(row.getByTestId('refunded')).toHaveText('refunded 40.00 EUR');
  expect(await mainBalance(player)).toBe('60.00');
  // The player's history says so beside the deposit.
  await gotoHydrated(player, '/cashier/history');
  await expect(player.getByTestId('history-refunded').first()).toHaveText('Refunded −€40.00 to where it came from');

  // Marketing: free spins from a campaign, with a reason; a second grant of it is refused.
  const marketing = await staffPage(browser, 'marketing');
  await marketing.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Players' }).click();
  await marketing.getByRole('searchbox', { name: 'Search' }).fill(email);
  await marketing.getByRole('button', { name: 'Search', exact: true }).click();
  await marketing.getByRole('table', { name: 'Players found' }).getByRole('link', { name: email }).click();
  await expect(marketing.getByRole('heading', { level: 1, name: email })).toBeVisible();
  // Marketing may grant, not adjust balances or ban.
  await expect(marketing.getByRole('button', { name: 'Adjust the balance' })).toHaveCount(0);
  await expect(marketing.getByRole('button', { name: 'Ban', exact: true })).toHaveCount(0);
  await marketing.getByLabel('Campaign').selectOption({ label: '20 free spins on Golden Croupier · free_spins' });
  await marketing.getByLabel('Reason').fill('Sorry for the slow withdrawal');
  await marketing.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(marketing.getByRole('status').filter({ hasText: 'Granted: 20 free spins on Golden Croupier (active).' })).toBeVisible();
  await marketing.getByRole('button', { name: 'Bonuses' }).click();
  await expect(marketing.getByRole('table', { name: /Bonuses of the player/ })).toContainText('20 free spins on Golden Croupier');
  await shootBackoffice(marketing, 'player-grant');

  await marketing.getByLabel('Campaign').selectOption({ label: '20 free spins on Golden Croupier · free_spins' });
  await marketing.getByLabel('Reason').fill('Once more');
  await marketing.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(marketing.getByText('The player has had this campaign already')).toBeVisible();

  // The player: the free spins are running on their bonuses page.
  await gotoHydrated(player, '/profile/bonuses?tab=active');
  await expect(player.getByTestId('bonus-card').filter({ hasText: '20 free spins on Golden Croupier' })).toBeVisible();

  // What is left of the deposit is offered for the next refund.
  await finance.reload();
  await row.getByRole('button', { name: 'Refund' }).click();
  await expect(finance.getByRole('form', { name: /^Refund dep_/ })).toContainText('60.00 EUR left to refund');
  await shootBackoffice(finance, 'deposits-refund');
});
