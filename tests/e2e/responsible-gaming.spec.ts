import { expect, test, type Page } from '@playwright/test';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * Responsible gaming (docs/responsible-gaming.md), as a player meets it: a loss limit set on
 * /responsible-game stops a real-money slot spin with a message in the game; a reality check
 * pauses the game after the chosen minutes (the page's clock fast-forwarded); a time-out and a
 * self-exclusion sign the player out and the sign-in form then says until when they run. Screenshots of each state at 375
 * and 1440 px land in /tmp/rg-shots/.
 */

let sequence = 0;
const uniqueEmail = (tag: string) => `rg-${tag}-${Date.now().toString(36)}-${process.pid}-${sequence++}@example.com`;
const PASSWORD = 'secret12';

async function signUp(page: Page, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const answer = await page.request.post('/api/register', { form: { email, password: PASSWORD, password_confirmation: PASSWORD, terms: '1' } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return email;
}

/** Both widths of the issue, the page left at the desktop one. */
async function shoot(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `/tmp/rg-shots/${name}-${width}.png`, fullPage: name.endsWith('page') });
  }
}

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);

test.describe('responsible gaming', () => {
  // Deposits through the provider's page and a game frame's launch: room for a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test('a loss limit set on the page stops a slot spin past it, with the message in the game and no money taken', async ({ page }) => {
    await signUp(page, 'loss');
    await depositThroughDemo(page, '20');

    await gotoHydrated(page, '/responsible-game');
    await expect(page.getByTestId('limit-loss')).toContainText('No limit set.');
    await page.getByTestId('limit-loss-add').click();
    await page.getByTestId('limit-loss-period').getByRole('radio', { name: 'Day' }).click();
    await page.getByTestId('limit-loss-amount').fill('1');
    await page.getByTestId('limit-loss-save').click();
    await expect(page.getByTestId('limit-loss-day').getByTestId('limit-amount')).toHaveText('€1.00');
    await expect(page.getByTestId('limit-loss-day')).toContainText('€0.00 used · €1.00 left');

    // A raise waits 24 hours: the page says from when.
    await page.getByTestId('limit-loss-add').click();
    await page.getByTestId('limit-loss-amount').fill('50');
    await page.getByTestId('limit-loss-save').click();
    await expect(page.getByTestId('limit-loss-day').getByTestId('limit-pending')).toContainText('Raising to €50.00 from');
    await expect(page.getByTestId('limit-loss-day').getByTestId('limit-amount')).toHaveText('€1.00');
    await shoot(page, 'limits-page');

    await gotoHydrated(page, '/game/golden-croupier');
    await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'real');
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect(game.getByTestId('studio-balance')).toHaveText('20.00', { timeout: 30_000 });
    // A stake above the limit's €1.00.
    for (let clicks = 0; clicks < 6 && cents(await game.getByTestId('stake-value').textContent()) <= 100; clicks++) await game.getByTestId('stake-up').click();
    expect(cents(await game.getByTestId('stake-value').textContent())).toBeGreaterThan(100);
    await game.getByTestId('slot-spin').click();
    const notice = game.getByTestId('studio-error');
    await expect(notice).toHaveAttribute('data-kind', 'limit');
    await expect(notice).toContainText('Responsible gaming limit reached');
    await expect(notice).toContainText('Your daily loss limit of €1.00 is reached');
    await expect(game.getByTestId('studio-limits-link')).toBeVisible();
    // Nothing moved: the balance is the deposit, here and on the server.
    await expect(game.getByTestId('studio-balance')).toHaveText('20.00');
    const balance = await (await page.request.get('/api/getBalance')).json();
    expect(balance.data.balance_main.amount).toBe('20.00');
    await shoot(page, 'limit-in-game');
  });

  test('a reality check pauses the game after the chosen minutes, with the time played and the net result', async ({ page }) => {
    await signUp(page, 'reality');
    await depositThroughDemo(page, '20');
    await gotoHydrated(page, '/responsible-game');
    await page.getByTestId('reality-check-interval').getByRole('radio', { name: '15 min' }).click();
    await expect(page.getByTestId('reality-check-interval').getByRole('radio', { name: '15 min' })).toHaveAttribute('aria-checked', 'true');

    await page.clock.install();
    await gotoHydrated(page, '/game/golden-croupier');
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect(game.getByTestId('studio-balance')).toHaveText('20.00', { timeout: 30_000 });
    await expect(page.getByTestId('reality-check')).toBeHidden();

    await page.clock.fastForward('14:00');
    await expect(page.getByTestId('reality-check')).toBeHidden();
    await page.clock.fastForward('01:05');
    const check = page.getByTestId('reality-check');
    await expect(check).toBeVisible();
    await expect(page.getByTestId('reality-check-time')).toHaveText('You have been playing for 15 minutes.');
    await expect(page.getByTestId('reality-check-net')).toHaveText('€0.00');
    // The game is paused: the frame behind the modal takes no clicks.
    await expect(game.getByTestId('slot-spin')).toBeVisible();
    await expect(game.getByTestId('slot-spin').click({ timeout: 1_000 })).rejects.toThrow();
    await shoot(page, 'reality-check');

    await page.getByTestId('reality-check-continue').click();
    await expect(check).toBeHidden();
    // The next one comes another 15 minutes later.
    await page.clock.fastForward('15:05');
    await expect(check).toBeVisible();
    await expect(page.getByTestId('reality-check-time')).toHaveText('You have been playing for 30 minutes.');
  });

  test('a time-out signs the player out and sign-in then says until when', async ({ page }) => {
    const email = await signUp(page, 'timeout');
    await gotoHydrated(page, '/fr/responsible-game');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jeu responsable');
    await gotoHydrated(page, '/responsible-game');
    await page.getByTestId('exclude-time_out-24h').click();
    const confirm = page.getByTestId('exclude-confirm');
    await expect(confirm).toContainText('Time-out for 24 hours?');
    await expect(confirm).toContainText('This cannot be cancelled or shortened');
    await shoot(page, 'exclusion-confirm');
    await page.getByTestId('exclude-confirm-yes').click();

    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('sign-in')).toBeVisible();
    // The profile is closed to a guest again.
    const info = await (await page.request.get('/api/getInfo')).json();
    expect(info.data.uid ?? 0).toBe(0);

    await page.getByTestId('sign-in').click();
    const dialog = page.getByTestId('dialog-auth');
    await dialog.getByLabel('E-mail or phone').fill(email);
    await dialog.getByLabel(/^Password$/).fill(PASSWORD);
    await dialog.getByTestId('sign-in-submit').click();
    await expect(dialog).toContainText(/You are taking a time-out until \d\d\.\d\d\.\d{4} \d{1,2}:\d\d UTC/);
    await expect(page.getByTestId('sign-in')).toBeVisible();
  });

  test('self-exclusion for 6 months signs the player out, and sign-in is refused until its end', async ({ page }) => {
    const email = await signUp(page, 'selfex');
    await gotoHydrated(page, '/responsible-game');
    await page.getByTestId('exclude-self_exclusion-6m').click();
    const confirm = page.getByTestId('exclude-confirm');
    await expect(confirm).toContainText('Self-exclusion for 6 months?');
    const until = new Date(Date.now() + 182 * 24 * 3600 * 1000).getUTCFullYear();
    await expect(confirm).toContainText(String(until));
    await page.getByTestId('exclude-confirm-yes').click();

    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('sign-in')).toBeVisible();
    expect(((await (await page.request.get('/api/getInfo')).json()) as { data: { uid?: number } }).data.uid ?? 0).toBe(0);

    // Signing in again is refused with the date, and no session comes of it.
    await page.getByTestId('sign-in').click();
    const dialog = page.getByTestId('dialog-auth');
    await dialog.getByLabel('E-mail or phone').fill(email);
    await dialog.getByLabel(/^Password$/).fill(PASSWORD);
    await dialog.getByTestId('sign-in-submit').click();
    await expect(dialog).toContainText(/You are self-excluded until \d\d\.\d\d\.\d{4} \d{1,2}:\d\d UTC/);
    await expect(page.getByTestId('sign-in')).toBeVisible();
    expect(((await (await page.request.get('/api/getInfo')).json()) as { data: { uid?: number } }).data.uid ?? 0).toBe(0);
  });
});
