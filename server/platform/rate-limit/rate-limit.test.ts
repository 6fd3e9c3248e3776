import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { createDbRateLimitStore, createRedisRateLimitStore, scaledRateLimitStore, takeTurn, type Backoff, type RateLimitStore } from './index.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const limit = { name: 'test', max: 3, windowSeconds: 60 };

describe('database rate limits', () => {
  it('allows up to the maximum per window, then says how long to wait', async () => {
    const store = createDbRateLimitStore(database.db);
    const now = new Date('2026-11-21T10:00:15Z');
    const results = [];
    for (let index = 0; index < 4; index++) results.push(await store.hit('a', limit, now));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3].retryAfterSeconds).toBe(45);
    expect((await store.peek('a', limit, now)).allowed).toBe(false);
    expect((await store.hit('b', limit, now)).allowed).toBe(true);
    expect((await store.hit('a', limit, new Date('2026-11-21T10:01:01Z'))).allowed).toBe(true);
    await store.reset('a', limit, now);
    expect((await store.peek('a', limit, now)).count).toBe(0);
  });

  it('counts concurrent hits exactly', async () => {
    const store = createDbRateLimitStore(database.db);
    const now = new Date('2026-11-21T11:00:00Z');
    const results = await Promise.all(Array.from({ length: 10 }, () => store.hit('burst', limit, now)));
    expect(results.filter((result) => result.allowed)).toHaveLength(3);
  });

  it('scales every maximum by the multiplier', async () => {
    const store = scaledRateLimitStore(createDbRateLimitStore(database.db), 2);
    const now = new Date('2026-11-21T12:00:00Z');
    const results = await Promise.all(Array.from({ length: 7 }, () => store.hit('scaled', limit, now)));
    expect(results.filter((result) => result.allowed)).toHaveLength(6);
  });
});

/** A stand-in with Redis's semantics for INCR, DECR, EXPIRE, GET and DEL (enough for the store). */
function memoryRedis() {
  const values = new Map<string, number>();
  return {
    async incr(key: string) {
      const next = (values.get(key) ?? 0) + 1;
      values.set(key, next);
      return next;
    },
    async decr(key: string) {
      const next = (values.get(key) ?? 0) - 1;
      values.set(key, next);
      return next;
    },
    async expire() {
      return 1;
    },
    async get(key: string) {
      return values.has(key) ? String(values.get(key)) : null;
    },
    async del(key: string) {
      return values.delete(key) ? 1 : 0;
    },
  };
}

describe('Redis rate limits', () => {
  async function exercise(store: ReturnType<typeof createRedisRateLimitStore>, key: string) {
    const now = new Date('2026-11-21T10:00:15Z');
    const results = [];
    for (let index = 0; index < 4; index++) results.push(await store.hit(key, limit, now));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3].retryAfterSeconds).toBe(45);
    expect((await store.peek(key, limit, now)).count).toBe(4);
    await store.reset(key, limit, now);
    expect((await store.peek(key, limit, now)).count).toBe(0);
  }

  it('counts per window with the same answers as the database store', async () => {
    await exercise(createRedisRateLimitStore(memoryRedis()), 'a');
  });

  // CI points TEST_REDIS_URL at the machine's Redis; the run above covers the logic everywhere.
  it.runIf(!!process.env.TEST_REDIS_URL)('works against a real Redis server', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      await exercise(createRedisRateLimitStore(redis), `test-${Date.now()}-${Math.random()}`);
    } finally {
      await redis.quit();
    }
  });
});

/** Every store the site can run on: the database, Redis's semantics, and a real Redis where CI has one. */
const everyStore: [string, () => Promise<{ store: RateLimitStore; close(): Promise<void> }>][] = [
  ['database', async () => ({ store: createDbRateLimitStore(database.db), close: async () => {} })],
  ['Redis stand-in', async () => ({ store: createRedisRateLimitStore(memoryRedis()), close: async () => {} })],
  ...(process.env.TEST_REDIS_URL
    ? [
        [
          'real Redis',
          async () => {
            const { Redis } = await import('ioredis');
            const redis = new Redis(process.env.TEST_REDIS_URL!);
            return { store: createRedisRateLimitStore(redis), close: async () => void (await redis.quit()) };
          },
        ] as [string, () => Promise<{ store: RateLimitStore; close(): Promise<void> }>],
      ]
    : []),
];

