import { expect, test, type Page } from '@playwright/test';
import { startLocalOidcProvider, type LocalOidcProvider } from '../../server/modules/identity-providers/testing.ts';
import { startIsolatedServer, type IsolatedServer } from './isolated-server.ts';

/**
 * Social sign-in through the popup, against a real OpenID Connect provider on this machine
 * (oidc-provider): the site's own server is configured with it as a generic issuer, exactly as
 * it would be with Google. Screenshots go to SHOTS_DIR (default /tmp/croupier-shots/sign-in-channels).
 */
const PORT = Number(process.env.E2E_SOCIAL_PORT ?? 32061);
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/croupier-shots/sign-in-channels';
const SERVICE = 'local';

let provider: LocalOidcProvider;
let server: IsolatedServer;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
// A fresh server on a busy machine: first loads take seconds.
test.use({ navigationTimeout: 45_000 });
const SLOW = { timeout: 30_000 };

test.beforeAll(async () => {
  test.setTimeout(200_000);
  provider = await startLocalOidcProvider({
    clientId: 'croupier-e2e',
    clientSecret: 'croupier-e2e-client-secret',
    redirectUris: [`http://localhost:${PORT}/oauth/callback/${SERVICE}`],
  });
  server = await startIsolatedServer({
    name: 'social',
    port: PORT,
    ops: [],
    startSeconds: 150,
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'croupier-e2e',
      OIDC_CLIENT_SECRET: 'croupier-e2e-client-secret',
      OIDC_PROVIDER_NAME: SERVICE,
      OIDC_PROVIDER_LABEL: 'Local ID',
      RATE_LIMIT_MULTIPLIER: '20',
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

/** Opens the auth popup from the header, clicking again until the page has hydrated. */
async function openAuth(page: Page, which: 'sign-in' | 'sign-up') {
  const dialog = page.getByTestId('dialog-auth');
  await expect(async () => {
    await page.getByTestId(which).click();
    await expect(dialog).toBeVisible({ timeout: 2000 });
  }).toPass(SLOW);
  return dialog;
}

/**
 * Waits until the popup has closed itself. Playwright may only hear of a popup when it comes back
 * from the provider's origin, moments before it closes: a 'close' event can be gone already.
 */
const closed = (popup: Page) => expect.poll(() => popup.isClosed(), SLOW).toBe(true);

const unique = (tag: string) => `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('signing in with the local provider through the popup ends signed in with the name in the header', async ({ page }) => {
  const name = unique('Nova');
  provider.nextAccount({ sub: unique('sub'), email: `${name.toLowerCase()}@example.com`, email_verified: true, name });
  await page.goto(`${server.base}/`, { waitUntil: 'domcontentloaded' });
  const dialog = await openAuth(page, 'sign-in');
  const button = dialog.getByTestId(`social-${SERVICE}`);
  await expect(button).toHaveText('Continue with Local ID', SLOW);
  await page.screenshot({ path: `${SHOTS}/auth-popup-social-1440.png` });

  const popupOpened = page.waitForEvent('popup');
  await button.click();
  const popup = await popupOpened;
  // The popup is the spec's 640x480 window; it closes itself once the provider sent it back.
  expect(popup.viewportSize()).toEqual({ width: 640, height: 480 });
  await closed(popup);

  await expect(page.getByTestId('user-menu')).toBeVisible(SLOW);
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-panel')).toContainText(name);
  await expect(page.getByTestId('sign-in')).toHaveCount(0);
});

test('a refusal from the popup shows its message in the sign-in form (e-mail of an account not confirmed)', async ({ page, request }) => {
  const email = `${unique('taken').toLowerCase()}@example.com`;
  const registered = await request.post(`${server.base}/api/register`, { form: { email, password: 'Secret12!', password_confirmation: 'Secret12!', terms: '1' } });
  expect(registered.ok()).toBe(true);
  provider.nextAccount({ sub: unique('sub'), email, email_verified: true, name: 'Intruder' });

  await page.goto(`${server.base}/fr`, { waitUntil: 'domcontentloaded' });
  const dialog = await openAuth(page, 'sign-in');
  await expect(dialog.getByTestId(`social-${SERVICE}`)).toHaveText('Continuer avec Local ID', SLOW);
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByTestId(`social-${SERVICE}`).click();
  await closed(await popupOpened);
  await expect(dialog.getByTestId('form-error')).toContainText('Un compte utilise déjà cette adresse e-mail', SLOW);
  await expect(page.getByTestId('sign-in')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the sign-up popup offers the configured provider under the form', async ({ page }) => {
    await page.goto(`${server.base}/`, { waitUntil: 'domcontentloaded' });
    const dialog = await openAuth(page, 'sign-up');
    await expect(dialog.getByTestId(`social-${SERVICE}`)).toBeVisible(SLOW);
    await dialog.getByTestId('social-sign-in').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/auth-popup-social-375.png` });
  });
});
