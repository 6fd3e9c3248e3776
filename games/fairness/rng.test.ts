import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chiSquareUniform } from '../stats.ts';
import { riggedRng } from '../test-helpers.ts';
import { createRoundRng, hashServerSeed, newClientSeed, newServerSeed, roundDigest, roundMessage, verifyServerSeed } from './rng.ts';

// Fixed vectors: any change to the algorithm (key, message, byte order, mapping) fails here.
// The digests were checked independently:
//   printf '%s' 'lucky-player-42:7:0' | openssl dgst -sha256 -hmac '<server seed>'
//   printf '%s' '<server seed>' | sha256sum
const VECTOR = {
  serverSeed: '7f3c1e9a4b2d8c6f0a1b3c5d7e9f2a4b6c8d0e1f3a5b7c9d2e4f6a8b0c1d3e5f',
  clientSeed: 'lucky-player-42',
  nonce: 7,
  serverSeedHash: '1fed287cfb4de070c0272aae2df18ad237d04bfb38eed70f7184bf7e01dd1f04',
  digest0: '6b56e06aaae6baaee588df825d526939f16b177ee750b762cc7209cdd5c625b1',
  digest1: 'eaa601c60a2c5d4a9c062a6bddb408956e66b17bea78db22392a81e494b470c9',
  words: [1800855658, 2867247790, 3850952578, 1565681977, 4050327422, 3880826722, 3430025677, 3586532785, 3936747974, 170679626],
};
const seeds = { serverSeed: VECTOR.serverSeed, clientSeed: VECTOR.clientSeed, nonce: VECTOR.nonce };

describe('provably fair rng: fixed vectors', () => {
  it('hashes the server seed (SHA-256 of its UTF-8 text)', () => {
    expect(hashServerSeed(VECTOR.serverSeed)).toBe(VECTOR.serverSeedHash);
    expect(verifyServerSeed(VECTOR.serverSeed, VECTOR.serverSeedHash.toUpperCase())).toBe(true);
    expect(verifyServerSeed(`${VECTOR.serverSeed}0`, VECTOR.serverSeedHash)).toBe(false);
  });

  it('digests HMAC-SHA256(server seed, "client:nonce:round")', () => {
    expect(roundMessage('lucky-player-42', 7, 1)).toBe('lucky-player-42:7:1');
    expect(roundDigest(VECTOR.serverSeed, VECTOR.clientSeed, 7, 0).toString('hex')).toBe(VECTOR.digest0);
    expect(roundDigest(VECTOR.serverSeed, VECTOR.clientSeed, 7, 1).toString('hex')).toBe(VECTOR.digest1);
    const direct = createHmac('sha256', Buffer.from(VECTOR.serverSeed, 'utf8')).update('lucky-player-42:7:0').digest('hex');
    expect(direct).toBe(VECTOR.digest0);
  });

  it('reads each digest as eight big-endian 32-bit words, round after round', () => {
    const rng = createRoundRng(seeds);
    const words = Array.from({ length: 10 }, () => rng.next32());
    expect(words).toEqual(VECTOR.words);
    expect(words[0]).toBe(Number.parseInt(VECTOR.digest0.slice(0, 8), 16));
    expect(words[8]).toBe(Number.parseInt(VECTOR.digest1.slice(0, 8), 16));
    expect(rng.position).toBe(10);
  });

  it('maps words to ints, floats and shuffles exactly as recorded', () => {
    const rng = createRoundRng(seeds);
    expect([rng.int(37), rng.int(10000), rng.int(6), rng.int(2 ** 32)]).toEqual([20, 7790, 4, 1565681977]);
    expect(rng.float()).toBe(0.9430403404204203);
    expect(rng.position).toBe(6);
    // int(n) = word mod n when the word is below the rejection limit.
    expect(VECTOR.words[0] % 37).toBe(20);
    expect(VECTOR.words[1] % 10000).toBe(7790);
    expect(createRoundRng(seeds).shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([8, 0, 4, 9, 6, 7, 5, 1, 2, 3]);
  });

  it('a recorded server seed / client seed / nonce reproduces the same numbers; any change gives others', () => {
    const draw = (s: typeof seeds) => {
      const rng = createRoundRng(s);
      return Array.from({ length: 20 }, () => rng.int(1000));
    };
    expect(draw(seeds)).toEqual(draw({ ...seeds }));
    expect(draw({ ...seeds, nonce: 8 })).not.toEqual(draw(seeds));
    expect(draw({ ...seeds, clientSeed: 'lucky-player-43' })).not.toEqual(draw(seeds));
    expect(draw({ ...seeds, serverSeed: newServerSeed() })).not.toEqual(draw(seeds));
  });
});

describe('provably fair rng: mapping', () => {
  it('rejects words at or above the limit instead of reducing them (no modulo bias)', () => {
    // n = 3: limit = 2^32 - (2^32 mod 3) = 4294967295, so 0xFFFFFFFF is rejected.
    const rng = riggedRng([0xffffffff, 5]);
    expect(rng.int(3)).toBe(2);
    expect(rng.position).toBe(2);
    // n = 2^31 + 1: limit = 2^32 - (2^31 - 1) = 2^31 + 1; every word >= 2^31 + 1 is rejected.
    const big = riggedRng([0x80000001, 0x80000000]);
    expect(big.int(2 ** 31 + 1)).toBe(2 ** 31);
    // Powers of two never reject.
    expect(riggedRng([0xffffffff]).int(256)).toBe(255);
  });

  it('int(1) is 0 and still consumes a word; bad n throws', () => {
    const rng = riggedRng([123]);
    expect(rng.int(1)).toBe(0);
    expect(rng.position).toBe(1);
    for (const n of [0, -1, 1.5, 2 ** 32 + 1, Number.NaN]) expect(() => rng.int(n)).toThrow(RangeError);
  });

  it('float() uses 27 + 26 bits and stays in [0, 1)', () => {
    expect(riggedRng([0, 0]).float()).toBe(0);
    expect(riggedRng([0xffffffff, 0xffffffff]).float()).toBe(1 - 2 ** -53);
    expect(riggedRng([0x80000000, 0]).float()).toBe(0.5);
  });

  it('shuffle(items, k) fixes the first k places exactly as the full shuffle does', () => {
    const items = Array.from({ length: 52 }, (_, i) => i);
    const full = createRoundRng(seeds).shuffle(items);
    const partial = createRoundRng(seeds).shuffle(items, 10);
    expect(partial.slice(0, 10)).toEqual(full.slice(0, 10));
    expect([...full].sort((a, b) => a - b)).toEqual(items);
    expect(items[0]).toBe(0); // the input is not changed
  });

  it('checks seeds', () => {
    expect(() => createRoundRng({ ...seeds, serverSeed: '' })).toThrow(TypeError);
    expect(() => createRoundRng({ ...seeds, clientSeed: '' })).toThrow(TypeError);
    expect(() => createRoundRng({ ...seeds, clientSeed: 'x'.repeat(129) })).toThrow(TypeError);
    expect(() => createRoundRng({ ...seeds, nonce: -1 })).toThrow(TypeError);
    expect(() => createRoundRng({ ...seeds, nonce: 1.5 })).toThrow(TypeError);
  });

  it('makes fresh seeds from the OS CSPRNG', () => {
    const a = newServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newServerSeed()).not.toBe(a);
    expect(newClientSeed()).toMatch(/^[0-9a-f]{32}$/);
    expect(hashServerSeed(a)).toMatch(/^[0-9a-f]{64}$/);
  });
});

