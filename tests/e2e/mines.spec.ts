import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * Croupier Mines in its play frame: a deposited player bets for real money, turns a gem, reloads
 * the page mid-round and finds the board as it was, cashes out (the balance moves by the stake
 * and the cash-out); 24 mines end the round on the first tile in French demo (or, 1 time in 25,
 * clear the board); a phone at 375 px. Screenshots at 375 and 1440 px to STUDIO_SHOTS_DIR.
 */

const SHOTS = process.env.STUDIO_SHOTS_DIR ?? 'test-results/studio-shots';
const play = (mode = 'demo', locale = '') => `${locale}/platform/game/croupier-mines/play?mode=${mode}`;
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
const amountOf = async (locator: Locator) => cents(await locator.textContent());
const tile = (page: Page, n: number) => page.locator(`[data-testid="mines-tile"][data-tile="${n}"]`);

async function openMines(page: Page, mode = 'demo', locale = '') {
  await gotoHydrated(page, play(mode, locale));
  await expect(page.getByTestId('mines-client')).toBeVisible();
  await expect(page.getByTestId('studio-balance')).toHaveText(/\d/);
  return amountOf(page.getByTestId('studio-balance'));
}

/** Bets, then turns tiles in order until `gems` gems are found or a mine ends the round: true when the round is still open. */
async function betAndTurn(page: Page, gems: number, tiles = [12, 6, 18, 0, 24, 2, 22, 10, 14]) {
  await page.getByTestId('mines-play').click();
  await expect(page.getByTestId('mines-client')).toHaveAttribute('data-phase', 'open');
  for (const n of tiles.slice(0, gems)) {
    await tile(page, n).click();
    await expect(tile(page, n)).not.toHaveAttribute('data-look', 'hidden');
    if ((await tile(page, n).getAttribute('data-look')) === 'boom') {
      await expect(page.getByTestId('mines-client')).toHaveAttribute('data-phase', 'settled');
      return false;
    }
  }
  return true;
}

