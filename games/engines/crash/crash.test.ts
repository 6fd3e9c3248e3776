import { describe, expect, it } from 'vitest';
import { createRoundRng, hashServerSeed } from '../../fairness/rng.ts';
import { zFor } from '../../stats.ts';
import { GameInputError } from '../common.ts';
import { resultOf, winningWords } from '../limbo/index.ts';
import { chainSeed, crashPoint, elapsedFor, followsInChain, MAX_POINT, multiplierAt, previousSeed, settleBet, theoreticalRtp, validateCrashBet } from './index.ts';

const TOP = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const SALT = 'croupier-crash-salt';

describe('Croupier Crash: the hash chain', () => {
  it('hashes each round\'s seed down to the one before, to the published commitment', () => {
    const length = 50;
    const commitment = chainSeed(TOP, length, 0);
    expect(chainSeed(TOP, length, length)).toBe(TOP);
    let before = commitment;
    for (let round = 1; round <= length; round++) {
      const seed = chainSeed(TOP, length, round);
      expect(followsInChain(seed, before), `round ${round}`).toBe(true);
      expect(previousSeed(seed)).toBe(hashServerSeed(seed));
      before = seed;
    }
    // A seed the operator made up afterwards does not hash to the round before.
    expect(followsInChain('f'.repeat(64), chainSeed(TOP, length, 9))).toBe(false);
    expect(() => chainSeed(TOP, length, length + 1)).toThrow(RangeError);
  });

  it('takes the point from the studio\'s stream (server seed = the round\'s seed, client seed = the salt, nonce 0), as Limbo reads a word', () => {
    const seed = chainSeed(TOP, 10, 3);
    const word = createRoundRng({ serverSeed: seed, clientSeed: SALT, nonce: 0 }).int(2 ** 32);
    expect(crashPoint(seed, SALT)).toBe(Math.min(MAX_POINT, Math.max(100, resultOf(word))));
    // Another salt, another point: the salt is part of the commitment.
    const points = new Set(Array.from({ length: 20 }, (_, i) => crashPoint(seed, `salt-${i}`)));
    expect(points.size).toBeGreaterThan(10);
  });
});

describe('Croupier Crash: the curve', () => {
  it('starts at 1.00x, doubles after about 11.6 s, and never passes the cap', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(11_552)).toBe(199);
    expect(multiplierAt(11_553)).toBe(200);
    expect(multiplierAt(10 ** 9)).toBe(MAX_POINT);
  });

  it('finds the first millisecond that shows a multiplier', () => {
    for (const multiplier of [101, 150, 200, 1_000, 123_456, MAX_POINT]) {
      const ms = elapsedFor(multiplier);
      expect(multiplierAt(ms), `${multiplier}`).toBeGreaterThanOrEqual(multiplier);
      expect(multiplierAt(ms - 1), `${multiplier}`).toBeLessThan(multiplier);
    }
  });
});

describe('Croupier Crash: a bet', () => {
  it('pays stake x where it left when that is at or under the point, nothing when it rode to the crash', () => {
    const bet = { amount: 1_000n, autoCashout: 200 };
    expect(settleBet(bet, 250)).toEqual({ point: 250, cashedOutAt: 200, win: 2_000n });
    expect(settleBet(bet, 200)).toEqual({ point: 200, cashedOutAt: 200, win: 2_000n });
    expect(settleBet(bet, 199)).toEqual({ point: 199, cashedOutAt: null, win: 0n });
    // By hand before the automatic cash-out: the earlier counts.
    expect(settleBet(bet, 250, 150)).toMatchObject({ cashedOutAt: 150, win: 1_500n });
    expect(settleBet({ amount: 1_000n, autoCashout: null }, 500, 333)).toMatchObject({ cashedOutAt: 333, win: 3_330n });
    expect(settleBet({ amount: 1_000n, autoCashout: null }, 500)).toMatchObject({ cashedOutAt: null, win: 0n });
    // A 1.00x round pays no one; at the cap every bet still in leaves there.
    expect(settleBet({ amount: 1_000n, autoCashout: 101 }, 100).win).toBe(0n);
    expect(settleBet({ amount: 1n, autoCashout: null }, MAX_POINT)).toMatchObject({ cashedOutAt: MAX_POINT, win: 1_000_000n });
  });

  it('refuses a stake that is not positive, and a cash-out under 1.01x, above the cap or not in hundredths', () => {
    expect(() => validateCrashBet({ amount: 0n, autoCashout: null })).toThrow(GameInputError);
    for (const autoCashout of [100, MAX_POINT + 1, 150.5, '200']) {
      expect(() => validateCrashBet({ amount: 100n, autoCashout }), String(autoCashout)).toThrow(GameInputError);
    }
    expect(() => settleBet({ amount: 100n, autoCashout: null }, 300, 99)).toThrow(GameInputError);
  });

  it('wins at T exactly when Limbo on T would: on the k(T) lowest words', () => {
    for (const target of [101, 200, 1_000, 1_000_000]) {
      const k = Number(winningWords(target));
      expect(settleBet({ amount: 100n, autoCashout: target }, Math.max(100, resultOf(k - 1))).win, `${target}`).toBeGreaterThan(0n);
      expect(settleBet({ amount: 100n, autoCashout: target }, Math.max(100, resultOf(k))).win, `${target}`).toBe(0n);
    }
  });

  it('returns its 99% over 10^5 rounds of one chain, for cash-outs from 1.01x to 100x in turn', () => {
    expect(theoreticalRtp()).toBe(0.99);
    const rounds = 100_000;
    const targets = [101, 150, 200, 300, 500, 1_000, 2_000, 5_000, 10_000];
    // Each round's seed is the next one up from the last: walking the chain from its commitment
    // upwards needs the top, so this walks a chain of fresh seeds downwards, as the server would.
    let seed = TOP;
    let sum = 0;
    let sumSquares = 0;
    let expected = 0;
    for (let i = 0; i < rounds; i++) {
      seed = previousSeed(seed);
      const target = targets[i % targets.length];
      const x = Number(settleBet({ amount: 10_000n, autoCashout: target }, crashPoint(seed, SALT)).win) / 10_000;
      sum += x;
      sumSquares += x * x;
      expected += (Number(winningWords(target)) / 2 ** 32) * (target / 100);
    }
    const mean = sum / rounds;
    const se = Math.sqrt((sumSquares / rounds - mean * mean) / rounds);
    expect(Math.abs(mean - expected / rounds)).toBeLessThan(zFor(0.999) * se);
    expect(expected / rounds).toBeCloseTo(0.99, 6);
  });
});
