import { describe, expect, it } from 'vitest';
import { formatMinor, groupAmount } from './money.ts';

describe('money formats', () => {
  it('turns minor units into decimal strings', () => {
    expect(formatMinor(0n, 'EUR')).toBe('0.00');
    expect(formatMinor(5n, 'EUR')).toBe('0.05');
    expect(formatMinor(12345n, 'USD')).toBe('123.45');
    expect(formatMinor(-100n, 'EUR')).toBe('-1.00');
    expect(formatMinor(123456789012345678n, 'EUR')).toBe('1234567890123456.78');
  });
  it('groups amounts with commas and 2 decimals', () => {
    expect(groupAmount('1234567.5')).toBe('1,234,567.50');
    expect(groupAmount(100)).toBe('100.00');
    expect(groupAmount('-1000')).toBe('-1,000.00');
    expect(groupAmount('nonsense')).toBe('0.00');
  });
});
