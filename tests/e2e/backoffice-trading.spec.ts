import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { expect as baseExpect, test, type Page, type TestInfo } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { createStaff, shootBackoffice } from './backoffice-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';
import { sharedServerEnv } from './shared-server.ts';

/**
 * Sportsbook trading in the back office (docs/backoffice.md, "Sportsbook trading"): a trader
 * suspends a market and a player's bet on it is refused on the site; the trader resumes it, the
 * player bets, the trader settles the event from the back office and the winnings land on the
 * player's balance live. Screens are shot at 1024 and 1440 px on the way.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

type Fixture = { id: number; home: string; away: string; markets: Array<{ id: number; type: string; selections: Array<{ id: number; key: string; odds: string }> }> };

async function fixture(testInfo: TestInfo): Promise<Fixture> {
  const port = new URL(String(testInfo.project.use.baseURL)).port;
  const { stdout } = await promisify(execFile)('npx', ['node', 'scripts/ops.ts', 'betting:fixture', 'football', '60'], {
    env: { ...process.env, ...sharedServerEnv(), PORT: port },
  });
  const parsed = JSON.parse(stdout.slice(stdout.indexOf('{'))) as Fixture | { data: Fixture };
  return 'data' in parsed ? parsed.data : parsed;
}

const price = (page: Page, selection: number) => page.locator(`[data-testid="price"][data-selection="${selection}"]`);
const headerBalance = (page: Page) => page.getByTestId('header-balance-amount').first();
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

test('a trader suspends a market, the player is refused, then the trader resumes and settles and the winnings land', async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const event = await fixture(testInfo);
  const market = event.markets.find((m) => m.type === '1x2')!;
  const home = market.selections.find((s) => s.key === 'home')!;

  // The player: money in, the home side in the slip.
  const player = await (await browser.newContext()).newPage();
  await registerByApi(player.request, uniqueEmail('traded'), PASSWORD);
  await depositThroughDemo(player, '50');
  await gotoHydrated(player, `/betting/event/${event.id}`);
  await price(player, home.id).click();
  const slip = player.getByTestId('bet-slip');
  await expect(slip.getByTestId('slip-pick')).toHaveCount(1);
  await expect.poll(() => player.evaluate(() => document.documentElement.dataset.live ?? null)).toBe('open');

  // The trader finds the event in the book and suspends its match result market.
  const trader = await (await browser.newContext()).newPage();
  await createStaff(trader, 'trader');
  await trader.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Sportsbook trading' }).click();
  await expect(trader.getByRole('heading', { name: 'Sportsbook trading' })).toBeVisible();
  // By its address: the demo feed's pairings repeat, and another journey's fixture may bear the same names.
  await trader.locator(`a[href="/backoffice/trading/${event.id}"]`).getByText(`${event.home} v ${event.away}`).click();
  await expect(trader.getByRole('heading', { name: `${event.home} v ${event.away}` })).toBeVisible();
  const card = trader.locator('.trading-market').filter({ has: trader.getByRole('heading', { name: 'Match result' }) });
  await card.getByRole('button', { name: 'Suspend' }).click();
  await expect(card.getByText('held by a trader')).toBeVisible();

  // The site hears it: the price is locked and the slip says so; a bet sent anyway is refused.
  await expect(price(player, home.id)).toBeDisabled();
  await expect(slip.getByTestId('pick-suspended')).toBeVisible();
  await expect(slip.getByTestId('slip-suspended')).toBeVisible();
  const refused = await player.request.post('/api/betting/placeBet', {
    form: { kind: 'single', stake: '10.00', odds_change: 'any', request_id: randomUUID(), 'legs[0][selection_id]': String(home.id), 'legs[0][odds]': home.odds },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { error: { details: { code: string } } }).error.details.code).toBe('MARKET_SUSPENDED');

  // Resumed: the player bets 10.00 at the home side's price.
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card.getByText('held by a trader')).toHaveCount(0);
  await expect(price(player, home.id)).toBeEnabled();
  await expect(slip.getByTestId('pick-suspended')).toHaveCount(0);
  await slip.getByTestId('single-stake').first().fill('10');
  await slip.getByTestId('place-bet').click();
  await expect(player.getByTestId('slip-receipt')).toBeVisible();
  await expect(headerBalance(player)).toHaveText(/^40\.00/);
  const odds = Number((await price(player, home.id).getAttribute('data-odds')) ?? home.odds);

  // The trader's screen follows live: one open bet, the home side's liability.
  await expect(trader.locator('.trading-stat').filter({ hasText: 'Open bets' })).toContainText('1');
  const payout = (Math.round(10 * odds * 100) / 100).toFixed(2);
  await expect(card.getByRole('row').filter({ hasText: event.home })).toContainText(payout);
  await shootBackoffice(trader, 'trading-event');

  // Settling again is previewed first: here, what a draw instead would take back (nothing is applied).
  await trader.getByRole('link', { name: 'All events' }).click();
  await expect(trader.getByRole('row').filter({ has: trader.locator(`a[href="/backoffice/trading/${event.id}"]`) })).toContainText('1');
  // The book's margins per market type: a bad value is named on its field, a good one is saved
  // (and put back, so the feed's prices elsewhere stay as they were).
  const margins = trader.locator('.trading-margins');
  const totals = margins.getByLabel('Totals (over/under)');
  await expect(totals).toHaveValue('5.00');
  await totals.fill('45');
  await margins.getByRole('button', { name: 'Save margins' }).click();
  await expect(margins.getByRole('alert')).toHaveText('Wrong value');
  await totals.fill('6.5');
  await margins.getByRole('button', { name: 'Save margins' }).click();
  await expect(margins.getByRole('status')).toHaveText('Margins saved');
  await shootBackoffice(trader, 'trading-events');
  await totals.fill('5');
  await margins.getByRole('button', { name: 'Save margins' }).click();
  await expect(margins.getByRole('status')).toHaveText('Margins saved');
  // By its address: the demo feed's pairings repeat, and another journey's fixture may bear the same names.
  await trader.locator(`a[href="/backoffice/trading/${event.id}"]`).getByText(`${event.home} v ${event.away}`).click();

  // The final score from the back office: 2-0, previewed first (the home win pays the player),
  // then confirmed: the home side wins and the winnings land.
  await trader.getByLabel(`${event.home} (home)`).fill('2');
  await trader.getByLabel(`${event.away} (away)`).fill('0');
  await trader.getByRole('button', { name: 'Settle by this score' }).click();
  const eventPreview = trader.getByRole('region', { name: 'Settle the event' });
  await expect(eventPreview).toContainText('settled at 2–0');
  const eventTotal = eventPreview.getByRole('listitem').filter({ hasText: 'Total' });
  await expect(eventTotal).toContainText(payout);
  await expect(eventTotal).not.toContainText('-');
  await shootBackoffice(trader, 'trading-settle-event');
  await eventPreview.getByRole('button', { name: 'Confirm: apply through the ledger' }).click();
  await expect(trader.getByRole('status').filter({ hasText: 'Settled: settled.' })).toBeVisible();
  await expect.poll(async () => cents(await headerBalance(player).textContent())).toBe(4000 + Math.round(10 * odds * 100));
  await expect(card.getByRole('row').filter({ hasText: event.home })).toContainText('won');

  // Re-settlement is shown before it is applied: a draw would take the winnings back.
  await card.getByRole('button', { name: 'Re-settle' }).click();
  const preview = card.getByRole('region', { name: 'Settle' });
  await preview.getByRole('checkbox', { name: event.home }).uncheck();
  await preview.getByRole('checkbox', { name: 'Draw' }).check();
  await expect(preview.getByRole('listitem').filter({ hasText: 'Total' })).toContainText(`-${payout}`);
  await shootBackoffice(trader, 'trading-resettle');
  await preview.getByRole('button', { name: 'Cancel' }).click();

  // The player's bets and stake limits, from the bet list.
  await trader.getByRole('link', { name: 'Bets on this event' }).click();
  const row = trader.getByRole('row').filter({ hasText: `${event.home} v ${event.away}` });
  await expect(row).toContainText('won');
  await row.getByRole('link', { name: /^#\d+$/ }).click();
  await expect(trader.getByRole('heading', { name: /^Sports bets of / })).toBeVisible();
  await trader.getByLabel('Stake factor').fill('0.001');
  await trader.getByRole('button', { name: 'Save the limits' }).click();
  await expect(trader.getByTestId('effective-max-stake')).toContainText('5.00 EUR');
  await shootBackoffice(trader, 'trading-bets');
});
