import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashbackAmount, lastPeriod } from './cashback.ts';
import { depositMatchAmount, inAudience, progressPercent, wageringRequired, wageringStep, weightOf, type PlayerFacts, type StoredAudience } from './rules.ts';

/**
 * The pure rules of rewards (rules.ts) and the pure parts of cashback (cashback.ts), table by
 * table: what a player is credited, how far their wagering moves, what they see as progress,
 * which offers they are shown, and what a losing period gives back.
 */

describe('depositMatchAmount', () => {
  // The seeded welcome bonus: 100% up to 100.00 from a 10.00 deposit; the WELCOME code: 50% up to 25.00 from 20.00.
  const welcome = { percent: 100, cap: '10000', min_deposit: '1000' };
  const code = { percent: 50, cap: '2500', min_deposit: '2000' };
  it.each([
    ['below the minimum deposit: nothing', welcome, 999n, 0n],
    ['nothing deposited', welcome, 0n, 0n],
    ['exactly the minimum deposit', welcome, 1000n, 1000n],
    ['between minimum and cap', welcome, 4321n, 4321n],
    ['exactly at the cap', welcome, 10000n, 10000n],
    ['above the cap: the cap', welcome, 10001n, 10000n],
    ['far above the cap: the cap', welcome, 500_000n, 10000n],
    ['50%: below the minimum', code, 1999n, 0n],
    ['50% of the minimum', code, 2000n, 1000n],
    ['50% of an odd amount rounds down', code, 2001n, 1000n],
    ['50% reaching the cap exactly', code, 5000n, 2500n],
    ['50% above the cap', code, 10000n, 2500n],
    ['500% is capped too', { percent: 500, cap: '100000', min_deposit: '0' }, 30000n, 100000n],
  ])('%s', (_name, reward, deposit, expected) => {
    expect(depositMatchAmount(reward, deposit)).toBe(expected);
  });

  it('never gives more than the cap nor more than percent x deposit, and nothing under the minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 100_000_000n }),
        (percent, cap, minDeposit, deposit) => {
          const amount = depositMatchAmount({ percent, cap: cap.toString(), min_deposit: minDeposit.toString() }, deposit);
          expect(amount >= 0n).toBe(true);
          expect(amount <= cap).toBe(true);
          expect(amount * 100n <= deposit * BigInt(percent)).toBe(true);
          if (deposit < minDeposit) expect(amount).toBe(0n);
        },
      ),
    );
  });
});

describe('wageringRequired', () => {
  it.each([
    [1000n, 10, 10000n],
    [2500n, 4, 10000n],
    [1000n, 0, 0n],
    [1000n, 1.5, 1500n],
    [333n, 2.25, 749n],
    [1n, 100, 100n],
  ])('%s x %s needs %s of weighted stakes', (amount, multiplier, expected) => {
    expect(wageringRequired(amount, multiplier)).toBe(expected);
  });
});

