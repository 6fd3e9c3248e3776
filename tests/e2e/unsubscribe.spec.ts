import { expect, test, type APIRequestContext } from '@playwright/test';
import { gotoHydrated } from './support.ts';

/**
 * The unsubscribe link at the bottom of every e-mail to a subscribed address (spec 1 section 2,
 * spec 2 section 2): opened without signing in, it turns the newsletter off, says which address
 * left which list, and says the same when opened again; a forged link says it does not work.
 */
const SHOTS = 'test-results/screenshots';
test.describe.configure({ timeout: 60_000 });
let sequence = 0;

async function mailedUnsubscribeLink(request: APIRequestContext, locale: 'en' | 'fr') {
  const email = `unsub-${Date.now().toString(36)}-${process.pid}-${sequence++}@example.com`;
  const answer = await request.post(`/api/register?locale=${locale}`, {
    form: { email, password: 'secret12', password_confirmation: 'secret12', terms: '1', is_subscribed: '1' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const mails = (await (await request.get(`/_dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as Array<{ text: string }>;
  const link = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mails[0]?.text ?? '')?.[0];
  expect(link, 'an unsubscribe link in the mail').toBeTruthy();
  const url = new URL(link!);
  return { email, path: `${url.pathname}${url.search}` };
}

test.describe('unsubscribe', () => {
  test('a mailed link opened twice shows the same result, and the subscription is off', async ({ browser, page }) => {
    // The player signs up (their cookies stay in `page`); the link is opened in another browser, signed out.
    const { email, path } = await mailedUnsubscribeLink(page.request, 'en');
    expect(path).toMatch(/^\/unsubscribe\?token=/);
    const stranger = await browser.newContext();
    const mailApp = await stranger.newPage();
    for (const time of [1, 2]) {
      await gotoHydrated(mailApp, path);
      await expect(mailApp.getByTestId('page-unsubscribe'), `opening #${time}`).toHaveAttribute('data-state', 'done');
      await expect(mailApp.getByRole('heading', { level: 1 })).toHaveText('You are unsubscribed');
      await expect(mailApp.getByTestId('unsubscribe-result')).toHaveText(
        `${email.slice(0, 2)}•••@example.com will no longer receive our newsletter by e-mail (offers, tournaments and bonuses).`,
      );
    }
    for (const width of [375, 1440]) {
      await mailApp.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await mailApp.screenshot({ path: `${SHOTS}/unsubscribe-done-${width}.png` });
    }
    await stranger.close();

    // The player's own notification settings agree.
    await gotoHydrated(page, '/profile/notification');
    const row = page.getByTestId('subscription-row').filter({ hasText: email });
    await expect(row).toContainText('Not subscribed');
    await expect(row.getByTestId('subscription-switch')).toHaveAttribute('aria-checked', 'false');
  });

  test('in French, and a forged link shows a clear error with a way to the settings', async ({ page }) => {
    const { path } = await mailedUnsubscribeLink(page.request, 'fr');
    expect(path).toMatch(/^\/fr\/unsubscribe\?token=/);
    await page.context().clearCookies();
    await gotoHydrated(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes désabonné');

    const forged = path.replace(/token=(\d+)\./, (_, id: string) => `token=${Number(id) + 1}.`);
    const response = await gotoHydrated(page, forged);
    expect(response?.status()).toBe(400);
    await expect(page.getByTestId('page-unsubscribe')).toHaveAttribute('data-state', 'invalid');
    await expect(page.getByTestId('unsubscribe-error')).toContainText("Ce lien de désabonnement n'est pas valide");
    await expect(page.getByTestId('unsubscribe-manage')).toHaveAttribute('href', '/fr/profile/notification');
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.screenshot({ path: `${SHOTS}/unsubscribe-error-fr-${width}.png` });
    }
  });
});
