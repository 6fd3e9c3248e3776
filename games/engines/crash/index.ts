/**
 * Croupier Crash: one round shared by every player. A multiplier rises from 1.00x and stops at
 * the round's crash point; a bet cashed out before that (by hand, or by its automatic cash-out)
 * pays stake x the multiplier it left at, a bet still in at the crash pays nothing. This file is
 * the round's maths only: where its randomness comes from, the point, the curve, what a bet pays.
 * Running the shared round (its phases, the players' bets, the live channel) is the server's.
 *
 * Randomness: a hash chain, as the well-known crash games publish theirs. The operator draws one
 * secret seed s[N] and hashes it down, s[i - 1] = SHA-256(s[i]) (the hex text, as the studio's
 * server-seed commitment), to s[0], which is published before round 1. Round k plays s[k], revealed
 * when the round ends: anyone can check SHA-256(s[k]) = s[k - 1], so every point was fixed when
 * s[0] was published, and the operator cannot pick one afterwards. A salt, published with s[0],
 * stands in for the client seed of the single-player games (a shared round has no one player's
 * seed to take): the round's word is the first word of the studio's stream with server seed s[k],
 * client seed = salt, nonce 0 (docs/games-math.md, "Bytes").
 *
 * The point is Limbo's result on that word, floor(99 x 2^32 / (u + 1)) hundredths, so a bet with
 * an automatic cash-out at T is exactly a Limbo bet on T: it wins with chance k(T) / 2^32, just
 * under 0.99 / T, and returns 99%. Results under 1.00x (1% of the words) crash at 1.00x, before
 * anyone can leave (the least cash-out is 1.01x); points are capped at 1,000,000x.
 */
import { createRoundRng, hashServerSeed } from '../../fairness/rng.ts';
import { assertStake, GameInputError } from '../common.ts';
import { MAX_TARGET, MIN_TARGET, payoutFor, resultOf } from '../limbo/index.ts';

export const CRASH_SYSNAME = 'croupier-crash';
/** The least cash-out, hundredths (1.01x): a point of 1.00x pays no one. */
export const MIN_CASHOUT = MIN_TARGET;
/** The highest point, hundredths (1,000,000x): the curve stops there and every bet still in leaves. */
export const MAX_POINT = MAX_TARGET;
/** The curve: multiplier(t) = e^(GROWTH_PER_MS x t), t in ms since the round took off (2x after 11.6 s, 10x after 38 s, 100x after 77 s). */
export const GROWTH_PER_MS = 0.00006;

export type CrashBet = {
  amount: bigint;
  /** Hundredths: leave automatically when the multiplier reaches it; null to leave by hand only. */
  autoCashout: number | null;
};

export type CrashSettlement = {
  /** The round's point, hundredths. */
  point: number;
  /** Where the bet left, hundredths (the first of its hand and automatic cash-outs below the point); null if it rode to the crash. */
  cashedOutAt: number | null;
  win: bigint;
};

export function validateCrashBet(bet: unknown): CrashBet {
  const b = bet as Partial<CrashBet> | null;
  assertStake(b?.amount);
  const auto = b.autoCashout ?? null;
  if (auto !== null && !validCashout(auto)) {
    throw new GameInputError('bad_target', `autoCashout must be null or an integer number of hundredths, ${MIN_CASHOUT} to ${MAX_POINT}`);
  }
  return { amount: b.amount, autoCashout: auto };
}

const validCashout = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= MIN_CASHOUT && (value as number) <= MAX_POINT;

/** The round's point (hundredths) from its chain seed and the chain's salt. */
export function crashPoint(seed: string, salt: string): number {
  const word = createRoundRng({ serverSeed: seed, clientSeed: salt, nonce: 0 }).int(2 ** 32);
  return Math.min(MAX_POINT, Math.max(100, resultOf(word)));
}

/** The seed one link down the chain: SHA-256 of the seed's text, hex. Round k's seed hashes to round k - 1's. */
export const previousSeed = (seed: string): string => hashServerSeed(seed);

/** Round `round`'s seed (1..length) of the chain whose secret end is `top` = s[length]; round 0 is the published commitment. */
export function chainSeed(top: string, length: number, round: number): string {
  if (!Number.isSafeInteger(length) || length < 1 || !Number.isSafeInteger(round) || round < 0 || round > length) throw new RangeError(`no round ${round} in a chain of ${length}`);
  let seed = top;
  for (let step = length; step > round; step--) seed = previousSeed(seed);
  return seed;
}

/** Does a revealed seed belong to the chain right after `before` (the previous round's seed, or the commitment for round 1)? */
export const followsInChain = (seed: string, before: string): boolean => previousSeed(seed) === before;

/** The multiplier shown `elapsedMs` after take-off, hundredths, rounded down (never past the cap). */
export function multiplierAt(elapsedMs: number): number {
  if (!(elapsedMs > 0)) return 100;
  return Math.min(MAX_POINT, Math.floor(100 * Math.exp(GROWTH_PER_MS * elapsedMs) + 1e-9));
}

/** The first moment (ms after take-off) the curve shows `multiplier` hundredths: the point's crash time, or an automatic cash-out's. */
export function elapsedFor(multiplier: number): number {
  if (multiplier <= 100) return 0;
  let ms = Math.ceil(Math.log(multiplier / 100) / GROWTH_PER_MS);
  // The curve is rounded down to hundredths: step to the first millisecond that shows it.
  while (multiplierAt(ms) < multiplier) ms += 1;
  while (ms > 0 && multiplierAt(ms - 1) >= multiplier) ms -= 1;
  return ms;
}

/**
 * What a bet pays in a round with this point: `handCashout` is the multiplier (hundredths) the
 * curve showed when the player's cash-out reached the server, or null. The earlier of that and the
 * automatic cash-out counts if the curve reached it, i.e. at or under the point (as in Limbo, where
 * a result equal to the target wins). At the cap the round ends with every bet still in cashed out.
 */
export function settleBet(bet: CrashBet, point: number, handCashout: number | null = null): CrashSettlement {
  const valid = validateCrashBet(bet);
  if (handCashout !== null && !validCashout(handCashout)) throw new GameInputError('bad_target', `handCashout must be null or hundredths, ${MIN_CASHOUT} to ${MAX_POINT}`);
  const candidates = [valid.autoCashout, handCashout].filter((value): value is number => value !== null);
  let leftAt = candidates.length ? Math.min(...candidates) : null;
  if (leftAt !== null && leftAt > point) leftAt = null;
  if (leftAt === null && point === MAX_POINT) leftAt = MAX_POINT;
  return { point, cashedOutAt: leftAt, win: leftAt === null ? 0n : payoutFor(valid.amount, leftAt) };
}

/** 0.99 for every cash-out: a crash bet leaving at T is a Limbo bet on T. */
export function theoreticalRtp(): number {
  return 0.99;
}
