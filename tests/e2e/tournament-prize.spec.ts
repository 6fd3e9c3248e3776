import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';
import { startTwoProcesses, type TwoProcesses } from './two-processes.ts';

/**
 * A tournament from end to end (docs/tournaments.md), on a site of its own (two processes, one
 * PostgreSQL): an operator creates a short wager race on the slot with `ops tournament:create`,
 * two players join it on its page and play the real-money slot, the leaderboard shows them, the
 * operator ends it with `ops tournament:end`, the winner's header balance rises by the prize on
 * the open page (the live channel), the runner-up finds a bonus prize in their bonuses, and the
 * finished page shows the winners. Then the loyalty programme (docs/loyalty.md): the operator
 * credits the winner points, the winner's open page shows the level-up toast, and the winner buys
 * free spins in the loyalty shop and plays one.
 */

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);

/** Each player's login, for operator commands. */
const logins = new WeakMap<Page, string>();

async function player(browser: Browser, site: TwoProcesses, tag: string): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const email = uniqueEmail(tag);
  logins.set(page, email);
  await registerByApi(page.request, email, PASSWORD, site.base);
  await depositThroughDemo(page, '50', site.base);
  return page;
}

/** Spins the real-money slot `rounds` times at its default stake, in a tab of its own. */
async function spin(page: Page, site: TwoProcesses, rounds: number) {
  const slot = await page.context().newPage();
  await gotoHydrated(slot, `${site.base}/platform/game/golden-croupier/play?mode=real`);
  await expect(slot.getByTestId('studio-mode')).toHaveText('Real money');
  const client = slot.getByTestId('slot-client');
  for (let round = 1; round <= rounds; round++) {
    await slot.getByTestId('slot-spin').click();
    await expect(client).toHaveAttribute('data-rounds', String(round), { timeout: 30_000 });
  }
  await slot.close();
}

test('an operator’s tournament: two players join and play, it is ended, the winner is paid live and the page shows the winners', async ({ browser }) => {
  test.setTimeout(180_000);
  const site = await startTwoProcesses({ name: 'tournament-prize' });
  const dir = mkdtempSync(join(tmpdir(), 'croupier-tournament-'));
  try {
    const sysname = `prize-cup-${Date.now().toString(36)}`;
    const file = join(dir, 'tournament.json');
    writeFileSync(
      file,
      JSON.stringify({
        sysname,
        names: { en: 'Prize Cup', fr: 'Coupe des prix' },
        descriptions: { en: 'Every real-money bet on the slot counts.' },
        currency: 'EUR',
        starts_at: new Date(Date.now() - 60_000).toISOString(),
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
        games: ['golden-croupier'],
        scoring: 'wagered',
        min_bet: '0.10',
        prizes: [
          { from: 1, to: 1, amount: '30.00' },
          { from: 2, to: 2, amount: '10.00', kind: 'bonus', wagering: 5 },
        ],
      }),
    );
    expect(site.ops('tournament:create', file)).toContain(`/tournaments/${sysname}`);

    // Two players join on its page; the winner plays more rounds at the same stake.
    const winner = await player(browser, site, 'cup-winner');
    const second = await player(browser, site, 'cup-second');
    for (const page of [winner, second]) {
      await gotoHydrated(page, `${site.base}/tournaments/${sysname}`);
      await expect(page.getByTestId('tournament-prizes')).toContainText('€10.00 bonus');
      await page.getByTestId('tournament-join').click();
      await expect(page.getByTestId('tournament-joined')).toBeVisible();
    }
    await spin(second, site, 1);
    await spin(winner, site, 3);

    // The leaderboard shows them both, the winner first.
    await gotoHydrated(winner, `${site.base}/tournaments/${sysname}`);
    await expect(winner.getByTestId('leaderboard-row')).toHaveCount(2, { timeout: 20_000 });
    await expect(winner.getByTestId('tournament-my-rank')).toHaveText('1', { timeout: 20_000 });
    await expect(winner.getByTestId('leaderboard-row').nth(1)).toContainText('€10.00 bonus');
    const before = cents(await winner.getByTestId('header-balance-amount').textContent());
    // The page's live stream is open before the prize moves: a movement between the page's render
    // and its stream's opening reaches it only by a later refresh (a busy machine connects late).
    await expect.poll(() => winner.evaluate(() => document.documentElement.dataset.live ?? null), { timeout: 15_000 }).toBe('open');

    // The operator ends it: the winner's open page shows the prize in the header, no reload.
    expect(site.ops('tournament:end', sysname)).toContain('prizes paid');
    await expect(winner.getByTestId('header-balance-amount')).toHaveText(`${((before + 3_000) / 100).toFixed(2)} EUR`, { timeout: 15_000 });

    // The finished page shows the winners and what they won.
    await gotoHydrated(second, `${site.base}/tournaments/${sysname}`);
    await expect(second.getByTestId('tournament-status')).toHaveText('Finished');
    await expect(second.locator('#tournament-board')).toHaveText('Winners');
    const rows = second.getByTestId('leaderboard-row');
    await expect(rows.nth(0)).toContainText('€30.00');
    await expect(rows.nth(1)).toContainText('€10.00 bonus');
    await expect(second.locator('[data-testid="leaderboard-row"][data-mine]')).toContainText('€10.00 bonus');

    // The runner-up's bonus prize waits in their bonuses; the operator's two changes are audited.
    await gotoHydrated(second, `${site.base}/profile/bonuses?tab=available`);
    await expect(second.getByTestId('bonus-title')).toHaveText('Prize Cup: prize for rank 2');
    const audit = site.ops('audit:list', `tournament:${sysname}`);
    expect(audit).toContain('tournament.create');
    expect(audit).toContain('tournament.end');

    // Loyalty: the operator credits the winner 900 points (Silver from 500); the winner's open page
    // shows the level-up toast under the header without a reload (live channel, then the notices).
    await gotoHydrated(winner, `${site.base}/loyalty`);
    await winner.getByTestId('loyalty-levels').click({ position: { x: 2, y: 2 } }); // notices start with the visitor's first click
    // The new page's live stream is open before the points move (a busy machine connects it late).
    await expect.poll(() => winner.evaluate(() => document.documentElement.dataset.live ?? null), { timeout: 15_000 }).toBe('open');
    site.ops('loyalty:adjust', logins.get(winner)!, '900', 'tournament-goodwill');
    await expect(winner.getByTestId('toast-area')).toContainText('Silver', { timeout: 20_000 });

    // The shop: 20 free spins for 800 points, confirmed, then played on the slot.
    await gotoHydrated(winner, `${site.base}/loyalty/shop`);
    const spins = winner.locator('[data-testid="loyalty-product"][data-product="golden-spins-20"]');
    await spins.getByTestId('loyalty-product-buy').click();
    await expect(winner.getByTestId('loyalty-shop-confirm')).toBeVisible();
    await winner.getByTestId('loyalty-confirm-yes').click();
    await expect(winner.getByTestId('loyalty-shop-bought')).toBeVisible({ timeout: 10_000 });
    await expect(winner.getByTestId('loyalty-bought-left')).toContainText(/\b10\d\b/);
    const slot = await winner.context().newPage();
    await gotoHydrated(slot, `${site.base}/platform/game/golden-croupier/play?mode=real`);
    await expect(slot.getByTestId('slot-pack')).toHaveText('Free spins: 20 left (stake 0.20 EUR)');
    await slot.getByTestId('slot-spin').click();
    await expect(slot.getByTestId('slot-pack')).toHaveText('Free spins: 19 left (stake 0.20 EUR)', { timeout: 30_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await site.stop();
  }
});
