import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BALANCE_SETTINGS,
  clickRefreshDelay,
  isBalancePollingAllowed,
  isTurnedOff,
  msUntilTurnOff,
  pollIntervalMs,
  shouldRefreshOnWake,
  type BalanceUpdateSettings,
} from './balance-rules.ts';

const on: BalanceUpdateSettings = {
  isEnabledInterval: true,
  countSecondsForInterval: 10,
  isEnabledRequestsAfterClick: true,
  countSecondsForDelayBetweenClick: 1,
  isEnabledTurnOffRequests: true,
  countMinutesAfterWhichRequestsTurnedOff: 5,
};
const T = 1_000_000;

describe('balance polling rules', () => {
  it('has the spec defaults: interval off, clicks off, turn-off on; 10 s, 1 s, 5 min', () => {
    expect(DEFAULT_BALANCE_SETTINGS).toEqual({ ...on, isEnabledInterval: false, isEnabledRequestsAfterClick: false });
  });

  it('applies only when signed in and not on a game page', () => {
    expect(isBalancePollingAllowed(true, '/cashier/deposit')).toBe(true);
    expect(isBalancePollingAllowed(false, '/cashier/deposit')).toBe(false);
    expect(isBalancePollingAllowed(true, '/game/book-of-ra')).toBe(false);
    expect(isBalancePollingAllowed(true, '/fr/game/book-of-ra')).toBe(false);
    expect(isBalancePollingAllowed(true, '/gamehall')).toBe(true);
  });

  it('refreshes on the configured interval only when enabled', () => {
    expect(pollIntervalMs(on, { allowed: true, now: T, lastActivityAt: T })).toBe(10_000);
    expect(pollIntervalMs({ ...on, countSecondsForInterval: 30 }, { allowed: true, now: T, lastActivityAt: T })).toBe(30_000);
    expect(pollIntervalMs(DEFAULT_BALANCE_SETTINGS, { allowed: true, now: T, lastActivityAt: T })).toBe(false);
    expect(pollIntervalMs(on, { allowed: false, now: T, lastActivityAt: T })).toBe(false);
  });

  it('turns requests off after the configured minutes without activity', () => {
    expect(isTurnedOff(on, T + 5 * 60_000 - 1, T)).toBe(false);
    expect(isTurnedOff(on, T + 5 * 60_000, T)).toBe(true);
    expect(pollIntervalMs(on, { allowed: true, now: T + 5 * 60_000, lastActivityAt: T })).toBe(false);
    expect(isTurnedOff({ ...on, isEnabledTurnOffRequests: false }, T + 60 * 60_000, T)).toBe(false);
    expect(isTurnedOff({ ...on, countMinutesAfterWhichRequestsTurnedOff: 1 }, T + 60_000, T)).toBe(true);
  });

  it('tells how long until requests turn off', () => {
    expect(msUntilTurnOff(on, T + 60_000, T)).toBe(4 * 60_000);
    expect(msUntilTurnOff(on, T + 10 * 60_000, T)).toBe(0);
    expect(msUntilTurnOff({ ...on, isEnabledTurnOffRequests: false }, T, T)).toBe(Infinity);
  });

  it('refreshes after a click, at most once per delay between clicks', () => {
    const base = { allowed: true, now: T, lastActivityAt: T };
    expect(clickRefreshDelay(on, { ...base, lastRequestAt: null })).toBe(0);
    expect(clickRefreshDelay(on, { ...base, lastRequestAt: T - 1000 })).toBe(0);
    expect(clickRefreshDelay(on, { ...base, lastRequestAt: T - 400 })).toBe(600);
    expect(clickRefreshDelay({ ...on, countSecondsForDelayBetweenClick: 3 }, { ...base, lastRequestAt: T - 1000 })).toBe(2000);
  });

  it('does not refresh after clicks when disabled, not allowed or turned off', () => {
    const base = { allowed: true, now: T, lastActivityAt: T, lastRequestAt: null };
    expect(clickRefreshDelay(DEFAULT_BALANCE_SETTINGS, base)).toBeNull();
    expect(clickRefreshDelay(on, { ...base, allowed: false })).toBeNull();
    expect(clickRefreshDelay(on, { ...base, lastActivityAt: T - 5 * 60_000 })).toBeNull();
  });

  it('refreshes at once when activity wakes requests that had been turned off', () => {
    expect(shouldRefreshOnWake(on, { allowed: true, now: T, previousActivityAt: T - 6 * 60_000 })).toBe(true);
    expect(shouldRefreshOnWake(on, { allowed: true, now: T, previousActivityAt: T - 60_000 })).toBe(false);
    expect(shouldRefreshOnWake(DEFAULT_BALANCE_SETTINGS, { allowed: true, now: T, previousActivityAt: T - 6 * 60_000 })).toBe(false);
    expect(shouldRefreshOnWake(on, { allowed: false, now: T, previousActivityAt: T - 6 * 60_000 })).toBe(false);
  });
});
