import { expect, test } from '@playwright/test';
import { gotoHydrated, seriousViolations } from './support.ts';

/**
 * axe-core on the pages every visitor meets: no serious or critical violation of WCAG 2.1 A/AA
 * rules (colour contrast included), in both languages, at phone and desktop widths.
 */
const PAGES = [
  '/',
  '/fr',
  '/gamehall',
  '/game/golden-croupier',
  '/platform/game/golden-croupier/play?mode=demo',
  '/platform/game/croupier-roulette/play?mode=demo',
  '/fr/platform/game/croupier-blackjack/play?mode=demo',
  '/platform/game/croupier-dice/play?mode=demo',
  '/fairness',
  '/tournaments',
  '/fr/tournaments/multiplier-hunt',
  '/tournaments/weekly-slot-race/gamehall',
  '/forms/sign_in',
  '/fr/forms/sign_up',
  '/about',
  '/no-such-page',
];

// No trace here: the trace recorder snapshots the DOM on every mutation, and on pages that tick
// (tournament clocks, live leaderboards, game frames) it kept axe's walk of the page from finishing
// in 60 s; untraced, the same analysis takes about 10 s on a loaded machine.
test.use({ trace: 'off' });

for (const width of [375, 1440]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 60_000 });
    for (const path of PAGES) {
      test(`${path} has no serious accessibility violations`, async ({ page }) => {
        await gotoHydrated(page, path);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
