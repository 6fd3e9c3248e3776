import { expect, test, type Page } from '@playwright/test';
import { amountOf, depositedPlayer, openGame, SHOTS } from './cards-support.ts';

/**
 * Croupier Baccarat in its play frame: chips on Player, Banker and Tie, a coup dealt by the
 * server, the balance moving by the stakes and what the coup paid (Player 1:1, Banker 0.95:1,
 * Tie 8:1, Player and Banker returned on a tie), the bead road growing; demo in French; a phone.
 */

type Stakes = { player: number; banker: number; tie: number };

/** What a coup pays back on these stakes (cents), as the table's rules say. */
function paid(stakes: Stakes, result: string) {
  if (result === 'player') return stakes.player * 2;
  if (result === 'banker') return stakes.banker + Math.floor((stakes.banker * 95) / 100);
  return stakes.player + stakes.banker + stakes.tie * 9;
}

async function dealOnce(page: Page, before: number, stakes: Stakes, rounds: number) {
  await page.getByTestId('baccarat-deal').click();
  await expect(page.getByTestId('baccarat-client')).toHaveAttribute('data-rounds', String(rounds), { timeout: 15_000 });
  const result = (await page.getByTestId('baccarat-outcome').getAttribute('data-result'))!;
  expect(['player', 'banker', 'tie']).toContain(result);
  // Both hands show their cards and the totals the result was decided on.
  const player = Number(await page.getByTestId('baccarat-total-player').textContent());
  const banker = Number(await page.getByTestId('baccarat-total-banker').textContent());
  expect(result).toBe(player > banker ? 'player' : banker > player ? 'banker' : 'tie');
  await expect(page.getByTestId('baccarat-bead')).toHaveCount(rounds);
  await expect(page.getByTestId('baccarat-bead').last()).toHaveAttribute('data-result', result);
  const staked = stakes.player + stakes.banker + stakes.tie;
  const after = before - staked + paid(stakes, result);
  await expect.poll(() => amountOf(page.getByTestId('studio-balance'))).toBe(after);
  return after;
}

test.describe('Croupier Baccarat', () => {
  test('real money: a deposited player bets on all three areas, the balance moves by stakes and win', async ({ page }) => {
    test.setTimeout(120_000);
    await depositedPlayer(page, 'baccarat');
    let balance = await openGame(page, 'croupier-baccarat', 'real');
    expect(balance).toBe(5000);
    await expect(page.getByTestId('baccarat-deal')).toBeDisabled();
    await page.getByTestId('chip-rack').getByRole('radio', { name: 'Chip 1.00' }).click();
    await page.getByTestId('baccarat-area-player').click();
    await page.getByTestId('baccarat-area-player').click();
    await page.getByTestId('baccarat-area-banker').click();
    await page.getByTestId('chip-rack').getByRole('radio', { name: 'Chip 0.20' }).click();
    await page.getByTestId('baccarat-area-tie').click();
    await expect(page.getByTestId('baccarat-total')).toContainText('3.20');
    const stakes = { player: 200, banker: 100, tie: 20 };
    balance = await dealOnce(page, balance, stakes, 1);
    // The same chips again.
    await page.getByTestId('baccarat-clear').click();
    await expect(page.getByTestId('baccarat-total')).toContainText('0.00');
    await page.getByTestId('baccarat-rebet').click();
    balance = await dealOnce(page, balance, stakes, 2);
    await page.getByTestId('open-fairness').click();
    await expect(page.getByTestId('fair-nonce')).toHaveText('2');
  });

  test('demo in French, and a screenshot in play at 1440 px', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    let balance = await openGame(page, 'croupier-baccarat', 'demo', '/fr');
    await expect(page.getByTestId('baccarat-deal')).toHaveText('Distribuer');
    await expect(page.getByTestId('baccarat-area-banker')).toContainText('Banquier');
    await expect(page.getByTestId('baccarat-area-banker')).toContainText('payé 0,95:1');
    await page.getByTestId('chip-rack').getByRole('radio', { name: 'Jeton 5.00' }).click();
    await page.getByTestId('baccarat-area-banker').click();
    await page.getByTestId('chip-rack').getByRole('radio', { name: 'Jeton 1.00' }).click();
    await page.getByTestId('baccarat-area-tie').click();
    for (let round = 1; round <= 3; round++) {
      balance = await dealOnce(page, balance, { player: 0, banker: 500, tie: 100 }, round);
      if (round < 3) {
        await page.getByTestId('baccarat-clear').click();
        await page.getByTestId('baccarat-rebet').click();
      }
    }
    await expect(page.getByTestId('baccarat-outcome')).toContainText(/gagne|Égalité/);
    await page.screenshot({ path: `${SHOTS}/baccarat-1440.png` });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test('the hands, the three areas and the deal button fit 375 px and a coup plays', async ({ page }) => {
      const before = await openGame(page, 'croupier-baccarat');
      await page.getByTestId('chip-rack').getByRole('radio', { name: 'Chip 1.00' }).click();
      await page.getByTestId('baccarat-area-player').click();
      for (const part of ['baccarat-area-player', 'baccarat-area-tie', 'baccarat-area-banker', 'baccarat-deal']) await expect(page.getByTestId(part)).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await dealOnce(page, before, { player: 100, banker: 0, tie: 0 }, 1);
      await page.screenshot({ path: `${SHOTS}/baccarat-375.png` });
    });
  });
});
