import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * The in-house originals in their play frame (/platform/game/{sysname}/play): each played for
 * real money by a player who deposited (the balance moves by the stake and what the round paid),
 * in demo as a guest, in French, and on a 375 px phone. Screenshots of each game in play at 375
 * and 1440 px go to STUDIO_SHOTS_DIR (docs/studio/ when refreshing the docs).
 */

const SHOTS = process.env.STUDIO_SHOTS_DIR ?? 'test-results/studio-shots';
const play = (sysname: string, mode = 'demo', locale = '') => `${locale}/platform/game/${sysname}/play?mode=${mode}`;
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
const amountOf = async (locator: Locator) => cents(await locator.textContent());

async function openGame(page: Page, sysname: string, mode = 'demo', locale = '') {
  await gotoHydrated(page, play(sysname, mode, locale));
  await expect(page.getByTestId('studio-game')).toBeVisible();
  await expect(page.getByTestId('studio-balance')).toHaveText(/\d/);
  return amountOf(page.getByTestId('studio-balance'));
}

/** A registered player with 50.00 deposited through the demo payment provider. */
async function depositedPlayer(page: Page) {
  await registerByApi(page.request, uniqueEmail('originals'), PASSWORD);
  await depositThroughDemo(page, '50');
}

/** Plinko: one drop, answered by the round; the balance moves by the stake and floor(stake x multiplier). */
async function dropOnce(page: Page, before: number, rounds: number) {
  const stake = await amountOf(page.getByTestId('stake-value'));
  await page.getByTestId('plinko-drop').click();
  await expect(page.getByTestId('plinko-client')).toHaveAttribute('data-rounds', String(rounds), { timeout: 15_000 });
  const multiplier = Number(await page.getByTestId('plinko-outcome').getAttribute('data-multiplier'));
  const slot = Number(await page.getByTestId('plinko-outcome').getAttribute('data-slot'));
  // The slot the ball landed in is the one the server paid.
  await expect(page.getByTestId('plinko-slot').nth(slot)).toHaveAttribute('data-multiplier', String(multiplier));
  const win = Math.floor((stake * multiplier) / 100);
  await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(before - stake + win);
  await expect(page.getByTestId('plinko-last-win')).toHaveText((win / 100).toFixed(2));
  return before - stake + win;
}

test.describe('Croupier Plinko', () => {
  test('real money: a deposited player drops balls on 8 and 16 rows, the balance moves by stake and win', async ({ page }) => {
    test.setTimeout(120_000);
    await depositedPlayer(page);
    let balance = await openGame(page, 'croupier-plinko', 'real');
    expect(balance).toBe(5000);
    await expect(page.getByTestId('studio-mode')).toHaveText('Real money');
    // 12 rows, medium risk to start: 13 slots.
    await expect(page.getByTestId('plinko-slot')).toHaveCount(13);
    await page.getByTestId('plinko-risk').getByRole('radio', { name: 'High' }).click();
    await page.getByTestId('plinko-rows').fill('16');
    await expect(page.getByTestId('plinko-rows-value')).toHaveText('16');
    await expect(page.getByTestId('plinko-slot')).toHaveCount(17);
    await expect(page.getByTestId('plinko-top')).toHaveText('1000×');
    balance = await dropOnce(page, balance, 1);
    await page.getByTestId('plinko-rows').fill('8');
    await page.getByTestId('plinko-risk').getByRole('radio', { name: 'Low' }).click();
    await expect(page.getByTestId('plinko-slot')).toHaveCount(9);
    balance = await dropOnce(page, balance, 2);
    await expect(page.getByTestId('plinko-history').locator('li')).toHaveCount(2);
    // The fairness panel: the next drop takes nonce 2, the last one can be verified.
    await page.getByTestId('open-fairness').click();
    await expect(page.getByTestId('fair-nonce')).toHaveText('2');
    await expect(page.getByTestId('fair-verify-link')).toBeVisible();
  });

  test('demo in French, and a screenshot in play at 1440 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const before = await openGame(page, 'croupier-plinko', 'demo', '/fr');
    await expect(page.getByTestId('studio-balance-box')).toContainText('Solde fictif');
    await expect(page.getByTestId('plinko-drop')).toHaveText('Lâcher');
    await dropOnce(page, before, 1);
    await expect(page.getByTestId('plinko-outcome')).toContainText('vous recevez');
    await page.getByTestId('plinko-drop').click();
    await page.waitForTimeout(900);
    await page.screenshot({ path: `${SHOTS}/plinko-1440.png` });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test('the board, the stake and the drop button fit 375 px and a drop plays', async ({ page }) => {
      const before = await openGame(page, 'croupier-plinko');
      for (const part of [page.getByTestId('plinko-board'), page.getByTestId('plinko-drop'), page.getByTestId('stake')]) await expect(part).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await dropOnce(page, before, 1);
      await page.getByTestId('plinko-drop').tap();
      await page.waitForTimeout(700);
      await page.screenshot({ path: `${SHOTS}/plinko-375.png` });
    });
  });
});

/** Limbo: one bet, answered by the round; a result at or past the target pays floor(stake x target). */
async function betOnce(page: Page, before: number, rounds: number) {
  const stake = await amountOf(page.getByTestId('stake-value'));
  const target = Math.round(Number((await page.getByTestId('limbo-target').inputValue()).replace(/,/g, '')) * 100);
  await page.getByTestId('limbo-bet').click();
  await expect(page.getByTestId('limbo-client')).toHaveAttribute('data-rounds', String(rounds), { timeout: 15_000 });
  const result = Number(await page.getByTestId('limbo-result').getAttribute('data-result'));
  const won = result >= target;
  await expect(page.getByTestId('limbo-outcome')).toHaveText(won ? /You win|Vous gagnez/ : /no win|pas de gain/);
  const win = won ? Math.floor((stake * target) / 100) : 0;
  await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(before - stake + win);
  return before - stake + win;
}

