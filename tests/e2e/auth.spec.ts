import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './support.ts';
import { PASSWORD, fillSignIn, fillSignUp, openAuthPopup, registerByApi, signOutFromHeader, uniqueEmail, waitForMail } from './auth-support.ts';

/**
 * Account journeys in Chromium: sign-up, contact confirmation, sign-out and sign-in, in both
 * languages; two-factor sign-in; the guest guard's way back; password restore.
 */

test('signs up with e-mail, confirms the contact from the mailbox, signs out and back in', async ({ page }) => {
  test.setTimeout(45_000);
  const email = uniqueEmail('signup');
  await gotoHydrated(page, '/gamehall');
  const dialog = await openAuthPopup(page, 'sign-up');
  await expect(dialog.getByRole('tab', { selected: true })).toHaveText('Sign up');
  const registered = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/register');
  await fillSignUp(dialog, email);
  // The sign-up carries the browser's FingerprintJS visitor id (docs/devices.md).
  expect((await registered).postData()).toMatch(/name="device_id"\r\n\r\n[0-9a-f]{32}\r\n/);

  // A full load of the same page, with register=success.
  await page.waitForURL('/gamehall?register=success');
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  await expect(page.getByTestId('sign-in')).toHaveCount(0);

  // The confirmation link of the demo mailbox.
  const mail = await waitForMail(page.request, email, /confirmation code/);
  const link = /https?:\/\/\S+\/confirmation\?\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link!);
  expect(url.searchParams.get('code')).toBe(mail.code);
  await gotoHydrated(page, url.pathname + url.search);
  await page.waitForURL('/confirmation/success');
  await expect(page.getByTestId('confirmation-success')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact confirmed');
  const profile = await page.request.get('/api/getprofileinfo?fields[]=contacts');
  expect((await profile.json()).data.contacts[0]).toMatchObject({ contact: email, is_confirmed: true });

  await signOutFromHeader(page);
  await page.waitForURL('/');
  await expect(page.getByTestId('sign-in')).toBeVisible();
  expect((await (await page.request.get('/api/getInfo')).json()).data.uid).toBe(0);

  await gotoHydrated(page, '/winners');
  const signIn = await openAuthPopup(page, 'sign-in');
  const signedIn = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/login');
  await fillSignIn(signIn, email);
  expect((await signedIn).postData()).toMatch(/name="device_id"\r\n\r\n[0-9a-f]{32}\r\n/);
  // After sign-in: the home of the locale.
  await page.waitForURL('/');
  await expect(page.getByTestId('header-balance')).toContainText('0.00 EUR');
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-panel')).toContainText(email);
  await expect(page.getByTestId('user-menu-profile')).toHaveAttribute('href', '/profile/settings');
});

test('signs up in French with French messages, from the field rules and from the server', async ({ page, request }) => {
  test.setTimeout(45_000);
  const taken = uniqueEmail('pris');
  await registerByApi(request, taken);
  await gotoHydrated(page, '/fr');
  const dialog = await openAuthPopup(page, 'sign-up');
  await expect(dialog.getByRole('tab', { selected: true })).toHaveText('Inscription');
  await expect(dialog.getByRole('heading', { name: 'Rejoignez Croupier' })).toBeVisible();

  // Eager validation: the field is judged when it loses focus, then at every change.
  const password = dialog.getByLabel('Mot de passe', { exact: true });
  await password.fill('abc');
  await password.blur();
  await expect(dialog.getByText('Longueur minimale : 6')).toBeVisible();
  await password.fill('abcdef');
  await expect(dialog.getByText('Longueur minimale : 6')).toHaveCount(0);
  const emailField = dialog.getByRole('textbox', { name: 'E-mail' });
  await emailField.fill('pas-une-adresse');
  await emailField.blur();
  await expect(dialog.getByText('Adresse e-mail incorrecte')).toBeVisible();

  // The terms must be accepted (shared checkbox rule).
  await emailField.fill(taken);
  await password.fill(PASSWORD);
  await dialog.getByTestId('sign-up-submit').click();
  await expect(dialog.getByText('Cette case doit être cochée')).toBeVisible();

  // A taken address: the server's message, in French, under its field.
  await dialog.getByRole('checkbox', { name: /conditions générales/ }).check();
  await dialog.getByTestId('sign-up-submit').click();
  await expect(dialog.getByText('Cette adresse e-mail est déjà enregistrée')).toBeVisible();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');

  const email = uniqueEmail('francais');
  await emailField.fill(email);
  await expect(dialog.getByText('Cette adresse e-mail est déjà enregistrée')).toHaveCount(0);
  await dialog.getByTestId('sign-up-submit').click();
  await page.waitForURL('/fr?register=success');
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('sign-out')).toHaveText('Se déconnecter');
  const mail = await waitForMail(page.request, email, /code de confirmation/);
  expect(mail.text).toContain('/fr/confirmation?contact=');
});

