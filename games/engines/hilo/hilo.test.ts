import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../../fairness/rng.ts';
import { stackedCards } from '../../test-helpers.ts';
import { parseCard } from '../blackjack/cards.ts';
import { GameInputError } from '../common.ts';
import { chiSquareUniform } from '../../stats.ts';
import {
  act,
  guessesFor,
  HILO_GUESSES,
  legalActions,
  MAX_MULTIPLIER,
  MAX_SKIPS,
  multiplierFraction,
  payoutFor,
  RANKS,
  start,
  strategyRtp,
  theoreticalRtp,
  validateHiloBet,
  waysOf,
  type HiloState,
} from './index.ts';

const cards = (...names: string[]) => names.map(parseCard);

describe('Croupier Hi-Lo', () => {
  it('deals each card as rng.int(52) of the stream, the ace lowest and the king highest', () => {
    const rng = stackedCards(['7S', '9H', 'KD']);
    let state = start({ amount: 100n }, rng);
    expect(state.cards).toEqual(cards('7S'));
    expect(legalActions(state)).toEqual(['higher_or_same', 'lower_or_same', 'skip']);
    state = act(state, 'higher_or_same', rng);
    expect(state).toMatchObject({ cards: cards('7S', '9H'), correct: 1, phase: 'playing' });
    // 7 or higher is 7 ranks of 13: 0.99 x 13 / 7 = 1.8385...
    expect(state.multiplier).toBe(1.8385);
    expect(state.payout).toBe(183n);
    expect(legalActions(state)).toEqual(['higher_or_same', 'lower_or_same', 'skip', 'cashout']);
    state = act(state, 'lower_or_same', rng); // K after 9: 9 or lower, wrong
    expect(state).toMatchObject({ phase: 'lost', win: 0n });
    expect(state.steps.map((s) => s.won)).toEqual([true, false]);
    expect(() => act(state, 'cashout', rng)).toThrow(GameInputError);
  });

  it('offers higher and same on an ace, lower and same on a king, "or same" guesses between', () => {
    expect(guessesFor(0)).toEqual(['higher', 'same']);
    expect(guessesFor(12)).toEqual(['lower', 'same']);
    for (let r = 1; r < 12; r++) expect(guessesFor(r)).toEqual(['higher_or_same', 'lower_or_same']);
    // A same after an ace pays 12.87x, a 2 after an ace is higher.
    const rng = stackedCards(['AS', 'AH', '2C']);
    let state = start({ amount: 100n }, rng);
    expect(() => act(state, 'lower_or_same', rng)).toThrow(GameInputError);
    state = act(state, 'same', rng);
    expect(state.multiplier).toBe(12.87);
    state = act(state, 'higher', rng);
    // The edge was taken on the first right guess: the second multiplies by 13 / 12 only.
    expect(state.payout).toBe((100n * 99n * 13n * 13n) / (100n * 1n * 12n));
    expect(state.multiplier).toBe(13.9425);
    state = act(state, 'cashout', createRoundRng({ serverSeed: 'x', clientSeed: 'y', nonce: 0 }));
    expect(state).toMatchObject({ phase: 'cashed', win: state.payout, auto: false });
  });

  it('takes the 99% once: a first right guess returns 0.99, every later guess of every card returns exactly 1', () => {
    for (let rank = 0; rank < RANKS; rank++) {
      for (const guess of guessesFor(rank)) {
        const ways = waysOf(guess, rank);
        let right = 0;
        for (let to = 0; to < RANKS; to++) {
          const ok = guess === 'higher' ? to > rank : guess === 'lower' ? to < rank : guess === 'same' ? to === rank : guess === 'higher_or_same' ? to >= rank : to <= rank;
          if (ok) right += 1;
        }
        expect(right, `${guess} on ${rank}`).toBe(ways);
        const [num, den] = multiplierFraction([ways]);
        // (ways / 13) x num / den = 99 / 100, exactly
        expect(BigInt(ways) * num * 100n, `${guess} on ${rank}`).toBe(99n * 13n * den);
        // After any earlier right guesses, (ways / 13) x M(..., ways) = M(...), exactly.
        for (const before of [[7], [1, 12], [13 - rank, rank + 1, 6]]) {
          const [n0, d0] = multiplierFraction(before);
          const [n1, d1] = multiplierFraction([...before, ways]);
          expect(BigInt(ways) * n1 * d0, `${guess} on ${rank} after ${before.join(',')}`).toBe(13n * n0 * d1);
        }
      }
    }
    expect(HILO_GUESSES).toHaveLength(5);
    expect(theoreticalRtp()).toBe(0.99);
  });

  it('returns exactly 99% under any stopping strategy, in integers (before the rounding down)', () => {
    // A strategy: on each position (the cards so far), guess either side, skip, or cash out, as a
    // hash of the position and the strategy's number decides. Every rank path is enumerated to
    // depth 4 (a round still playing then cashes out), and the expected multiplier summed as an
    // exact fraction of bigints: it must be 99 / 100 for every strategy.
    const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
    const add = ([a, b]: [bigint, bigint], [c, d]: [bigint, bigint]): [bigint, bigint] => {
      const num = a * d + c * b;
      const den = b * d;
      const g = gcd(num, den) || 1n;
      return [num / g, den / g];
    };
    const choose = (strategy: number, path: number[], options: number) => {
      let h = 2166136261 ^ strategy;
      for (const x of [...path, path.length]) h = Math.imul(h ^ x, 16777619) >>> 0;
      return h % options;
    };
    function expected(strategy: number, path: number[], ways: number[], skipsLeft: number): [bigint, bigint] {
      const rank = path[path.length - 1];
      const choices = ['guess:0', 'guess:1', ...(skipsLeft > 0 ? ['skip'] : []), ...(ways.length > 0 ? ['cashout'] : [])];
      const choice = path.length > 4 ? (ways.length > 0 ? 'cashout' : 'guess:0') : choices[choose(strategy, path, choices.length)];
      if (choice === 'cashout' || (path.length > 5 && ways.length > 0)) return multiplierFraction(ways);
      let sum: [bigint, bigint] = [0n, 1n];
      for (let to = 0; to < RANKS; to++) {
        let part: [bigint, bigint] = [0n, 1n];
        if (choice === 'skip') part = expected(strategy, [...path, to], ways, skipsLeft - 1);
        else {
          const guess = guessesFor(rank)[Number(choice.slice(6))];
          const right = guess === 'higher' ? to > rank : guess === 'lower' ? to < rank : guess === 'same' ? to === rank : guess === 'higher_or_same' ? to >= rank : to <= rank;
          if (right) part = expected(strategy, [...path, to], [...ways, waysOf(guess, rank)], skipsLeft);
        }
        sum = add(sum, [part[0], part[1] * BigInt(RANKS)]);
      }
      return sum;
    }
    for (let strategy = 0; strategy < 6; strategy++) {
      let total: [bigint, bigint] = [0n, 1n];
      for (let first = 0; first < RANKS; first++) total = add(total, expected(strategy, [first], [], MAX_SKIPS));
      expect(total, `strategy ${strategy}`).toEqual([99n * BigInt(RANKS), 100n]);
    }
  });

  it('the strategy of the simulation returns 99% whatever its cash-out point, rounding down included', () => {
    for (const target of [1, 2, 3]) expect(strategyRtp(1_000_000n, target), `target ${target}`).toBeCloseTo(0.99, 5);
    expect(strategyRtp(10n, 1)).toBeLessThan(0.99); // small stakes lose the rounding
    expect(payoutFor(100n, [7])).toBe(183n);
  });

  it('skips up to five cards without changing the multiplier, and cash-out needs a right guess', () => {
    const rng = stackedCards(['7S', '7H', '7D', '7C', '7S', '7H', '8S']);
    let state = start({ amount: 100n }, rng);
    expect(legalActions(state)).not.toContain('cashout');
    for (let i = 0; i < MAX_SKIPS; i++) state = act(state, 'skip', rng);
    expect(state).toMatchObject({ skipsLeft: 0, multiplier: 1, payout: 100n, correct: 0 });
    expect(state.steps.every((s) => s.action === 'skip' && s.won === null)).toBe(true);
    expect(() => act(state, 'skip', rng)).toThrow(GameInputError);
    state = act(state, 'higher_or_same', rng);
    expect(state.cards).toHaveLength(7);
    expect(state.payout).toBe(183n);
  });

  it('cashes out by itself at the largest multiplier', () => {
    const rng = stackedCards(Array(8).fill('AS'));
    let state = start({ amount: 100n }, rng);
    while (state.phase === 'playing') state = act(state, 'same', rng);
    expect(state.multiplier).toBeGreaterThanOrEqual(MAX_MULTIPLIER);
    expect(state).toMatchObject({ phase: 'cashed', auto: true, correct: 4 });
    expect(state.win).toBe(state.payout);
  });

  it('resumes from a stored state with a fresh stream, and refuses a state the seeds did not deal', () => {
    const seeds = { serverSeed: 'server', clientSeed: 'client', nonce: 3 };
    let state = start({ amount: 100n }, createRoundRng(seeds));
    for (let i = 0; i < 3 && state.phase === 'playing'; i++) state = act(state, 'skip', createRoundRng(seeds));
    const oneStream = createRoundRng(seeds);
    let again = start({ amount: 100n }, oneStream);
    for (let i = 0; i < 3; i++) again = act(again, 'skip', oneStream);
    expect(again).toEqual(state);
    const forged: HiloState = { ...state, cards: [...state.cards.slice(0, -1), (state.cards.at(-1)! + 1) % 52] };
    expect(() => act(forged, 'skip', createRoundRng(seeds))).toThrow(/do not reproduce/);
  });

  it('refuses a stake that is not a positive bigint', () => {
    for (const amount of [0n, -1n, 1, '1', null]) expect(() => validateHiloBet({ amount }), String(amount)).toThrow(GameInputError);
  });

  it('deals the 13 ranks evenly (chi-square over 12,000 cards)', () => {
    const counts = Array(RANKS).fill(0);
    for (let nonce = 0; nonce < 2_000; nonce++) {
      const rng = createRoundRng({ serverSeed: 'ranks', clientSeed: 'c', nonce });
      let state = start({ amount: 100n }, rng);
      for (let i = 0; i < MAX_SKIPS; i++) state = act(state, 'skip', rng);
      for (const card of state.cards) counts[card % 13] += 1;
    }
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12_000);
    expect(chiSquareUniform(counts).pValue).toBeGreaterThan(0.001);
  });
});
