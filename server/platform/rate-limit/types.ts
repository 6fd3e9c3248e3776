/** What a rate limit is and what a store of counts answers (index.ts has the stores, backoff.ts the turns). */
export type Limit = { name: string; max: number; windowSeconds: number };
export type HitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

export interface RateLimitStore {
  /** Counts one event for `key` in the current window and answers whether it is within `max`. */
  hit(key: string, limit: Limit, now?: Date): Promise<HitResult>;
  /**
   * The count so far in the window `now` falls in, without counting. A window stays readable
   * until the next one ends, so a `now` one window back reads the previous window's count.
   */
  peek(key: string, limit: Limit, now?: Date): Promise<HitResult>;
  /** Forgets a key (e.g. failed logins after a successful one). */
  reset(key: string, limit: Limit, now?: Date): Promise<void>;
  /**
   * Takes back one count of the window `now` falls in, never below zero: an attempt counted
   * before it was checked (so parallel requests cannot all slip under the limit) that turned out
   * not to be what the limit counts. Pass the `now` the hit had, so both name the same window.
   */
  release(key: string, limit: Limit, now?: Date): Promise<void>;
}
