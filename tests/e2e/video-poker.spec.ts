import { expect, test, type Locator, type Page } from '@playwright/test';
import { simpleHolds } from '../../games/engines/video-poker/index.ts';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * Croupier Video Poker in its play frame: a deposited player deals, holds with the keys and
 * draws for real money (the stake leaves at the deal, the win comes back, the paytable lights
 * its line), a reload in the middle of a hand brings the same five cards back, and a guest plays
 * the demo in French on a 375 px phone by tapping. Screenshots in play go to STUDIO_SHOTS_DIR
 * (docs/studio/ when refreshing the docs).
 */

const SHOTS = process.env.STUDIO_SHOTS_DIR ?? 'test-results/studio-shots';
const play = (mode = 'demo', locale = '') => `${locale}/platform/game/croupier-video-poker/play?mode=${mode}`;
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
const amountOf = async (locator: Locator) => cents(await locator.textContent());
const client = (page: Page) => page.getByTestId('video-poker-client');
const cards = (page: Page) => page.getByTestId('video-poker-card');

async function openGame(page: Page, mode = 'demo', locale = '') {
  await gotoHydrated(page, play(mode, locale));
  await expect(client(page)).toBeVisible();
  await expect(page.getByTestId('studio-balance')).toHaveText(/\d/);
  return amountOf(page.getByTestId('studio-balance'));
}

/** The five card codes on the table. */
const dealtCards = async (page: Page) => Promise.all([0, 1, 2, 3, 4].map(async (i) => Number(await cards(page).nth(i).getAttribute('data-card'))));

/** Deals; answers the five cards once the hand waits for holds. */
async function deal(page: Page) {
  await page.getByTestId('video-poker-deal').click();
  await expect(client(page)).toHaveAttribute('data-phase', 'hold', { timeout: 15_000 });
  // The player's cues: the stake's click, then the tick of a stepped round going on.
  await expect(page.getByTestId('studio-game')).toHaveAttribute('data-sound', 'step');
  return dealtCards(page);
}

/** Holds what the simple strategy holds, by key (1-5) or by tap, and checks the HELD labels. */
async function holdSensibly(page: Page, dealt: number[], by: 'keys' | 'tap') {
  const holds = simpleHolds(dealt);
  for (const [i, hold] of holds.entries()) {
    if (!hold) continue;
    if (by === 'keys') await page.keyboard.press(String(i + 1));
    else await cards(page).nth(i).tap();
  }
  for (const [i, hold] of holds.entries()) await expect(cards(page).nth(i)).toHaveAttribute('data-held', String(hold));
  await expect(page.getByTestId('video-poker-held')).toHaveCount(holds.filter(Boolean).length);
  return holds;
}

/** The last sound cue on the game's region (null before any): read before a draw, to compare after it. */
const soundCue = (page: Page) => page.getByTestId('studio-game').getAttribute('data-sound');

/**
 * After a draw: the held cards stayed, the win is on screen, a paying hand's line is lit.
 * `soundBefore` is the region's cue before the draw: a hand that pays nothing plays nothing, so it
 * stays (the deal's tick, or none when the hand was resumed by a reload, which plays no cue).
 */
async function checkDrawn(page: Page, dealt: number[], holds: boolean[], soundBefore: string | null) {
  await expect(client(page)).toHaveAttribute('data-phase', 'settled', { timeout: 15_000 });
  const hand = await dealtCards(page);
  for (const [i, hold] of holds.entries()) if (hold) expect(hand[i]).toBe(dealt[i]);
  const kind = await page.getByTestId('video-poker-outcome').getAttribute('data-kind');
  const lit = page.locator('[data-testid="video-poker-line"][data-lit="true"]');
  await expect(lit).toHaveCount(kind === 'none' ? 0 : 1);
  // A win chimes; the stake back (jacks or better) sounds the plain "even" tone; nothing paid, no sound.
  const region = page.getByTestId('studio-game');
  if (kind === 'win') await expect(region).toHaveAttribute('data-sound', /^(win|bigWin)$/);
  else if (kind === 'back') await expect(region).toHaveAttribute('data-sound', 'even');
  else if (soundBefore === null) await expect(region).not.toHaveAttribute('data-sound');
  else await expect(region).toHaveAttribute('data-sound', soundBefore);
  return kind;
}