test('signs in with two-factor authentication: code step, countdown, wrong code, right code', async ({ page }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('twofactor');
  await registerByApi(page.request, email);

  // Turn two-factor on with the page's own session.
  const change = await page.request.post('/api/changeTwoFactorAuth', { form: { enable: '1' } });
  expect(change.ok(), await change.text()).toBe(true);
  const security = await waitForMail(page.request, email, /security code/);
  const confirm = await page.request.post('/api/confirmTwoFactorAuth', { form: { code: security.code! } });
  expect(confirm.ok(), await confirm.text()).toBe(true);

  await gotoHydrated(page, '/');
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await signOutFromHeader(page);
  await page.waitForURL('/');
  await expect(page.getByTestId('sign-in')).toBeVisible();

  const since = Date.now() - 1000;
  const dialog = await openAuthPopup(page, 'sign-in');
  await fillSignIn(dialog, email);
  const step = dialog.getByTestId('two-factor-form');
  await expect(step).toBeVisible();
  await expect(step).toContainText(email);
  await expect(step.getByTestId('two-factor-countdown')).toHaveText(/You can ask for a new code in [01]:\d\d/);
  // 'Send again' waits for the countdown.
  await expect(step.getByTestId('two-factor-send-again')).toHaveCount(0);

  const mail = await waitForMail(page.request, email, /sign-in code/, { after: since });
  const wrong = String((Number(mail.code) + 1) % 1_000_000).padStart(6, '0');
  const code = step.getByLabel('Code', { exact: true });
  await code.fill('12');
  await step.getByTestId('two-factor-submit').click();
  await expect(step.getByTestId('field-error')).toHaveText('Code must contain 6 digits');
  await code.fill(wrong);
  await step.getByTestId('two-factor-submit').click();
  await expect(step.getByTestId('field-error')).toHaveText('Code is invalid');

  await code.fill(mail.code!);
  await step.getByTestId('two-factor-submit').click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  expect((await (await page.request.get('/api/getInfo')).json()).data).toMatchObject({ login: email, two_factor_auth: true });
});

test('a guest sent home from /profile/settings signs in from the popup and lands back there', async ({ page, request }) => {
  test.setTimeout(40_000);
  const email = uniqueEmail('guarded');
  await registerByApi(request, email);
  await gotoHydrated(page, '/profile/settings');
  await expect(page).toHaveURL('/?redirectUrl=%2Fprofile%2Fsettings');
  // The popup opens by itself, on sign-in.
  const dialog = page.getByTestId('dialog-auth');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { selected: true })).toHaveText('Sign in');
  await fillSignIn(dialog, email);
  await page.waitForURL('/profile/settings');
  await expect(page.getByTestId('header-balance')).toBeVisible();
});

test('a guest opening a confirmation link signs in and comes back to finish it', async ({ page, request }) => {
  test.setTimeout(40_000);
  const email = uniqueEmail('confirmlater');
  await registerByApi(request, email);
  const mail = await waitForMail(request, email, /confirmation code/);
  const link = new URL(/https?:\/\/\S+\/confirmation\?\S+/.exec(mail.text)![0]);
  await gotoHydrated(page, link.pathname + link.search);
  await expect(page.getByTestId('confirmation-guest')).toBeVisible();
  await page.getByTestId('confirmation-sign-in').click();
  const dialog = page.getByTestId('dialog-auth');
  await fillSignIn(dialog, email);
  await page.waitForURL('/confirmation/success');
  await expect(page.getByTestId('confirmation-success')).toBeVisible();
});