test.describe('Croupier Mines', () => {
  test('real money: bet, a gem, a reload resumes the board, cash out; the balance moves by stake and win', async ({ page }) => {
    test.setTimeout(120_000);
    await registerByApi(page.request, uniqueEmail('mines'), PASSWORD);
    await depositThroughDemo(page, '50');
    let balance = await openMines(page, 'real');
    expect(balance).toBe(5000);
    await expect(page.getByTestId('studio-mode')).toHaveText('Real money');
    const stake = await amountOf(page.getByTestId('stake-value'));
    // One mine: the first tile is a gem 24 times in 25; a mine costs the stake and the next round tries again.
    await page.getByTestId('mines-preset').filter({ hasText: /^1$/ }).click();
    await expect(page.getByTestId('mines-count')).toHaveText('1');
    await expect(page.getByTestId('mines-next')).toHaveText('1.03×');
    let open = false;
    for (let attempt = 0; attempt < 5 && !open; attempt++) {
      open = await betAndTurn(page, 1);
      balance -= stake;
      await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(balance);
    }
    expect(open, 'a gem within 5 rounds of one mine').toBe(true);
    await expect(tile(page, 12)).toHaveAttribute('data-look', 'gem');
    // 1 mine, 1 gem: 0.99 x 25 / 24 = 1.03x; the next gem 0.99 x 300 / 276 = 1.07x.
    await expect(page.getByTestId('mines-multiplier')).toHaveText('1.03×');
    await expect(page.getByTestId('mines-next')).toHaveText('1.07×');
    const cashOut = Math.floor((stake * 99 * 25) / (100 * 24));
    await expect(page.getByTestId('mines-cashout-amount')).toHaveText((cashOut / 100).toFixed(2));

    // A reload mid-round: the same board comes back, the mines still hidden.
    await page.reload();
    await expect(page.getByTestId('mines-client')).toHaveAttribute('data-phase', 'open');
    await expect(tile(page, 12)).toHaveAttribute('data-look', 'gem');
    await expect(page.locator('[data-testid="mines-tile"][data-look="hidden"]')).toHaveCount(24);
    await expect(page.getByTestId('mines-count')).toHaveText('1');
    await expect(page.getByTestId('mines-multiplier')).toHaveText('1.03×');
    await expect(page.getByTestId('studio-balance')).toHaveText((balance / 100).toFixed(2));

    await page.getByTestId('mines-cashout').click();
    await expect(page.getByTestId('mines-client')).toHaveAttribute('data-phase', 'settled');
    balance += cashOut;
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(balance);
    await expect(page.getByTestId('mines-status')).toContainText(`Cashed out at 1.03×: you win ${(cashOut / 100).toFixed(2)}`);
    await expect(page.getByTestId('mines-last-win')).toHaveText((cashOut / 100).toFixed(2));
    // The board shows where the mine was.
    await expect(page.locator('[data-testid="mines-tile"][data-look="mine-dim"]')).toHaveCount(1);
    await expect(page.getByTestId('mines-history').locator('li').first()).toHaveText('1.03×');
    await page.getByTestId('open-fairness').click();
    await expect(page.getByTestId('fair-verify-link')).toBeVisible();
  });

  test('demo in French: 24 mines, the first tile ends the round and the board shows every mine', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const before = await openMines(page, 'demo', '/fr');
    await expect(page.getByTestId('studio-balance-box')).toContainText('Solde fictif');
    await expect(page.getByTestId('mines-play')).toHaveText('Miser');
    await page.getByTestId('mines-preset').filter({ hasText: /^24$/ }).click();
    await expect(page.getByTestId('mines-next')).toHaveText('24.75×');
    const stake = await amountOf(page.getByTestId('stake-value'));
    await page.getByTestId('mines-play').click();
    await expect(page.getByTestId('mines-client')).toHaveAttribute('data-phase', 'open');
    await expect(page.getByTestId('mines-cashout')).toBeDisabled();
    await expect(page.getByTestId('mines-status')).toHaveText('Retournez une case : trouvez une gemme pour commencer à gagner');
    await tile(page, 7).click();
    await expect(page.getByTestId('mines-client')).toHaveAttribute('data-phase', 'settled');
    const look = await tile(page, 7).getAttribute('data-look');
    // 24 times in 25 the tile is a mine; otherwise it was the one gem and the board pays 24.75x by itself.
    const win = look === 'boom' ? 0 : Math.floor((stake * 2475) / 100);
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(before - stake + win);
    if (look === 'boom') {
      await expect(page.getByTestId('mines-status')).toHaveText('Une mine ! Cette partie ne paie rien');
      await expect(page.locator('[data-testid="mines-tile"][data-look="mine-dim"]')).toHaveCount(23);
      await expect(page.locator('[data-testid="mines-tile"][data-look="gem-dim"]')).toHaveCount(1);
      await expect(page.getByTestId('mines-history').locator('li').first()).toHaveText('✕');
    } else {
      await expect(page.getByTestId('mines-status')).toContainText('Plateau vidé à 24.75×');
    }
  });

  test('a round in play at 1440 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openMines(page);
    await page.getByTestId('mines-preset').filter({ hasText: /^3$/ }).click();
    for (let attempt = 0; attempt < 6; attempt++) if (await betAndTurn(page, 4)) break;
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/mines-1440.png` });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test('the 25 tiles and the bet button fit 375 px and a round plays', async ({ page }) => {
      await openMines(page);
      for (const part of [page.getByTestId('mines-board'), page.getByTestId('mines-play')]) await expect(part).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.getByTestId('mines-preset').filter({ hasText: /^3$/ }).click();
      let open = false;
      for (let attempt = 0; attempt < 6 && !open; attempt++) open = await betAndTurn(page, 3);
      expect(open).toBe(true);
      await expect(page.getByTestId('mines-cashout')).toBeInViewport();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${SHOTS}/mines-375.png` });
      await page.getByTestId('mines-cashout').click();
      await expect(page.getByTestId('mines-client')).toHaveAttribute('data-phase', 'settled');
    });
  });
});
