import { expect, test, type Locator, type Page } from '@playwright/test';
import { answerSlotRoundsWith, slotOutcome } from './slot-support.ts';
import { gotoHydrated } from './support.ts';

/**
 * The studio's game clients in their play frame (/platform/game/{sysname}/play), as a guest in
 * demo mode: a slot spin, a roulette spin on red, a blackjack hand played to the end, dice rolls;
 * the slot on a phone; the frame's messages to the page around it.
 */

const play = (sysname: string, mode = 'demo') => `/platform/game/${sysname}/play?mode=${mode}`;
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);
const amountOf = async (locator: Locator) => cents((await locator.textContent()) ?? '');

async function openGame(page: Page, sysname: string) {
  await gotoHydrated(page, play(sysname));
  await expect(page.getByTestId('studio-game')).toBeVisible();
  await expect(page.getByTestId('studio-balance')).toHaveText(/\d/);
  return amountOf(page.getByTestId('studio-balance'));
}

test.describe('studio games (demo)', () => {
  test('slot: a spin takes the stake from the fun balance and pays what the reels show', async ({ page }) => {
    test.setTimeout(90_000);
    const before = await openGame(page, 'golden-croupier');
    await expect(page.getByTestId('studio-balance-box')).toContainText('Fun balance');
    await expect(page.getByTestId('studio-mode')).toHaveText('Demo');
    await expect(page.getByTestId('slot-cell')).toHaveCount(15);
    const stake = await amountOf(page.getByTestId('stake-value'));

    await page.getByTestId('slot-spin').click();
    // The stake leaves the balance as soon as the reels start.
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(before - stake);
    // The round is over once it is shown (free spins may take a while).
    await expect(page.getByTestId('slot-client')).toHaveAttribute('data-rounds', '1', { timeout: 80_000 });
    const win = await amountOf(page.getByTestId('slot-last-win'));
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(before - stake + win);
    await expect(page.getByTestId('slot-info')).not.toHaveText('Choose your stake and spin');

    // The paytable prices the symbols at the stake.
    await page.getByTestId('open-paytable').click();
    await expect(page.getByTestId('slot-paytable')).toContainText('Wild');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('slot-paytable')).toBeHidden();
  });

  test('roulette: a chip on red, the wheel lands on a number and the bet is settled', async ({ page }) => {
    const before = await openGame(page, 'croupier-roulette');
    await page.getByTestId('chip-rack').getByRole('radio', { name: 'Chip 1.00' }).click();
    await page.getByRole('button', { name: 'Red', exact: true }).click();
    await expect(page.getByTestId('roulette-total')).toContainText('1.00');
    // A split on the line between 17 and 20, then undone.
    await page.getByRole('button', { name: 'Split 17-20', exact: true }).click();
    await expect(page.getByTestId('roulette-total')).toContainText('2.00');
    await page.getByTestId('roulette-undo').click();
    await expect(page.getByTestId('roulette-total')).toContainText('1.00');

    await page.getByTestId('roulette-spin').click();
    const result = page.getByTestId('roulette-result');
    await expect(result).toBeVisible({ timeout: 10_000 });
    const number = Number(await result.getAttribute('data-number'));
    expect(number).toBeGreaterThanOrEqual(0);
    expect(number).toBeLessThanOrEqual(36);
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(number);
    await expect(page.getByTestId('roulette-outcome')).toContainText(red ? 'You win 2.00' : 'No win');
    await expect(page.getByTestId('roulette-history').locator('li')).toHaveCount(1);
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(before - 100 + (red ? 200 : 0));
  });

  test('blackjack: deal, stand until the hand is settled, see each hand’s result', async ({ page }) => {
    const before = await openGame(page, 'croupier-blackjack');
    const client = page.getByTestId('blackjack-client');
    await page.getByTestId('bj-deal').click();
    await expect(page.getByTestId('bj-hand').first().getByTestId('card')).toHaveCount(2);
    await expect(page.getByTestId('bj-dealer').locator('[data-testid="card"], [data-testid="card-back"]')).toHaveCount(2);
    for (let move = 0; move < 6; move++) {
      await expect(client).not.toHaveAttribute('data-phase', 'idle');
      if ((await client.getAttribute('data-phase')) !== 'player') break;
      const stand = page.getByTestId('bj-stand');
      if (!(await stand.isEnabled())) {
        await page.waitForTimeout(200);
        continue;
      }
      await stand.click();
      await page.waitForTimeout(150);
    }
    await expect(client).toHaveAttribute('data-phase', 'settled', { timeout: 10_000 });
    const results = page.getByTestId('bj-result');
    await expect(results.first()).toBeVisible();
    expect(['blackjack', 'win', 'push', 'lose', 'bust']).toContain(await results.first().getAttribute('data-result'));
    await expect(page.getByTestId('bj-total')).toBeVisible();
    // The dealer's hole card is face up once the hand is over.
    await expect(page.getByTestId('bj-dealer').getByTestId('card-back')).toHaveCount(0);
    expect(await amountOf(page.getByTestId('studio-balance'))).not.toBeNaN();
    await expect(page.getByTestId('bj-deal')).toHaveText('Deal again');
    expect(before).toBeGreaterThan(0);
  });

  test('dice: roll under the target with the button and with Space', async ({ page }) => {
    const before = await openGame(page, 'croupier-dice');
    await expect(page.getByTestId('dice-multiplier')).toHaveText('1.98×');
    await page.getByTestId('dice-direction').getByRole('radio', { name: 'Over' }).click();
    await expect(page.getByTestId('dice-target')).toHaveValue('49.99');
    const stake = await amountOf(page.getByTestId('stake-value'));

    await page.getByTestId('dice-roll-button').click();
    await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(1);
    // The number rolls up to the result: read it once the outcome is shown, when it has landed.
    await expect(page.getByTestId('dice-outcome')).toHaveText(/You win|No win/);
    const roll = cents((await page.getByTestId('dice-roll').textContent()) ?? '');
    const won = roll > 4999;
    await expect(page.getByTestId('dice-outcome')).toContainText(won ? 'You win' : 'No win');
    await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(before - stake + (won ? Math.floor((stake * 9900) / 5000) : 0));

    // Space rolls when the game has the focus.
    await page.getByTestId('dice-stats').click();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(2);
  });

  test('the games sound a stake and a win, and the mute switch stays off after a reload', async ({ page }) => {
    await openGame(page, 'croupier-dice');
    const game = page.getByTestId('studio-game');
    const sound = page.getByTestId('studio-sound');
    await expect(sound).toHaveAttribute('aria-pressed', 'false');
    const roll = async (rolls: number) => {
      await page.getByTestId('dice-roll-button').click();
      await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(rolls);
      await expect(page.getByTestId('dice-outcome')).toHaveText(/You win|No win/);
      return (await page.getByTestId('dice-outcome').textContent())?.includes('You win') ?? false;
    };
    // A win (1.98x) sounds its chime; a loss leaves the stake's click as the last sound.
    const won = await roll(1);
    await expect(game).toHaveAttribute('data-sound', won ? 'win' : 'stake');

    await sound.click();
    await expect(sound).toHaveAttribute('aria-pressed', 'true');
    await expect(sound).toHaveAttribute('title', 'Sound is off: turn it back on');
    await roll(2);
    await expect(game).toHaveAttribute('data-sound', 'muted');

    await page.reload();
    await expect(page.getByTestId('studio-sound')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('studio-sound').click();
    await expect(page.getByTestId('studio-sound')).toHaveAttribute('aria-pressed', 'false');
    const wonAgain = await roll(1);
    await expect(page.getByTestId('studio-game')).toHaveAttribute('data-sound', wonAgain ? 'win' : 'stake');
  });

  test('the French frame speaks French', async ({ page }) => {
    await gotoHydrated(page, `/fr${play('coin-flip-rush')}`);
    await expect(page.getByTestId('studio-balance-box')).toContainText('Solde fictif');
    await page.getByTestId('dice-roll-button').click();
    await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(1);
    await expect(page.getByTestId('dice-history').locator('li')).toHaveText(/^(Pile|Face)$/);
  });

  test('a guest asking for real money is asked to sign in, and can play the demo instead', async ({ page }) => {
    await gotoHydrated(page, play('golden-croupier', 'real'));
    const notice = page.getByTestId('studio-sign-in');
    await expect(notice).toContainText('Sign in to play for real money');
    await expect(notice.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/forms/sign_in?redirectUrl=%2Fgame%2Fgolden-croupier');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/game\/golden-croupier$/);
    await page.getByTestId('studio-play-demo').click();
    await expect(page).toHaveURL(play('golden-croupier'));
    await expect(page.getByTestId('slot-client')).toBeVisible();
  });

  test('inside a frame, each round is posted to the page around it', async ({ page }) => {
    await gotoHydrated(page, '/_icons');
    await page.evaluate((src) => {
      const w = window as unknown as { studioMessages: unknown[] };
      w.studioMessages = [];
      window.addEventListener('message', (event) => {
        if (event.origin === window.location.origin) w.studioMessages.push(event.data);
      });
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.style.cssText = 'position:fixed;inset:0;width:100vw;height:100vh;z-index:9999';
      document.body.append(frame);
    }, play('croupier-dice'));
    const frame = page.frameLocator('iframe');
    await frame.getByTestId('dice-roll-button').click();
    await expect(frame.getByTestId('dice-history').locator('li')).toHaveCount(1);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { studioMessages: Array<{ type: string }> }).studioMessages.map((m) => m.type)))
      .toEqual(['croupier:balance', 'croupier:balance', 'croupier:round']);
    const messages = await page.evaluate(() => (window as unknown as { studioMessages: Array<Record<string, unknown>> }).studioMessages);
    expect(messages[1]).toMatchObject({ type: 'croupier:balance', currency: expect.stringMatching(/^[A-Z]{3}$/), mode: 'demo' });
    expect(messages[2]).toMatchObject({ type: 'croupier:round', round_id: expect.any(String), staked: expect.any(String) });
  });
});

