import { expect, test, type Page } from '@playwright/test';
import { registerByApi, uniqueEmail } from './auth-support.ts';
import { gotoHydrated } from './support.ts';

/**
 * The game page /game/{sysname} (spec 2 sections 2, 3 and 9), the games tab of the history and the
 * provably fair verifier /fairness. The frame's own game (the studio) is tested elsewhere; here
 * only what the page around it does.
 */

const GAME = '/game/golden-croupier';
const frame = (page: Page) => page.getByTestId('game-frame');

/** The frame has loaded its page: messages posted from it reach the game page's listener. */
async function frameReady(page: Page) {
  const handle = await frame(page).elementHandle();
  const content = await handle!.contentFrame();
  await content!.waitForLoadState('load');
  return content!;
}

test.describe('game page', () => {
  test('a guest plays in demo: the frame, the demo popup that closes, the facts and the canonical link', async ({ page }) => {
    const response = await gotoHydrated(page, GAME);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('game-title')).toHaveText('Golden Croupier');
    await expect(frame(page)).toHaveAttribute('src', '/platform/game/golden-croupier/play?mode=demo');
    await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'demo');

    const popup = page.getByTestId('dialog-demo-mode');
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'You are playing for fun' })).toBeVisible();
    await popup.getByTestId('demo-popup-demo').click();
    await expect(popup).toBeHidden();

    await expect(page.getByTestId('game-fact-rtp')).toContainText('96.00%');
    await expect(page.getByTestId('game-fact-provider')).toContainText('Croupier');
    // What the slot's simulation says (games/profiles.ts), so a player knows how it plays.
    await expect(page.getByTestId('game-fact-volatility')).toContainText('Medium');
    await expect(page.getByTestId('game-fact-hit-rate')).toContainText('57.3% · 1 in 1.7');
    await expect(page.getByTestId('game-fact-max-win')).toContainText('232× the stake');
    await expect(page.getByTestId('game-fact-simulated')).toContainText('1,000,000 simulated rounds');
    // The slot's own game names no other game; its themes name it.
    await expect(page.getByTestId('game-fact-theme-of')).toHaveCount(0);
    await expect(page.getByTestId('game-fair-note')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/game\/golden-croupier$/);
    // Guests have no balance, no mode switch, no favourite heart.
    await expect(page.getByTestId('header-balance')).toHaveCount(0);
    await expect(page.getByTestId('game-mode-switch')).toHaveCount(0);
    await expect(page.getByTestId('game-favourite')).toHaveCount(0);
    await expect(page.getByTestId('game-fullscreen')).toBeVisible();

    // The popup explained itself once in this browser session; the badge opens it again.
    await gotoHydrated(page, GAME);
    await expect(frame(page)).toBeVisible();
    await expect(page.getByTestId('dialog-demo-mode')).toHaveCount(0);
    await page.getByTestId('demo-badge').click();
    await expect(page.getByTestId('dialog-demo-mode')).toBeVisible();
    // "Play for real" sends a guest to registration.
    await page.getByTestId('demo-popup-real').click();
    await expect(page.getByTestId('dialog-auth')).toBeVisible();
    await expect(page.getByTestId('sign-up-submit')).toBeVisible();
  });

  test('#real opens registration for a guest, instead of the demo popup', async ({ page }) => {
    await gotoHydrated(page, `${GAME}#real`);
    await expect(page.getByTestId('dialog-auth')).toBeVisible();
    await expect(page.getByTestId('sign-up-submit')).toBeVisible();
    await expect(page.getByTestId('dialog-demo-mode')).toHaveCount(0);
  });

  test('a theme on an engine says whose game it plays, in each language', async ({ page }) => {
    await gotoHydrated(page, '/game/lantern-tide');
    await page.getByTestId('demo-popup-demo').click();
    const note = page.getByTestId('game-fact-theme-of');
    await expect(note).toHaveText('Same game as Golden Croupier: the same rules, paytable and maths under another name and colours.');
    await note.getByRole('link', { name: 'Golden Croupier' }).click();
    await expect(page).toHaveURL('/game/golden-croupier');
    await expect(page.getByTestId('game-title')).toHaveText('Golden Croupier');

    await gotoHydrated(page, '/fr/game/breeze-blackjack');
    await expect(page.getByTestId('game-fact-theme-of')).toContainText('Même jeu que Blackjack Croupier');
    await expect(page.getByTestId('game-fact-theme-of').getByRole('link')).toHaveAttribute('href', '/fr/game/croupier-blackjack');
  });

  test('an unknown game, or a malformed name, is a 404 page', async ({ page }) => {
    for (const path of ['/game/no-such-game', '/game/Golden-Croupier', '/fr/game/no-such-game']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText(`Page Not Found: ${path}`)).toBeVisible();
    }
  });

  test('the French page frames the French play page and speaks French', async ({ page }) => {
    await gotoHydrated(page, `/fr${GAME}`);
    await expect(page.getByTestId('game-title')).toHaveText('Croupier Doré');
    await expect(frame(page)).toHaveAttribute('src', '/fr/platform/game/golden-croupier/play?mode=demo');
    await expect(page.getByTestId('demo-popup-demo')).toHaveText('Continuer pour le plaisir');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/fr\/game\/golden-croupier$/);
    await expect(page.getByTestId('game-back')).toHaveAttribute('href', '/fr/gamehall');
  });

  test('a signed-in player with an empty balance gets "deposit to play" in real money, and demo on demand', async ({ page }) => {
    await registerByApi(page.request, uniqueEmail('gamepage'));
    await gotoHydrated(page, GAME);
    await expect(page.getByTestId('header-balance')).toContainText('0.00');
    await expect(page.getByTestId('header-deposit')).toHaveAttribute('href', '/cashier/deposit');
    await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'real');
    await expect(page.getByTestId('game-deposit-panel')).toBeVisible();
    await expect(page.getByTestId('game-deposit-link')).toHaveAttribute('href', '/cashier/deposit');
    await expect(frame(page)).toHaveCount(0);
    // No popup for a player arriving in real money; the favourite heart and history link are there.
    await expect(page.getByTestId('dialog-demo-mode')).toHaveCount(0);
    await expect(page.getByTestId('game-favourite')).toBeVisible();
    await expect(page.getByTestId('game-history-link')).toHaveAttribute('href', '/cashier/history?tab=games');

    await page.getByTestId('game-mode-switch').getByRole('radio', { name: 'Demo' }).click();
    await expect(frame(page)).toHaveAttribute('src', '/platform/game/golden-croupier/play?mode=demo');
    await expect(page.getByTestId('dialog-demo-mode')).toBeVisible();
    await page.getByTestId('demo-popup-real').click();
    await expect(page.getByTestId('game-deposit-panel')).toBeVisible();
    await page.getByTestId('game-try-demo').click();
    await expect(frame(page)).toBeVisible();

    // The frame reports a real-money balance: the header shows it at once (polling is off on game
    // pages), then settles on getBalance's word about 1.5 s later. The message's 12.34 is not the
    // player's money, so the header shows it only until then: every text the header takes is
    // recorded, and the check never races the settling read on a slow machine.
    const content = await frameReady(page);
    await page.evaluate(() => {
      const shown: string[] = [];
      const header = document.querySelector('[data-testid="header-balance"]')!;
      new MutationObserver(() => shown.push(header.textContent ?? '')).observe(header, { subtree: true, characterData: true, childList: true });
      (window as unknown as { headerBalances: string[] }).headerBalances = shown;
    });
    await content.evaluate(() => window.parent.postMessage({ type: 'croupier:balance', balance: '12.34', currency: 'EUR', mode: 'real' }, window.location.origin));
    await expect.poll(() => page.evaluate(() => (window as unknown as { headerBalances: string[] }).headerBalances.some((text) => text.includes('12.34')))).toBe(true);
    await expect(page.getByTestId('header-balance')).toContainText('0.00', { timeout: 10_000 });
  });

  test('checkIframe from the frame opens that address in the page; other origins and paths are ignored', async ({ page }) => {
    await gotoHydrated(page, GAME);
    await page.getByTestId('demo-popup-demo').click();
    const content = await frameReady(page);
    await content.evaluate(() => {
      window.parent.postMessage({ type: 'checkIframe', path: '//evil.example/' }, window.location.origin);
      window.parent.postMessage({ type: 'checkIframe', path: 'https://evil.example/' }, window.location.origin);
    });
    // The page itself (not the frame) cannot ask: only its own frame's messages count.
    await page.evaluate(() => window.postMessage({ type: 'checkIframe', path: '/providers' }, window.location.origin));
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(GAME);
    await content.evaluate(() => window.parent.postMessage({ type: 'checkIframe', path: '/gamehall?category=slot' }, window.location.origin));
    await expect(page).toHaveURL('/gamehall?category=slot');
  });

  test('a site page loaded inside the game frame sends the whole page there', async ({ page }) => {
    await gotoHydrated(page, GAME);
    await page.getByTestId('demo-popup-demo').click();
    const content = await frameReady(page);
    await content.evaluate(() => window.location.assign('/providers'));
    await expect(page).toHaveURL('/providers');
    await expect(page.getByTestId('game-frame')).toHaveCount(0);
  });

  test('on a phone the frame takes the screen under the bars', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoHydrated(page, GAME);
    await page.getByTestId('demo-popup-demo').click();
    const box = await page.getByTestId('game-stage').boundingBox();
    expect(box?.width).toBe(375);
    expect(box!.height).toBeGreaterThan(600);
    expect(box!.y + box!.height).toBeLessThanOrEqual(741);
  });
});

