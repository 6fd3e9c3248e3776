/**
 * What the site configuration's display switches mean (spec 2 section 3; decision 035 where the
 * spec names a switch without saying what it does). Pure: the pages read them, the tests pin them.
 * An unknown value of a string switch means its default, so an operator's typo never breaks a page.
 */

const oneOf = <T extends string>(values: readonly T[], value: string | undefined, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** games.gamesItem.contentViewType: the hall's games as a `grid` of tiles or a `list` of rows. */
export const CONTENT_VIEW_TYPES = ['grid', 'list'] as const;
export type ContentViewType = (typeof CONTENT_VIEW_TYPES)[number];
export const contentViewType = (value: string | undefined): ContentViewType => oneOf(CONTENT_VIEW_TYPES, value, 'grid');

/** games.gamehall.type: filters `default` (chips above the games) or `sidebar` (a column beside them from laptop width). */
export const GAMEHALL_TYPES = ['default', 'sidebar'] as const;
export type GamehallType = (typeof GAMEHALL_TYPES)[number];
export const gamehallType = (value: string | undefined): GamehallType => oneOf(GAMEHALL_TYPES, value, 'default');

/**
 * functionalSettings.isTwoFAEnable: while off no one turns two-factor on, but a player who has it
 * still sees the panel, to turn it off (a switch never weakens an account's sign-in by itself).
 */
export const twoFactorPanelShown = (offered: boolean, enabled: boolean): boolean => offered || enabled;

// ---------------------------------------------------------------------------------------------
// The page loader (loader.showPercentProgress, loader.loaderLogo)

/** Milliseconds a navigation runs before the loader shows (a quick one shows nothing). */
export const LOADER_DELAY_MS = 250;

/**
 * The percentage the loader shows after `elapsedMs` of a navigation: the page's data arrives in
 * one answer whose size is unknown beforehand, so this is an estimate that rises quickly, then
 * slows, and never reaches 100 before the page is there (then it shows 100).
 */
export function loaderPercent(elapsedMs: number, done = false): number {
  if (done) return 100;
  const shown = Math.max(0, elapsedMs - LOADER_DELAY_MS);
  return Math.min(95, Math.floor(95 * (1 - Math.exp(-shown / 1200))));
}