test.describe('Croupier Video Poker', () => {
  test('real money: the deal takes the stake, a reload resumes the hand, holds by key, the draw pays; 1440 px', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await registerByApi(page.request, uniqueEmail('vpoker'), PASSWORD);
    await depositThroughDemo(page, '50');
    let balance = await openGame(page, 'real');
    expect(balance).toBe(5000);
    await expect(page.getByTestId('studio-mode')).toHaveText('Real money');
    await expect(page.getByTestId('video-poker-line')).toHaveCount(9);
    await expect(page.getByTestId('video-poker-outcome')).toHaveText('Deal five cards, hold the ones you want, then draw');
    const stake = await amountOf(page.getByTestId('stake-value'));
    expect(stake).toBeGreaterThan(0);
    // The paytable is priced at the stake: a full house pays 9 times it.
    await expect(page.locator('[data-testid="video-poker-line"][data-hand="full-house"] td').last()).toHaveText(((stake * 9) / 100).toFixed(2));

    const dealt = await deal(page);
    balance -= stake;
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(balance);
    await expect(page.getByTestId('video-poker-draw')).toHaveText('Draw');

    // Mid-hand: a reload brings back the same five cards and the balance without the stake.
    await page.reload();
    await expect(client(page)).toHaveAttribute('data-phase', 'hold');
    expect(await dealtCards(page)).toEqual(dealt);
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(balance);

    const holds = await holdSensibly(page, dealt, 'keys');
    // A second press of a key releases the card, a third holds it again.
    await page.keyboard.press('3');
    await expect(cards(page).nth(2)).toHaveAttribute('data-held', String(!holds[2]));
    await page.keyboard.press('3');
    await expect(cards(page).nth(2)).toHaveAttribute('data-held', String(holds[2]));

    const resumedSound = await soundCue(page);
    await page.keyboard.press('Enter');
    const kind = await checkDrawn(page, dealt, holds, resumedSound);
    const win = await amountOf(page.getByTestId('video-poker-last-win'));
    expect(kind === 'win' ? win > stake : kind === 'back' ? win === stake : win === 0).toBe(true);
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(balance + win);
    balance += win;

    // Hands until one pays: the line lit, the balance moved by stake and win, a win above the stake celebrated.
    for (let hand = 0; hand < 12 && kind === 'none'; hand++) {
      const next = await deal(page);
      balance -= stake;
      const kept = await holdSensibly(page, next, 'keys');
      const dealtSound = await soundCue(page);
      await page.getByTestId('video-poker-draw').click();
      const result = await checkDrawn(page, next, kept, dealtSound);
      const paid = await amountOf(page.getByTestId('video-poker-last-win'));
      balance += paid;
      await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(balance);
      if (result !== 'none') {
        await expect(page.getByTestId('video-poker-outcome')).toContainText(result === 'win' ? 'you win' : 'back, your stake');
        break;
      }
    }
    await expect(page.getByTestId('video-poker-history').locator('li').first()).toBeVisible();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/video-poker-1440.png` });
    await page.getByTestId('open-fairness').click();
    await expect(page.getByTestId('fair-verify-link')).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true, locale: 'fr-FR' });

    test('demo in French at 375 px: tap to hold, draw; reduced motion turns no card', async ({ page }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const before = await openGame(page, 'demo', '/fr');
      await expect(page.getByTestId('studio-balance-box')).toContainText('Solde fictif');
      await expect(page.getByTestId('video-poker-deal')).toHaveText('Distribuer');
      const stake = await amountOf(page.getByTestId('stake-value'));
      const dealt = await deal(page);
      await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(before - stake);
      await expect(page.getByTestId('video-poker-draw')).toHaveText('Tirer');
      const holds = await holdSensibly(page, dealt, 'tap');
      if (holds.some(Boolean)) await expect(page.getByTestId('video-poker-held').first()).toHaveText('Gardée');
      for (const part of [cards(page).first(), cards(page).last(), page.getByTestId('video-poker-draw'), page.getByTestId('stake-value')]) await expect(part).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expect(page.locator('.studio-flip')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/video-poker-375.png` });
      const dealtSound = await soundCue(page);
      await page.getByTestId('video-poker-draw').tap();
      const kind = await checkDrawn(page, dealt, holds, dealtSound);
      await expect(page.getByTestId('video-poker-outcome')).toHaveText(kind === 'none' ? 'Aucune main payante' : /:/);
      await expect(page.getByTestId('video-poker-rules')).toContainText('Jacks or Better 9/6');
    });
  });
});
