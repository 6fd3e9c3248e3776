import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect as baseExpect, test, type Page, type TestInfo } from '@playwright/test';
import { betReturn, combinedOdds, parseOdds } from '../../contract/betting.ts';
import { groupAmount } from '../../contract/money.ts';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';
import { sharedServerEnv } from './shared-server.ts';

/**
 * The sportsbook from the player's side (docs/betting.md). Fixtures, odds moves and results come
 * from the operator's commands (`ops betting:*`, scripts/ops-betting.ts), which act through the
 * running site, so the open page sees them on the live channel.
 */

// Each journey waits on live pushes and operator commands: a loaded machine needs more than 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

type Fixture = {
  /** The command prints the event (EventView: `id`); the handoff first announced `event_id`. */
  event_id: number;
  id?: number;
  home: string;
  away: string;
  markets: Array<{ id: number; type: string; line: string | null; selections: Array<{ id: number; key: string; odds: string }> }>;
};

async function ops(testInfo: TestInfo, ...args: string[]): Promise<string> {
  const port = new URL(String(testInfo.project.use.baseURL)).port;
  const { stdout } = await promisify(execFile)('npx', ['node', 'scripts/ops.ts', ...args], {
    env: { ...process.env, ...sharedServerEnv(), PORT: port },
  });
  return stdout;
}

/** A fresh football fixture starting in an hour (other tests never touch it). */
async function fixture(testInfo: TestInfo): Promise<Fixture & { home_selection: { id: number; odds: string } }> {
  const out = await ops(testInfo, 'betting:fixture', 'football', '60');
  const parsed = JSON.parse(out.slice(out.indexOf('{'))) as Fixture | { data: Fixture };
  const printed = 'data' in parsed ? parsed.data : parsed;
  const event = { ...printed, event_id: printed.event_id ?? printed.id! };
  const result = event.markets.find((market) => market.type === '1x2')!;
  const home = result.selections.find((selection) => selection.key === 'home')!;
  return { ...event, home_selection: { id: home.id, odds: home.odds } };
}

const price = (page: Page, selection: number) => page.locator(`[data-testid="price"][data-selection="${selection}"]`);
const headerBalance = (page: Page) => page.getByTestId('header-balance-amount').first();
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

test('a player adds three selections, accepts moved odds, places an accumulator once, and its settled winnings land', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await registerByApi(page.request, uniqueEmail('bettor'), PASSWORD);
  await depositThroughDemo(page, '50');
  const events = [await fixture(testInfo), await fixture(testInfo), await fixture(testInfo)];

  // Three selections from three event pages: the slip follows the player from page to page.
  for (const [index, event] of events.entries()) {
    await gotoHydrated(page, `/betting/event/${event.event_id}`);
    await expect(page.getByTestId('team').first()).toHaveText(event.home);
    await price(page, event.home_selection.id).click();
    await expect(price(page, event.home_selection.id)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('slip-count')).toHaveText(String(index + 1));
  }
  const slip = page.getByTestId('bet-slip');
  await expect(slip.getByTestId('slip-pick')).toHaveCount(3);
  await expect(slip.getByRole('radio', { name: 'Accumulator' })).toHaveAttribute('aria-checked', 'true');
  const odds = events.map((event) => event.home_selection.odds);
  await expect(slip.getByTestId('combined-odds')).toHaveText(combinedOdds(odds.map((value) => parseOdds(value)!)));

  // Stake checks before anything is sent: below the minimum, above the balance.
  const stake = slip.getByTestId('combo-stake');
  await stake.fill('0.05');
  await expect(slip.getByTestId('stake-error')).toHaveText('The smallest stake is €0.10.');
  await stake.fill('80');
  await expect(slip.getByTestId('stake-error')).toContainText('Your balance is €50.00');
  await stake.fill('10');
  await expect(slip.getByTestId('stake-error')).toHaveCount(0);

  // The operator moves the first event's odds: the open page hears it on the live channel.
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.live ?? null)).toBe('open');
  await ops(testInfo, 'betting:odds', String(events[0].event_id), '10');
  const moved = slip.locator(`[data-testid="slip-pick"][data-selection="${events[0].home_selection.id}"]`);
  await expect(moved).toHaveAttribute('data-changed', 'down', { timeout: 10_000 });
  await expect(slip.getByTestId('odds-changed-note')).toHaveText('The odds of one selection changed.');
  await expect(slip.getByTestId('place-bet')).toHaveCount(0);
  await slip.getByTestId('accept-changes').click();
  await expect(moved).not.toHaveAttribute('data-changed');

  const fresh = await page.request.get(`/api/betting/getSlip?ids=${events.map((event) => event.home_selection.id).join(',')}`);
  const current = ((await fresh.json()) as { data: { items: Array<{ selection_id: number; odds: string }> } }).data.items;
  const locked = events.map((event) => current.find((item) => item.selection_id === event.home_selection.id)!.odds);
  expect(parseOdds(locked[0])!).toBeLessThan(parseOdds(odds[0])!);
  const expectedReturn = betReturn({ stake: 1000n, legs: locked.map((value) => ({ odds: parseOdds(value)!, result: null })) });
  await expect(slip.getByTestId('combined-odds')).toHaveText(combinedOdds(locked.map((value) => parseOdds(value)!)));
  await expect(slip.getByTestId('potential-return')).toHaveText(`€${groupAmount(Number(expectedReturn) / 100)}`);

  // A double click places one bet (one idempotency key per attempt).
  await slip.getByTestId('place-bet').dblclick();
  const receipt = page.getByTestId('slip-receipt');
  await expect(receipt).toBeVisible();
  await expect(receipt.getByTestId('receipt-bet')).toHaveCount(1);
  await expect(headerBalance(page)).toHaveText(/^40\.00/);

  // The operator settles the three events: every home side wins, the winnings land live.
  for (const event of events) await ops(testInfo, 'betting:settle', String(event.event_id), '2-0');
  await expect.poll(async () => cents(await headerBalance(page).textContent()), { timeout: 15_000 }).toBe(4000 + Number(expectedReturn));

  await gotoHydrated(page, '/profile/bets?tab=settled');
  const card = page.getByTestId('bet-card');
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-status', 'won');
  await expect(card.getByTestId('bet-status')).toHaveText('Won');
  await expect(card.getByTestId('bet-leg')).toHaveCount(3);
  await expect(card.getByTestId('bet-return')).toHaveText(`€${groupAmount(Number(expectedReturn) / 100)}`);
  await gotoHydrated(page, '/profile/bets?tab=open');
  await expect(page.getByTestId('empty-state')).toBeVisible();

  // The cashier history has the bet too.
  await gotoHydrated(page, '/cashier/history?tab=bets');
  await expect(page.getByTestId('history-panel-bets').getByTestId('bet-card')).toHaveCount(1);
});

