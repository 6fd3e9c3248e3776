import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerByApi, uniqueEmail } from './auth-support.ts';
import { answerSlotRoundsWith, slotOutcome } from './slot-support.ts';
import { gotoHydrated } from './support.ts';

/**
 * What a new player stumbles on (issue 33): the site's icon, the invitations to a first deposit
 * that must end with it, the success page that must stay long enough to read, the profile card
 * without a display name, the game panel's facts, the support button over the page's last lines
 * and the slot's win banner over the reels, at 375 and 1440 px.
 */

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
};

test('the site has a favicon.ico, drawn from its icon', async ({ request }) => {
  const answer = await request.get('/favicon.ico');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/icon/);
  const body = await answer.body();
  // An ICO file: reserved 0, type 1, then its images (16, 32 and 48 px).
  expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(body.readUInt16LE(4)).toBe(3);
});

test('the invitations to a first deposit end with it; the success page leaves time to read it', async ({ page }) => {
  test.setTimeout(60_000);
  await registerByApi(page.request, uniqueEmail('first-deposit'));
  await gotoHydrated(page, '/');
  await expect(page.getByTestId('registration-hint-banner')).toBeVisible();
  await page.getByTestId('hero-deposit').click();
  await expect(page).toHaveURL('/cashier/deposit');
  await page.getByTestId('amount-input').fill('20');
  await page.getByTestId('deposit-submit').click();
  await expect(page).toHaveURL(/\/psp\/demo\/pay\/dp_/);
  await page.locator('button[data-outcome="success"]').click();
  await expect(page).toHaveURL(/\/cashier\/paysuccess\//, { timeout: 15_000 });

  // The page counts down the seconds before it takes the player back, and gives them time to read.
  const back = page.getByTestId('payment-return');
  await expect(back).toContainText(/Taking you back to where you were in \d s/);
  await expect(page.getByTestId('payment-amount')).toHaveText('€20.00');
  await page.waitForTimeout(4_000);
  await expect(page).toHaveURL(/\/cashier\/paysuccess\//);
  // "Go back now" does not wait.
  await page.getByTestId('payment-return-now').click();
  await expect(page).toHaveURL('/', { timeout: 3_000 });

  // Home: no more "Ready for your first real game?", and the hero invites to play rather than to deposit.
  await expect(page.getByTestId('home-title')).toBeVisible();
  await expect(page.getByTestId('hero-browse')).toBeVisible();
  await expect(page.getByTestId('hero-deposit')).toHaveCount(0);
  await expect(page.getByTestId('registration-hint-banner')).toHaveCount(0);
  await gotoHydrated(page, '/profile/settings');
  await expect(page.getByTestId('fakename')).toBeVisible();
  await expect(page.getByTestId('registration-hint')).toHaveCount(0);
});

test('a player without a display name is invited to choose one, in English and French', async ({ page }) => {
  await registerByApi(page.request, uniqueEmail('no-fakename'));
  await gotoHydrated(page, '/profile/settings');
  await expect(page.getByTestId('registration-hint')).toBeVisible();
  const card = page.getByTestId('profile-card');
  await expect(card).not.toContainText('No display name yet');
  await expect(page.getByTestId('profile-choose-fakename')).toHaveText('Choose your display name');
  await page.getByTestId('profile-choose-fakename').click();
  await expect(page).toHaveURL('/profile/settings#profile-fakename');
  await expect(page.locator('#profile-fakename')).toBeInViewport();

  await gotoHydrated(page, '/fr/profile/settings');
  await expect(page.getByTestId('profile-choose-fakename')).toHaveText('Choisissez votre pseudonyme');
  await expect(page.getByTestId('profile-choose-fakename')).toHaveAttribute('href', '/fr/profile/settings#profile-fakename');
});

for (const [locale, path, type] of [
  ['en', '/game/croupier-blackjack', 'Table game'],
  ['fr', '/fr/game/croupier-blackjack', 'Jeu de table'],
] as const) {
  test(`the game panel shows the game's type whole (${locale})`, async ({ page }) => {
    await gotoHydrated(page, path);
    const value = page.getByTestId('game-fact-type').locator('dd');
    await expect(value).toHaveText(type);
    // The player chooses blackjack's moves: no single hit rate or biggest win describes it.
    await expect(page.getByTestId('game-fact-hit-rate')).toHaveCount(0);
    // Nothing of it is cut off: the text fits the box it is drawn in.
    expect(await value.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const cell = await boxOf(page.getByTestId('game-fact-type'));
    const text = await value.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const rect = range.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    });
    expect(text.x + text.width).toBeLessThanOrEqual(cell.x + cell.width);
  });
}

/** The footer's lines of text that lie under the support button, once the page is scrolled to its end. */
async function footerTextUnderLauncher(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1);
  return page.evaluate(() => {
    const button = document.querySelector('[data-testid="chat-launcher"]')!.getBoundingClientRect();
    const footer = document.querySelector('footer')!;
    const walker = document.createTreeWalker(footer, NodeFilter.SHOW_TEXT);
    const hidden: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width === 0 || rect.height === 0) continue;
        if (rect.left < button.right && button.left < rect.right && rect.top < button.bottom && button.top < rect.bottom) hidden.push(node.textContent.trim());
      }
    }
    return hidden;
  });
}

