import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../../fairness/rng.ts';
import { allRouletteBets } from '../../simulate.ts';
import { riggedRng } from '../../test-helpers.ts';
import { GameInputError } from '../common.ts';
import {
  INSIDE_BETS,
  RED_NUMBERS,
  betRtp,
  colorOf,
  coveredNumbers,
  payoutOf,
  play,
  settle,
  theoreticalRtp,
  validateRouletteInput,
  type RouletteBet,
} from './index.ts';

const range = (a: number, b: number, step = 1) => Array.from({ length: Math.floor((b - a) / step) + 1 }, (_, i) => a + i * step);

describe('Croupier Roulette: the layout', () => {
  it('has the standard numbers of inside bets, zero bets included', () => {
    expect(INSIDE_BETS.straight.size).toBe(37);
    expect(INSIDE_BETS.split.size).toBe(60); // 24 across, 33 down, 0-1 0-2 0-3
    expect(INSIDE_BETS.street.size).toBe(14); // 12 rows, trios 0-1-2 and 0-2-3
    expect(INSIDE_BETS.corner.size).toBe(23); // 22 squares and the first four 0-1-2-3
    expect(INSIDE_BETS.sixline.size).toBe(11);
  });

  it.each([
    ['straight', [0], 35],
    ['straight', [17], 35],
    ['split', [17, 20], 17],
    ['split', [20, 17], 17],
    ['split', [17, 18], 17],
    ['split', [0, 1], 17],
    ['split', [0, 2], 17],
    ['split', [3, 0], 17],
    ['street', [1, 2, 3], 11],
    ['street', [34, 35, 36], 11],
    ['street', [0, 1, 2], 11],
    ['street', [0, 2, 3], 11],
    ['corner', [1, 2, 4, 5], 8],
    ['corner', [32, 33, 35, 36], 8],
    ['corner', [0, 1, 2, 3], 8],
    ['sixline', [1, 2, 3, 4, 5, 6], 5],
    ['sixline', [31, 32, 33, 34, 35, 36], 5],
  ] as const)('%s %j pays %i to 1', (type, numbers, payout) => {
    const bet = { type, numbers: [...numbers], amount: 10n } as RouletteBet;
    expect(coveredNumbers(bet)).toEqual([...numbers].sort((a, b) => a - b));
    expect(payoutOf(coveredNumbers(bet).length)).toBe(payout);
  });

  it.each([
    ['split', [17, 19]],
    ['split', [3, 4]], // not adjacent on the table
    ['split', [0, 4]],
    ['split', [17]],
    ['street', [2, 3, 4]],
    ['street', [0, 1, 3]],
    ['corner', [3, 4, 6, 7]],
    ['corner', [0, 1, 2, 4]],
    ['sixline', [2, 3, 4, 5, 6, 7]],
    ['straight', [37]],
    ['straight', [-1]],
    ['straight', [1.5]],
    ['straight', []],
  ] as const)('refuses %s %j', (type, numbers) => {
    expect(() => coveredNumbers({ type, numbers: [...numbers], amount: 1n } as RouletteBet)).toThrow(GameInputError);
  });

  it('outside bets cover their twelve or eighteen numbers, never zero', () => {
    const cover = (bet: object) => coveredNumbers({ amount: 1n, ...bet } as RouletteBet);
    expect(cover({ type: 'column', index: 1 })).toEqual(range(1, 34, 3));
    expect(cover({ type: 'column', index: 2 })).toEqual(range(2, 35, 3));
    expect(cover({ type: 'column', index: 3 })).toEqual(range(3, 36, 3));
    expect(cover({ type: 'dozen', index: 1 })).toEqual(range(1, 12));
    expect(cover({ type: 'dozen', index: 2 })).toEqual(range(13, 24));
    expect(cover({ type: 'dozen', index: 3 })).toEqual(range(25, 36));
    expect(cover({ type: 'red' })).toEqual(RED_NUMBERS);
    expect(cover({ type: 'black' })).toEqual([2, 4, 6, 8, 10, 11, 13, 15, 17, 20, 22, 24, 26, 28, 29, 31, 33, 35]);
    expect(cover({ type: 'odd' })).toEqual(range(1, 35, 2));
    expect(cover({ type: 'even' })).toEqual(range(2, 36, 2));
    expect(cover({ type: 'low' })).toEqual(range(1, 18));
    expect(cover({ type: 'high' })).toEqual(range(19, 36));
    expect(() => cover({ type: 'dozen', index: 4 })).toThrow(GameInputError);
    expect(() => cover({ type: 'column' })).toThrow(GameInputError);
    expect(() => cover({ type: 'green' })).toThrow(GameInputError);
  });

  it('colours: 18 red, 18 black, zero green', () => {
    expect(colorOf(0)).toBe('green');
    expect(range(1, 36).filter((n) => colorOf(n) === 'red')).toHaveLength(18);
    expect(colorOf(1)).toBe('red');
    expect(colorOf(2)).toBe('black');
  });
});

