import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-db.ts';
import { createBus, createMemoryBus, createRedisBus, MAX_MESSAGE_BYTES, uniqueNamespace, type Bus } from './index.ts';

/**
 * The bus on every deployment it has: in memory, the embedded PGlite or PostgreSQL (whichever
 * the run's TEST_DATABASE_URL gives), and Redis when TEST_REDIS_URL is set (CI sets both).
 */
const opened: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const item of opened.reverse()) await item.close();
});

const received = (bus: Bus, channel: string) => {
  const messages: unknown[] = [];
  bus.subscribe(channel, (message) => messages.push(message));
  return messages;
};
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

async function behavesAsABus(makePair: () => Promise<[Bus, Bus]>) {
  const [one, two] = await makePair();
  const onOne = received(one, 'live');
  const onTwo = received(two, 'live');
  const otherChannel = received(two, 'cache.invalidate');
  await one.publish('live', { n: 1, text: 'été ✓' });
  await two.publish('live', { n: 2 });
  await until(() => onOne.length === 2 && onTwo.length === 2);
  // Everyone hears everyone, themselves included, in order per publisher.
  expect(onOne).toEqual([{ n: 1, text: 'été ✓' }, { n: 2 }]);
  expect(onTwo).toEqual([{ n: 1, text: 'été ✓' }, { n: 2 }]);
  expect(otherChannel).toEqual([]);
  await expect(one.publish('live', { big: 'x'.repeat(MAX_MESSAGE_BYTES) })).rejects.toThrow(/larger than/);
}

describe('process bus', () => {
  it('in memory', async () => {
    const bus = createMemoryBus();
    await behavesAsABus(async () => [bus, bus]);
  });

  it('on the database of this run (PGlite LISTEN/NOTIFY, or PostgreSQL with TEST_DATABASE_URL)', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const namespace = uniqueNamespace();
    await behavesAsABus(async () => {
      const one = await createBus({ database, namespace });
      // Two handles stand for two processes (on PGlite, one process is all there can be).
      const two = database.kind === 'postgres' ? await createBus({ database, namespace }) : one;
      opened.push(one, ...(two === one ? [] : [two]));
      return [one, two];
    });
    // Another site on the same server hears nothing of this one.
    const stranger = await createBus({ database, namespace: uniqueNamespace() });
    opened.push(stranger);
    const heard = received(stranger, 'live');
    const mine = await createBus({ database, namespace });
    opened.push(mine);
    await mine.publish('live', { secret: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
  });

  it.runIf(!!process.env.TEST_REDIS_URL)('on Redis pub/sub', async () => {
    const namespace = uniqueNamespace();
    await behavesAsABus(async () => {
      const pair: [Bus, Bus] = [await createRedisBus({ url: process.env.TEST_REDIS_URL!, namespace }), await createRedisBus({ url: process.env.TEST_REDIS_URL!, namespace })];
      opened.push(...pair);
      return pair;
    });
  });
});