test.describe('game history and the verifier', () => {
  test('the games tab of the history: empty, then a demo round with its verify link, and a CSV export', async ({ page }) => {
    test.setTimeout(60_000);
    await registerByApi(page.request, uniqueEmail('history'));
    await gotoHydrated(page, '/cashier/history?tab=games');
    await expect(page.getByTestId('history-tab-games')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('game-history').getByTestId('empty-state')).toBeVisible();

    // A demo round through the studio, as the frame plays it.
    const launch = await page.request.post('/api/games/launch', { form: { sysname: 'croupier-dice', mode: 'demo' } });
    test.skip(launch.status() === 404, 'the studio API is not there yet');
    expect(launch.ok(), await launch.text()).toBe(true);
    const { token } = ((await launch.json()) as { data: { token: string } }).data;
    const played = await page.request.post('/api/games/play', { form: { token, bet: JSON.stringify({ amount: '1.00', target: 5000, direction: 'over' }) } });
    expect(played.ok(), await played.text()).toBe(true);
    const round = ((await played.json()) as { data: { round_id: string } }).data.round_id;

    await page.getByTestId('game-history-mode').getByRole('radio', { name: 'Demo' }).click();
    const row = page.locator(`[data-testid="game-history-row"][data-round="${round}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Croupier Dice');
    await expect(page.getByTestId('game-history-count')).toHaveText('1–1 of 1');
    await expect(row.getByTestId('game-history-verify')).toHaveAttribute('href', `/fairness?round=${round}`);

    await page.getByTestId('game-history-export').click();
    await page.getByTestId('game-history-export-start').click();
    const download = page.getByTestId('game-history-download');
    await expect(download).toBeVisible({ timeout: 15_000 });
    await expect(download).toHaveText('Download CSV (1)');
    const file = await page.request.get((await download.getAttribute('href'))!);
    expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="croupier-game-history-/);
    expect(await file.text()).toContain(round);

    // The verifier: the seed is not revealed yet; rotating reveals it and the replay matches.
    await row.getByTestId('game-history-verify').click();
    await expect(page).toHaveURL(`/fairness?round=${round}`);
    await expect(page.getByTestId('fairness-round-input')).toHaveValue(round);
    await expect(page.getByTestId('fairness-not-revealed')).toBeVisible();
    await expect(page.getByTestId('fairness-seeds')).toBeVisible();
    await page.getByTestId('fairness-rotate').click();
    await expect(page.getByTestId('fairness-revealed').locator('li')).toHaveCount(1);
    // The round on show is verified again once its seed is revealed.
    await expect(page.getByTestId('fairness-result')).toHaveAttribute('data-verdict', 'match', { timeout: 10_000 });
    await expect(page.getByTestId('fairness-verdict')).toContainText('Verified');
    await expect(page.getByTestId('fairness-hash-check')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('fairness-recorded')).toContainText('Roll');
    await expect(page.getByTestId('fairness-replayed')).toContainText('Roll');
    // Verify again, same round: the same verdict.
    await page.getByTestId('fairness-verify-submit').click();
    await expect(page.getByTestId('fairness-result')).toHaveAttribute('data-verdict', 'match');
  });

  test('the verifier explains provably fair to a guest, in French too, and says when a round does not exist', async ({ page }) => {
    await gotoHydrated(page, '/fairness');
    await expect(page.getByRole('heading', { level: 1, name: 'Provably fair' })).toBeVisible();
    await expect(page.getByTestId('fairness-how')).toContainText('HMAC-SHA256');
    await expect(page.getByTestId('fairness-seeds')).toHaveCount(0);
    const unknown = '00000000-0000-4000-8000-000000000000';
    await page.getByTestId('fairness-round-input').fill(unknown);
    await page.getByTestId('fairness-verify-submit').click();
    await expect(page).toHaveURL(`/fairness?round=${unknown}`);
    await expect(page.getByTestId('fairness-error')).toHaveText('No round has this id.');
    await page.getByTestId('fairness-round-input').fill('not a round');
    await page.getByTestId('fairness-verify-submit').click();
    await expect(page.getByTestId('fairness-error')).toHaveText('This is not a round id.');

    await gotoHydrated(page, '/fr/fairness');
    await expect(page.getByRole('heading', { level: 1, name: 'Équité prouvable' })).toBeVisible();
  });
});