describe('Croupier Roulette: settlement', () => {
  it('every bet on the layout against every pocket: stake x 36/k when covered, else 0', () => {
    const bets = allRouletteBets(10n);
    expect(bets).toHaveLength(157);
    for (const bet of bets) {
      const covered = coveredNumbers(bet);
      expect(36 % covered.length).toBe(0);
      for (let n = 0; n <= 36; n++) {
        const outcome = settle({ bets: [bet] }, n);
        expect(outcome.win).toBe(covered.includes(n) ? (10n * 36n) / BigInt(covered.length) : 0n);
      }
      expect(betRtp(bet)).toBeCloseTo(36 / 37, 15);
    }
  });

  it('zero loses every even-money and outside bet', () => {
    const bets = allRouletteBets(5n).filter((b) => !('numbers' in b));
    expect(settle({ bets }, 0).win).toBe(0n);
  });

  it('settles several bets on one spin', () => {
    const outcome = settle(
      {
        bets: [
          { type: 'straight', numbers: [17], amount: 100n },
          { type: 'black', amount: 50n },
          { type: 'dozen', index: 2, amount: 30n },
          { type: 'red', amount: 20n },
        ],
      },
      17,
    );
    expect(outcome.color).toBe('black');
    expect(outcome.bet).toBe(200n);
    expect(outcome.bets.map((b) => b.win)).toEqual([3600n, 100n, 90n, 0n]);
    expect(outcome.win).toBe(3790n);
  });

  it('the winning number is rng.int(37)', () => {
    expect(play({ bets: [{ type: 'straight', numbers: [36], amount: 1n }] }, riggedRng([36])).number).toBe(36);
    expect(play({ bets: [{ type: 'red', amount: 1n }] }, riggedRng([37 * 1000 + 5])).number).toBe(5);
    const seeds = { serverSeed: 'roulette', clientSeed: 'c', nonce: 1 };
    expect(play({ bets: [{ type: 'odd', amount: 1n }] }, createRoundRng(seeds)).number).toBe(createRoundRng(seeds).int(37));
  });

  it('validates the bets of a spin', () => {
    expect(() => validateRouletteInput({ bets: [] })).toThrow(GameInputError);
    expect(() => validateRouletteInput({})).toThrow(GameInputError);
    expect(() => validateRouletteInput({ bets: [{ type: 'red', amount: 0n }] })).toThrow(GameInputError);
    expect(() => validateRouletteInput({ bets: [{ type: 'red', amount: 5 }] })).toThrow(GameInputError);
    expect(() => validateRouletteInput({ bets: new Array(201).fill({ type: 'red', amount: 1n }) })).toThrow(GameInputError);
    expect(validateRouletteInput({ bets: new Array(200).fill({ type: 'red', amount: 1n }) }).bets).toHaveLength(200);
  });

  it('theoretical RTP is 36/37', () => {
    expect(theoreticalRtp()).toBe(36 / 37);
  });
});