/** A slot outcome with free spins. */
const freeSpinsOutcome = () => slotOutcome('free-spins', (outcome) => outcome.freeSpins.length > 0);

test('slot: free spins play one after another with their counter and the x3 badge', async ({ page }) => {
  test.setTimeout(90_000);
  const outcome = freeSpinsOutcome();
  // The server's round, with an outcome that triggers free spins (the client only renders it).
  await answerSlotRoundsWith(page, outcome);
  await openGame(page, 'golden-croupier');
  // Every counter text the player is shown, recorded as it changes: polling for one value could
  // miss it on a busy machine, since the sequence moves on by itself.
  await recordCounterTexts(page);
  await page.getByTestId('slot-spin').click();
  await expect(page.getByTestId('slot-banner')).toHaveAttribute('data-kind', 'freeAward', { timeout: 10_000 });
  const counter = page.getByTestId('slot-free-spins');
  await expect(counter).toContainText(/Free spin \d+ \/ 1\d/);
  await expect(page.getByTestId('slot-multiplier')).toHaveText('×3');
  await expect.poll(async () => (await counterTexts(page)).length, { timeout: 10_000 }).toBeGreaterThan(1);
  // A press during the sequence hurries it along.
  await page.getByTestId('slot-spin').click();
  await expect(page.getByTestId('slot-client')).toHaveAttribute('data-rounds', '1', { timeout: 60_000 });
  await expect(counter).toBeHidden();
  expect(await amountOf(page.getByTestId('slot-last-win'))).toBe(cents(outcome.win));
  // The spins were shown one after another from the first, out of the number awarded.
  const shown = (await counterTexts(page)).map((text) => text.match(/Free spin (\d+) \/ (\d+)/)).filter((match) => match !== null);
  expect(shown[0]![1]).toBe('1');
  expect(new Set(shown.map((match) => match![2]))).toEqual(new Set([String(outcome.freeSpins.length)]));
  const numbers = shown.map((match) => Number(match![1]));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
});

/** Starts recording the free spin counter's texts, consecutive repeats left out. */
async function recordCounterTexts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __counterTexts: string[] }).__counterTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="slot-free-spins"]')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const counterTexts = (page: Page) => page.evaluate(() => (window as unknown as { __counterTexts: string[] }).__counterTexts);

test.describe('studio slot on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the reels, the stake and the spin button fit a 375 px screen and a spin plays', async ({ page }) => {
    test.setTimeout(90_000);
    await openGame(page, 'golden-croupier');
    const reels = page.getByTestId('slot-reels');
    const spin = page.getByTestId('slot-spin');
    for (const part of [reels, spin, page.getByTestId('stake'), page.getByTestId('studio-balance')]) await expect(part).toBeInViewport({ ratio: 1 });
    const box = await reels.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByTestId('stake-up').tap();
    await expect(page.getByTestId('stake-value')).toHaveText('2.00');
    await spin.tap();
    await expect(page.getByTestId('slot-client')).toHaveAttribute('data-rounds', '1', { timeout: 80_000 });
    await expect(spin).toHaveAttribute('aria-label', 'Spin');
    await expect(page.getByTestId('slot-cell')).toHaveCount(15);
  });
});