test.describe('on a 1440 px screen', () => {
  test('the support button leaves the end of the page readable', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.getByTestId('chat-launcher')).toBeVisible();
    expect(await footerTextUnderLauncher(page)).toEqual([]);
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the invitation to choose a display name is shown whole', async ({ page }) => {
    await registerByApi(page.request, uniqueEmail('no-fakename-phone'));
    await gotoHydrated(page, '/fr/profile/settings');
    const invitation = page.getByTestId('profile-choose-fakename');
    await expect(invitation).toHaveText('Choisissez votre pseudonyme');
    expect(await invitation.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const card = await boxOf(page.getByTestId('profile-card'));
    const box = await boxOf(invitation);
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
  });

  test('the support button leaves the end of the page readable', async ({ page }) => {
    for (const path of ['/', '/promotions']) {
      await gotoHydrated(page, path);
      await expect(page.getByTestId('chat-launcher')).toBeVisible();
      expect(await footerTextUnderLauncher(page), path).toEqual([]);
    }
  });
});

/** A winning slot outcome without free spins: more than the 1.00 stake back, so the banner shows. */
const winningOutcome = () => slotOutcome('win-banner', (outcome) => outcome.freeSpins.length === 0 && outcome.win > 100n);

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 740 },
]) {
  test(`slot at ${viewport.width} px: the win banner leaves the reels in sight; on a phone they sit under the top bar`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const outcome = winningOutcome();
    await answerSlotRoundsWith(page, outcome);
    await gotoHydrated(page, '/platform/game/golden-croupier/play?mode=demo');
    const reels = page.getByTestId('slot-reels');
    await expect(page.getByTestId('slot-cell')).toHaveCount(15);
    if (viewport.width < 768) {
      // On a phone, no empty band between the bar above the reels and the reels (a large screen
      // centres them in the frame).
      const bar = await boxOf(page.getByTestId('open-paytable'));
      expect((await boxOf(reels)).y - (bar.y + bar.height)).toBeLessThanOrEqual(24);
    }

    await page.getByTestId('slot-spin').click();
    const banner = page.getByTestId('slot-banner');
    await expect(banner).toBeVisible({ timeout: 20_000 });
    // Everything measured at one moment: a small win's banner fades after two seconds.
    const boxes = await page.evaluate(() => {
      const rect = (element: Element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      };
      const one = (testId: string) => rect(document.querySelector(`[data-testid="${testId}"]`)!);
      return {
        banner: rect(document.querySelector('[data-testid="slot-banner"] > div')!),
        reels: one('slot-reels'),
        spin: one('slot-spin'),
        winning: [...document.querySelectorAll('[data-testid="slot-cell"][data-win]')].map(rect),
        viewport: { width: window.innerWidth, height: window.innerHeight },
      };
    });
    // The banner and the reels with their winning symbols do not overlap.
    expect(boxes.winning.length).toBeGreaterThan(0);
    expect(overlaps(boxes.banner, boxes.reels)).toBe(false);
    for (const cell of boxes.winning) expect(overlaps(boxes.banner, cell)).toBe(false);
    // And it is on the screen, clear of the spin button.
    expect(boxes.banner.y).toBeGreaterThanOrEqual(0);
    expect(boxes.banner.y + boxes.banner.height).toBeLessThanOrEqual(boxes.viewport.height);
    expect(overlaps(boxes.banner, boxes.spin)).toBe(false);
  });
}
