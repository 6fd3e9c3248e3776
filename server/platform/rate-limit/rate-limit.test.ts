import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { createDbRateLimitStore, createRedisRateLimitStore, scaledRateLimitStore } from './index.ts';

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

/** A stand-in with Redis's semantics for INCR, EXPIRE, GET and DEL (enough for the store). */
function memoryRedis() {
  const values = new Map<string, number>();
  return {
    async incr(key: string) {
      const next = (values.get(key) ?? 0) + 1;
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