test('a suspended market locks its prices and the slip says so; odds show in the chosen format, in French too', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const event = await fixture(testInfo);
  await gotoHydrated(page, `/fr/betting/event/${event.event_id}`);
  const button = price(page, event.home_selection.id);
  await expect(button).toHaveAttribute('data-odds', event.home_selection.odds);
  await button.click();
  const slip = page.getByTestId('bet-slip');
  await expect(slip.getByTestId('slip-pick')).toHaveCount(1);
  // A guest is asked to sign in to place it.
  await expect(slip.getByTestId('slip-sign-in')).toHaveText('Connectez-vous pour parier');

  // Fractional, then American: the same price, converted exactly.
  await page.getByTestId('odds-format').first().getByRole('radio', { name: '3/2' }).click();
  await expect(slip.getByTestId('pick-odds')).toHaveText(/^\d+\/\d+$/);
  await page.getByTestId('odds-format').first().getByRole('radio', { name: '+150' }).click();
  await expect(slip.getByTestId('pick-odds')).toHaveText(/^[+-]\d+$/);
  await page.getByTestId('odds-format').first().getByRole('radio', { name: '2.50' }).click();

  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.live ?? null)).toBe('open');
  await ops(testInfo, 'betting:suspend', String(event.event_id));
  await expect(button).toBeDisabled({ timeout: 10_000 });
  await expect(slip.getByTestId('pick-suspended')).toHaveText('Suspendu');
  await expect(slip.getByTestId('slip-suspended')).toBeVisible();
  await ops(testInfo, 'betting:open', String(event.event_id));
  await expect(button).toBeEnabled({ timeout: 10_000 });
  await expect(slip.getByTestId('pick-suspended')).toHaveCount(0);
});

test('screenshots of the book, an event page and an open accumulator slip, at 375 and 1440 px, in English and French', async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const dir = 'test-results/betting-screenshots';
  mkdirSync(dir, { recursive: true });
  const events = [await fixture(testInfo), await fixture(testInfo), await fixture(testInfo)];
  for (const width of [375, 1440]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await registerByApi(page.request, uniqueEmail('shots'), PASSWORD);
    for (const locale of ['en', 'fr']) {
      const prefix = locale === 'fr' ? '/fr' : '';
      await gotoHydrated(page, `${prefix}/betting`);
      await expect(page.getByTestId('page-betting')).toBeVisible();
      if (width === 375) await expect(page.getByTestId('sports-chips')).toBeVisible();
      else await expect(page.getByTestId('sports-menu')).toBeVisible();
      await page.screenshot({ path: `${dir}/betting-${locale}-${width}.png` });

      await gotoHydrated(page, `${prefix}/betting/event/${events[0].event_id}`);
      await expect(page.getByTestId('market').first()).toBeVisible();
      await page.screenshot({ path: `${dir}/event-${locale}-${width}.png`, fullPage: true });

      if (locale === 'en') {
        for (const event of events) {
          await gotoHydrated(page, `/betting/event/${event.event_id}`);
          await price(page, event.home_selection.id).click();
        }
      }
      await gotoHydrated(page, `${prefix}/betting`);
      if (width === 375) {
        // Phones: a bar with the count opens the slip as a bottom sheet.
        await expect(page.getByTestId('slip-dock-count')).toHaveText('3');
        await page.getByTestId('slip-dock').click();
        await expect(page.getByTestId('slip-sheet')).toBeVisible();
      }
      const slip = page.getByTestId('bet-slip');
      await expect(slip.getByTestId('slip-pick')).toHaveCount(3);
      // Picked on English pages, named in the page's language once the slip is read again.
      await expect(slip.getByTestId('slip-pick').first()).toContainText(locale === 'fr' ? 'Résultat du match' : 'Match result');
      await slip.getByTestId('combo-stake').fill('10');
      await expect(slip.getByTestId('potential-return')).not.toHaveText('€0.00');
      await page.screenshot({ path: `${dir}/slip-${locale}-${width}.png` });
      if (width === 375) await page.getByTestId('slip-sheet-close').click();
    }
    await context.close();
  }
});
