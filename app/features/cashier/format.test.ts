import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, isSettled, money, statusTone, wholeUnits } from './format.ts';

describe('cashier formats', () => {
  it('shows money grouped with commas and 2 decimals, with the currency symbol', () => {
    expect(money({ amount: '100.00', currency: 'EUR' })).toBe('€100.00');
    expect(money({ amount: '1234.5', currency: 'USD' })).toBe('$1,234.50');
    expect(money({ amount: '20000.00', currency: 'CAD' })).toBe('C$20,000.00');
    expect(money(null)).toBe('');
  });

  it('reads whole-unit bounds', () => {
    expect(wholeUnits({ amount: '10.00', currency: 'EUR' })).toBe(10);
    expect(wholeUnits({ amount: '5000.00', currency: 'EUR' })).toBe(5000);
  });

  it('shows dates dd.mm.yyyy and times H:mm', () => {
    const iso = '2026-03-07T08:05:00.000Z';
    expect(formatDate(iso, { timeZone: 'UTC' })).toBe('07.03.2026');
    expect(formatTime(iso, { timeZone: 'UTC' })).toBe('8:05');
    expect(formatTime('2026-03-07T18:40:00.000Z', { timeZone: 'UTC' })).toBe('18:40');
    expect(formatDateTime(iso, { timeZone: 'UTC', joiner: 'at' })).toBe('07.03.2026 at 8:05');
  });

  it("joins date and time with the spec's default 'a las'", () => {
    expect(formatDateTime('2026-12-31T23:59:00.000Z', { timeZone: 'UTC' })).toBe('31.12.2026 a las 23:59');
  });

  it('answers nothing for an unreadable time', () => {
    expect(formatDate('nope')).toBe('');
    expect(formatDateTime('nope')).toBe('');
  });

  it('colours statuses', () => {
    expect(statusTone('success')).toBe('jade');
    expect(statusTone('approved')).toBe('jade');
    expect(statusTone('failed')).toBe('ruby');
    expect(statusTone('declined')).toBe('ruby');
    expect(statusTone('cancelled')).toBe('ink');
    expect(statusTone('requested')).toBe('gold');
    expect(statusTone('pending')).toBe('gold');
    expect(isSettled('pending')).toBe(false);
    expect(isSettled('created')).toBe(false);
    expect(isSettled('success')).toBe(true);
  });
});
