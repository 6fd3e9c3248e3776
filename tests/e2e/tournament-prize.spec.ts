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
 * finished page shows the winners.
 */

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);

async function player(browser: Browser, site: TwoProcesses, tag: string): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await registerByApi(page.request, uniqueEmail(tag), PASSWORD, site.base);
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
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await site.stop();
  }
});
