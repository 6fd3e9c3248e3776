import { describe, expect, it } from 'vitest';
import { createCacheInvalidator, type InvalidationBus } from './cache-invalidation.ts';
import { createReadCache } from './read-cache.ts';

/** One bus shared by "processes" in this test, delivering asynchronously like a real one. */
function sharedBus(): InvalidationBus {
  const listeners = new Map<string, Set<(message: unknown) => void>>();
  return {
    async publish(channel, message) {
      const copy = JSON.parse(JSON.stringify(message)) as unknown;
      queueMicrotask(() => listeners.get(channel)?.forEach((listener) => listener(copy)));
    },
    subscribe(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
      return () => listeners.get(channel)!.delete(listener);
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('cache invalidation across processes', () => {
  it('a write in one process clears the same cache in the others, and only that cache', async () => {
    const bus = sharedBus();
    let version = 1;
    const processes = [0, 1].map(() => {
      const invalidator = createCacheInvalidator({ bus });
      const settings = createReadCache({ ttlMs: 60_000, maxEntries: 4 });
      const games = createReadCache({ ttlMs: 60_000, maxEntries: 4 });
      invalidator.register('site-settings', settings);
      invalidator.register('catalogue', games);
      return { invalidator, settings, games };
    });
    const read = (p: (typeof processes)[number]) => p.settings.get('maintenance', async () => `v${version}`);
    const readGames = (p: (typeof processes)[number]) => p.games.get('all', async () => `games v${version}`);
    expect(await read(processes[0])).toBe('v1');
    expect(await read(processes[1])).toBe('v1');
    expect(await readGames(processes[1])).toBe('games v1');

    version = 2;
    await processes[0].invalidator.invalidate('site-settings');
    // The writer sees its change at once, before any message travels.
    expect(await read(processes[0])).toBe('v2');
    await tick();
    expect(await read(processes[1])).toBe('v2');
    // Another cache of the other process was not touched.
    expect(await readGames(processes[1])).toBe('games v1');
  });

  it('without a bus a write still clears its own process, and a failing bus does not fail the write', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 4 });
    const alone = createCacheInvalidator();
    alone.register('site-config', cache);
    let value = 'a';
    expect(await cache.get('en', async () => value)).toBe('a');
    value = 'b';
    await alone.invalidate('site-config');
    expect(await cache.get('en', async () => value)).toBe('b');

    const broken = createCacheInvalidator({
      bus: { publish: () => Promise.reject(new Error('redis down')), subscribe: () => () => {} },
    });
    broken.register('site-config', cache);
    value = 'c';
    await expect(broken.invalidate('site-config')).resolves.toBeUndefined();
    expect(await cache.get('en', async () => value)).toBe('c');
  });

  it('ignores malformed messages', async () => {
    const bus = sharedBus();
    const invalidator = createCacheInvalidator({ bus });
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 4 });
    invalidator.register('site-settings', cache);
    expect(await cache.get('k', async () => 1)).toBe(1);
    await bus.publish('cache.invalidate', { names: 'site-settings' });
    await bus.publish('cache.invalidate', null);
    await tick();
    expect(await cache.get('k', async () => 2)).toBe(1);
  });

  it('clears every cache when the bus says it was away (messages may have been missed)', async () => {
    let reconnected = () => {};
    const bus = { ...sharedBus(), onReconnect: (listener: () => void) => ((reconnected = listener), () => {}) };
    const invalidator = createCacheInvalidator({ bus });
    const settings = createReadCache({ ttlMs: 60_000, maxEntries: 4 });
    const games = createReadCache({ ttlMs: 60_000, maxEntries: 4 });
    invalidator.register('site-settings', settings);
    invalidator.register('catalogue', games);
    expect(await settings.get('k', async () => 1)).toBe(1);
    expect(await games.get('k', async () => 1)).toBe(1);
    reconnected();
    expect(await settings.get('k', async () => 2)).toBe(2);
    expect(await games.get('k', async () => 2)).toBe(2);
  });
});
