import { expect, test } from '@playwright/test';
import { startIsolatedServer, type IsolatedServer } from './isolated-server.ts';
import { gotoHydrated } from './support.ts';

/**
 * Rivet Royale on a site licensed by the UK Gambling Commission (`JURISDICTION=ukgc`, docs/studio.md
 * "Pace by jurisdiction"): the reels stop no sooner than 2.5 s after the press, the button cannot
 * hurry them, and the next spin is accepted by the server. The setting is the process's: this
 * journey runs its own server.
 */
let server: IsolatedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startIsolatedServer({ name: 'ukgc-coins', port: Number(process.env.E2E_COINS_PACE_PORT ?? 3186), ops: [], env: { JURISDICTION: 'ukgc' } });
});

test.afterAll(async () => {
  await server?.stop();
});

test('Rivet Royale: a spin takes at least 2.5 s, the button waits, and the next spin plays', async ({ page }) => {
  test.setTimeout(60_000);
  await gotoHydrated(page, `${server.base}/platform/game/rivet-royale/play?mode=demo`);
  const spin = page.getByTestId('coins-spin');
  const rounds = page.getByTestId('coins-client');
  await expect(spin).toBeEnabled({ timeout: 20_000 });
  // The press and the reels' stop timed in the page: the info line reads "Steam's up…" while the
  // reels run and the result once the last has stopped.
  const reelsRan = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const info = document.querySelector('[data-testid="coins-info"]')!;
        let pressed = 0;
        let running = false;
        new MutationObserver((_records, observer) => {
          if (info.textContent!.includes('Steam')) running = true;
          else if (running) {
            observer.disconnect();
            resolve(performance.now() - pressed);
          }
        }).observe(info, { childList: true, subtree: true, characterData: true });
        pressed = performance.now();
        (document.querySelector('[data-testid="coins-spin"]') as HTMLButtonElement).click();
      }),
  );
  await expect(spin).toBeDisabled();
  expect(await reelsRan).toBeGreaterThanOrEqual(2_500);
  await expect(rounds).toHaveAttribute('data-rounds', '1', { timeout: 30_000 });
  await expect(spin).toBeEnabled();
  await spin.click();
  await expect(rounds).toHaveAttribute('data-rounds', '2', { timeout: 30_000 });
  await expect(page.getByTestId('studio-error')).toHaveCount(0);
});
