import { expect, test, type Page } from '@playwright/test';
import { signInitData } from '../../server/modules/identity-providers/telegram.ts';
import { startIsolatedServer, type IsolatedServer } from './isolated-server.ts';

/**
 * The site opened as a Telegram mini-app. Telegram's bridge (window.Telegram.WebApp) is put in
 * place before the page loads, with initData signed here with a test bot token, as Telegram
 * signs it with the real one; the server checks it with the same token.
 */
const PORT = Number(process.env.E2E_TELEGRAM_PORT ?? 32062);
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/croupier-shots/sign-in-channels';
const BOT_TOKEN = '424242424:AAHe2eTestBotTokenForCroupier_0123456';

let server: IsolatedServer;
test.describe.configure({ mode: 'serial', timeout: 180_000 });
// A fresh server on a busy machine: first loads take seconds.
test.use({ navigationTimeout: 45_000 });
const SLOW = { timeout: 30_000 };
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  server = await startIsolatedServer({ name: 'telegram', port: PORT, ops: [], startSeconds: 150, env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, RATE_LIMIT_MULTIPLIER: '20' } });
});
test.afterAll(async () => {
  await server?.stop();
});

function initData(user: Record<string, unknown>, token = BOT_TOKEN): string {
  const params = new URLSearchParams();
  params.set('query_id', 'AAHdF6IQAAAAAN0XohDhrOrc');
  params.set('user', JSON.stringify(user));
  params.set('auth_date', String(Math.floor(Date.now() / 1000)));
  params.set('hash', signInitData(params, token));
  return params.toString();
}

/** Telegram's bridge as its script would set it up, recording what the page asks of it. */
async function openInTelegram(page: Page, data: string, path = '/') {
  await page.addInitScript((raw) => {
    const calls: string[] = [];
    (window as unknown as { __telegramCalls: string[] }).__telegramCalls = calls;
    (window as unknown as { Telegram: unknown }).Telegram = {
      WebApp: {
        initData: raw,
        initDataUnsafe: {},
        ready: () => calls.push('ready'),
        expand: () => calls.push('expand'),
        setHeaderColor: (color: string) => calls.push(`header:${color}`),
        setBackgroundColor: (color: string) => calls.push(`background:${color}`),
        disableVerticalSwipes: () => calls.push('disableVerticalSwipes'),
      },
    };
  }, data);
  await page.goto(`${server.base}${path}`, { waitUntil: 'domcontentloaded' });
}

test('a Telegram user opening the mini-app is signed up, then signed in again on the next visit', async ({ page, request }) => {
  const id = 500_000_000 + Math.floor(Math.random() * 1_000_000);
  const username = `TgAce${id}`;
  await openInTelegram(page, initData({ id, username, first_name: 'Ace', language_code: 'en' }));

  await expect(page.getByTestId('user-menu')).toBeVisible(SLOW);
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-panel')).toContainText(username);
  await page.getByTestId('user-menu').click();
  // Told Telegram it is ready, filled the web view, and gave its header the site's colour. After the
  // sign-in reload the mini-app's code is a lazy chunk: it may speak a moment after the menu works.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __telegramCalls: string[] }).__telegramCalls), SLOW)
    .toEqual(expect.arrayContaining(['ready', 'expand', 'header:#0b0d17', 'disableVerticalSwipes']));
  // Inside an app's web view there is nothing to install.
  await expect(page.getByTestId('install-banner')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/telegram-webview-375.png` });

  // A new visit (Telegram opens the app with fresh initData) from another browser: the same account.
  const uid = (await page.evaluate(async () => ((await (await fetch('/api/getInfo?v=2.34')).json()) as { data: { uid: number } }).data.uid));
  const again = await request.post(`${server.base}/api/register`, { form: { is_tg: 'true', id: String(id), payload: initData({ id, username }) } });
  expect(again.ok(), await again.text()).toBe(true);
  expect(((await again.json()) as { data: { uid: number; fakename: string } }).data).toMatchObject({ uid, fakename: username });
});

test('forged initData shows the wrong-registration toast and stays a guest', async ({ page }) => {
  const forged = initData({ id: 777_000_001, username: 'Mallory' }, '111111111:AAHsomeoneElsesBotTokenNotOurs_9876');
  await openInTelegram(page, forged);
  await expect(page.getByTestId('toast-area')).toContainText('Telegram sign-in failed', SLOW);
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/telegram-forged-375.png` });
});

test('the toast is in French on the French site', async ({ page }) => {
  const forged = initData({ id: 777_000_002 }, '111111111:AAHsomeoneElsesBotTokenNotOurs_9876');
  await openInTelegram(page, forged, '/fr');
  await expect(page.getByTestId('toast-area')).toContainText('La connexion Telegram a échoué', SLOW);
});
