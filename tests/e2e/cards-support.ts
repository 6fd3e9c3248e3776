import { expect, type Locator, type Page } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/** Shared by the card originals' journeys (baccarat, video poker): the play frame, amounts, a deposited player. */
export const SHOTS = process.env.STUDIO_SHOTS_DIR ?? 'test-results/studio-shots';
export const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
export const amountOf = async (locator: Locator) => cents(await locator.textContent());

/** Opens a game's play frame and answers the balance on screen, in cents. */
export async function openGame(page: Page, sysname: string, mode = 'demo', locale = '') {
  await gotoHydrated(page, `${locale}/platform/game/${sysname}/play?mode=${mode}`);
  await expect(page.getByTestId('studio-game')).toBeVisible();
  await expect(page.getByTestId('studio-balance')).toHaveText(/\d/);
  return amountOf(page.getByTestId('studio-balance'));
}

/** A registered player with 50.00 deposited through the demo payment provider. */
export async function depositedPlayer(page: Page, tag: string) {
  await registerByApi(page.request, uniqueEmail(tag), PASSWORD);
  await depositThroughDemo(page, '50');
}
