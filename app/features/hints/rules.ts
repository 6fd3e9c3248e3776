import { CONFIRM_HINT_MS, REGISTRATION_HINT_MS } from '../../../contract/constants.ts';

/**
 * Time rules of the profile hints (spec 1 sections 4 and 9), as pure functions of the clock so
 * they can be tested and shared by the page and the home banner.
 */

/** Milliseconds since the epoch of an ISO registration time, or null when there is none. */
export function registrationTime(regTime: string | null | undefined): number | null {
  if (!regTime) return null;
  const time = Date.parse(regTime);
  return Number.isFinite(time) ? time : null;
}

/** Milliseconds left before the hint window closes (0 once it has). */
export function remainingMs(regTime: string | null | undefined, windowMs: number, now: number): number {
  const start = registrationTime(regTime);
  if (start === null) return 0;
  return Math.max(0, start + windowMs - now);
}

/**
 * The registration hint: shown until 2 hours (REGISTRATION_HINT_MS) after registration and while
 * the player has made no deposit.
 */
export function isRegistrationHintVisible(input: { regTime: string | null | undefined; now: number; hasDeposit: boolean }): boolean {
  if (input.hasDeposit) return false;
  return remainingMs(input.regTime, REGISTRATION_HINT_MS, input.now) > 0;
}

/**
 * The confirm-contact hint: shown until 5 days (CONFIRM_HINT_MS) after registration, while the
 * login contact is unconfirmed and no `confirm_sent` flag is stored for the player.
 */
export function isConfirmHintVisible(input: {
  regTime: string | null | undefined;
  now: number;
  loginConfirmed: boolean;
  confirmSent: boolean;
}): boolean {
  if (input.loginConfirmed || input.confirmSent) return false;
  return remainingMs(input.regTime, CONFIRM_HINT_MS, input.now) > 0;
}

/** The stored `confirm_sent` value counts as set when it is a non-empty value other than '0'. */
export const isFlagSet = (value: unknown): boolean => value !== null && value !== undefined && value !== '' && value !== '0' && value !== false;

/**
 * Hours and minutes of a duration for a "time left" text: whole minutes (a countdown reads
 * 1 h 59 min right after it starts), but at least 1 minute while any time is left.
 */
export function hoursAndMinutes(ms: number): { hours: number; minutes: number } {
  const totalMinutes = ms > 0 ? Math.max(1, Math.floor(ms / 60_000)) : 0;
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}
