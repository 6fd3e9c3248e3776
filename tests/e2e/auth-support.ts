import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Helpers of the account journeys (auth.spec.ts, session.spec.ts). */

export const PASSWORD = 'Secret12!';

/** An address no other test (or earlier run on the same database) uses. */
export const uniqueEmail = (tag = 'player') => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;

export type Mail = { to: string; channel: string; subject: string; text: string; code: string | null; sent_at: string };

/** The demo mailbox of one address, newest first. */
export async function mailbox(request: APIRequestContext, to: string, base = ''): Promise<Mail[]> {
  const response = await request.get(`${base}/_dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Mail[];
}

/** Waits for the newest message to `to` whose subject matches, and answers it. */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp, options: { base?: string; after?: number } = {}): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailbox(request, to, options.base);
        found = mails.find((mail) => subject.test(mail.subject) && (!options.after || Date.parse(mail.sent_at) >= options.after));
        return !!found;
      },
      { message: `a message "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** Creates an account through the API (its own cookie jar unless the page's request is given). */
export async function registerByApi(request: APIRequestContext, email: string, password = PASSWORD, base = '') {
  const response = await request.post(`${base}/api/register`, { form: { email, password, terms: '1' } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The auth popup, opened from the header. */
export async function openAuthPopup(page: Page, which: 'sign-in' | 'sign-up'): Promise<Locator> {
  await page.getByTestId(which).click();
  const dialog = page.getByTestId('dialog-auth');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills and sends the sign-up form (English or French labels). */
export async function fillSignUp(scope: Locator, email: string, password = PASSWORD) {
  await scope.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await scope.getByLabel(/^(Password|Mot de passe)$/).fill(password);
  await scope.getByRole('checkbox', { name: /(terms and conditions|conditions générales)/ }).check();
  await scope.getByTestId('sign-up-submit').click();
}

/** Fills and sends the sign-in form. */
export async function fillSignIn(scope: Locator, login: string, password = PASSWORD) {
  await scope.getByLabel(/^(E-mail or phone|E-mail ou téléphone)$/).fill(login);
  await scope.getByLabel(/^(Password|Mot de passe)$/).fill(password);
  await scope.getByTestId('sign-in-submit').click();
}

/** Signs out through the header's user menu. */
export async function signOutFromHeader(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  // Signing out loads the home page in full: wait for it, or the caller's next navigation
  // races it (and one of them is aborted).
  await expect(page.getByTestId('sign-in')).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('load');
}
