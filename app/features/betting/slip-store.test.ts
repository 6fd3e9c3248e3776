import { beforeEach, describe, expect, it } from 'vitest';
import { useSlip, type SlipEntry } from './slip-store.ts';

const entry = (selectionId: number, eventId: number, odds: string, marketName = '1X2'): SlipEntry => ({
  selectionId,
  eventId,
  odds,
  current: odds,
  suspended: false,
  eventName: `Event ${eventId}`,
  marketName,
  selectionName: String(selectionId),
  live: false,
});

const slip = () => useSlip.getState();

describe('bet slip store', () => {
  beforeEach(() => {
    slip().clear();
    slip().setPolicy('ask');
  });

  it('adds and removes selections with the same button, and becomes an accumulator at two', () => {
    slip().toggle(entry(1, 11, '2.00'));
    expect(slip().mode).toBe('single');
    slip().toggle(entry(2, 12, '3.00'));
    expect(slip().mode).toBe('accumulator');
    slip().toggle(entry(1, 11, '2.00'));
    expect(slip().picks.map((p) => p.selectionId)).toEqual([2]);
    expect(slip().mode).toBe('single');
  });

  it('takes the names of the page language from a fresh read, and leaves prices and keys alone', () => {
    slip().toggle(entry(1, 11, '2.00', 'Match result'));
    slip().toggle(entry(2, 12, '3.00', 'Match result'));
    const key = slip().attempt('combo');
    slip().applyNames([{ selectionId: 1, eventName: 'A – B', marketName: 'Résultat du match', selectionName: 'Match nul' }]);
    expect(slip().picks.map((p) => [p.marketName, p.selectionName, p.eventName, p.current])).toEqual([
      ['Résultat du match', 'Match nul', 'A – B', '2.00'],
      ['Match result', '2', 'Event 12', '3.00'],
    ]);
    // A new language is not a new slip: a retried placement keeps its key.
    expect(slip().attempt('combo')).toBe(key);
  });

  it('keeps one outcome per market: another price of the same market replaces the first', () => {
    slip().toggle(entry(3, 11, '2.00'));
    slip().toggle(entry(4, 11, '3.50'));
    expect(slip().picks.map((p) => p.selectionId)).toEqual([4]);
  });

  it('keeps the placement key for retries of one attempt and makes a new one when the slip changes', () => {
    slip().toggle(entry(1, 11, '2.00'));
    slip().setStake(1, '5');
    const first = slip().attempt('combo');
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(slip().attempt('combo')).toBe(first); // a double click: the same key
    expect(slip().attempt('1')).not.toBe(first); // another bet of the slip: its own key
    slip().setStake(1, '6');
    const second = slip().attempt('combo');
    expect(second).not.toBe(first);
    slip().dropAttempt();
    expect(slip().attempt('combo')).not.toBe(second); // refused: the next press is a new attempt
    slip().settleAttempt([1]);
    expect(slip().picks).toEqual([]);
    expect(slip().attemptKeys).toEqual({});
  });

  it('follows live prices through the policy and waits for "Accept changes" when it must', () => {
    slip().toggle(entry(1, 11, '2.00'));
    slip().toggle(entry(2, 12, '3.00'));
    slip().setPolicy('higher');
    slip().applyPrices([
      { selectionId: 1, odds: '2.40', suspended: false },
      { selectionId: 2, odds: '2.50', suspended: false },
    ]);
    expect(slip().picks.map((p) => [p.odds, p.current])).toEqual([
      ['2.40', '2.40'],
      ['3.00', '2.50'],
    ]);
    slip().acceptChanges();
    expect(slip().picks.map((p) => p.odds)).toEqual(['2.40', '2.50']);
  });
});
