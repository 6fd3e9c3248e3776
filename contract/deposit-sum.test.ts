import { describe, expect, it } from 'vitest';
import { depositSumError, formatMoney } from './deposit-sum.ts';

const bounds = { min: 10, max: 5000, currency: 'EUR' };

describe('deposit sum rule', () => {
  it.each(['10', '100', '5000', ' 250 ', 75])('accepts %s', (value) => {
    expect(depositSumError(value, bounds, 'en')).toBeNull();
  });
  it.each(['', '0', '-5', '9', '5001', '010', '10.5', '1e3', '10,00', 'abc', '99999999999999', null, undefined, '<script>'])(
    'refuses %s with both bounds in the currency',
    (value) => {
      expect(depositSumError(value, bounds, 'en')).toBe('Enter a whole amount from €10.00 to €5,000.00');
    },
  );
  it('speaks French', () => {
    expect(depositSumError('0', { min: 20, max: 1000, currency: 'USD' }, 'fr')).toBe('Saisissez un montant entier de $20.00 à $1,000.00');
  });
  it('formats money with the symbol, commas and 2 decimals', () => {
    expect(formatMoney(1234567.5, 'GBP')).toBe('£1,234,567.50');
  });
});
