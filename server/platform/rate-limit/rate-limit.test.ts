import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { createDbRateLimitStore, scaledRateLimitStore } from './index.ts';

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
