import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './support.ts';

/**
 * Profile journeys (spec 1 sections 2-5): each test signs up a fresh player through the API (the
 * page's context keeps the session cookie) and works through the profile pages. Codes come from
 * the demo mailbox, newest first.
 */

let sequence = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${process.pid}-${sequence++}@example.com`;

async function signUp(page: Page, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const answer = await page.request.post('/api/register', {
    form: { email, password: 'secret12', password_confirmation: 'secret12', terms: '1', is_subscribed: '1' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return email;
}

type Mail = { subject: string; text: string; code: string | null };

async function newestCode(page: Page, to: string, subject: RegExp): Promise<string> {
  const answer = await page.request.get(`/_dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(answer.ok()).toBe(true);
  const mail = ((await answer.json()) as Mail[]).find((item) => subject.test(item.subject));
  expect(mail?.code, `a code mailed to ${to}`).toMatch(/^\d{6}$/);
  return mail!.code!;
}

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');
const toasts = (page: Page) => page.getByTestId('toast-area');

test.describe('profile', () => {
  test('the layout shows the player and every section; the tab bar scrolls inside a phone screen', async ({ page }) => {
    const email = await signUp(page, 'layout');
    await gotoHydrated(page, '/profile');
    await expect(page).toHaveURL('/profile/settings');
    await expect(page.getByTestId('profile-login')).toHaveText(email);
    await expect(page.getByTestId('profile-uid')).toHaveText(/^ID \d+$/);
    const nav = page.getByTestId('profile-nav');
    for (const key of ['settings', 'security', 'verification', 'responsible-game', 'bets', 'loyalty', 'bonuses', 'cashback', 'notification']) {
      await expect(nav.getByTestId(`profile-nav-${key}`)).toBeVisible();
    }
    await expect(nav.getByTestId('profile-nav-settings')).toHaveAttribute('aria-current', 'page');
    await nav.getByTestId('profile-nav-bonuses').click();
    await expect(page).toHaveURL('/profile/bonuses');
    await expect(page.getByTestId('page-profile.bonuses')).toBeVisible();

    await page.setViewportSize({ width: 375, height: 812 });
    await gotoHydrated(page, '/profile/notification');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByTestId('profile-nav-notification')).toBeInViewport();
  });

  test('settings: names are saved, R2D2 is refused in English and French, values survive a reload', async ({ page }) => {
    await signUp(page, 'settings');
    await gotoHydrated(page, '/profile/settings');
    const form = page.getByTestId('personal-data-form');
    const first = page.locator('#profile-first_name');
    const last = page.locator('#profile-last_name');

    await first.fill('Ada');
    await expect(form.getByTestId('dirty-marker')).toHaveCount(1);
    await last.fill('R2D2');
    await form.getByTestId('personal-data-save').click();
    await expect(form.getByTestId('field-error')).toHaveText('Wrong symbols in name');
    await expect(last).toHaveAttribute('aria-invalid', 'true');

    await last.fill('Lovelace');
    await form.getByTestId('personal-data-save').click();
    await expect(toasts(page)).toContainText('Personal data saved');
    await expect(form.getByTestId('dirty-marker')).toHaveCount(0);
    await expect(form.getByTestId('field-error')).toHaveCount(0);

    await page.reload();
    await expect(first).toHaveValue('Ada');
    await expect(last).toHaveValue('Lovelace');

    // A CPF number, once set, is read only.
    const saved = await page.request.post('/api/saveProfileInfo', { form: { document_type: 'cpf', document_number: '123.456.789-09' } });
    expect(saved.ok()).toBe(true);
    await gotoHydrated(page, '/fr/profile/settings');
    await expect(last).toHaveValue('Lovelace');
    await expect(page.locator('#profile-document_number')).toHaveValue('123.456.789-09');
    await expect(page.locator('#profile-document_number')).toHaveAttribute('readonly', '');
    await last.fill('R2D2');
    await form.getByTestId('personal-data-save').click();
    await expect(form.getByTestId('field-error')).toHaveText('Caractères non autorisés dans le nom');
  });

  test('settings: the display name and the currency change and show in the account', async ({ page }) => {
    await signUp(page, 'account');
    await gotoHydrated(page, '/profile/settings');
    const fakename = page.locator('#profile-fakename');
    await fakename.fill('no way');
    await page.getByTestId('fakename-save').click();
    await expect(page.getByTestId('fakename').getByTestId('field-error')).toHaveText('Wrong fake name');
    await fakename.fill('LuckyAda7');
    await page.getByTestId('fakename-save').click();
    await expect(page.getByTestId('profile-fakename')).toHaveText('LuckyAda7');

    await page.locator('#profile-currency').selectOption('USD');
    await page.getByTestId('currency-save').click();
    await expect(toasts(page)).toContainText('Currency changed');
    const info = await (await page.request.get('/api/getInfo')).json();
    expect(info.data.balance_main.currency).toBe('USD');
    expect(info.data.fakename).toBe('LuckyAda7');
  });

  test('contacts: a second e-mail is added unconfirmed, a wrong code is refused, the right one confirms it', async ({ page }) => {
    const email = await signUp(page, 'contacts');
    const second = uniqueEmail('second');
    await gotoHydrated(page, '/profile/settings');
    const loginRow = page.locator(`[data-testid="contact-row"][data-contact="${email}"]`);
    await expect(loginRow.getByTestId('contact-login')).toBeVisible();
    await expect(loginRow.getByTestId('contact-unconfirmed')).toBeVisible();

    const add = page.getByTestId('add-contact');
    const input = page.locator('#add-contact-email');
    await input.fill('not-an-address');
    await expect(add.getByTestId('dirty-marker')).toBeVisible();
    await add.getByTestId('add-contact-submit').click();
    await expect(add.getByTestId('field-error')).toHaveText('Wrong email address');
    await input.fill(second);
    await add.getByTestId('add-contact-submit').click();

    const row = page.locator(`[data-testid="contact-row"][data-contact="${second}"]`);
    await expect(row.getByTestId('contact-unconfirmed')).toBeVisible();
    await expect(add.getByTestId('dirty-marker')).toHaveCount(0);
    await expect(row.getByTestId('contact-login')).toHaveCount(0);

    // Adding sent a code a moment ago: asking again within the resend time shows the wait.
    const confirm = row.getByTestId('contact-confirm');
    await expect(confirm).toBeVisible();
    await confirm.getByTestId('contact-send-code').click();
    await expect(confirm.getByTestId('contact-send-code')).toHaveText(/New code in \d+ s/);
    await expect(confirm.getByTestId('contact-send-code')).toBeDisabled();
    await expect(confirm.getByTestId('form-info')).toContainText('less than a minute ago');

    const code = await newestCode(page, second, /confirmation code/);
    const codeInput = confirm.getByLabel('Confirmation code');
    await codeInput.fill(wrongCodeFor(code));
    await confirm.getByTestId('contact-confirm-submit').click();
    await expect(confirm.getByTestId('field-error')).toHaveText('Wrong SMS code: check the code and try again, or send a new one.');

    await codeInput.fill(code);
    await confirm.getByTestId('contact-confirm-submit').click();
    await expect(row.getByTestId('contact-confirmed')).toBeVisible();
    await expect(row.getByTestId('contact-confirm')).toHaveCount(0);
    await page.reload();
    await expect(row.getByTestId('contact-confirmed')).toBeVisible();
  });

  test('contacts: a phone number is checked with the shared phone rule for the chosen country', async ({ page }) => {
    await signUp(page, 'phone');
    await gotoHydrated(page, '/profile/settings');
    const add = page.getByTestId('add-contact');
    await add.getByTestId('add-contact-type-phone').click();
    await page.locator('#add-contact-country').selectOption('FR');
    const input = page.locator('#add-contact-phone');
    await input.fill('12');
    await add.getByTestId('add-contact-submit').click();
    await expect(add.getByTestId('field-error')).toHaveText('Wrong phone number');
    await input.fill('06 12 34 56 78');
    await add.getByTestId('add-contact-submit').click();
    const row = page.locator('[data-testid="contact-row"][data-contact="+33612345678"]');
    await expect(row.getByTestId('contact-unconfirmed')).toBeVisible();
    // The same number again: the server refuses it and the field is marked invalid.
    await add.getByTestId('add-contact-type-phone').click();
    await input.fill('+33 6 12 34 56 78');
    await add.getByTestId('add-contact-submit').click();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(add.getByTestId('field-error')).toBeVisible();
  });

  test('security: the password changes (old one refused, new one accepted); two-factor turns on and off with mailed codes', async ({ page }) => {
    const email = await signUp(page, 'security');
    await gotoHydrated(page, '/profile/security');
    const form = page.getByTestId('password-form');
    await page.locator('#security-old_password').fill('secret12');
    await page.locator('#security-password').fill('secret34');
    await page.locator('#security-password_confirmation').fill('secret35');
    await form.getByTestId('password-save').click();
    await expect(form.getByTestId('field-error')).toHaveText('Passwords do not match');
    await page.locator('#security-password_confirmation').fill('secret34');
    await form.getByTestId('password-save').click();
    await expect(toasts(page)).toContainText('Password changed');
    await expect(page.locator('#security-old_password')).toHaveValue('');

    // The server rotated this browser's session: it is still signed in.
    expect((await (await page.request.get('/api/getInfo')).json()).data.uid).toBeGreaterThan(0);
    await page.request.get('/api/logout');
    const withOld = await page.request.post('/api/login', { form: { login: email, password: 'secret12' } });
    expect(withOld.status()).toBe(401);
    const withNew = await page.request.post('/api/login', { form: { login: email, password: 'secret34' } });
    expect(withNew.ok()).toBe(true);

    await gotoHydrated(page, '/profile/security');
    const panel = page.getByTestId('two-factor');
    await expect(panel.getByTestId('two-factor-state')).toHaveText('Off');
    await panel.getByTestId('two-factor-toggle').click();
    await expect(panel.getByTestId('two-factor-resend')).toHaveText(/New code in \d+ s/);
    const onCode = await newestCode(page, email, /security code/);
    await panel.getByLabel('Security code').fill(onCode);
    await panel.getByTestId('two-factor-submit').click();
    await expect(panel.getByTestId('two-factor-state')).toHaveText('On');
    await expect(toasts(page)).toContainText('Two-factor authentication is on');

    // Turning it off mails a new code: wait for that one, not the code just used (read too early
    // on a loaded machine, the old code was typed and refused).
    await panel.getByTestId('two-factor-toggle').click();
    await expect(panel.getByTestId('two-factor-resend')).toHaveText(/New code in \d+ s/);
    let offCode = onCode;
    await expect.poll(async () => (offCode = await newestCode(page, email, /security code/))).not.toBe(onCode);
    await panel.getByLabel('Security code').fill(offCode);
    await panel.getByTestId('two-factor-submit').click();
    await expect(panel.getByTestId('two-factor-state')).toHaveText('Off');
    expect((await (await page.request.get('/api/getInfo')).json()).data.two_factor_auth).toBe(false);
  });

  test('notification: unsubscribing the login contact persists after a reload', async ({ page }) => {
    const email = await signUp(page, 'notify');
    await gotoHydrated(page, '/profile/notification');
    const toggle = page.locator(`[data-testid="subscription-row"][data-contact="${email}"]`).getByRole('switch');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(toasts(page)).toContainText('Unsubscribed');
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  test('?toastType=success&from=deposit shows the deposit toast and leaves the address', async ({ page }) => {
    await signUp(page, 'toast');
    await gotoHydrated(page, '/profile/settings?toastType=success&from=deposit');
    await expect(toasts(page)).toContainText('Deposit successful');
    await expect(page).toHaveURL('/profile/settings');
  });

  test('an unknown from gets the generic text, in French, and other params stay', async ({ page }) => {
    await signUp(page, 'toast-fr');
    await gotoHydrated(page, '/fr/profile/notification?toastType=error&from=somewhere&tab=1');
    await expect(toasts(page)).toContainText("Une erreur s'est produite");
    await expect(page).toHaveURL('/fr/profile/notification?tab=1');
  });

  test('/profile keeps the toast query on its way to the settings', async ({ page }) => {
    await signUp(page, 'toast-index');
    await gotoHydrated(page, '/profile?toastType=info&from=verification');
    await expect(toasts(page)).toContainText('Verification in progress');
    await expect(page).toHaveURL('/profile/settings');
  });

  test('hints: a new player sees the registration and confirm-contact hints; the registration banner is on home', async ({ page }) => {
    await signUp(page, 'hints');
    await gotoHydrated(page, '/profile/settings');
    await expect(page.getByTestId('registration-hint')).toContainText('Ready for your first real game?');
    await expect(page.getByTestId('confirm-contact-hint')).toContainText('Confirm your e-mail address');
    await gotoHydrated(page, '/');
    await expect(page.getByTestId('registration-hint-banner')).toBeVisible();
  });

  test('hints: the confirm-contact hint is gone once the confirm_sent flag is stored', async ({ page }) => {
    await signUp(page, 'flag');
    const stored = await page.request.post('/api/storage/set', { form: { key: 'confirm_sent', value: '1' } });
    expect(stored.ok()).toBe(true);
    await gotoHydrated(page, '/profile/settings');
    await expect(page.getByTestId('registration-hint')).toBeVisible();
    await expect(page.getByTestId('confirm-contact-hint')).toHaveCount(0);
  });
});
