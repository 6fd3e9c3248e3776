import { expect, test, type Browser, type Page } from '@playwright/test';
import { createStaff, shootBackoffice } from './backoffice-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * Risk and AML as an operator works it (docs/risk.md): a compliance member watches the alerts; a
 * player deposits 2,500 EUR through the demo provider and asks for a withdrawal; the alert
 * arrives live with its case; the member takes the case, holds the player's withdrawals (the
 * queue shows the hold and refuses to approve), notes it and closes it with an outcome. The
 * rules screen refuses a wrong threshold by its field.
 */
test.describe.configure({ timeout: 150_000 });

const email = `risk-${Date.now().toString(36)}-${process.pid}@example.com`;
const twin = `risk-twin-${Date.now().toString(36)}-${process.pid}@example.com`;
/** The fingerprint both accounts' browsers send (docs/devices.md). */
const device = `e2e${Date.now().toString(16)}${process.pid}`.padEnd(32, '0').slice(0, 32);

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('a deposit of 2,500 opens a case; compliance holds the withdrawals, then closes the case', async ({ browser }) => {
  const compliance = await newPage(browser);
  const member = await createStaff(compliance, 'compliance');
  await compliance.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Risk alerts' }).click();
  await expect(compliance.getByRole('heading', { name: 'Risk alerts' })).toBeVisible();

  const player = await newPage(browser);
  const signUp = await player.request.post('/api/register', { form: { email, password: 'secret12', password_confirmation: 'secret12', terms: '1', device_id: device } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  // A second account from the same browser: the player page lists it beside the fingerprint.
  const second = await (await newPage(browser)).request.post('/api/register', { form: { email: twin, password: 'secret12', password_confirmation: 'secret12', terms: '1', device_id: device } });
  expect(second.ok(), await second.text()).toBe(true);
  await depositThroughDemo(player, '2500');
  await gotoHydrated(player, '/cashier/withdraw');
  await player.getByTestId('amount-input').fill('300');
  await player.getByTestId('requisite-iban').fill('FR1420041010050500013M02606');
  await player.getByTestId('requisite-account_holder').fill('Risk Journey');
  await player.getByTestId('withdraw-submit').click();
  await expect(player.getByTestId('withdrawal-requested')).toContainText('€300.00');

  // The alert arrives on the open alerts screen without a reload.
  const alert = compliance.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Large single deposit' });
  await expect(alert).toContainText('2500 EUR deposited', { timeout: 15_000 });
  await expect(alert).toContainText('open');
  await shootBackoffice(compliance, 'risk-alerts');

  // The case: take it, investigate, hold the withdrawals, note why.
  await alert.click();
  await expect(compliance.getByRole('heading', { name: /^Case #\d+$/ })).toBeVisible();
  await compliance.getByLabel('Assigned to').selectOption({ label: `compliance ${member.email.split('.')[1]}` });
  await compliance.getByRole('button', { name: 'Assign' }).click();
  await expect(compliance.locator('.bo-dl')).toContainText(`compliance ${member.email.split('.')[1]}`);
  await compliance.getByRole('button', { name: 'Start the investigation' }).click();
  await compliance.getByRole('button', { name: 'Hold withdrawals' }).click();
  await expect(compliance.getByText(/withdrawals are held/)).toBeVisible();
  await compliance.getByLabel('New note').fill('Deposit of 2,500: source of funds asked by e-mail.');
  await compliance.getByRole('button', { name: 'Add the note' }).click();
  await expect(compliance.locator('.risk-note')).toHaveText('Deposit of 2,500: source of funds asked by e-mail.');
  await expect(compliance.getByTestId('risk-case-alerts')).toContainText('Large single deposit');
  await shootBackoffice(compliance, 'risk-case');
  const caseUrl = compliance.url();

  // The withdrawal queue shows the hold and will not approve.
  await gotoHydrated(compliance, '/backoffice/withdrawals');
  const held = compliance.getByRole('row').filter({ hasText: email });
  await expect(held).toContainText('held by compliance');
  const finance = await newPage(browser);
  await createStaff(finance, 'finance');
  await gotoHydrated(finance, '/backoffice/withdrawals');
  const row = finance.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Approve' }).click();
  const review = finance.locator('.money-decision');
  await expect(review.getByText(/Held by compliance case #\d+/)).toBeVisible();
  await expect(review.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
  await shootBackoffice(finance, 'withdrawals-risk-hold');

  // Closing needs an outcome; closed, the hold is released and the withdrawal can be approved.
  await gotoHydrated(compliance, new URL(caseUrl).pathname);
  await compliance.getByRole('button', { name: 'Close the case' }).click();
  await expect(compliance.getByText('Choose the outcome of the case')).toBeVisible();
  await compliance.getByLabel('Outcome').selectOption({ label: 'enhanced due diligence requested' });
  await compliance.getByRole('button', { name: 'Close the case' }).click();
  await expect(compliance.locator('.bo-page-header')).toContainText('closed · enhanced due diligence requested');
  await expect(compliance.getByText('Withdrawals are not held.')).toBeVisible();

  await gotoHydrated(finance, '/backoffice/withdrawals');
  const released = finance.getByRole('row').filter({ hasText: email });
  await expect(released).not.toContainText('held by compliance');
  await released.getByRole('button', { name: 'Approve' }).click();
  await finance.locator('.money-decision').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(finance.getByRole('status').filter({ hasText: 'Paid out' })).toBeVisible();

  // The cases list and the player page show the closed case.
  await gotoHydrated(compliance, '/backoffice/risk/cases?status=all');
  await expect(compliance.getByRole('row').filter({ hasText: email })).toContainText('closed · enhanced due diligence requested');
  await shootBackoffice(compliance, 'risk-cases');
  await compliance.getByRole('row').filter({ hasText: email }).click();
  await compliance.getByRole('link', { name: 'Open the player page' }).click();
  await expect(compliance.getByTestId('player-risk')).toContainText('Large single deposit');
  // The Devices panel: the fingerprint and the other account signed up with it (docs/devices.md).
  const devices = compliance.getByTestId('player-devices');
  await expect(devices.getByRole('row').filter({ hasText: device.slice(0, 12) })).toContainText(twin);
  await expect(devices).toContainText('SEON is not configured');
  await compliance.getByTestId('player-risk').scrollIntoViewIfNeeded();
  await shootBackoffice(compliance, 'player-risk');

  // The rules: a wrong threshold is refused under its field, in French too.
  await gotoHydrated(compliance, '/backoffice/risk/rules');
  const rule = compliance.getByTestId('risk-rule-large_deposit');
  await rule.getByLabel('Amount (EUR)').fill('two thousand');
  await rule.getByRole('button', { name: 'Save' }).click();
  await expect(rule.getByRole('alert')).toHaveText('Wrong value');
  await shootBackoffice(compliance, 'risk-rules');
  await compliance.context().addCookies([{ name: 'bo_locale', value: 'fr', url: new URL(compliance.url()).origin }]);
  await gotoHydrated(compliance, '/backoffice/risk/rules');
  const french = compliance.getByTestId('risk-rule-large_deposit');
  await french.getByLabel('Montant (EUR)').fill('');
  await french.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(french.getByRole('alert')).toHaveText('Champ obligatoire');
});
