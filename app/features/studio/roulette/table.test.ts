import { describe, expect, it } from 'vitest';
import { coveredNumbers, INSIDE_BETS, type RouletteBet } from '../../../../games/engines/roulette/index.ts';
import { aggregate, COLUMN_BETS, DOZEN_BETS, EVEN_BETS, insideSpots, numberCell, POCKET_ANGLE, spotKey, spotNumbers, toPlayBets, totalStake, toVertical, WHEEL_ORDER, wheelRotationFor, type Placement } from './table.ts';

const asEngineBet = (bet: { type: string; numbers?: number[]; index?: number }): RouletteBet => ({ ...bet, amount: 100n }) as unknown as RouletteBet;

describe('roulette table spots', () => {
  const spots = insideSpots();

  it('offers every legal inside bet of the engine exactly once', () => {
    expect(spots).toHaveLength(37 + 60 + 14 + 23 + 11);
    expect(new Set(spots.map((spot) => spot.key)).size).toBe(spots.length);
    for (const type of ['straight', 'split', 'street', 'corner', 'sixline'] as const) {
      const mine = spots.filter((spot) => spot.bet.type === type).map((spot) => spot.bet.numbers!.join('-')).sort();
      expect(mine, type).toEqual([...INSIDE_BETS[type].keys()].sort());
    }
  });

  it('each spot covers the numbers the engine says it covers', () => {
    for (const spot of spots) expect(coveredNumbers(asEngineBet(spot.bet)), spot.key).toEqual(spotNumbers(spot.bet));
  });

  it('outside boxes cover what the engine settles', () => {
    for (const bet of [...COLUMN_BETS, ...DOZEN_BETS, ...EVEN_BETS]) {
      expect(coveredNumbers(asEngineBet(bet)), spotKey(bet)).toEqual(spotNumbers(bet));
    }
  });

  it('places a line bet on the line its numbers share', () => {
    const at = (key: string) => spots.find((spot) => spot.key === key)!.rect;
    // 17 is column 5, middle row; 20 is to its right: their split sits on x = 7.
    expect(numberCell(17)).toEqual({ col: 5, row: 1 });
    const split = at('split:17-20');
    expect((split.x0 + split.x1) / 2).toBeCloseTo(7);
    expect((split.y0 + split.y1) / 2).toBeCloseTo(1.5);
    const corner = at('corner:17-18-20-21');
    expect([(corner.x0 + corner.x1) / 2, (corner.y0 + corner.y1) / 2]).toEqual([7, 1]);
    // Streets and six lines sit on the bottom edge of the table.
    expect(at('street:16-17-18').y1).toBe(3);
    expect(at('sixline:16-17-18-19-20-21').y1).toBe(3);
    // Every spot stays inside the table.
    for (const spot of spots) {
      expect(spot.rect.x0).toBeGreaterThanOrEqual(0);
      expect(spot.rect.x1).toBeLessThanOrEqual(13);
      expect(spot.rect.y0).toBeGreaterThanOrEqual(-0.2);
      expect(spot.rect.y1).toBeLessThanOrEqual(3);
    }
  });

  it('turns the table for phones: zero on top, 1-2-3 from left to right', () => {
    const cell = (n: number) => toVertical(spots.find((spot) => spot.key === `straight:${n}`)!.rect);
    expect(cell(0)).toEqual({ x0: 0, y0: 0, x1: 3, y1: 1 });
    expect(cell(1)).toEqual({ x0: 0, y0: 1, x1: 1, y1: 2 });
    expect(cell(3)).toEqual({ x0: 2, y0: 1, x1: 3, y1: 2 });
    expect(cell(36)).toEqual({ x0: 2, y0: 12, x1: 3, y1: 13 });
  });
});

describe('roulette bets', () => {
  const red = { type: 'red' as const };
  const seventeen = { type: 'straight' as const, numbers: [17] };
  const placements: Placement[] = [
    { key: spotKey(red), bet: red, amount: '1.00' },
    { key: spotKey(seventeen), bet: seventeen, amount: '0.50' },
    { key: spotKey(red), bet: red, amount: '5.00' },
    { key: spotKey({ type: 'dozen', index: 2 }), bet: { type: 'dozen', index: 2 }, amount: '0.10' },
  ];

  it('sums chips per spot and builds the play bet', () => {
    expect(totalStake(placements)).toBe('6.60');
    expect(aggregate(placements).get('red')?.amount).toBe('6.00');
    expect(toPlayBets(placements)).toEqual([
      { type: 'red', amount: '6.00' },
      { type: 'straight', numbers: [17], amount: '0.50' },
      { type: 'dozen', index: 2, amount: '0.10' },
    ]);
  });

  it('keys spots whatever the order of their numbers', () => {
    expect(spotKey({ type: 'split', numbers: [20, 17] })).toBe('split:17-20');
    expect(spotKey({ type: 'column', index: 3 })).toBe('column:3');
  });
});

describe('the wheel', () => {
  it('holds 37 pockets, each number once', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
  });

  it('turns forward and brings the winning pocket under the ball', () => {
    let rotation = 0;
    for (const n of [0, 17, 32, 26, 5, 5]) {
      const next = wheelRotationFor(n, rotation);
      expect(next).toBeGreaterThanOrEqual(rotation + 5 * 360);
      const pocket = WHEEL_ORDER.indexOf(n as (typeof WHEEL_ORDER)[number]);
      // The pocket's angle on screen is its angle on the wheel plus the rotation: a whole number of turns.
      const onScreen = (((pocket * POCKET_ANGLE + next) % 360) + 360) % 360;
      expect(Math.min(onScreen, 360 - onScreen)).toBeCloseTo(0, 6);
      rotation = next;
    }
  });
});