/** Three free failures, then one attempt per 10 s; from five failures on, one per minute. */
const backoff: Backoff = {
  name: 'test-backoff',
  windowSeconds: 3600,
  turns: [
    { afterFailures: 3, turnSeconds: 10 },
    { afterFailures: 5, turnSeconds: 60 },
  ],
};
const at = (seconds: number) => new Date(Date.parse('2026-11-21T10:00:00Z') + seconds * 1000);

describe.each(everyStore)('releasing counts and taking turns (%s)', (_name, open) => {
  let store: RateLimitStore;
  let close: () => Promise<void>;
  let key: string;
  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(() => close());
  beforeEach(() => {
    key = `k-${Date.now()}-${Math.random()}`;
  });

  it('gives a count back, never below zero', async () => {
    const now = at(5);
    await store.hit(key, limit, now);
    await store.hit(key, limit, now);
    await store.release(key, limit, now);
    expect((await store.peek(key, limit, now)).count).toBe(1);
    for (let index = 0; index < 3; index++) await store.release(key, limit, now);
    expect((await store.peek(key, limit, now)).count).toBe(0);
    expect(await store.hit(key, limit, now)).toMatchObject({ allowed: true, count: 1 });
  });

  it('lets the first failures through, then one attempt per turn, the turn growing with the failures', async () => {
    for (let index = 0; index < 3; index++) expect((await takeTurn(store, key, backoff, at(0))).allowed).toBe(true);
    expect((await takeTurn(store, key, backoff, at(1))).allowed).toBe(true);
    expect(await takeTurn(store, key, backoff, at(2))).toEqual({ allowed: false, retryAfterSeconds: 8 });
    expect(await takeTurn(store, key, backoff, at(9))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await takeTurn(store, key, backoff, at(10))).allowed).toBe(true);
    // Five failures: turns of a minute now.
    expect((await takeTurn(store, key, backoff, at(11))).allowed).toBe(true);
    expect(await takeTurn(store, key, backoff, at(12))).toEqual({ allowed: false, retryAfterSeconds: 48 });
    expect((await takeTurn(store, key, backoff, at(60))).allowed).toBe(true);
  });

  it('does not count refused attempts, nor those that succeeded, and a success leaves its turn to the next', async () => {
    for (let index = 0; index < 3; index++) await takeTurn(store, key, backoff, at(0));
    // Attempts refused while waiting for a turn do not lengthen the turns.
    const first = await takeTurn(store, key, backoff, at(0));
    for (let index = 0; index < 5; index++) expect((await takeTurn(store, key, backoff, at(1))).allowed).toBe(false);
    expect(first.allowed).toBe(true);
    if (first.allowed) await first.giveBack();
    const next = await takeTurn(store, key, backoff, at(2));
    expect(next.allowed).toBe(true);
    if (next.allowed) await next.giveBack();
    // Still three failures: turns of 10 s, not a minute.
    expect(await takeTurn(store, key, backoff, at(3))).toMatchObject({ allowed: true });
    expect(await takeTurn(store, key, backoff, at(4))).toEqual({ allowed: false, retryAfterSeconds: 6 });
  });

  it('keeps the previous window\'s failures in mind, so the free attempts do not come back every hour', async () => {
    for (let index = 0; index < 5; index++) await takeTurn(store, key, backoff, at(index * 60));
    // Past the end of the failures' window, and more than a minute on (the database store sweeps old windows each minute).
    expect(await takeTurn(store, key, backoff, at(3690))).toMatchObject({ allowed: true });
    expect(await takeTurn(store, key, backoff, at(3691))).toEqual({ allowed: false, retryAfterSeconds: 29 });
    // Two windows on, the old failures are forgotten.
    for (let index = 0; index < 3; index++) expect((await takeTurn(store, key, backoff, at(2 * 7200 + 1))).allowed).toBe(true);
  });

  it('lets one of many parallel attempts have a turn', async () => {
    const oneTurn: Backoff = { name: 'test-one-turn', windowSeconds: 3600, turns: [{ afterFailures: 3, turnSeconds: 30 }] };
    const turns = await Promise.all(Array.from({ length: 12 }, () => takeTurn(store, key, oneTurn, at(0))));
    expect(turns.filter((turn) => turn.allowed)).toHaveLength(4);
  });
});
