import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rateLimitCounters } from '../../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * Fixed-window counters for abuse limits (failed logins, code sends, registrations ...). Stored
 * in the database by default so every process shares them; in Redis when REDIS_URL is set.
 */
export type { HitResult, Limit, RateLimitStore } from './types.ts';
import type { Limit, RateLimitStore } from './types.ts';

const windowStart = (limit: Limit, now: Date) => {
  const size = limit.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / size) * size);
};
/** How long a window's count is kept: through the next window too (see `peek`). */
const keptSeconds = (limit: Limit) => 2 * limit.windowSeconds;
const retryAfter = (limit: Limit, now: Date) =>
  Math.max(1, Math.ceil((windowStart(limit, now).getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000));

export function createDbRateLimitStore(db: Db): RateLimitStore {
  let lastSweep = 0;
  async function sweep(now: Date) {
    // Old windows are useless: clear them now and then, not on every hit.
    if (now.getTime() - lastSweep < 60_000) return;
    lastSweep = now.getTime();
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
  }
  return {
    async hit(key, limit, now = new Date()) {
      const start = windowStart(limit, now);
      const fullKey = `${limit.name}:${key}`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key: fullKey, windowStart: start, count: 1, expiresAt: new Date(start.getTime() + keptSeconds(limit) * 1000) })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + 1` },
        })
        .returning({ count: rateLimitCounters.count });
      await sweep(now);
      return { allowed: row.count <= limit.max, count: row.count, retryAfterSeconds: retryAfter(limit, now) };
    },
    async peek(key, limit, now = new Date()) {
      const [row] = await db
        .select({ count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(and(eq(rateLimitCounters.key, `${limit.name}:${key}`), eq(rateLimitCounters.windowStart, windowStart(limit, now))));
      const count = row?.count ?? 0;
      return { allowed: count < limit.max, count, retryAfterSeconds: retryAfter(limit, now) };
    },
    async reset(key, limit, now = new Date()) {
      await db
        .delete(rateLimitCounters)
        .where(and(eq(rateLimitCounters.key, `${limit.name}:${key}`), eq(rateLimitCounters.windowStart, windowStart(limit, now))));
    },
    async release(key, limit, now = new Date()) {
      await db
        .update(rateLimitCounters)
        .set({ count: sql`${rateLimitCounters.count} - 1` })
        .where(
          and(
            eq(rateLimitCounters.key, `${limit.name}:${key}`),
            eq(rateLimitCounters.windowStart, windowStart(limit, now)),
            gt(rateLimitCounters.count, 0),
          ),
        );
    },
  };
}

/** Minimal Redis client surface we need (ioredis satisfies it). */
export type RedisLike = {
  incr(key: string): Promise<number>;
  decr(key: string): Promise<number>;
  expire(key: string, seconds: number): Promise<number>;
  get(key: string): Promise<string | null>;
  del(key: string): Promise<number>;
};

export function createRedisRateLimitStore(redis: RedisLike): RateLimitStore {
  const redisKey = (key: string, limit: Limit, now: Date) => `rl:${limit.name}:${key}:${windowStart(limit, now).getTime()}`;
  return {
    async hit(key, limit, now = new Date()) {
      const name = redisKey(key, limit, now);
      const count = await redis.incr(name);
      if (count === 1) await redis.expire(name, keptSeconds(limit) + 1);
      return { allowed: count <= limit.max, count, retryAfterSeconds: retryAfter(limit, now) };
    },
    async peek(key, limit, now = new Date()) {
      const count = Number((await redis.get(redisKey(key, limit, now))) ?? 0);
      return { allowed: count < limit.max, count, retryAfterSeconds: retryAfter(limit, now) };
    },
    async reset(key, limit, now = new Date()) {
      await redis.del(redisKey(key, limit, now));
    },
    async release(key, limit, now = new Date()) {
      const name = redisKey(key, limit, now);
      // DECR of a key that expired or was reset meanwhile creates it, below zero and without a
      // time to live: drop it, since nothing was counted.
      if ((await redis.decr(name)) < 0) await redis.del(name);
    },
  };
}

export function tooManyRequests(retryAfterSeconds: number, message = 'Too many attempts, try again later'): AppError {
  return new AppError('TooManyRequestsException', message, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
    details: { retry_after: retryAfterSeconds },
  });
}

/** Counts an event and throws TooManyRequestsException when it is over the limit. */
export async function enforce(store: RateLimitStore, key: string, limit: Limit): Promise<void> {
  const result = await store.hit(key, limit);
  if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
}

/** The same store with every limit's maximum multiplied (RATE_LIMIT_MULTIPLIER). */
export function scaledRateLimitStore(store: RateLimitStore, multiplier: number): RateLimitStore {
  if (multiplier === 1) return store;
  const scale = (limit: Limit): Limit => ({ ...limit, max: limit.max * multiplier });
  return {
    hit: (key, limit, now) => store.hit(key, scale(limit), now),
    peek: (key, limit, now) => store.peek(key, scale(limit), now),
    reset: (key, limit, now) => store.reset(key, scale(limit), now),
    release: (key, limit, now) => store.release(key, scale(limit), now),
  };
}

export { takeTurn, type Backoff, type Turn } from './backoff.ts';
