import { describe, expect, it } from 'vitest';
import { compareOdds, formatOdds, isOddsFormat, parseDecimalOdds, ratioToDecimal, toAmerican, toDecimal, toFractional } from './odds.ts';

describe('odds conversions', () => {
  it('reads decimal prices exactly, refusing what is not a positive decimal', () => {
    expect(parseDecimalOdds('2.50')).toEqual({ num: 250n, den: 100n });
    expect(parseDecimalOdds('1.1')).toEqual({ num: 11n, den: 10n });
    expect(parseDecimalOdds(3)).toEqual({ num: 3n, den: 1n });
    for (const bad of ['', 'abc', '-2.5', '0', '2,50', '1e3', '2.']) expect(parseDecimalOdds(bad), bad).toBeNull();
  });

  it('shows decimal prices with two decimals, three when needed', () => {
    expect(toDecimal('2.5')).toBe('2.50');
    expect(toDecimal('1.875')).toBe('1.875');
    expect(toDecimal('1.8754')).toBe('1.875');
    expect(toDecimal('11')).toBe('11.00');
  });

  it('turns decimal prices into reduced fractions of the winnings', () => {
    expect(toFractional('2.50')).toBe('3/2');
    expect(toFractional('2.00')).toBe('1/1');
    expect(toFractional('1.50')).toBe('1/2');
    expect(toFractional('1.25')).toBe('1/4');
    expect(toFractional('3.75')).toBe('11/4');
    expect(toFractional('1.91')).toBe('91/100');
    expect(toFractional('11.00')).toBe('10/1');
    expect(toFractional('1.00')).toBeNull(); // no winnings: not a price
  });

  it('turns decimal prices into American moneylines, rounded to a whole number', () => {
    expect(toAmerican('2.50')).toBe('+150');
    expect(toAmerican('2.00')).toBe('+100');
    expect(toAmerican('1.50')).toBe('-200');
    expect(toAmerican('1.91')).toBe('-110'); // 100 / 0.91 = 109.89
    expect(toAmerican('1.40')).toBe('-250');
    expect(toAmerican('6.25')).toBe('+525');
    expect(toAmerican('1.333')).toBe('-300'); // 100 / 0.333 = 300.3
  });

  it('formats in the chosen format and falls back to the text it cannot read', () => {
    expect(formatOdds('2.5', 'decimal')).toBe('2.50');
    expect(formatOdds('2.5', 'fractional')).toBe('3/2');
    expect(formatOdds('2.5', 'american')).toBe('+150');
    expect(formatOdds('n/a', 'american')).toBe('n/a');
    expect(isOddsFormat('american')).toBe(true);
    expect(isOddsFormat('hongkong')).toBe(false);
  });

  it('compares prices exactly, whatever their number of decimals', () => {
    expect(compareOdds('2.5', '2.50')).toBe(0);
    expect(compareOdds('2.05', '2.5')).toBe(-1);
    expect(compareOdds('1.91', '1.9')).toBe(1);
  });

  it('rounds a ratio half up to the wanted decimals', () => {
    expect(ratioToDecimal({ num: 1875n, den: 1000n })).toBe('1.88');
    expect(ratioToDecimal({ num: 1874n, den: 1000n })).toBe('1.87');
    expect(ratioToDecimal({ num: 7n, den: 1n }, 0)).toBe('7');
  });
});
