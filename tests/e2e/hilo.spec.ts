import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * Croupier Hi-Lo in its play frame: a deposited player plays for real money (the stake leaves at
 * the bet, the cash-out comes back), a reload in the middle of a round brings the same cards
 * back, a guest plays the demo in French, and the game fits a 375 px phone. Screenshots in play
 * go to STUDIO_SHOTS_DIR (docs/studio/ when refreshing the docs).
 */

const SHOTS = process.env.STUDIO_SHOTS_DIR ?? 'test-results/studio-shots';
const play = (mode = 'demo', locale = '') => `${locale}/platform/game/croupier-hilo/play?mode=${mode}`;
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
const amountOf = async (locator: Locator) => cents(await locator.textContent());

async function openGame(page: Page, mode = 'demo', locale = '') {
  await gotoHydrated(page, play(mode, locale));
  await expect(page.getByTestId('hilo-client')).toBeVisible();
  await expect(page.getByTestId('studio-balance')).toHaveText(/\d/);
  return amountOf(page.getByTestId('studio-balance'));
}

const phase = (page: Page) => page.getByTestId('hilo-client').getAttribute('data-phase');
const cardCount = async (page: Page) => Number(await page.getByTestId('hilo-client').getAttribute('data-cards'));

/** The likelier side of the card shown (a 7 is skipped while skips last), as the simulation plays. */
async function nextMove(page: Page): Promise<Locator> {
  const code = Number(await page.getByTestId('hilo-card').getAttribute('data-card'));
  const rank = code % 13;
  if (rank === 6 && (await page.getByTestId('hilo-skip').isEnabled())) return page.getByTestId('hilo-skip');
  const guess = rank === 0 ? 'higher' : rank === 12 ? 'lower' : rank < 6 ? 'higher_or_same' : 'lower_or_same';
  return page.locator(`[data-testid="hilo-guess"][data-guess="${guess}"]`);
}

/** One move; waits for the card it draws. */
async function move(page: Page) {
  const cards = await cardCount(page);
  await (await nextMove(page)).click();
  await expect.poll(() => cardCount(page), { timeout: 15_000 }).toBe(cards + 1);
}

/**
 * Plays rounds until one stands after a right guess; each lost round takes the stake from the
 * balance on screen. Answers the balance once the last bet was taken.
 */
async function toRightGuess(page: Page, balance: number, stake: number, onStart?: () => Promise<void>): Promise<number> {
  for (let attempt = 0; attempt < 15; attempt++) {
    await page.getByTestId('hilo-bet').click();
    await expect(page.getByTestId('hilo-client')).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
    balance -= stake;
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(balance);
    if (attempt === 0 && onStart) await onStart();
    while ((await phase(page)) === 'playing' && !(await page.getByTestId('hilo-cashout').isEnabled())) await move(page);
    if ((await phase(page)) === 'playing') return balance;
    await expect(page.getByTestId('hilo-outcome')).toHaveText(/Wrong guess|Pronostic faux/);
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(balance);
  }
  throw new Error('no right guess in 15 rounds');
}

test.describe('Croupier Hi-Lo', () => {
  test('real money: the stake leaves at the bet, a reload resumes the round, the cash-out pays', async ({ page }) => {
    test.setTimeout(180_000);
    await registerByApi(page.request, uniqueEmail('hilo'), PASSWORD);
    await depositThroughDemo(page, '50');
    let balance = await openGame(page, 'real');
    expect(balance).toBe(5000);
    await expect(page.getByTestId('studio-mode')).toHaveText('Real money');
    const stake = await amountOf(page.getByTestId('stake-value'));
    expect(stake).toBeGreaterThan(0);

    balance = await toRightGuess(page, balance, stake, async () => {
      // Mid-round: a reload brings back the same cards and the balance without the stake.
      const shown = await page.getByTestId('hilo-card').getAttribute('data-card');
      await page.reload();
      await expect(page.getByTestId('hilo-client')).toHaveAttribute('data-phase', 'playing');
      await expect(page.getByTestId('hilo-card')).toHaveAttribute('data-card', shown!);
      await expect(page.getByTestId('hilo-strip-card')).toHaveCount(1);
      await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(balance - stake);
      await expect(page.getByTestId('hilo-bet')).toBeDisabled();
    });
    // Each button shows its chance and multiplier; the cash-out button names what it pays.
    await expect(page.getByTestId('hilo-guess').first()).toContainText('%');
    await expect(page.getByTestId('hilo-guess').first()).toContainText('×');
    const payout = await amountOf(page.getByTestId('hilo-payout'));
    expect(payout).toBeGreaterThan(stake);
    await expect(page.getByTestId('hilo-cashout')).toHaveText(`Cash out ${(payout / 100).toFixed(2)}`);
    expect(await page.getByTestId('hilo-strip-card').count()).toBeGreaterThanOrEqual(2);
    await expect(page.locator('[data-testid="hilo-strip-card"][data-won="true"]')).toHaveCount(1);
    await page.getByTestId('hilo-cashout').click();
    await expect(page.getByTestId('hilo-client')).toHaveAttribute('data-phase', 'cashed');
    await expect(page.getByTestId('hilo-outcome')).toContainText(`Cashed out ${(payout / 100).toFixed(2)}`);
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(balance + payout);
    await expect(page.getByTestId('hilo-last-win')).toHaveText((payout / 100).toFixed(2));
    await expect(page.getByTestId('hilo-history').locator('li').first()).toContainText('×');
    // The fairness panel offers the round to verify.
    await page.getByTestId('open-fairness').click();
    await expect(page.getByTestId('fair-verify-link')).toBeVisible();
  });

  test('demo in French, and a screenshot in play at 1440 px', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const before = await openGame(page, 'demo', '/fr');
    await expect(page.getByTestId('studio-balance-box')).toContainText('Solde fictif');
    await expect(page.getByTestId('hilo-bet')).toHaveText('Miser');
    await expect(page.getByTestId('hilo-outcome')).toHaveText('Misez pour retourner la première carte, puis devinez la suivante');
    const stake = await amountOf(page.getByTestId('stake-value'));
    await toRightGuess(page, before, stake);
    await expect(page.getByTestId('hilo-cashout')).toContainText('Encaisser');
    await expect(page.getByTestId('hilo-skip')).toContainText('Passer la carte');
    await expect(page.getByTestId('hilo-guess').first()).toContainText(/Plus (haute|basse)/);
    await expect(page.getByTestId('hilo-rules')).toContainText('99 %');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/hilo-1440.png` });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test('the card, the guesses and the bet button fit 375 px; reduced motion shows cards at once', async ({ page }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const before = await openGame(page);
      const stake = await amountOf(page.getByTestId('stake-value'));
      await toRightGuess(page, before, stake);
      for (const part of [page.getByTestId('hilo-card'), page.getByTestId('hilo-guess').first(), page.getByTestId('hilo-guess').last(), page.getByTestId('hilo-cashout')]) {
        await expect(part).toBeInViewport();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      // No turning card under reduced motion.
      await expect(page.getByTestId('hilo-card')).not.toHaveClass(/studio-flip/);
      await page.screenshot({ path: `${SHOTS}/hilo-375.png` });
    });
  });
});