test('restores a password from the form: login, code from the mailbox, new password, sign-in', async ({ page, request }) => {
  test.setTimeout(45_000);
  const email = uniqueEmail('restore');
  await registerByApi(request, email);
  await gotoHydratedForm(page, '/forms/sign_in');
  const form = page.getByTestId('form-sign_in');
  await form.getByLabel('E-mail or phone').fill(email);
  await form.getByTestId('forgot-password').click();
  await expect(form.getByLabel('E-mail or phone')).toHaveValue(email);
  await form.getByTestId('restore-request-submit').click();
  const reset = form.getByTestId('restore-reset-form');
  await expect(reset).toBeVisible();
  await expect(reset.getByTestId('restore-countdown')).toBeVisible();

  const mail = await waitForMail(request, email, /Reset your Croupier password/);
  await reset.getByLabel('Code', { exact: true }).fill(mail.code!);
  await reset.getByLabel('New password', { exact: true }).fill('NewSecret34');
  await reset.getByLabel('Repeat the new password', { exact: true }).fill('NewSecret35');
  await reset.getByLabel('Repeat the new password', { exact: true }).blur();
  await expect(reset.getByText('Passwords do not match')).toBeVisible();
  await reset.getByLabel('Repeat the new password', { exact: true }).fill('NewSecret34');
  await reset.getByTestId('restore-reset-submit').click();
  await expect(form.getByTestId('restore-done')).toBeVisible();
  await form.getByTestId('restore-to-sign-in').click();

  // The old password no longer works; the new one does.
  await fillSignIn(form, email, PASSWORD);
  await expect(form.getByTestId('form-error')).toHaveText('Wrong login or password');
  await form.getByLabel('Password', { exact: true }).fill('NewSecret34');
  await form.getByTestId('sign-in-submit').click();
  await page.waitForURL('/');
  await expect(page.getByTestId('header-balance')).toBeVisible();
});

test('the restore e-mail link opens the second step prefilled', async ({ page, request }) => {
  test.setTimeout(40_000);
  const email = uniqueEmail('restorelink');
  await registerByApi(request, email);
  const asked = await request.post('/api/restore', { form: { login: email } });
  expect(asked.ok()).toBe(true);
  const mail = await waitForMail(request, email, /Reset your Croupier password/);
  const link = new URL(/https?:\/\/\S+\/forms\/sign_in\?\S+/.exec(mail.text)![0]);
  await gotoHydratedForm(page, link.pathname + link.search);
  const reset = page.getByTestId('restore-reset-form');
  await expect(reset).toBeVisible();
  await expect(reset.getByLabel('Code', { exact: true })).toHaveValue(mail.code!);
  await reset.getByLabel('New password', { exact: true }).fill('Linked123');
  await reset.getByLabel('Repeat the new password', { exact: true }).fill('Linked123');
  await reset.getByTestId('restore-reset-submit').click();
  await expect(page.getByTestId('restore-done')).toBeVisible();
  await page.getByTestId('restore-to-sign-in').click();
  await expect(page.getByLabel('E-mail or phone')).toHaveValue(email);
});

test('signs up by phone with a country and a promo code from a link', async ({ page }) => {
  test.setTimeout(40_000);
  await gotoHydratedForm(page, '/forms/sign_up');
  await page.evaluate(() => localStorage.setItem('promo_code', 'WELCOME50'));
  await gotoHydratedForm(page, '/forms/sign_up');
  const form = page.getByTestId('sign-up-form');
  await expect(form.getByTestId('promo-toggle')).toHaveText('Promo code WELCOME50');
  await form.getByTestId('promo-toggle').click();
  await expect(form.getByLabel('Promo code')).toHaveValue('WELCOME50');
  await expect(form.getByLabel('Currency')).toHaveValue('EUR');
  await form.getByRole('radio', { name: 'Phone' }).click();
  const phone = form.getByLabel('Phone number');
  await expect(phone).toBeVisible();
  await expect(form.getByTestId('phone-country')).toHaveValue('FR');
  await phone.fill('12');
  await phone.blur();
  await expect(form.getByText('Wrong phone number')).toBeVisible();
  // A French mobile number typed the national way, unique to this test.
  const national = `06${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  await phone.fill(national);
  await expect(form.getByText('Wrong phone number')).toHaveCount(0);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await form.getByTestId('sign-up-submit').click();
  // From the stand-alone form page: the home of the locale.
  await page.waitForURL('/?register=success');
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  const info = (await (await page.request.get('/api/getInfo')).json()).data;
  expect(info.login).toBe(`+33${national.slice(1)}`);
  expect(await page.evaluate(() => localStorage.getItem('promo_code'))).toBeNull();
});

/** The /forms pages have no header: wait for the form itself to be hydrated. */
async function gotoHydratedForm(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const form = document.querySelector('form');
    return !!form && Object.keys(form).some((key) => key.startsWith('__reactProps'));
  });
}