describe('weightOf', () => {
  it.each([
    ['slot', 100],
    ['fast', 50],
    ['casino', 20],
    ['live', 10],
    ['sport', 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
  ])('a stake on %s counts %s%%', (type, weight) => {
    expect(weightOf(type)).toBe(weight);
  });
});

describe('wageringStep', () => {
  it.each([
    ['a slot counts the whole stake', { required: 10000n, done: 0n }, 1000n, 100, 1000n],
    ['a table game a fifth', { required: 10000n, done: 0n }, 1000n, 20, 200n],
    ['an instant game half, rounded down', { required: 10000n, done: 0n }, 333n, 50, 166n],
    ['a weighted stake under one minor unit adds nothing', { required: 10000n, done: 7n }, 4n, 20, 7n],
    ['adds to what was done', { required: 10000n, done: 9000n }, 500n, 100, 9500n],
    ['stops at the requirement', { required: 10000n, done: 9500n }, 1000n, 100, 10000n],
    ['stays at the requirement once reached', { required: 10000n, done: 10000n }, 1000n, 100, 10000n],
    ['a zero stake moves nothing', { required: 10000n, done: 300n }, 0n, 100, 300n],
    ['a negative stake moves nothing (never backwards)', { required: 10000n, done: 300n }, -500n, 100, 300n],
    ['a game of weight 0 moves nothing', { required: 10000n, done: 300n }, 1000n, 0, 300n],
    ['a negative weight moves nothing', { required: 10000n, done: 300n }, 1000n, -20, 300n],
  ])('%s', (_name, progress, stake, weight, expected) => {
    expect(wageringStep(progress, stake, weight)).toBe(expected);
  });

  it('never goes past the requirement and never backwards, whatever the stake and game', () => {
    const progress = fc
      .tuple(fc.bigInt({ min: 0n, max: 10_000_000n }), fc.bigInt({ min: 0n, max: 10_000_000n }))
      .map(([a, b]) => (a <= b ? { done: a, required: b } : { done: b, required: a }));
    fc.assert(
      fc.property(progress, fc.bigInt({ min: -1_000_000n, max: 100_000_000n }), fc.constantFrom(0, 10, 20, 50, 100), (start, stake, weight) => {
        const next = wageringStep(start, stake, weight);
        expect(next >= start.done).toBe(true);
        expect(next <= start.required).toBe(true);
      }),
    );
  });
});

describe('progressPercent (spec 2, section 9: (current - min) / (max - min) * 100, or 100 without a max)', () => {
  it.each([
    [0n, 10000n, 0],
    [2500n, 10000n, 25],
    [9000n, 10000n, 90],
    [10000n, 10000n, 100],
    [1n, 3n, 33.33],
    [2n, 3n, 66.66],
    [1n, 1_000_000n, 0],
    [0n, 0n, 100],
  ])('%s of %s is %s%%', (done, required, percent) => {
    expect(progressPercent(done, required)).toBe(percent);
  });

  it('stays within 0..100 and is the spec formula to the hundredth (rounded down)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10_000_000_000n }), fc.double({ min: 0, max: 1, noNaN: true }), (required, share) => {
        const done = BigInt(Math.floor(Number(required) * share));
        const percent = progressPercent(done, required);
        const exact = (Number(done) / Number(required)) * 100;
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        expect(exact - percent).toBeGreaterThanOrEqual(-1e-9);
        expect(exact - percent).toBeLessThan(0.01 + 1e-9);
      }),
    );
  });
});

describe('inAudience', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const player = (facts: Partial<PlayerFacts> = {}): PlayerFacts => ({
    registeredAt: new Date('2026-03-01T12:00:00Z'),
    hasDeposit: false,
    country: 'FR',
    locale: 'fr',
    currency: 'EUR',
    usedCode: false,
    ...facts,
  });
  const cases: Array<[string, StoredAudience, PlayerFacts, boolean]> = [
    ['an empty audience is everyone', {}, player({ hasDeposit: true, country: null }), true],
    ['new players: registered 9 days ago, no deposit', { new_players_days: 30 }, player(), true],
    ['new players: registered exactly 30 days ago', { new_players_days: 30 }, player({ registeredAt: new Date(now.getTime() - 30 * 86_400_000) }), true],
    ['new players: one millisecond past 30 days', { new_players_days: 30 }, player({ registeredAt: new Date(now.getTime() - 30 * 86_400_000 - 1) }), false],
    ['new players: already deposited', { new_players_days: 30 }, player({ hasDeposit: true }), false],
    ['depositors: with a deposit', { depositors: true }, player({ hasDeposit: true }), true],
    ['depositors: without one', { depositors: true }, player(), false],
    ['countries: listed', { countries: ['FR', 'BE'] }, player({ country: 'BE' }), true],
    ['countries: listed, stored in lower case', { countries: ['FR'] }, player({ country: 'fr' }), true],
    ['countries: not listed', { countries: ['DE'] }, player(), false],
    ['countries: the player gave none', { countries: ['FR'] }, player({ country: null }), false],
    ['countries: an empty list is everyone', { countries: [] }, player({ country: null }), true],
    ['locales: listed', { locales: ['fr'] }, player(), true],
    ['locales: not listed', { locales: ['en'] }, player(), false],
    ['requires a code: used', { requires_code: true }, player({ usedCode: true }), true],
    ['requires a code: not used', { requires_code: true }, player(), false],
    ['every rule must hold: all do', { new_players_days: 30, countries: ['FR'], locales: ['fr'], requires_code: true }, player({ usedCode: true }), true],
    ['every rule must hold: one fails', { new_players_days: 30, countries: ['FR'], locales: ['en'], requires_code: true }, player({ usedCode: true }), false],
  ];
  it.each(cases)('%s', (_name, audience, facts, expected) => {
    expect(inAudience(audience, facts, now)).toBe(expected);
  });
});

