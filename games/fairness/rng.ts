/**
 * Provably fair RNG, server side (node:crypto). The mapping from digests to numbers lives in
 * stream.ts (pure); this file supplies the digests and the seed helpers.
 *
 * A bet's randomness is fixed by three values: the server seed (secret until rotated; its
 * SHA-256 is shown before play), the client seed (set by the player) and the nonce (the bet's
 * counter under that seed pair). See docs/games-math.md for the exact bytes.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createRngFromDigests, roundMessage, type RoundRng } from './stream.ts';

export type { RoundRng } from './stream.ts';
export { createRngFromDigests, roundMessage, WORDS_PER_DIGEST } from './stream.ts';

export type RoundSeeds = {
  /** The secret server seed, as text (newServerSeed() gives 64 hex characters). */
  serverSeed: string;
  /** The player's seed, 1-128 characters. */
  clientSeed: string;
  /** The bet counter under this seed pair: a safe integer >= 0. */
  nonce: number;
};

export const CLIENT_SEED_MAX_LENGTH = 128;

export function assertSeeds({ serverSeed, clientSeed, nonce }: RoundSeeds): void {
  if (typeof serverSeed !== 'string' || serverSeed.length === 0) throw new TypeError('serverSeed must be a non-empty string');
  if (typeof clientSeed !== 'string' || clientSeed.length === 0 || clientSeed.length > CLIENT_SEED_MAX_LENGTH) {
    throw new TypeError(`clientSeed must be a string of 1-${CLIENT_SEED_MAX_LENGTH} characters`);
  }
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new TypeError('nonce must be a safe integer >= 0');
}

/** HMAC-SHA256(key = UTF-8(serverSeed), message = UTF-8(`${clientSeed}:${nonce}:${round}`)). */
export function roundDigest(serverSeed: string, clientSeed: string, nonce: number, round: number): Buffer {
  return createHmac('sha256', serverSeed).update(roundMessage(clientSeed, nonce, round), 'utf8').digest();
}

/** The random stream of one bet. */
export function createRoundRng(seeds: RoundSeeds): RoundRng {
  assertSeeds(seeds);
  const { serverSeed, clientSeed, nonce } = seeds;
  return createRngFromDigests((round) => roundDigest(serverSeed, clientSeed, nonce, round));
}

/** SHA-256 of UTF-8(serverSeed), lowercase hex: the commitment shown before play. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** A fresh server seed: 32 random bytes from the OS CSPRNG, as 64 lowercase hex characters. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** A default client seed for a player who has not chosen one: 16 random bytes, hex. */
export function newClientSeed(): string {
  return randomBytes(16).toString('hex');
}

/** True when `serverSeed` is the seed committed to by `hash` (constant-time not needed: both are public after reveal). */
export function verifyServerSeed(serverSeed: string, hash: string): boolean {
  return hashServerSeed(serverSeed) === hash.toLowerCase();
}
