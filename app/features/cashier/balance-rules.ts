import { BALANCE_UPDATE_DEFAULTS } from '../../../contract/constants.ts';

/**
 * Timing rules of balance polling (spec 2 sections 4 and 9), as pure functions of the clock so
 * they can be tested: settingsForUpdBalance of the site configuration decides whether the balance
 * refreshes on an interval and after clicks, and whether requests stop after a quiet while.
 */
export type BalanceUpdateSettings = {
  isEnabledInterval: boolean;
  countSecondsForInterval: number;
  isEnabledRequestsAfterClick: boolean;
  countSecondsForDelayBetweenClick: number;
  isEnabledTurnOffRequests: boolean;
  countMinutesAfterWhichRequestsTurnedOff: number;
};

export const DEFAULT_BALANCE_SETTINGS: BalanceUpdateSettings = { ...BALANCE_UPDATE_DEFAULTS };

/** Polling applies only to a signed-in player, and never on a game page (a path containing /game/). */
export function isBalancePollingAllowed(signedIn: boolean, pathname: string): boolean {
  return signedIn && !pathname.includes('/game/');
}

/** Requests are turned off after countMinutesAfterWhichRequestsTurnedOff minutes without activity. */
export function isTurnedOff(settings: BalanceUpdateSettings, now: number, lastActivityAt: number): boolean {
  if (!settings.isEnabledTurnOffRequests) return false;
  return now - lastActivityAt >= settings.countMinutesAfterWhichRequestsTurnedOff * 60_000;
}

/** Milliseconds until requests turn off (Infinity when they never do). */
export function msUntilTurnOff(settings: BalanceUpdateSettings, now: number, lastActivityAt: number): number {
  if (!settings.isEnabledTurnOffRequests) return Infinity;
  return Math.max(0, lastActivityAt + settings.countMinutesAfterWhichRequestsTurnedOff * 60_000 - now);
}

export type PollContext = { allowed: boolean; now: number; lastActivityAt: number };

/** The refresh interval in ms, or false when the balance must not refresh on its own right now. */
export function pollIntervalMs(settings: BalanceUpdateSettings, context: PollContext): number | false {
  if (!context.allowed || !settings.isEnabledInterval) return false;
  if (isTurnedOff(settings, context.now, context.lastActivityAt)) return false;
  return settings.countSecondsForInterval * 1000;
}

/**
 * After a click: how long to wait before refreshing the balance (0: at once), or null for no
 * refresh. Refreshes are at least countSecondsForDelayBetweenClick apart: a click soon after the
 * last request schedules one refresh for when that delay has passed.
 */
export function clickRefreshDelay(settings: BalanceUpdateSettings, context: PollContext & { lastRequestAt: number | null }): number | null {
  if (!context.allowed || !settings.isEnabledRequestsAfterClick) return null;
  if (isTurnedOff(settings, context.now, context.lastActivityAt)) return null;
  if (context.lastRequestAt === null) return 0;
  return Math.max(0, context.lastRequestAt + settings.countSecondsForDelayBetweenClick * 1000 - context.now);
}

/** Whether activity after a quiet spell should refresh at once (requests had been turned off). */
export function shouldRefreshOnWake(settings: BalanceUpdateSettings, context: { allowed: boolean; now: number; previousActivityAt: number }): boolean {
  if (!context.allowed) return false;
  if (!settings.isEnabledInterval && !settings.isEnabledRequestsAfterClick) return false;
  return isTurnedOff(settings, context.now, context.previousActivityAt);
}
