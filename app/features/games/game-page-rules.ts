import type { FULL_SCREEN_MODES } from '../../../contract/constants.ts';
import { localizePath, type LocaleCode } from '../../../contract/locales.ts';
import type { GameMode } from '../../../contract/studio.ts';
import type { PlatformType } from '../../lib/device.ts';

/** Rules of the game page (spec 2 sections 2, 3 and 9), kept pure for tests. */

export type FullScreenMode = (typeof FULL_SCREEN_MODES)[number];

/**
 * games.gamesItem.visibleFullScreen: `all` always, `telegram` only in an embedded web view,
 * `product` only in the installed web app, `none` never; and only where the browser can make an
 * element full screen (not iPhone Safari, for one).
 */
export function fullScreenVisible(mode: FullScreenMode, platform: PlatformType, supported: boolean): boolean {
  if (!supported) return false;
  if (mode === 'all') return true;
  if (mode === 'telegram') return platform === 'webview';
  if (mode === 'product') return platform === 'installed';
  return false;
}

/** Guests play for fun (real money needs an account); players start with real money. */
export function initialMode(signedIn: boolean): GameMode {
  return signedIn ? 'real' : 'demo';
}

/**
 * A player with nothing on the main balance gets the "deposit to play" panel instead of a real
 * money frame, unless games.gamesItem.canAccessSlotWithZeroBalance lets them in or they hold free
 * spins for the game (they cost nothing to play). Demo is always open.
 */
export function needsDeposit(input: { mode: GameMode; signedIn: boolean; canAccessWithZeroBalance: boolean; mainBalance: string; hasFreeSpins?: boolean }): boolean {
  if (input.mode !== 'real' || !input.signedIn || input.canAccessWithZeroBalance || input.hasFreeSpins) return false;
  const amount = Number(input.mainBalance);
  return !Number.isFinite(amount) || amount <= 0;
}

/** The play frame's address: `/platform/game/{sysname}/play?mode=real|demo`, with `/fr` in French. */
export const playPath = (sysname: string, mode: GameMode, locale: LocaleCode) =>
  `${localizePath(`/platform/game/${encodeURIComponent(sysname)}/play`, locale)}?mode=${mode}`;

/**
 * The canonical address of a game page (spec 2 section 9: "base URL, optional locale, platform
 * segment, then the path; trailing slashes are removed"): the base URL, the locale prefix of a
 * non-default locale, and `/game/{sysname}`. The game page has no platform segment of its own
 * (the play frame under /platform is not a page to index), see docs/game-page.md.
 */
export function gameCanonical(base: string, sysname: string, locale: LocaleCode): string {
  return `${base.replace(/\/+$/, '')}${localizePath(`/game/${sysname}`, locale)}`.replace(/\/+$/, '');
}

/** The URL hash asks for real money: `#real` (spec 1 section 2). */
export const wantsReal = (hash: string) => hash.replace(/^#/, '').toLowerCase() === 'real';