describe('lastPeriod', () => {
  const start = new Date('2026-01-05T00:00:00Z');
  const at = (iso: string) => new Date(iso);
  it.each([
    ['before the campaign starts', at('2026-01-01T00:00:00Z'), 7, null],
    ['during the first period', at('2026-01-11T23:59:59.999Z'), 7, null],
    ['the moment the first period ends', at('2026-01-12T00:00:00Z'), 7, ['2026-01-05T00:00:00.000Z', '2026-01-12T00:00:00.000Z']],
    ['during the second period: still the first', at('2026-01-18T10:00:00Z'), 7, ['2026-01-05T00:00:00.000Z', '2026-01-12T00:00:00.000Z']],
    ['after the third period', at('2026-01-26T00:00:01Z'), 7, ['2026-01-19T00:00:00.000Z', '2026-01-26T00:00:00.000Z']],
    ['daily periods', at('2026-01-07T06:00:00Z'), 1, ['2026-01-06T00:00:00.000Z', '2026-01-07T00:00:00.000Z']],
  ] as const)('%s', (_name, when, days, expected) => {
    const period = lastPeriod(start, days, when);
    expect(period && [period.start.toISOString(), period.end.toISOString()]).toEqual(expected);
  });

  it('is always a whole, complete period counted from the start, ending at or before `at`', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 400 * 86_400_000 }), (days, elapsed) => {
        const when = new Date(start.getTime() + elapsed);
        const period = lastPeriod(start, days, when);
        const length = days * 86_400_000;
        if (elapsed < length) {
          expect(period).toBeNull();
          return;
        }
        expect(period).not.toBeNull();
        expect(period!.end.getTime() - period!.start.getTime()).toBe(length);
        expect((period!.start.getTime() - start.getTime()) % length).toBe(0);
        expect(period!.end.getTime()).toBeLessThanOrEqual(when.getTime());
        expect(when.getTime() - period!.end.getTime()).toBeLessThan(length);
      }),
    );
  });
});

describe('cashbackAmount', () => {
  it.each([
    ['10% of 70.00', 7000n, 10, 700n],
    ['10% of 12.34 rounds down', 1234n, 10, 123n],
    ['7.5% of 123.45 rounds down', 12345n, 7.5, 925n],
    ['0.29% (not 0.28 from floating point)', 100000n, 0.29, 290n],
    ['50% of 0.01 is nothing', 1n, 50, 0n],
    ['a break-even period', 0n, 10, 0n],
    ['a net win', -5000n, 10, 0n],
  ])('%s', (_name, loss, percent, expected) => {
    expect(cashbackAmount(loss, percent)).toBe(expected);
  });

  it('never pays more than percent x loss, and less by under one minor unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10_000_000_000n }), fc.integer({ min: 10, max: 5000 }), (loss, bps) => {
        const amount = cashbackAmount(loss, bps / 100);
        expect(amount * 10_000n <= loss * BigInt(bps)).toBe(true);
        expect((amount + 1n) * 10_000n > loss * BigInt(bps)).toBe(true);
      }),
    );
  });
});