test.describe('Croupier Limbo', () => {
  test('real money: a deposited player bets on a typed target and a preset, the balance follows', async ({ page }) => {
    test.setTimeout(120_000);
    await depositedPlayer(page);
    let balance = await openGame(page, 'croupier-limbo', 'real');
    expect(balance).toBe(5000);
    await expect(page.getByTestId('limbo-chance')).toHaveText('49.5%');
    await page.getByTestId('limbo-target').fill('1,5');
    await page.getByTestId('limbo-target').press('Enter');
    await expect(page.getByTestId('limbo-target')).toHaveValue('1.50');
    await expect(page.getByTestId('limbo-chance')).toHaveText('66%');
    await expect(page.getByTestId('limbo-payout')).toHaveText('1.50');
    balance = await betOnce(page, balance, 1);
    await page.getByRole('button', { name: '10×', exact: true }).click();
    await expect(page.getByTestId('limbo-target')).toHaveValue('10.00');
    balance = await betOnce(page, balance, 2);
    await expect(page.getByTestId('limbo-history').locator('li')).toHaveCount(2);
    await page.getByTestId('open-fairness').click();
    await expect(page.getByTestId('fair-nonce')).toHaveText('2');
  });

  test('demo in French, and a screenshot in play at 1440 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const before = await openGame(page, 'croupier-limbo', 'demo', '/fr');
    await expect(page.getByTestId('limbo-bet')).toHaveText('Miser');
    await betOnce(page, before, 1);
    await page.screenshot({ path: `${SHOTS}/limbo-1440.png` });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test('the result, the target and the bet button fit 375 px and a bet plays', async ({ page }) => {
      const before = await openGame(page, 'croupier-limbo');
      for (const part of [page.getByTestId('limbo-result'), page.getByTestId('limbo-target'), page.getByTestId('limbo-bet')]) await expect(part).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await betOnce(page, before, 1);
      await page.screenshot({ path: `${SHOTS}/limbo-375.png` });
    });
  });
});

/** Keno: one draw, answered by the round; the balance moves by the stake and what the hits paid. */
async function drawOnce(page: Page, before: number, rounds: number) {
  const stake = await amountOf(page.getByTestId('stake-value'));
  await page.getByTestId('keno-draw').click();
  await expect(page.getByTestId('keno-client')).toHaveAttribute('data-rounds', String(rounds), { timeout: 15_000 });
  await expect(page.getByTestId('keno-ball')).toHaveCount(10);
  const hits = await page.locator('[data-testid="keno-cell"][data-state="hit"]').count();
  const picks = hits + (await page.locator('[data-testid="keno-cell"][data-state="picked"]').count());
  const line = page.locator(`[data-testid="keno-pay-line"][data-hits="${hits}"]`);
  // The line of the table that paid is lit; no line means the draw paid nothing.
  const paid = (await line.count()) ? Math.floor((stake * Math.round(Number(((await line.locator('td').nth(1).textContent()) ?? '').split('×')[0].replace(/,/g, '')) * 100)) / 100) : 0;
  if (paid) await expect(line).toHaveClass(/text-jade-300/);
  await expect(page.getByTestId('keno-history').locator('li').first()).toHaveText(`${hits}/${picks}`);
  await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(before - stake + paid);
  return before - stake + paid;
}

test.describe('Croupier Keno', () => {
  test('real money: a deposited player picks numbers, draws, and the balance follows the paytable', async ({ page }) => {
    test.setTimeout(120_000);
    await depositedPlayer(page);
    let balance = await openGame(page, 'croupier-keno', 'real');
    expect(balance).toBe(5000);
    await page.getByTestId('keno-clear').click();
    await expect(page.getByTestId('keno-draw')).toBeDisabled();
    for (const n of [1, 8, 17, 24, 33, 40]) await page.locator(`[data-testid="keno-cell"][data-number="${n}"]`).click();
    await expect(page.locator('[data-testid="keno-cell"][data-state="picked"]')).toHaveCount(6);
    await expect(page.getByTestId('keno-paytable')).toContainText('Pays for 6 picks');
    await expect(page.getByTestId('keno-pay-line')).toHaveCount(5);
    balance = await drawOnce(page, balance, 1);
    await page.getByTestId('keno-quick').click();
    await expect(page.locator('[data-testid="keno-cell"][data-state="picked"]')).toHaveCount(6);
    balance = await drawOnce(page, balance, 2);
    await page.getByTestId('open-fairness').click();
    await expect(page.getByTestId('fair-nonce')).toHaveText('2');
  });

  test('demo in French, and a screenshot in play at 1440 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const before = await openGame(page, 'croupier-keno', 'demo', '/fr');
    await expect(page.getByTestId('keno-draw')).toHaveText('Tirer');
    await expect(page.getByTestId('keno-paytable')).toContainText('Gains pour 5 numéros');
    await drawOnce(page, before, 1);
    await page.screenshot({ path: `${SHOTS}/keno-1440.png` });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test('the 40 numbers and the draw button fit 375 px and a draw plays', async ({ page }) => {
      const before = await openGame(page, 'croupier-keno');
      for (const part of [page.getByTestId('keno-board'), page.getByTestId('keno-draw')]) await expect(part).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await drawOnce(page, before, 1);
      await page.screenshot({ path: `${SHOTS}/keno-375.png` });
    });
  });
});
