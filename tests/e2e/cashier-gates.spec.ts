import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillSignUp, openAuthPopup, registerByApi, uniqueEmail, waitForMail } from './auth-support.ts';
import { startIsolatedServer, type IsolatedServer } from './isolated-server.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * What the cashier asks first and what the payment service refuses (docs/payments.md): a site
 * whose configuration wants a name before a deposit and a confirmed e-mail before a withdrawal
 * (its own server: the shared one asks nothing), the e-mail confirm after sign-up, the demo
 * provider's sandbox details and its Technical error, and a contact that fails to save.
 */
let server: IsolatedServer;
let base = '';
let configDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  configDir = mkdtempSync(join(tmpdir(), 'croupier-gates-'));
  const file = join(configDir, 'en.json');
  writeFileSync(file, JSON.stringify({ cashier: { requirements: { deposit: { profileFields: ['first_name', 'last_name'] }, withdrawal: { confirmedContact: true } } } }));
  server = await startIsolatedServer({ name: 'gates', port: Number(process.env.E2E_GATES_PORT ?? 3192), ops: ['site-config:import', 'en', file], startSeconds: 60 });
  base = server.base;
});

test.afterAll(async () => {
  await server?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

const shoot = (page: Page, name: string) => page.screenshot({ path: `test-results/cashier-gates-${name}.png`, fullPage: false });

test('a deposit asks for the missing profile fields first, and the dialog leads to the profile', async ({ page }) => {
  const email = uniqueEmail('gate');
  await registerByApi(page.request, email, undefined, base);
  await gotoHydrated(page, `${base}/cashier/deposit`);
  const notice = page.getByTestId('cashier-requirements');
  await expect(notice).toContainText('Before your first deposit');
  await expect(notice.getByTestId('requirement-profile')).toContainText('Fill in your profile: First name, Last name');

  await page.getByTestId('amount-input').fill('50');
  await page.getByTestId('deposit-submit').click();
  const dialog = page.getByTestId('dialog-fill-profile-info');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('fill-profile-fields')).toHaveText(/First name\s*Last name/);
  await expect(page.getByTestId('deposit-alert-title')).toHaveText('Your profile is incomplete');
  await shoot(page, 'fill-profile-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, 'fill-profile-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  await dialog.getByTestId('fill-profile-go').click();
  await expect(page).toHaveURL(`${base}/profile/settings?from=cashier`);
  await expect(page.getByTestId('personal-data')).toBeVisible();
});

test('a withdrawal asks for a confirmed e-mail: the dialog confirms it by code and the notice goes', async ({ page }) => {
  const email = uniqueEmail('gate');
  await registerByApi(page.request, email, undefined, base);
  await page.request.post(`${base}/api/saveProfileInfo`, { form: { first_name: 'Ada', last_name: 'Lovelace' } });
  await depositThroughDemo(page, '100', base);

  await gotoHydrated(page, `${base}/cashier/withdraw`);
  const notice = page.getByTestId('cashier-requirements');
  await expect(notice.getByTestId('requirement-contact')).toContainText(`Confirm ${email}`);
  await page.getByTestId('amount-input').fill('30');
  await page.getByTestId('requisite-iban').fill('FR76 3000 6000 0112 3456 7890 189');
  await page.getByTestId('requisite-account_holder').fill('Ada Lovelace');
  await page.getByTestId('withdraw-submit').click();
  const dialog = page.getByTestId('dialog-email-confirm');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('withdraw-alert')).toContainText(`Confirm your contact ${email} first`);
  await expect(dialog).toContainText('Confirm your e-mail');
  await shoot(page, 'email-confirm-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, 'email-confirm-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The code registration mailed.
  const mail = await waitForMail(page.request, email, /confirmation code/, { base });
  await dialog.getByLabel('Confirmation code').fill(mail.code!);
  await dialog.getByTestId('contact-confirm-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cashier-requirements')).toBeHidden();
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdrawal-requested')).toBeVisible();
});

test('signing up by e-mail opens the e-mail confirm (confirmEmailPopup)', async ({ page }) => {
  await gotoHydrated(page, `${base}/`);
  const popup = await openAuthPopup(page, 'sign-up');
  await fillSignUp(popup, uniqueEmail('popup'));
  await expect(page).toHaveURL(/register=success/);
  await expect(page.getByTestId('dialog-email-confirm')).toBeVisible({ timeout: 10_000 });
  await page.getByTestId('email-confirm-later').click();
  await expect(page.getByTestId('dialog-email-confirm')).toBeHidden();
});

test('the payment service refusing: details on its fraud list, a declined deposit in French, a technical error on its page', async ({ page }) => {
  await registerByApi(page.request, uniqueEmail('psp'));
  await gotoHydrated(page, '/cashier/deposit/skrill');
  await page.getByTestId('amount-input').fill('20');
  await page.getByTestId('requisite-wallet_email').fill('me@blocked.demopay.test');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-alert-title')).toHaveText('Payment details refused');
  await expect(page.getByTestId('deposit-alert')).toContainText('These payment details cannot be used. Choose other details or contact support.');
  await expect(page.getByText('These payment details cannot be used. Choose other details or contact support.')).toHaveCount(2);
  await shoot(page, 'requisites-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, 'requisites-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  await gotoHydrated(page, '/fr/cashier/deposit/skrill');
  await page.getByTestId('amount-input').fill('20');
  await page.getByTestId('requisite-wallet_email').fill('me@declined.demopay.test');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-alert-title')).toHaveText('Paiement refusé');
  await expect(page.getByTestId('deposit-alert')).toContainText('Le service de paiement a refusé ce paiement.');

  await gotoHydrated(page, '/cashier/deposit');
  await page.getByTestId('amount-input').fill('25');
  await page.getByTestId('deposit-submit').click();
  await expect(page).toHaveURL(/\/psp\/demo\/pay\/dp_/);
  await page.locator('button[data-outcome="error"]').click();
  await expect(page).toHaveURL(/\/cashier\/payfail\//);
  const failure = page.getByTestId('payment-failure');
  await expect(failure).toContainText('Payment service error');
  await expect(failure).toContainText('Nothing was charged');
  await shoot(page, 'payfail-1440');
});

test('a subscription that cannot be saved says "Failed to save contact" and puts the switch back', async ({ page }) => {
  const email = uniqueEmail('save');
  await registerByApi(page.request, email);
  await page.route('**/api/changeSubscription**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { type: 'InternalServerErrorException', message: '' } }) }),
  );
  await gotoHydrated(page, '/profile/notification');
  const toggle = page.getByTestId('subscription-switch').first();
  const before = await toggle.getAttribute('aria-checked');
  await toggle.click();
  await expect(page.getByTestId('contact-save-failed')).toContainText('Failed to save contact');
  await expect(page.getByTestId('contact-save-failed')).toContainText(email);
  await expect(toggle).toHaveAttribute('aria-checked', before!);
});
