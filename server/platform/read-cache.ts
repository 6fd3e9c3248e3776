/**
 * A short-lived, bounded, in-process cache for reads that every visitor shares (the game list,
 * the providers). Answers may be up to `ttlMs` old, which is why only data that operators change
 * rarely, and that is not money, belongs here.
 *
 * Concurrent misses of one key share a single load: sixteen visitors opening the home page at
 * once cost one query, not sixteen. A load that fails is not kept, so an error is never served
 * from the cache. Values are shared between callers: treat them as read-only.
 */
import { cacheCounters } from './observability/metrics.ts';

export type ReadCache = {
  /** The value for `key`: from the cache while fresh, otherwise from `load` (once per key at a time). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets everything, for a writer in this process that must see its own change at once. */
  clear(): void;
};

export function createReadCache(options: { /** Names the cache in the metrics (croupier_cache_requests_total). */ name?: string; ttlMs: number; maxEntries: number; now?: () => number }): ReadCache {
  const counted = cacheCounters(options.name ?? 'unnamed');
  // Read at each call, not captured, so a test that fakes Date moves this clock too.
  const now = options.now ?? (() => Date.now());
  // A Map keeps insertion order, so the first key is the oldest entry: the one to evict.
  const entries = new Map<string, { value: Promise<unknown>; at: number }>();

  function get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (options.ttlMs <= 0) return load();
    const hit = entries.get(key);
    if (hit && now() - hit.at < options.ttlMs) {
      counted.hit.inc();
      return hit.value as Promise<T>;
    }
    counted.miss.inc();
    if (hit) entries.delete(key);
    const value = load();
    const entry = { value, at: now() };
    entries.set(key, entry);
    // Keys can come from visitors (a search text), so the map is bounded.
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  }

  return { get, clear: () => entries.clear() };
}
