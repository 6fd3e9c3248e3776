import { expect, test, type Locator, type Page } from '@playwright/test';
import { play as playCoins } from '../../games/engines/coins/index.ts';
import { createRoundRng } from '../../games/fairness/rng.ts';
import { answerSlotRoundsWith, wire } from './slot-support.ts';
import { gotoHydrated } from './support.ts';

/**
 * Rivet Royale (the coins engine) in its play frame as a guest in demo mode: a spin takes the
 * stake and pays what the board shows, the prizes are priced at the stake, Hold and Win plays its
 * respins with sticky coins, and the game fits a phone.
 */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);
const amountOf = async (locator: Locator) => cents((await locator.textContent()) ?? '');

async function openGame(page: Page) {
  await gotoHydrated(page, '/platform/game/rivet-royale/play?mode=demo');
  await expect(page.getByTestId('studio-game')).toBeVisible();
  await expect(page.getByTestId('studio-balance')).toHaveText(/\d/);
  await expect(page.getByTestId('coins-cell')).toHaveCount(15);
  return amountOf(page.getByTestId('studio-balance'));
}

async function spinOnce(page: Page, before: number) {
  const stake = await amountOf(page.getByTestId('stake-value'));
  await page.getByTestId('coins-spin').click();
  await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(before - stake);
  await expect(page.getByTestId('coins-client')).toHaveAttribute('data-rounds', '1', { timeout: 60_000 });
  const win = await amountOf(page.getByTestId('coins-last-win'));
  await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(before - stake + win);
  return { stake, win };
}

/** The first outcome (stake 1.00) of a fixed seed with Hold and Win, as the studio writes it. */
function featureOutcome() {
  for (let nonce = 0; ; nonce++) {
    const outcome = playCoins({ amount: 100n }, createRoundRng({ serverSeed: 'f'.repeat(64), clientSeed: 'hold-and-win', nonce }));
    if (outcome.feature && outcome.feature.respins.length >= 4) return wire(outcome) as { win: string; feature: { coins: unknown[]; respins: unknown[] } };
  }
}

test.describe('Rivet Royale (demo)', () => {
  test('a spin takes the stake from the fun balance and pays what the board shows; the prizes are at the stake', async ({ page }) => {
    test.setTimeout(90_000);
    const before = await openGame(page);
    await expect(page.getByTestId('studio-balance-box')).toContainText('Fun balance');
    const stake = await amountOf(page.getByTestId('stake-value'));
    await expect(page.getByTestId('coins-jackpots').locator('[data-prize="mini"]')).toContainText(((stake * 20) / 100).toFixed(2));
    await expect(page.getByTestId('coins-jackpots').locator('[data-prize="grand"]')).toContainText(((stake * 1000) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    await spinOnce(page, before);
    await expect(page.getByTestId('coins-info')).not.toHaveText('Six coins or more start Hold and Win');

    await page.getByTestId('open-paytable').click();
    await expect(page.getByTestId('coins-paytable')).toContainText('Hold and Win');
    await expect(page.getByTestId('coins-paytable')).toContainText('Zeppelin');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('coins-paytable')).toBeHidden();
  });

  test('Hold and Win: the coins stay, the respins count down, and the board pays the sum of its coins', async ({ page }) => {
    test.setTimeout(90_000);
    const outcome = featureOutcome();
    await answerSlotRoundsWith(page, outcome);
    await openGame(page);
    await page.getByTestId('coins-spin').click();
    await expect(page.getByTestId('coins-banner')).toHaveAttribute('data-kind', 'trigger', { timeout: 15_000 });
    await expect(page.getByTestId('coins-board')).toHaveAttribute('data-feature', 'on', { timeout: 10_000 });
    await expect(page.getByTestId('coins-respins')).toBeVisible();
    await expect(page.getByTestId('coins-banner')).toHaveAttribute('data-kind', 'feature', { timeout: 30_000 });
    await expect(page.locator('[data-testid="coins-cell"][data-symbol="coin"]')).toHaveCount(outcome.feature.coins.length);
    await expect(page.getByTestId('coins-banner-amount')).toContainText(outcome.win);
    await expect(page.getByTestId('coins-client')).toHaveAttribute('data-rounds', '1', { timeout: 30_000 });
    expect(await amountOf(page.getByTestId('coins-last-win'))).toBe(cents(outcome.win));
  });
});

test.describe('Rivet Royale on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the board, the prizes, the stake and the spin button fit a 375 px screen and a spin plays', async ({ page }) => {
    test.setTimeout(90_000);
    const before = await openGame(page);
    for (const id of ['coins-board', 'coins-jackpots', 'coins-spin', 'stake-value']) await expect(page.getByTestId(id)).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await spinOnce(page, before);
  });
});
