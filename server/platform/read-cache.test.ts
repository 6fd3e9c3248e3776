import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.ts';

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A load that counts its calls and answers `value-<call>`. */
function counter() {
  let calls = 0;
  return {
    load: async () => `value-${++calls}`,
    calls: () => calls,
  };
}

describe('read cache', () => {
  it('answers from memory while fresh and loads again once the time has passed', async () => {
    const time = clock();
    const cache = createReadCache({ ttlMs: 5000, maxEntries: 10, now: time.now });
    const source = counter();
    expect(await cache.get('games', source.load)).toBe('value-1');
    time.advance(4999);
    expect(await cache.get('games', source.load)).toBe('value-1');
    time.advance(1);
    expect(await cache.get('games', source.load)).toBe('value-2');
    expect(source.calls()).toBe(2);
  });

  it('keeps keys apart', async () => {
    const cache = createReadCache({ ttlMs: 5000, maxEntries: 10 });
    expect(await cache.get('en', async () => 'Roulette')).toBe('Roulette');
    expect(await cache.get('fr', async () => 'Roulette européenne')).toBe('Roulette européenne');
    expect(await cache.get('en', async () => 'not asked')).toBe('Roulette');
  });

  it('lets concurrent misses of one key share a single load', async () => {
    const cache = createReadCache({ ttlMs: 5000, maxEntries: 10 });
    let calls = 0;
    let release!: (value: string) => void;
    const load = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const answers = Promise.all(Array.from({ length: 16 }, () => cache.get('home', load)));
    release('rows');
    expect(await answers).toEqual(Array(16).fill('rows'));
    expect(calls).toBe(1);
  });

  it('never serves a failed load: the next caller tries again', async () => {
    const cache = createReadCache({ ttlMs: 5000, maxEntries: 10 });
    await expect(cache.get('games', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('games', async () => 'recovered')).toBe('recovered');
  });

  it('holds at most maxEntries keys, forgetting the oldest first', async () => {
    const cache = createReadCache({ ttlMs: 5000, maxEntries: 2 });
    const source = counter();
    await cache.get('a', source.load);
    await cache.get('b', source.load);
    await cache.get('c', source.load);
    expect(await cache.get('c', source.load)).toBe('value-3');
    expect(await cache.get('b', source.load)).toBe('value-2');
    expect(await cache.get('a', source.load)).toBe('value-4');
  });

  it('with a time of 0 always loads, and clear() forgets everything', async () => {
    const off = createReadCache({ ttlMs: 0, maxEntries: 10 });
    const source = counter();
    await off.get('a', source.load);
    expect(await off.get('a', source.load)).toBe('value-2');

    const cache = createReadCache({ ttlMs: 5000, maxEntries: 10 });
    await cache.get('a', source.load);
    cache.clear();
    expect(await cache.get('a', source.load)).toBe('value-4');
  });
});
