import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { fillSignUp, uniqueEmail } from './auth-support.ts';
import { seededCount } from './seed-games.ts';
import { gotoHydrated } from './support.ts';

/**
 * The player's whole road through the games, across the stack: a guest finds a slot in the hall
 * (provider filter, search), plays it for fun; signs up from the game, deposits through the demo
 * payment provider, plays real spins and a roulette round while the header balance follows the
 * frame's; finds the rounds in the history; keeps a favourite across a reload.
 */

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
const frameOf = (page: Page): FrameLocator => page.frameLocator('[data-testid="game-frame"]');
const headerBalance = (page: Page) => page.getByTestId('header-balance');

async function studioBalance(frame: FrameLocator): Promise<number> {
  const balance = frame.getByTestId('studio-balance');
  await expect(balance).toHaveText(/\d/);
  return cents(await balance.textContent());
}

/** One slot spin in the frame, waited for until the round is shown; answers the balance after it. */
async function spin(frame: FrameLocator, roundsBefore: number): Promise<number> {
  await frame.getByTestId('slot-spin').click();
  await expect(frame.getByTestId('slot-client')).toHaveAttribute('data-rounds', String(roundsBefore + 1), { timeout: 80_000 });
  return studioBalance(frame);
}

test('a guest finds and plays a slot for fun, signs up, deposits, plays for real; history and favourites follow', async ({ page }) => {
  test.setTimeout(240_000);

  // The hall: filter by the in-house studio, then search.
  await gotoHydrated(page, '/gamehall');
  await page.getByTestId('provider-croupier').click();
  await expect(page).toHaveURL('/gamehall?providers=croupier');
  await expect(page.getByTestId('game-tile')).toHaveCount(seededCount((game) => game.provider === 'croupier'));
  await page.getByTestId('search-entry').click();
  const search = page.getByTestId('dialog-games-search');
  await search.getByTestId('games-search').getByRole('searchbox').fill('golden');
  const found = search.getByTestId('game-tile').filter({ hasText: 'Golden Croupier' });
  await expect(found).toBeVisible();
  await found.getByRole('link').click();
  await expect(page).toHaveURL('/game/golden-croupier');

  // Demo: the popup explains, the frame plays with fun money.
  const demoPopup = page.getByTestId('dialog-demo-mode');
  await expect(demoPopup).toBeVisible();
  await demoPopup.getByTestId('demo-popup-demo').click();
  await expect(page.getByTestId('game-frame')).toHaveAttribute('src', '/platform/game/golden-croupier/play?mode=demo');
  let frame = frameOf(page);
  await expect(frame.getByTestId('studio-balance-box')).toContainText('Fun balance');
  const fun = await studioBalance(frame);
  const stake = cents(await frame.getByTestId('stake-value').textContent());
  const funAfter = await spin(frame, 0);
  const funWin = cents(await frame.getByTestId('slot-last-win').textContent());
  expect(funAfter).toBe(fun - stake + funWin);

  // Sign up from the game page: "Play for real".
  await page.getByTestId('demo-badge').click();
  await page.getByTestId('demo-popup-real').click();
  const auth = page.getByTestId('dialog-auth');
  await expect(auth).toBeVisible();
  await fillSignUp(auth, uniqueEmail('journey'));
  // Signed in, back on the game: an empty balance asks for a deposit before real play.
  await expect(headerBalance(page)).toContainText('0.00', { timeout: 15_000 });
  await expect(page.getByTestId('game-deposit-link')).toBeVisible();

  // Deposit 100 through the demo provider's hosted page.
  await gotoHydrated(page, '/cashier/deposit');
  await page.getByTestId('amount-preset-100').click();
  await page.getByTestId('deposit-submit').click();
  await expect(page).toHaveURL(/\/psp\/demo\/pay\/dp_/);
  await page.locator('button[data-outcome="success"]').click();
  await page.waitForURL(/\/cashier\/paysuccess\//);
  await gotoHydrated(page, '/game/golden-croupier');
  await expect(headerBalance(page)).toContainText('100.00');

  // Real spins: the frame plays the main balance, the header follows it.
  await expect(page.getByTestId('game-frame')).toHaveAttribute('src', '/platform/game/golden-croupier/play?mode=real');
  frame = frameOf(page);
  await expect(frame.getByTestId('studio-mode')).toHaveText('Real money');
  let balance = await studioBalance(frame);
  expect(balance).toBe(10_000);
  for (let round = 0; round < 2; round++) {
    const stakeNow = cents(await frame.getByTestId('stake-value').textContent());
    const after = await spin(frame, round);
    const win = cents(await frame.getByTestId('slot-last-win').textContent());
    expect(after).toBe(balance - stakeNow + win);
    balance = after;
    await expect.poll(async () => cents(await headerBalance(page).textContent())).toBe(balance);
  }

  // A favourite heart, kept after a reload.
  const heart = page.getByTestId('game-favourite');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByTestId('game-favourite')).toHaveAttribute('aria-pressed', 'true');

  // A roulette round: a chip on red.
  await gotoHydrated(page, '/game/croupier-roulette');
  frame = frameOf(page);
  const beforeRoulette = await studioBalance(frame);
  expect(beforeRoulette).toBe(balance);
  await frame.getByTestId('chip-rack').getByRole('radio', { name: 'Chip 1.00' }).click();
  await frame.getByRole('button', { name: 'Red', exact: true }).click();
  await frame.getByTestId('roulette-spin').click();
  const result = frame.getByTestId('roulette-result');
  await expect(result).toBeVisible({ timeout: 15_000 });
  const number = Number(await result.getAttribute('data-number'));
  const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(number);
  balance = beforeRoulette - 100 + (red ? 200 : 0);
  await expect.poll(() => studioBalance(frame)).toBe(balance);
  await expect.poll(async () => cents(await headerBalance(page).textContent())).toBe(balance);

  // The history lists the three real rounds, latest first, each verifiable.
  await gotoHydrated(page, '/cashier/history?tab=games');
  const rows = page.getByTestId('game-history-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Croupier Roulette');
  await expect(rows.nth(1)).toContainText('Golden Croupier');
  await expect(rows.first().getByTestId('game-history-verify')).toHaveAttribute('href', /\/fairness\?round=[0-9a-f-]{36}$/);
});
