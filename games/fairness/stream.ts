/**
 * The pure half of the provably fair RNG: how the bytes of successive HMAC digests become
 * numbers. No I/O, no node: imports, so a browser verifier can reuse it with digests computed by
 * WebCrypto (compute the digests of rounds 0..k first, WebCrypto being async, then run this).
 *
 * Algorithm (also in docs/games-math.md):
 *   - digest(round) = HMAC-SHA256(key = UTF-8(serverSeed), message = UTF-8(`${clientSeed}:${nonce}:${round}`)),
 *     round = 0, 1, 2, ... : a cursor over successive digests of one bet.
 *   - each 32-byte digest is read as eight unsigned 32-bit big-endian words w0..w7; the stream is
 *     w0..w7 of round 0, then w0..w7 of round 1, and so on. `position` counts words consumed.
 *   - int(n), 1 <= n <= 2^32: limit = 2^32 - (2^32 mod n); take the next word x; if x >= limit,
 *     discard it and take the next one; answer x mod n. Every answer has exactly limit/n
 *     preimages, so there is no modulo bias. (For n <= 2^16 a rejection happens less than once
 *     in 65,536 draws.)
 *   - float(): a = next word >>> 5 (27 bits), b = next word >>> 6 (26 bits);
 *     answer (a * 2^26 + b) / 2^53: uniform over the 2^53 multiples of 2^-53 in [0, 1).
 *   - shuffle(items, count): forward Fisher-Yates on a copy: for i = 0 .. count-1 (count defaults
 *     to length-1): j = i + int(length - i); swap(i, j). The first k places are final after k
 *     steps, so a shoe can be drawn lazily, card by card, and still equal the full shuffle.
 */

export const WORDS_PER_DIGEST = 8;
const TWO_POW_32 = 4294967296;

/** The random stream of one bet. Stateful: each call consumes words. */
export type RoundRng = {
  /** An unbiased integer in [0, n), 1 <= n <= 2^32. */
  int(n: number): number;
  /** A float in [0, 1) with 53 random bits (consumes two words). */
  float(): number;
  /** A shuffled copy of `items` (forward Fisher-Yates); only the first `count` places are drawn. */
  shuffle<T>(items: readonly T[], count?: number): T[];
  /** The next raw 32-bit word. */
  next32(): number;
  /** Words consumed so far (round = floor(position / 8), word = position % 8). */
  readonly position: number;
};

/**
 * Builds a stream from a digest source. `digest(round)` must return the 32-byte
 * HMAC-SHA256 digest for that round; it is called once per round, in order 0, 1, 2...
 */
export function createRngFromDigests(digest: (round: number) => Uint8Array): RoundRng {
  const words = new Uint32Array(WORDS_PER_DIGEST);
  let round = -1;
  let word = WORDS_PER_DIGEST;
  let position = 0;

  function refill() {
    round += 1;
    const bytes = digest(round);
    if (bytes.length !== 32) throw new Error(`digest of round ${round} is ${bytes.length} bytes, expected 32`);
    for (let i = 0; i < WORDS_PER_DIGEST; i++) {
      const o = i * 4;
      words[i] = ((bytes[o] << 24) | (bytes[o + 1] << 16) | (bytes[o + 2] << 8) | bytes[o + 3]) >>> 0;
    }
    word = 0;
  }

  function next32(): number {
    if (word === WORDS_PER_DIGEST) refill();
    position += 1;
    return words[word++];
  }

  function int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`int(n) needs an integer 1 <= n <= 2^32, got ${n}`);
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    for (;;) {
      const x = next32();
      if (x < limit) return x % n;
    }
  }

  function float(): number {
    const a = next32() >>> 5;
    const b = next32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  function shuffle<T>(items: readonly T[], count = items.length - 1): T[] {
    const out = items.slice();
    const n = out.length;
    const steps = Math.min(Math.max(count, 0), Math.max(n - 1, 0));
    for (let i = 0; i < steps; i++) {
      const j = i + int(n - i);
      const t = out[i];
      out[i] = out[j];
      out[j] = t;
    }
    return out;
  }

  return {
    int,
    float,
    shuffle,
    next32,
    get position() {
      return position;
    },
  };
}

/** The HMAC message of one round: `${clientSeed}:${nonce}:${round}`. */
export function roundMessage(clientSeed: string, nonce: number, round: number): string {
  return `${clientSeed}:${nonce}:${round}`;
}
