import { randomUUID } from 'node:crypto';
import type { Logger } from './logger.ts';
import type { ReadCache } from './read-cache.ts';

/** The part of the process bus (server/platform/bus) that invalidation needs. */
export type InvalidationBus = {
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, listener: (message: unknown) => void): () => void;
  /** After the bus lost its subscription for a while (messages may have been missed). */
  onReconnect?(listener: () => void): () => void;
};

export const INVALIDATION_CHANNEL = 'cache.invalidate';

/**
 * Keeps the process-local read caches (site settings, site configuration, catalogue lists) from
 * going stale when several web processes serve the site: a writer clears the named cache in its
 * own process at once and tells every other process through the bus, which clears its copy.
 *
 * Pub/sub delivers at most once (a process that is reconnecting to Redis misses a message): when
 * the bus reports it was away, every cache of the process is cleared, and each cache keeps its
 * short time limit as the backstop: a missed message costs at most that many seconds of an old
 * value, never a wrong value for longer.
 */
export type CacheInvalidator = {
  /** Registers a cache under a name; an invalidation of that name, from any process, clears it. */
  register(name: string, cache: Pick<ReadCache, 'clear'>): void;
  /** Clears the named caches here and in every other process. */
  invalidate(...names: string[]): Promise<void>;
  close(): void;
};

export function createCacheInvalidator(options: { bus?: InvalidationBus; logger?: Logger } = {}): CacheInvalidator {
  const caches = new Map<string, Array<Pick<ReadCache, 'clear'>>>();
  /** Our own messages come back through the bus: they were already applied. */
  const origin = randomUUID();
  const clearLocal = (names: string[]) => {
    for (const name of names) for (const cache of caches.get(name) ?? []) cache.clear();
  };
  const unsubscribe = options.bus?.subscribe(INVALIDATION_CHANNEL, (message) => {
    const { names, from } = (message ?? {}) as { names?: unknown; from?: unknown };
    if (from === origin || !Array.isArray(names)) return;
    clearLocal(names.filter((name): name is string => typeof name === 'string'));
  });
  const stopHearingGaps = options.bus?.onReconnect?.(() => clearLocal([...caches.keys()]));

  return {
    register(name, cache) {
      caches.set(name, [...(caches.get(name) ?? []), cache]);
    },
    async invalidate(...names) {
      clearLocal(names);
      if (!options.bus) return;
      try {
        await options.bus.publish(INVALIDATION_CHANNEL, { names, from: origin });
      } catch (error) {
        // The write itself succeeded; other processes fall back to their caches' time limit.
        options.logger?.warn({ err: error, names }, 'cache invalidation could not be published');
      }
    },
    close() {
      unsubscribe?.();
      stopHearingGaps?.();
    },
  };
}

/** For modules created without a bus (tests, single-process tools): clears locally only. */
export const localInvalidator = (): CacheInvalidator => createCacheInvalidator();
