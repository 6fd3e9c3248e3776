import { describe, expect, it } from 'vitest';
import { CONFIRM_HINT_MS, REGISTRATION_HINT_MS } from '../../../contract/constants.ts';
import { hoursAndMinutes, isConfirmHintVisible, isFlagSet, isRegistrationHintVisible, registrationTime, remainingMs } from './rules.ts';

const REG = '2026-01-10T12:00:00.000Z';
const start = Date.parse(REG);

describe('registration hint', () => {
  it('uses the spec constant of 2 hours', () => {
    expect(REGISTRATION_HINT_MS).toBe(7_200_000);
  });
  it('shows from registration until just before 2 hours have passed', () => {
    expect(isRegistrationHintVisible({ regTime: REG, now: start, hasDeposit: false })).toBe(true);
    expect(isRegistrationHintVisible({ regTime: REG, now: start + REGISTRATION_HINT_MS - 1, hasDeposit: false })).toBe(true);
  });
  it('hides at exactly 2 hours and later', () => {
    expect(isRegistrationHintVisible({ regTime: REG, now: start + REGISTRATION_HINT_MS, hasDeposit: false })).toBe(false);
    expect(isRegistrationHintVisible({ regTime: REG, now: start + 10 * REGISTRATION_HINT_MS, hasDeposit: false })).toBe(false);
  });
  it('hides once the player has deposited', () => {
    expect(isRegistrationHintVisible({ regTime: REG, now: start + 1000, hasDeposit: true })).toBe(false);
  });
  it('shows when the client clock is behind the registration time', () => {
    expect(isRegistrationHintVisible({ regTime: REG, now: start - 30_000, hasDeposit: false })).toBe(true);
  });
  it('hides without a readable registration time', () => {
    expect(isRegistrationHintVisible({ regTime: null, now: start, hasDeposit: false })).toBe(false);
    expect(isRegistrationHintVisible({ regTime: 'not a date', now: start, hasDeposit: false })).toBe(false);
  });
});

describe('confirm-contact hint', () => {
  const base = { regTime: REG, loginConfirmed: false, confirmSent: false };
  it('uses the spec constant of 5 days', () => {
    expect(CONFIRM_HINT_MS).toBe(432_000_000);
  });
  it('shows for an unconfirmed login contact within 5 days', () => {
    expect(isConfirmHintVisible({ ...base, now: start })).toBe(true);
    expect(isConfirmHintVisible({ ...base, now: start + CONFIRM_HINT_MS - 1 })).toBe(true);
  });
  it('hides at 5 days', () => {
    expect(isConfirmHintVisible({ ...base, now: start + CONFIRM_HINT_MS })).toBe(false);
  });
  it('hides when the login contact is confirmed', () => {
    expect(isConfirmHintVisible({ ...base, loginConfirmed: true, now: start })).toBe(false);
  });
  it('hides once the confirm_sent flag is stored', () => {
    expect(isConfirmHintVisible({ ...base, confirmSent: true, now: start })).toBe(false);
  });
});

describe('helpers', () => {
  it('reads registration times', () => {
    expect(registrationTime(REG)).toBe(start);
    expect(registrationTime(undefined)).toBeNull();
    expect(registrationTime('')).toBeNull();
  });
  it('counts the time left, never below zero', () => {
    expect(remainingMs(REG, 1000, start + 400)).toBe(600);
    expect(remainingMs(REG, 1000, start + 4000)).toBe(0);
    expect(remainingMs(null, 1000, start)).toBe(0);
  });
  it('splits a duration into whole hours and minutes, at least a minute while time is left', () => {
    expect(hoursAndMinutes(REGISTRATION_HINT_MS)).toEqual({ hours: 2, minutes: 0 });
    expect(hoursAndMinutes(REGISTRATION_HINT_MS - 1)).toEqual({ hours: 1, minutes: 59 });
    expect(hoursAndMinutes(REGISTRATION_HINT_MS - 61_000)).toEqual({ hours: 1, minutes: 58 });
    expect(hoursAndMinutes(1)).toEqual({ hours: 0, minutes: 1 });
    expect(hoursAndMinutes(-5)).toEqual({ hours: 0, minutes: 0 });
  });
  it('reads the stored flag', () => {
    expect(isFlagSet('1')).toBe(true);
    expect(isFlagSet(null)).toBe(false);
    expect(isFlagSet('')).toBe(false);
    expect(isFlagSet('0')).toBe(false);
  });
});
