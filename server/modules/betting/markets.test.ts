import { describe, expect, it } from 'vitest';
import { betReturn, combinedOdds, formatOdds, parseOdds } from '../../../contract/betting.ts';
import { bookOdds, fairOdds, footballDistribution, lineText, selectionResult, tennisDistribution } from './markets.ts';

describe('odds and returns in integers', () => {
  it('reads and writes decimal odds as thousandths', () => {
    expect(parseOdds('2.15')).toBe(2150);
    expect(parseOdds('1.875')).toBe(1875);
    expect(parseOdds('1.005')).toBeNull();
    expect(parseOdds('2.1555')).toBeNull();
    expect(parseOdds('abc')).toBeNull();
    expect(formatOdds(3000)).toBe('3.00');
    expect(formatOdds(1875)).toBe('1.875');
  });

  it('pays an accumulator stake x the product of its odds, cut once to the cent (hand-computed)', () => {
    // €10 on 2.15 x 1.90 x 1.57 = 6.413... -> €64.13 (64.1345 cut, not rounded per leg).
    expect(betReturn({ stake: 1000n, legs: [2150, 1900, 1570].map((odds) => ({ odds, result: 'won' as const })) })).toBe(6413n);
    expect(combinedOdds([2150, 1900, 1570])).toBe('6.413');
    // €3.33 on 1.333 x 1.333 = 1.776889 -> 5.917040... -> €5.91.
    expect(betReturn({ stake: 333n, legs: [1333, 1333].map((odds) => ({ odds, result: 'won' as const })) })).toBe(591n);
    // Any leg lost: nothing.
    expect(betReturn({ stake: 1000n, legs: [{ odds: 2150, result: 'won' }, { odds: 1900, result: 'lost' }] })).toBe(0n);
  });

  it('recomputes an accumulator with a void leg as if the leg were not there', () => {
    // €10 on 2.15 x (void 1.90) x 1.57 = €10 x 2.15 x 1.57 = €33.755 -> €33.75.
    expect(betReturn({ stake: 1000n, legs: [{ odds: 2150, result: 'won' }, { odds: 1900, result: 'void' }, { odds: 1570, result: 'won' }] })).toBe(3375n);
    // Every leg void: the stake back.
    expect(betReturn({ stake: 1000n, legs: [{ odds: 2150, result: 'void' }, { odds: 1900, result: 'void' }] })).toBe(1000n);
  });

  it('settles half won and half lost legs as two half stakes', () => {
    // Half won at 1.90: half the stake at 1.90 plus half back = €10 x (1.90 + 1) / 2 = €14.50.
    expect(betReturn({ stake: 1000n, legs: [{ odds: 1900, result: 'half_won' }] })).toBe(1450n);
    expect(betReturn({ stake: 1000n, legs: [{ odds: 1900, result: 'half_lost' }] })).toBe(500n);
    // In an accumulator: €10 x 1.45 x 2.00 = €29.00.
    expect(betReturn({ stake: 1000n, legs: [{ odds: 1900, result: 'half_won' }, { odds: 2000, result: 'won' }] })).toBe(2900n);
  });

  it('boosts only the winnings and pays a free bet without its stake', () => {
    // €10 at 3.00 with a 20% boost: winnings €20 -> €24, return €34.
    expect(betReturn({ stake: 1000n, legs: [{ odds: 3000, result: 'won' }], boostPercent: 20 })).toBe(3400n);
    expect(betReturn({ stake: 1000n, legs: [{ odds: 3000, result: 'won' }], freeBet: true })).toBe(2000n);
    expect(betReturn({ stake: 1000n, legs: [{ odds: 3000, result: 'lost' }], freeBet: true })).toBe(0n);
  });
});

describe('market rules', () => {
  const score = (home: number, away: number) => ({ home, away });

  it('settles 1x2, totals and whole and half handicaps', () => {
    expect(selectionResult('1x2', 'draw', null, score(1, 1))).toBe('won');
    expect(selectionResult('1x2', 'home', null, score(2, 1))).toBe('won');
    expect(selectionResult('total', 'over', 250, score(2, 1))).toBe('won');
    expect(selectionResult('total', 'under', 250, score(2, 1))).toBe('lost');
    expect(selectionResult('total', 'over', 300, score(2, 1))).toBe('void');
    expect(selectionResult('handicap', 'home', -100, score(2, 1))).toBe('void');
    expect(selectionResult('handicap', 'away', -150, score(2, 1))).toBe('won');
  });

  it('splits Asian quarter lines into half results', () => {
    // Home -0.25 on a draw: half on 0 (void), half on -0.5 (lost).
    expect(selectionResult('handicap', 'home', -25, score(1, 1))).toBe('half_lost');
    expect(selectionResult('handicap', 'away', -25, score(1, 1))).toBe('half_won');
    // Home -0.75 winning by one: half on -0.5 (won), half on -1 (void).
    expect(selectionResult('handicap', 'home', -75, score(2, 1))).toBe('half_won');
    // Over 2.25 with two goals: half on 2 (void), half on 2.5 (lost).
    expect(selectionResult('total', 'over', 225, score(1, 1))).toBe('half_lost');
    expect(selectionResult('total', 'over', 225, score(2, 1))).toBe('won');
  });

  it('names lines as books show them', () => {
    expect(lineText(250)).toBe('2.5');
    expect(lineText(-75, true)).toBe('-0.75');
    expect(lineText(50, true)).toBe('+0.5');
    expect(lineText(0, true)).toBe('0');
  });

  it('prices a market with the margin over its fair odds', () => {
    const cells = footballDistribution(score(0, 0), 1.6, 1.1, 1);
    const odds = (['home', 'draw', 'away'] as const).map((key) => bookOdds(fairOdds('1x2', key, null, cells), 0.05));
    const overround = odds.reduce((sum, value) => sum + 1000 / value, 0);
    expect(overround).toBeGreaterThan(1.03);
    expect(overround).toBeLessThan(1.07);
    // The stronger side is the favourite.
    expect(odds[0]).toBeLessThan(odds[2]);
    // Tennis at one set all: the set chance decides the match.
    expect(fairOdds('match_winner', 'home', null, tennisDistribution(score(1, 1), 0.5))).toBeCloseTo(2, 5);
  });
});
