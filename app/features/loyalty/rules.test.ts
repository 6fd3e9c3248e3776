import { describe, expect, it } from 'vitest';
import type { LoyaltyLevelView, LoyaltyNotice, LoyaltyProductView } from '../../../contract/loyalty.ts';
import { EARN_TYPES, buyState, earnPer10, ladder, levelProgress, noticeAmount, noticeKind, orderNotices, points, pointsAfter, pointsText, progressPercent } from './rules.ts';

const level = (number: number, threshold: number): LoyaltyLevelView => ({ number, sysname: `l${number}`, name: `Level ${number}`, threshold, perks: [], earn_rate: number });

function product(overrides: Partial<LoyaltyProductView> = {}): LoyaltyProductView {
  return {
    id: 1,
    sysname: 'spins-20',
    kind: 'free_spins',
    name: '20 free spins',
    description: '',
    image_url: null,
    price: 500,
    min_level: 1,
    currency: 'EUR',
    can_buy: true,
    reason: null,
    ...overrides,
  };
}

function notice(id: number, created_at: string, type: LoyaltyNotice['type'] = 'credit'): LoyaltyNotice {
  return { id, trigger: 'level', type, title: `n${id}`, message: '', amount: null, amountType: null, image: null, created_at };
}

describe('progress (spec 2 section 9)', () => {
  it('is (current - min) / (max - min) * 100, whole and within 0..100', () => {
    expect(progressPercent(150, 100, 300)).toBe(25);
    expect(progressPercent(100, 100, 300)).toBe(0);
    expect(progressPercent(299, 100, 300)).toBe(99);
    expect(progressPercent(50, 100, 300)).toBe(0);
    expect(progressPercent(400, 100, 300)).toBe(100);
  });

  it('is 100 without a max (the top level)', () => {
    expect(progressPercent(5_000, 1_000, null)).toBe(100);
    expect(progressPercent(5, 10, 10)).toBe(100);
  });

  it('tells the points still to earn for the next level', () => {
    expect(levelProgress({ lifetime_points: 250, level: level(2, 100), next_level: level(3, 1_000) })).toEqual({ percent: 16, toNext: 750 });
    expect(levelProgress({ lifetime_points: 9_000, level: level(5, 5_000), next_level: null })).toEqual({ percent: 100, toNext: null });
  });

  it('orders the ladder lowest first', () => {
    expect(ladder([level(3, 1_000), level(1, 0), level(2, 100)]).map((item) => item.number)).toEqual([1, 2, 3]);
  });
});

describe('points', () => {
  it('are grouped with commas and carry the alias', () => {
    expect(points(1_234_567)).toBe('1,234,567');
    expect(pointsText(1_250)).toBe('1,250 CP');
    expect(pointsText(-3)).toBe('0 CP');
  });

  it('are earned by game type in proportion to a slot', () => {
    expect(EARN_TYPES[0]).toEqual({ type: 'slot', weight: 100 });
    expect(earnPer10(2, 100)).toBe(2);
    expect(earnPer10(3, 50)).toBe(1.5);
    expect(earnPer10(1, 75)).toBe(0.75);
  });
});

describe('buying', () => {
  const info = { points: 600, level: level(2, 100) };

  it('asks a guest to sign in', () => {
    expect(buyState(product(), null)).toEqual({ can: false, reason: 'guest' });
  });

  it('allows a product the player can pay for at their level', () => {
    expect(buyState(product(), info)).toEqual({ can: true });
    expect(pointsAfter(product(), 600)).toBe(100);
  });

  it('tells how many points are missing', () => {
    expect(buyState(product({ price: 1_000, can_buy: false, reason: 'points' }), info)).toEqual({ can: false, reason: 'points', missing: 400 });
    // The page's balance counts: points spent since the list was read.
    expect(buyState(product({ price: 500 }), { ...info, points: 200 })).toEqual({ can: false, reason: 'points', missing: 300 });
    expect(pointsAfter(product({ price: 1_000 }), 600)).toBe(0);
  });

  it('gates a product above the player’s level first', () => {
    expect(buyState(product({ min_level: 3, price: 5_000 }), info)).toEqual({ can: false, reason: 'level', level: 3 });
    expect(buyState(product({ min_level: 2, can_buy: false, reason: 'level' }), info)).toEqual({ can: false, reason: 'level', level: 2 });
  });
});

describe('notices (spec 2 section 4)', () => {
  it('are shown oldest first, ties by id', () => {
    const items = [notice(3, '2026-11-25T10:00:02Z'), notice(1, '2026-11-25T10:00:01Z'), notice(2, '2026-11-25T10:00:01Z')];
    expect(orderNotices(items).map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it('show a credit as success and anything else as error', () => {
    expect(noticeKind({ type: 'credit' })).toBe('success');
    expect(noticeKind({ type: 'other' })).toBe('error');
  });

  it('say their amount in points or money', () => {
    expect(noticeAmount({ amount: 50, amountType: 'points', trigger: 'level' })).toBe('+50 CP');
    expect(noticeAmount({ amount: -1_200, amountType: 'points', trigger: 'quest' })).toBe('−1,200 CP');
    expect(noticeAmount({ amount: 5, amountType: 'money', trigger: 'register' })).toBe('+5.00');
    expect(noticeAmount({ amount: null, amountType: null, trigger: 'level' })).toBeNull();
  });

  it('say a purchase’s price as points spent', () => {
    expect(noticeAmount({ amount: 800, amountType: 'points', trigger: 'product' })).toBe('−800 CP');
  });
});
