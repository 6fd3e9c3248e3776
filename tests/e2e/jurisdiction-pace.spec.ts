import { expect, test } from '@playwright/test';
import { cascadeOutcome } from './cascade-support.ts';
import { startIsolatedServer, type IsolatedServer } from './isolated-server.ts';
import { answerSlotRoundsWith, slotOutcome } from './slot-support.ts';
import { gotoHydrated } from './support.ts';

/**
 * A site licensed by the UK Gambling Commission (`JURISDICTION=ukgc`, docs/studio.md "Pace by
 * jurisdiction"): a slot spin lasts at least 2.5 s from the press, the reels cannot be hurried,
 * and a return at or below the stake is not celebrated; the same for Pearl Cascade's grid. The
 * setting is the process's: this journey runs its own server.
 */
let server: IsolatedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startIsolatedServer({ name: 'ukgc', port: Number(process.env.E2E_PACE_PORT ?? 3188), ops: [], env: { JURISDICTION: 'ukgc' } });
});

test.afterAll(async () => {
  await server?.stop();
});

const smallReturn = (drawn: { freeSpins: unknown[]; win: bigint }) => drawn.freeSpins.length === 0 && drawn.win > 0n && drawn.win < 100n;
const GAMES = [
  { name: 'Golden Croupier', sysname: 'golden-croupier', id: 'slot', smallReturn: () => slotOutcome('ukgc-small-return', smallReturn) },
  { name: 'Pearl Cascade', sysname: 'pearl-cascade', id: 'cascade', smallReturn: () => cascadeOutcome('ukgc-small-return', smallReturn) },
];

for (const game of GAMES) {
  test(`${game.name}: a spin takes at least 2.5 s, a second press does not hurry it, and the next spin plays`, async ({ page }) => {
    test.setTimeout(150_000);
    await gotoHydrated(page, `${server.base}/platform/game/${game.sysname}/play?mode=demo`);
    const spin = page.getByTestId(`${game.id}-spin`);
    const rounds = page.getByTestId(`${game.id}-client`);
    await expect(spin).toBeEnabled({ timeout: 20_000 });
    // The press and the reels' stop timed in the page: the info line reads "Good luck!" while the
    // reels run and the result once they have stopped.
    const reelsRan = page.evaluate(
      (id) =>
        new Promise<number>((resolve) => {
          const info = document.querySelector(`[data-testid="${id}-info"]`)!;
          let pressed = 0;
          let running = false;
          new MutationObserver((_records, observer) => {
            if (info.textContent!.includes('Good luck!')) running = true;
            else if (running) {
              observer.disconnect();
              resolve(performance.now() - pressed);
            }
          }).observe(info, { childList: true, subtree: true, characterData: true });
          pressed = performance.now();
          (document.querySelector(`[data-testid="${id}-spin"]`) as HTMLButtonElement).click();
        }),
      game.id,
    );
    // While the reels run the button neither skips nor takes a second press.
    await expect(spin).toBeDisabled();
    await expect(spin).toHaveAccessibleName('Spin');
    expect(await reelsRan).toBeGreaterThanOrEqual(2_500);
    await expect(rounds).toHaveAttribute('data-rounds', '1', { timeout: 60_000 });
    // The client's pace is the server's: the next spin is accepted, not refused as too fast.
    await expect(spin).toBeEnabled();
    await spin.click();
    await expect(rounds).toHaveAttribute('data-rounds', '2', { timeout: 60_000 });
    await expect(page.getByTestId('studio-error')).toHaveCount(0);
  });

  test(`${game.name}: a 0.50 return on a 1.00 spin shows the amount without a win banner`, async ({ page }) => {
    test.setTimeout(60_000);
    const outcome = game.smallReturn();
    await answerSlotRoundsWith(page, outcome);
    await gotoHydrated(page, `${server.base}/platform/game/${game.sysname}/play?mode=demo`);
    await expect(page.getByTestId('stake-value')).toHaveText('1.00');
    await page.getByTestId(`${game.id}-spin`).click();
    await expect(page.getByTestId(`${game.id}-client`)).toHaveAttribute('data-rounds', '1', { timeout: 20_000 });
    const lastWin = page.getByTestId(`${game.id}-last-win`);
    await expect(lastWin).toContainText(outcome.win);
    // Shown plainly: no banner, and not in the winning green.
    await expect(page.getByTestId(`${game.id}-banner`)).toHaveCount(0);
    await expect(lastWin.locator('span').nth(1)).not.toHaveClass(/text-jade/);
  });
}
