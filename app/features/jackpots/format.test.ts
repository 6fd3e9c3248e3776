import { describe, expect, it } from 'vitest';
import { formatDay, money, oneIn, timeAgo, wholeMoney } from './format.ts';

describe('jackpot display rules', () => {
  it('groups money with two decimals, or whole units for headlines', () => {
    expect(money('25040.5', 'EUR')).toBe('€25,040.50');
    expect(money('1000', 'GBP')).toBe('£1,000.00');
    expect(wholeMoney('25040.99', 'EUR')).toBe('€25,040');
  });

  it('states the odds of a bet as 1 in N of the trigger stake', () => {
    expect(oneIn('10000.00', '1.00')).toBe('10,000');
    expect(oneIn('10000.00', '0.10')).toBe('100,000');
    expect(oneIn('10000.00', '20000.00')).toBe('1');
  });

  it('tells how long ago a win was, in the page language', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(timeAgo('2026-03-01T11:59:30Z', now, 'en')).toBeNull();
    expect(timeAgo('2026-03-01T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(timeAgo('2026-03-01T09:00:00Z', now, 'fr')).toBe('il y a 3 heures');
    expect(timeAgo('2026-02-28T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(formatDay('2026-03-01T23:30:00Z')).toBe('01.03.2026');
  });
});
