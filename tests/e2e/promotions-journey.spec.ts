import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { fillSignUp, openAuthPopup, PASSWORD, uniqueEmail } from './auth-support.ts';
import { gotoHydrated } from './support.ts';
import { startTwoProcesses } from './two-processes.ts';

/**
 * The bonus journey of docs/promotions.md, as a player lives it: a guest arrives on a WELCOME
 * link, signs up (the code is used), deposits through the demo provider with the offer the code
 * unlocked, sees the bonus balance, plays the slot in real money until the wagering is done, and
 * finds the bonus turned into money they can withdraw. A second player's bonus runs out of time
 * and is forfeited by the scheduled job.
 */

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);

/** Spins the real-money slot at its current stake until `rounds` rounds are over. */
async function spin(page: Page, rounds: number) {
  const client = page.getByTestId('slot-client');
  for (let round = 1; round <= rounds; round++) {
    await page.getByTestId('slot-spin').click();
    // A round is over once it is shown (a free-spins feature inside it takes longer).
    await expect(client).toHaveAttribute('data-rounds', String(round), { timeout: 60_000 });
  }
}

test('WELCOME link, sign-up, deposit with the offer, bonus wagered on the slot, then withdrawable', async ({ page }) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });

  // A guest lands with the code; the sign-up form carries it and the server uses it.
  await gotoHydrated(page, '/?promo_code=WELCOME');
  const auth = await openAuthPopup(page, 'sign-up');
  await expect(auth.getByTestId('promo-toggle')).toContainText('WELCOME');
  await fillSignUp(auth, uniqueEmail('bonus-journey'));
  const popup = page.getByTestId('dialog-promo-code-activated');
  await expect(popup.getByTestId('promo-popup-title')).toHaveText('Promo code activated', { timeout: 15_000 });
  await expect(popup.getByTestId('reward-badge')).toHaveText('50% up to 25.00 EUR');

  // The popup leads to the deposit page with the unlocked offer chosen.
  await popup.getByTestId('promo-popup-deposit').click();
  await expect(page).toHaveURL(/\/cashier\/deposit\?offer=\d+/);
  // The e-mail confirm after sign-up (confirmEmailPopup) waited beneath the code's popup: later.
  await page.getByTestId('email-confirm-later').click();
  const offers = page.getByTestId('deposit-offers');
  const welcome = offers.getByTestId('deposit-offer-welcome-code');
  await expect(welcome).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('amount-input').fill('100');
  await expect(welcome.getByTestId('deposit-offer-gain')).toHaveText('+€25.00 bonus');
  await page.getByTestId('deposit-submit').click();
  await expect(page).toHaveURL(/\/psp\/demo\/pay\/dp_/);
  await page.locator('button[data-outcome="success"]').click();
  await expect(page).toHaveURL(/\/cashier\//, { timeout: 15_000 });

  // The bonus is credited when the deposit is: the header shows both balances.
  await gotoHydrated(page, '/profile/bonuses?tab=active');
  await expect(page.getByTestId('header-balance-bonus')).toContainText('25.00', { timeout: 20_000 });
  await expect(async () => {
    await gotoHydrated(page, '/profile/bonuses?tab=active');
    await expect(page.getByTestId('bonus-card')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const card = page.getByTestId('bonus-card');
  await expect(card.getByTestId('bonus-wagering-figures')).toContainText('0.00');
  await expect(card.getByTestId('bonus-wagering-figures')).toContainText('100.00');

  // Real money on the slot, at the largest stake the bonus allows: 10 spins of 10.00 wager it.
  await gotoHydrated(page, '/platform/game/golden-croupier/play?mode=real');
  await expect(page.getByTestId('studio-mode')).toHaveText('Real money');
  await expect(page.getByTestId('studio-balance')).toHaveText(/125\.00/);
  for (let step = 0; step < 12 && cents(await page.getByTestId('stake-value').textContent()) < 1000; step++) await page.getByTestId('stake-up').click();
  await expect(page.getByTestId('stake-value')).toHaveText(/10\.00/);
  await spin(page, 10);

  // Wagered: the bonus is completed and what was left of it is main money.
  await expect(async () => {
    await gotoHydrated(page, '/profile/bonuses?tab=history');
    await expect(page.getByTestId('bonus-card').first().getByTestId('bonus-status')).toHaveText('Completed', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('bonus-card').first()).toContainText('25.00');
  await expect(page.getByTestId('header-balance-bonus')).toHaveCount(0);

  // And it can leave: a withdrawal asks no burn-bonuses question.
  const main = cents(await page.getByTestId('header-balance-amount').textContent());
  expect(main).toBeGreaterThanOrEqual(2500);
  await gotoHydrated(page, '/cashier/withdraw');
  await page.getByTestId('amount-input').fill('20');
  await page.getByTestId('requisite-iban').fill('FR1420041010050500013M02606');
  await page.getByTestId('requisite-account_holder').fill('Ann Lee');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdrawal-requested')).toContainText('€20.00');
  await expect(page.getByTestId('burn-bonuses-confirm')).toHaveCount(0);
});

test.describe('a bonus that runs out of time', () => {
  test('is forfeited by the scheduled job: the history says so and the bonus balance is gone', async ({ page }) => {
    test.setTimeout(180_000);
    const site = await startTwoProcesses({ name: 'bonus-expiry' });
    try {
      await page.request.post(`${site.base}/api/register`, { form: { email: uniqueEmail('bonus-expiry'), password: PASSWORD, terms: '1' } });
      const used = await page.request.post(`${site.base}/api/campaigns/activateOffer`, { form: { promo_code: 'LUCKY10' }, headers: { origin: site.base } });
      expect(used.ok(), await used.text()).toBe(true);
      const bonusId = String((await used.json()).data.bonus.id);
      const activated = await page.request.post(`${site.base}/api/bonuses/activate`, { form: { bonus_id: bonusId }, headers: { origin: site.base } });
      expect(activated.ok(), await activated.text()).toBe(true);

      await gotoHydrated(page, `${site.base}/profile/bonuses?tab=active`);
      await expect(page.getByTestId('header-balance-bonus')).toContainText('10.00');
      await expect(page.getByTestId('bonus-card')).toHaveCount(1);

      // Its seven days pass (the database's clock is the one the job reads).
      const client = new pg.Client({ connectionString: site.databaseUrl });
      await client.connect();
      await client.query(`update player_bonuses set expires_at = now() - interval '1 second' where id = $1`, [Number(bonusId)]);
      await client.end();

      // The expiry job runs every minute.
      await expect(async () => {
        await gotoHydrated(page, `${site.base}/profile/bonuses?tab=history`);
        await expect(page.getByTestId('bonus-card').first().getByTestId('bonus-status')).toHaveText('Expired', { timeout: 1_000 });
      }).toPass({ timeout: 90_000, intervals: [2_000] });
      await expect(page.getByTestId('bonus-card').first()).toContainText('10.00');
      await expect(page.getByTestId('header-balance-bonus')).toHaveCount(0);
    } finally {
      await site.stop();
    }
  });
});