// Chi-square uniformity at significance 0.001 (fixed seeds, so the outcome never changes from
// run to run; a p-value under 0.001 would mean the mapping is broken, not bad luck).
const ALPHA = 0.001;
const chiSeeds = { serverSeed: 'chi-square-server-seed', clientSeed: 'chi-square' };

describe('provably fair rng: chi-square uniformity', () => {
  it.each([2, 3, 6, 7, 10, 37, 52, 100, 312, 1000])('int(%i) over one long stream', (n) => {
    const samples = Math.max(100_000, 100 * n);
    const rng = createRoundRng({ ...chiSeeds, nonce: n });
    const counts = new Float64Array(n);
    for (let i = 0; i < samples; i++) counts[rng.int(n)] += 1;
    const { pValue } = chiSquareUniform(counts);
    expect(pValue).toBeGreaterThan(ALPHA);
  });

  it.each([37, 10000])('the first int(%i) of each nonce (how roulette and dice draw)', (n) => {
    const nonces = n === 37 ? 50_000 : 200_000;
    const counts = new Float64Array(n);
    for (let nonce = 0; nonce < nonces; nonce++) counts[createRoundRng({ ...chiSeeds, nonce }).int(n)] += 1;
    expect(chiSquareUniform(counts).pValue).toBeGreaterThan(ALPHA);
  });

  it('bytes of the digests', () => {
    const counts = new Float64Array(256);
    const rng = createRoundRng({ ...chiSeeds, nonce: 1_000_001 });
    for (let i = 0; i < 100_000; i++) {
      const w = rng.next32();
      counts[w >>> 24] += 1;
      counts[(w >>> 16) & 255] += 1;
      counts[(w >>> 8) & 255] += 1;
      counts[w & 255] += 1;
    }
    expect(chiSquareUniform(counts).pValue).toBeGreaterThan(ALPHA);
  });

  it('pairs of successive int(6) (serial test, 36 cells)', () => {
    const counts = new Float64Array(36);
    const rng = createRoundRng({ ...chiSeeds, nonce: 1_000_002 });
    for (let i = 0; i < 72_000; i++) counts[rng.int(6) * 6 + rng.int(6)] += 1;
    expect(chiSquareUniform(counts).pValue).toBeGreaterThan(ALPHA);
  });

  it('float() in 20 equal bins', () => {
    const counts = new Float64Array(20);
    const rng = createRoundRng({ ...chiSeeds, nonce: 1_000_003 });
    for (let i = 0; i < 100_000; i++) counts[Math.floor(rng.float() * 20)] += 1;
    expect(chiSquareUniform(counts).pValue).toBeGreaterThan(ALPHA);
  });

  it('shuffle of 4 items: all 24 orders equally likely', () => {
    const counts = new Float64Array(24);
    const index = new Map<string, number>();
    const rng = createRoundRng({ ...chiSeeds, nonce: 1_000_004 });
    for (let i = 0; i < 48_000; i++) {
      const key = rng.shuffle(['a', 'b', 'c', 'd']).join('');
      if (!index.has(key)) index.set(key, index.size);
      counts[index.get(key) as number] += 1;
    }
    expect(index.size).toBe(24);
    expect(chiSquareUniform(counts).pValue).toBeGreaterThan(ALPHA);
  });

  it('the test itself rejects a biased mapping (word mod 37 without rejection on 8-bit words)', () => {
    const counts = new Float64Array(37);
    const rng = createRoundRng({ ...chiSeeds, nonce: 1_000_005 });
    for (let i = 0; i < 200_000; i++) counts[(rng.next32() & 255) % 37] += 1;
    expect(chiSquareUniform(counts).pValue).toBeLessThan(ALPHA);
  });
});
