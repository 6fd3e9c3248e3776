import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { gotoHydrated } from './support.ts';

/**
 * A free-spin pack in the browser (docs/studio.md, "Free-spin packs"): a player with nothing on
 * the balance takes the demo campaign golden-spins (20 spins at 0.20 on Golden Croupier), the
 * game page lets them into real money, the slot says what is left of the pack and a spin takes
 * nothing from the balance.
 */

test.describe.configure({ timeout: 90_000 });

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);

async function playerWithSpins(page: Page) {
  await registerByApi(page.request, uniqueEmail('spins'), PASSWORD);
  const offers = await page.request.get('/api/campaigns/getoffers?sysname=golden-spins');
  expect(offers.ok(), await offers.text()).toBe(true);
  const [offer] = ((await offers.json()) as { data: { items: Array<{ id: number }> } }).data.items;
  const taken = await page.request.post('/api/campaigns/takepromotions', { form: { offer_id: String(offer.id) } });
  expect(taken.ok(), await taken.text()).toBe(true);
}

test('a pack of free spins is played from an empty balance, one spin at a time, for free', async ({ page }) => {
  await playerWithSpins(page);
  await gotoHydrated(page, '/game/golden-croupier');
  await expect(page.getByTestId('game-deposit-panel')).toHaveCount(0);
  const frame = page.frameLocator('[data-testid="game-frame"]');
  const pack = frame.getByTestId('slot-pack');
  await expect(pack).toHaveText('Free spins: 20 left (stake 0.20 EUR)');
  await expect(frame.getByTestId('stake-value')).toHaveText('0.20');
  await expect(frame.getByTestId('slot-spin')).toHaveAccessibleName('Free spin');
  await expect(frame.getByTestId('studio-balance')).toHaveText('0.00');

  await frame.getByTestId('slot-spin').click();
  await expect(pack).toHaveAttribute('data-remaining', '19');
  await expect(frame.getByTestId('slot-client')).toHaveAttribute('data-rounds', '1', { timeout: 80_000 });
  // Nothing was staked: the balance is what the spin won.
  const win = cents(await frame.getByTestId('slot-last-win').locator('span').last().textContent());
  await expect.poll(async () => cents(await frame.getByTestId('studio-balance').textContent())).toBe(win);
  await expect(pack).toHaveText('Free spins: 19 left (stake 0.20 EUR)');

  const listed = await page.request.get('/api/freespins/get?status=active&count=99');
  const items = ((await listed.json()) as { data: { items: Array<{ remaining_count: number; game: { sysname: string } }> } }).data.items;
  expect(items).toEqual([expect.objectContaining({ remaining_count: 19, game: expect.objectContaining({ sysname: 'golden-croupier' }) })]);
});

test('in French, the pack reads in French on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await playerWithSpins(page);
  await gotoHydrated(page, '/fr/platform/game/golden-croupier/play?mode=real');
  await expect(page.getByTestId('slot-pack')).toHaveText('Tours gratuits : 20 restants (mise 0.20 EUR)');
  await expect(page.getByTestId('slot-spin')).toHaveAccessibleName('Tour gratuit');
});
