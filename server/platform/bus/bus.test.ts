import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-db.ts';
import pg from 'pg';
import { createBus, createMemoryBus, createPostgresBus, createRedisBus, MAX_MESSAGE_BYTES, uniqueNamespace, type Bus } from './index.ts';

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

  /** Cuts the listening connection from the server's side, then checks the bus says so and hears again. */
  async function survivesACutConnection(bus: Bus, cut: () => Promise<void>) {
    let reconnects = 0;
    bus.onReconnect(() => reconnects++);
    const heard = received(bus, 'live');
    await cut();
    await until(() => reconnects === 1);
    expect(reconnects).toBe(1);
    await bus.publish('live', { after: 'reconnect' });
    await until(() => heard.length === 1);
    expect(heard).toEqual([{ after: 'reconnect' }]);
  }

  it.runIf(!!process.env.TEST_DATABASE_URL)('on PostgreSQL, reconnects its listener and reports the gap', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    opened.push({ close: () => pool.end() });
    const namespace = uniqueNamespace();
    const bus = await createPostgresBus({ url, pool, namespace });
    opened.push(bus);
    await survivesACutConnection(bus, async () => {
      const { rowCount } = await pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = $1`, [`LISTEN "bus_${namespace}"`]);
      expect(rowCount).toBe(1);
    });
  });

  it.runIf(!!process.env.TEST_REDIS_URL)('on Redis, resubscribes after a cut connection and reports the gap', async () => {
    const namespace = uniqueNamespace();
    const bus = await createRedisBus({ url: process.env.TEST_REDIS_URL!, namespace });
    opened.push(bus);
    const { Redis } = await import('ioredis');
    const admin = new Redis(process.env.TEST_REDIS_URL!);
    opened.push({ close: async () => void (await admin.quit()) });
    await survivesACutConnection(bus, async () => {
      const clients = String(await admin.call('client', 'list')).split('\n');
      const id = clients.find((line) => line.includes(`name=${namespace}-bus-sub `))?.match(/^id=(\d+)/)?.[1];
      expect(id).toBeDefined();
      await admin.call('client', 'kill', 'id', id!);
    });
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
