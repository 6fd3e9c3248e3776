import { expect, test, type Browser, type Page } from '@playwright/test';
import { createStaff } from './backoffice-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * The money screens as the issue asks: a player deposits through the demo provider and asks to
 * withdraw 800 (above the four-eyes threshold of 500); a first finance member approves and the
 * request waits; a second one approves and it is paid; the player sees it paid out. Each actor
 * has a browser context of their own (their own cookies).
 */
test.describe.configure({ timeout: 120_000 });

const email = `money-${Date.now().toString(36)}-${process.pid}@example.com`;

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('a withdrawal of 800 waits for a second finance member, then is paid out', async ({ browser }) => {
  const player = await newPage(browser);
  const signUp = await player.request.post('/api/register', { form: { email, password: 'secret12', password_confirmation: 'secret12', terms: '1' } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await depositThroughDemo(player, '1000');
  await gotoHydrated(player, '/cashier/withdraw');
  await player.getByTestId('amount-input').fill('800');
  await player.getByTestId('requisite-iban').fill('FR1420041010050500013M02606');
  await player.getByTestId('requisite-account_holder').fill('Money Journey');
  await player.getByTestId('withdraw-submit').click();
  await expect(player.getByTestId('withdrawal-requested')).toContainText('€800.00');

  // Finance member A: the request is in the queue, with its flags; approving leaves it waiting.
  const first = await newPage(browser);
  await createStaff(first, 'finance');
  await first.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Withdrawals' }).click();
  await expect(first.getByRole('heading', { name: 'Withdrawals' })).toBeVisible();
  const rowA = first.getByRole('row').filter({ hasText: email });
  await expect(rowA).toContainText('800.00 EUR');
  await expect(rowA).toContainText('first withdrawal');
  await expect(rowA).toContainText('two members');
  // Keyboard: focus the row, `a` opens its review with Approve focused, Enter approves.
  await rowA.focus();
  await first.keyboard.press('a');
  await expect(first.locator('.money-decision').getByRole('button', { name: 'Approve', exact: true })).toBeFocused();
  await first.keyboard.press('Enter');
  await expect(first.getByRole('status').filter({ hasText: 'waits for a second member' })).toBeVisible();
  await expect(rowA.getByTestId('approvals')).toHaveText('approved by you, waiting for a second member');

  // Finance member B sees who approved, and approves: the payout is made.
  const second = await newPage(browser);
  await createStaff(second, 'finance');
  await gotoHydrated(second, '/backoffice/withdrawals');
  const rowB = second.getByRole('row').filter({ hasText: email });
  await expect(rowB.getByTestId('approvals')).toHaveText(/^approved by finance \d+, waiting for a second member$/);
  await rowB.getByRole('button', { name: 'Approve' }).click();
  await second.locator('.money-decision').getByRole('button', { name: 'Approve' }).click();
  await expect(second.getByRole('status').filter({ hasText: 'Paid out' })).toBeVisible();
  await expect(rowB).toHaveCount(0);

  // A's queue heard it live: the row left without a reload.
  await expect(rowA).toHaveCount(0, { timeout: 10_000 });

  // The player sees it paid out.
  await gotoHydrated(player, '/cashier/history?tab=withdrawal');
  const paid = player.getByTestId('history-row').first();
  await expect(paid.getByTestId('history-amount')).toHaveText('−€800.00');
  await expect(paid.getByTestId('status-badge')).toHaveText('Paid out');
  await gotoHydrated(player, '/cashier/wallet');
  await expect(player.getByTestId('cashier-balance-main')).toHaveText('200.00 EUR');
});
