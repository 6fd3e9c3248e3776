import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './support.ts';
import { sharedServerEnv } from './shared-server.ts';

/**
 * Cashier journeys (spec 2 sections 2-5): each test signs up a fresh player through the API (the
 * page's context keeps the session cookie), then pays through the demo provider's hosted page.
 */

let sequence = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${process.pid}-${sequence++}@example.com`;

async function signUp(page: Page, tag: string) {
  const answer = await page.request.post('/api/register', {
    form: { email: uniqueEmail(tag), password: 'secret12', password_confirmation: 'secret12', terms: '1' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

const balance = (page: Page) => page.getByTestId('cashier-balance-main');

test.describe('cashier', () => {
  // Journeys through the provider's page take several page loads: room for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('deposit 100 through the provider, withdraw 30 by bank transfer, see both in history, cancel: the balance follows', async ({ page }) => {
    await signUp(page, 'journey');
    // The wallet is the page the player comes from: a successful payment returns there.
    await gotoHydrated(page, '/cashier/wallet');
    await expect(balance(page)).toHaveText('0.00 EUR');
    await page.getByTestId('cashier-nav-deposit').click();
    await expect(page).toHaveURL('/cashier/deposit');
    await expect(page.getByTestId('cashier-registration-hint')).toBeVisible();

    await page.getByTestId('amount-preset-100').click();
    await expect(page.getByTestId('amount-input')).toHaveValue('100');
    await expect(page.getByTestId('deposit-submit')).toHaveText('Deposit €100.00');
    await page.getByTestId('deposit-submit').click();

    // The provider's hosted page: a full navigation away from the site.
    await expect(page).toHaveURL(/\/psp\/demo\/pay\/dp_/);
    await expect(page.getByTestId('psp-amount')).toHaveText('€100.00');
    expect(await page.evaluate(() => localStorage.getItem('payment_success_return'))).toBe('/cashier/wallet');
    await page.locator('button[data-outcome="success"]').click();

    let successPath = '';
    await page.waitForURL((url) => {
      if (!/^\/cashier\/paysuccess\/dep_[\w-]+$/.test(url.pathname)) return false;
      successPath = url.pathname;
      return true;
    });
    // The return address is read once, removed, then navigated to (after a countdown of a few seconds).
    await expect(page).toHaveURL('/cashier/wallet', { timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('payment_success_return'))).toBeNull();
    await expect(balance(page)).toHaveText('100.00 EUR');
    await expect(page.getByTestId('wallet-transaction')).toHaveCount(1);

    // The success page again: its deposit's amount and method; nothing left to return to.
    await gotoHydrated(page, successPath);
    await expect(page.getByTestId('payment-paysuccess')).toBeVisible();
    await expect(page.getByTestId('payment-amount')).toHaveText('€100.00');
    await expect(page.getByTestId('payment-method')).toHaveText('Visa / Mastercard');
    await expect(page.getByTestId('payment-result-action')).toHaveAttribute('href', '/gamehall');
    await expect(page.getByTestId('payment-return')).toHaveCount(0);
    await gotoHydrated(page, '/cashier/wallet');

    await page.getByTestId('cashier-nav-withdraw').click();
    await expect(page).toHaveURL('/cashier/withdraw');
    await expect(page.getByTestId('method-bank_transfer')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('amount-input').fill('30');
    await page.getByTestId('requisite-iban').fill('FR1420041010050500013M02606');
    await page.getByTestId('requisite-account_holder').fill('Ann Lee');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('withdrawal-requested')).toContainText('€30.00');
    await expect(balance(page)).toHaveText('70.00 EUR');
    await expect(page.getByTestId('open-withdrawal')).toHaveCount(1);

    await page.getByTestId('cashier-nav-history').click();
    await expect(page).toHaveURL('/cashier/history');
    await expect(page.getByTestId('history-tab-deposit')).toHaveAttribute('aria-selected', 'true');
    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('history-amount')).toHaveText('+€100.00');
    await expect(rows.first().getByTestId('status-badge')).toHaveText('Successful');
    await expect(rows.first()).toContainText(/\d{2}\.\d{2}\.\d{4} at \d{1,2}:\d{2}/);
    await page.getByTestId('history-tab-withdrawal').click();
    await expect(page).toHaveURL('/cashier/history?tab=withdrawal');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('history-amount')).toHaveText('−€30.00');
    await expect(rows.first().getByTestId('status-badge')).toHaveText('Requested');

    await page.getByTestId('cashier-nav-withdraw').click();
    await page.getByTestId('cancel-withdrawal').click();
    await expect(page.getByTestId('toast-area')).toContainText('Withdrawal cancelled');
    await expect(balance(page)).toHaveText('100.00 EUR');
    await expect(page.getByTestId('open-withdrawals-empty')).toBeVisible();

    await gotoHydrated(page, '/cashier/history?tab=withdrawal');
    await expect(rows.first().getByTestId('status-badge')).toHaveText('Cancelled');
    await rows.first().getByTestId('history-receipt').click();
    await expect(page).toHaveURL(/\/cashier\/receipt\?id=wd_/);
    await expect(page.getByTestId('receipt-amount')).toHaveText('€30.00');
    await expect(page.getByTestId('receipt-method')).toHaveText('Bank transfer');
    await expect(page.getByTestId('receipt')).toContainText('FR14 •••• 2606');
  });

  test('a declined payment lands on the failure page, a cancelled one on the cancelled page; both buttons lead to the deposit page', async ({ page }) => {
    await signUp(page, 'declined');
    await gotoHydrated(page, '/cashier/deposit');
    await page.getByTestId('amount-input').fill('50');
    await page.getByTestId('deposit-submit').click();
    await expect(page).toHaveURL(/\/psp\/demo\/pay\//);
    await page.locator('button[data-outcome="fail"]').click();

    await expect(page).toHaveURL(/\/cashier\/payfail\/dep_[\w-]+$/);
    await expect(page.getByTestId('payment-payfail')).toBeVisible();
    await expect(page.getByTestId('payment-amount')).toHaveText('€50.00');
    await expect(page.getByTestId('payment-details').getByTestId('status-badge')).toHaveText('Failed');
    await page.getByTestId('payment-result-action').click();
    await expect(page).toHaveURL('/cashier/deposit');
    await expect(balance(page)).toHaveText('0.00 EUR');

    // Cancelling on the provider's page: the cancelled page (no transaction in its address).
    await page.getByTestId('amount-input').fill('20');
    await page.getByTestId('deposit-submit').click();
    await expect(page).toHaveURL(/\/psp\/demo\/pay\//);
    await page.locator('button[data-outcome="cancel"]').click();
    await expect(page).toHaveURL('/cashier/paycancel');
    await expect(page.getByTestId('payment-paycancel')).toBeVisible();
    await page.getByTestId('payment-result-action').click();
    await expect(page).toHaveURL('/cashier/deposit');
  });

  test('an invalid amount shows the sum error with both bounds and nothing is sent, in English and French', async ({ page }) => {
    await signUp(page, 'invalid');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/cashier/makedeposit')) sent.push(request.url());
    });
    await gotoHydrated(page, '/cashier/deposit');
    const amount = page.getByTestId('amount-input');
    await amount.fill('05');
    await expect(page.getByTestId('field-error')).toHaveText('Enter a whole amount from €10.00 to €5,000.00');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('deposit-submit').click();
    await expect(page).toHaveURL('/cashier/deposit');
    await amount.fill('10');
    await expect(page.getByTestId('field-error')).toHaveCount(0);
    await amount.fill('5001');
    await expect(page.getByTestId('field-error')).toHaveText('Enter a whole amount from €10.00 to €5,000.00');
    expect(sent).toEqual([]);
    const history = await page.request.get('/api/cashier/gethistory?type=deposit');
    expect((await history.json()).data.total).toBe(0);

    await gotoHydrated(page, '/fr/cashier/deposit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dépôt');
    await expect(page.getByTestId('deposit-submit')).toHaveText('Déposer');
    await page.getByTestId('amount-input').fill('05');
    await expect(page.getByTestId('field-error')).toHaveText('Saisissez un montant entier de €10.00 à €5,000.00');
    expect(sent).toEqual([]);
  });

  test('methods live in the address, an unknown one is a 404; a deposit limit stops a larger deposit', async ({ page }) => {
    await signUp(page, 'limit');
    await gotoHydrated(page, '/cashier/deposit');
    await page.getByTestId('amount-input').fill('100');
    await page.getByTestId('method-skrill').click();
    await expect(page).toHaveURL('/cashier/deposit/skrill');
    await expect(page.getByTestId('method-skrill')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('amount-input')).toHaveValue('100');
    await page.getByTestId('deposit-submit').click();
    await expect(page.getByTestId('field-error')).toHaveText('Field is required');
    await page.getByTestId('requisite-wallet_email').fill('not-an-email');
    await expect(page.getByTestId('field-error')).toHaveText('Wrong email address');

    const missing = await page.goto('/cashier/deposit/visa');
    expect(missing?.status()).toBe(404);

    await gotoHydrated(page, '/cashier/deposit/card');
    await page.getByTestId('deposit-limit-edit').click();
    await page.getByTestId('deposit-limit-period').getByRole('radio', { name: 'Day' }).click();
    await page.getByTestId('deposit-limit-amount').fill('50');
    await page.getByTestId('deposit-limit-save').click();
    await expect(page.getByTestId('deposit-limit-summary')).toContainText('Daily limit');
    await expect(page.getByTestId('deposit-limit-summary')).toContainText('€50.00 left');

    await page.getByTestId('amount-input').fill('100');
    await page.getByTestId('deposit-submit').click();
    await expect(page.getByTestId('deposit-alert')).toHaveAttribute('data-type', 'BillingDepositLimitExceededException');
    await expect(page).toHaveURL('/cashier/deposit/card');

    // Loosening it waits 24 hours: the request shows as pending, with its date.
    await page.getByTestId('deposit-limit-edit').click();
    await page.getByTestId('deposit-limit-amount').fill('500');
    await page.getByTestId('deposit-limit-save').click();
    await expect(page.getByTestId('deposit-limit-pending')).toContainText('€500.00');
    await expect(page.getByTestId('deposit-limit-pending')).toContainText(/\d{2}\.\d{2}\.\d{4} at \d{1,2}:\d{2}/);
  });

  test('a payment left pending shows the loader and is asked about again until the provider settles it', async ({ page }, testInfo) => {
    await signUp(page, 'pending');
    await gotoHydrated(page, '/cashier/deposit');
    await page.getByTestId('amount-preset-50').click();
    await page.getByTestId('deposit-submit').click();
    await expect(page).toHaveURL(/\/psp\/demo\/pay\//);
    await page.locator('button[data-outcome="pending"]').click();

    await expect(page).toHaveURL(/\/cashier\/paypending\/dep_[\w-]+$/);
    await expect(page.getByTestId('payment-paypending')).toBeVisible();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(page.getByTestId('payment-details').getByTestId('status-badge')).toHaveText('Pending');

    // The provider's back office settles it (npm run ops -- payment:settle), as it would later on its own.
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const port = new URL(String(testInfo.project.use.baseURL)).port;
    await promisify(execFile)('npx', ['node', 'scripts/ops.ts', 'payment:settle', id, 'success'], {
      env: { ...process.env, ...sharedServerEnv(), PORT: port },
    });
    // Once settled the page reads as a success, whose return (nothing noted: the game hall) follows.
    await expect(page).toHaveURL('/gamehall', { timeout: 15_000 });
    await gotoHydrated(page, `/cashier/paypending/${id}`);
    await expect(page.getByTestId('payment-paysuccess')).toBeVisible();
    await expect(page.getByTestId('payment-details').getByTestId('status-badge')).toHaveText('Successful');
  });

  test('history shows 4 rows at a time with load more; opening a tab starts its list again', async ({ page }) => {
    await signUp(page, 'history');
    for (const amount of ['11', '12', '13', '14', '15']) {
      const answer = await page.request.post('/api/cashier/makedeposit', { form: { method: 'card', amount } });
      expect(answer.ok(), await answer.text()).toBe(true);
    }
    await gotoHydrated(page, '/cashier/history');
    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(4);
    await expect(rows.first().getByTestId('history-amount')).toHaveText('+€15.00');
    await expect(page.getByTestId('history-count')).toHaveText('4 of 5');
    await page.getByTestId('history-more').click();
    await expect(rows).toHaveCount(5);
    await expect(rows.last().getByTestId('history-amount')).toHaveText('+€11.00');
    await expect(page.getByTestId('history-more')).toHaveCount(0);

    await page.getByTestId('history-tab-withdrawal').click();
    await expect(page.getByTestId('history-panel-withdrawal').getByTestId('empty-state')).toBeVisible();
    await page.getByTestId('history-tab-cashbacks').click();
    await expect(page.getByTestId('history-panel-cashbacks').getByTestId('empty-state')).toBeVisible();
    await page.getByTestId('history-tab-deposit').click();
    await expect(page).toHaveURL('/cashier/history?tab=deposit');
    await expect(rows).toHaveCount(4);
  });
});
