import { expect, test, type Locator, type Page } from '@playwright/test';
import { freeSpinsOutcome } from './cascade-support.ts';
import { answerSlotRoundsWith } from './slot-support.ts';
import { gotoHydrated } from './support.ts';

/**
 * Pearl Cascade (engine `cascade`) in its play frame as a guest in demo mode: a spin takes the
 * stake, the grid ends on the round's last grid, the win shown is the round's and the balance
 * moves by the stake and the win; the paytable prices the symbols at the stake; on a phone the
 * grid and the controls fit the screen.
 */

const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);
const amountOf = async (locator: Locator) => cents((await locator.textContent()) ?? '');
type Step = { grid: string[][]; wins: unknown[] };
type Outcome = { bet: string; win: string; base: { steps: Step[] }; freeSpins: Array<{ steps: Step[] }> };

async function openCascade(page: Page) {
  await gotoHydrated(page, '/platform/game/pearl-cascade/play?mode=demo');
  await expect(page.getByTestId('studio-game')).toBeVisible();
  await expect(page.getByTestId('studio-balance')).toHaveText(/\d/);
  await expect(page.getByTestId('cascade-cell')).toHaveCount(30);
  return amountOf(page.getByTestId('studio-balance'));
}

/** Spins once; the round the server answered, once the client has shown it. */
async function spinOnce(page: Page, press: () => Promise<void>, rounds: number) {
  const answer = page.waitForResponse((response) => response.url().includes('games/play') && response.request().method() === 'POST');
  await press();
  const round = (await (await answer).json()).data as { win: string; staked: string; outcome: Outcome };
  await expect(page.getByTestId('cascade-client')).toHaveAttribute('data-rounds', String(rounds), { timeout: 120_000 });
  return round;
}

/** The grid on screen, grid[reel][row]. */
async function gridShown(page: Page) {
  const symbols = await page.getByTestId('cascade-cell').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-symbol')));
  return Array.from({ length: 6 }, (_, reel) => symbols.slice(reel * 5, reel * 5 + 5));
}

test.describe('Pearl Cascade (demo)', () => {
  test('a spin takes the stake, ends on the round\'s last grid and pays what it shows', async ({ page }) => {
    test.setTimeout(150_000);
    const before = await openCascade(page);
    await expect(page.getByTestId('studio-mode')).toHaveText('Demo');
    const stake = await amountOf(page.getByTestId('stake-value'));

    const round = await spinOnce(page, () => page.getByTestId('cascade-spin').click(), 1);
    expect(cents(round.staked)).toBe(stake);
    const outcome = round.outcome;
    const lastSpin = outcome.freeSpins.at(-1) ?? outcome.base;
    expect(await gridShown(page)).toEqual(lastSpin.steps.at(-1)!.grid);
    const win = await amountOf(page.getByTestId('cascade-last-win'));
    expect(win).toBe(cents(round.win));
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(before - stake + win);
    await expect(page.getByTestId('cascade-info')).not.toHaveText('Choose your stake and spin');

    // The paytable prices every symbol at the stake: the pearl's 12+ pays 50 stakes.
    await page.getByTestId('open-paytable').click();
    const pearl = page.locator('[data-testid="cascade-paytable-row"][data-symbol="pearl"]');
    await expect(pearl).toContainText('Pearl');
    await expect(pearl).toContainText(((stake * 50) / 100).toFixed(2));
    await expect(page.getByTestId('cascade-paytable')).toContainText('5,000');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('cascade-paytable')).toBeHidden();
  });
});

test.describe('Pearl Cascade free spins', () => {
  test.use({ reducedMotion: 'reduce' });

  test('free spins show their counter, the bubbles\' multiplier and their total; reduced motion shows each grid at once', async ({ page }) => {
    test.setTimeout(150_000);
    const outcome = freeSpinsOutcome();
    await answerSlotRoundsWith(page, outcome);
    await openCascade(page);
    await page.getByTestId('cascade-spin').click();
    await expect(page.getByTestId('cascade-banner')).toHaveAttribute('data-kind', 'freeAward', { timeout: 20_000 });
    await expect(page.getByTestId('cascade-banner')).toContainText('10 free spins');
    await expect(page.getByTestId('cascade-free-spins')).toContainText(/Free spin \d+ \/ \d+/, { timeout: 20_000 });
    await expect(page.getByTestId('cascade-multiplier')).toContainText('Bubbles ×');
    await expect(page.getByTestId('cascade-bubble').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('cascade-banner')).toHaveAttribute('data-kind', 'freeTotal', { timeout: 120_000 });
    await expect(page.getByTestId('cascade-client')).toHaveAttribute('data-rounds', '1', { timeout: 30_000 });
    expect(await amountOf(page.getByTestId('cascade-last-win'))).toBe(cents(outcome.win));
    await expect(page.getByTestId('cascade-free-spins')).toHaveCount(0);
  });
});

test.describe('Pearl Cascade on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the grid, the stake and the spin button fit a 375 px screen and a spin settles', async ({ page }) => {
    test.setTimeout(150_000);
    const before = await openCascade(page);
    const grid = page.getByTestId('cascade-grid');
    const spin = page.getByTestId('cascade-spin');
    for (const part of [grid, spin, page.getByTestId('stake'), page.getByTestId('studio-balance')]) await expect(part).toBeInViewport({ ratio: 1 });
    expect((await grid.boundingBox())!.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByTestId('stake-up').tap();
    const stake = await amountOf(page.getByTestId('stake-value'));
    const round = await spinOnce(page, () => spin.tap(), 1);
    const win = cents(round.win);
    expect(await amountOf(page.getByTestId('cascade-last-win'))).toBe(win);
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(before - stake + win);
  });
});
