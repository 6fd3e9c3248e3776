import { describe, expect, it } from 'vitest';
import {
  acceptAll,
  accumulatorProblem,
  applyPrice,
  combinedOdds,
  minorToStake,
  oddsMove,
  pendingChanges,
  potentialReturn,
  stakeProblem,
  type SlipPick,
} from './slip-rules.ts';

const pick = (id: number, odds: string, eventId = id): SlipPick => ({ selectionId: id, eventId, odds, current: odds, suspended: false });

describe('accumulator', () => {
  it('multiplies the prices exactly, cut to thousandths as the contract shows them', () => {
    expect(combinedOdds(['1.50', '2.00', '3.10'])).toBe('9.30');
    expect(combinedOdds(['1.91', '1.91'])).toBe('3.648'); // 3.6481
    expect(combinedOdds(['1.1', '1.1', '1.1'])).toBe('1.331'); // no float drift
    expect(combinedOdds([])).toBeNull();
    expect(combinedOdds(['2.00', 'oops'])).toBeNull();
  });

  it('pays the stake times the combined price, rounded down to the cent', () => {
    expect(potentialReturn(1000n, ['1.50', '2.00', '3.10'])).toBe(9300n);
    expect(potentialReturn(333n, ['1.91', '1.91'])).toBe(1214n); // 12.148173
    expect(potentialReturn(0n, ['2.00'])).toBeNull();
  });

  it('pays only the winnings of a free bet, and boosts the winnings of an odds boost', () => {
    expect(potentialReturn(0n, ['2.50'], { kind: 'free_bet', amount: 500n })).toBe(750n);
    expect(potentialReturn(1000n, ['3.00'], { kind: 'odds_boost', boostPercent: 10 })).toBe(3200n); // 20 won + 10 %
  });

  it('needs two selections from different events', () => {
    expect(accumulatorProblem([pick(1, '2')])).toBe('tooFew');
    expect(accumulatorProblem([pick(1, '2', 9), pick(2, '3', 9)])).toBe('sameEvent');
    expect(accumulatorProblem([pick(1, '2'), pick(2, '3')])).toBeNull();
  });
});

describe('stake validation', () => {
  const bounds = { currency: 'EUR' as const, min: 100n, max: 100_000n, balance: 5_000n };

  it('names the first problem of the stake', () => {
    expect(stakeProblem('', bounds)).toBe('required');
    expect(stakeProblem('ten', bounds)).toBe('invalid');
    expect(stakeProblem('1.234', bounds)).toBe('invalid');
    expect(stakeProblem('0.50', bounds)).toBe('min');
    expect(stakeProblem('1001', bounds)).toBe('max');
    expect(stakeProblem('60', bounds)).toBe('balance');
    expect(stakeProblem('50', bounds)).toBeNull();
    expect(stakeProblem('2,5', bounds)).toBeNull(); // a French decimal comma
  });

  it('puts a responsible-gaming limit before the balance, and ignores the balance of a guest', () => {
    expect(stakeProblem('30', { ...bounds, limitLeft: 2_000n })).toBe('limit');
    expect(stakeProblem('20', { ...bounds, limitLeft: 2_000n })).toBeNull();
    expect(stakeProblem('500', { ...bounds, balance: null })).toBeNull();
  });

  it('writes minor units back as stake text', () => {
    expect(minorToStake(1000n, 'EUR')).toBe('10');
    expect(minorToStake(1050n, 'EUR')).toBe('10.50');
    expect(minorToStake(5n, 'EUR')).toBe('0.05');
  });
});

describe('odds-change policies', () => {
  it('"ask" waits for the player on every change', () => {
    const up = applyPrice(pick(1, '2.00'), '2.20', false, 'ask');
    const down = applyPrice(pick(2, '2.00'), '1.80', false, 'ask');
    expect([up.odds, up.current, oddsMove(up)]).toEqual(['2.00', '2.20', 'up']);
    expect(oddsMove(down)).toBe('down');
    expect(pendingChanges([up, down], 'ask')).toHaveLength(2);
  });

  it('"higher" takes rises by itself and asks about drops', () => {
    const up = applyPrice(pick(1, '2.00'), '2.20', false, 'higher');
    const down = applyPrice(pick(2, '2.00'), '1.80', false, 'higher');
    expect(up.odds).toBe('2.20');
    expect(down.odds).toBe('2.00');
    expect(pendingChanges([up, down], 'higher').map((p) => p.selectionId)).toEqual([2]);
  });

  it('"any" takes every change', () => {
    const down = applyPrice(pick(2, '2.00'), '1.80', true, 'any');
    expect(down).toMatchObject({ odds: '1.80', current: '1.80', suspended: true });
    expect(pendingChanges([down], 'any')).toEqual([]);
  });

  it('accepting the changes makes the latest prices the accepted ones', () => {
    const picks = [applyPrice(pick(1, '2.00'), '2.20', false, 'ask'), applyPrice(pick(2, '3.00'), '2.50', false, 'ask')];
    const accepted = acceptAll(picks);
    expect(accepted.map((p) => p.odds)).toEqual(['2.20', '2.50']);
    expect(pendingChanges(accepted, 'ask')).toEqual([]);
    expect(combinedOdds(accepted.map((p) => p.odds))).toBe('5.50');
  });
});
