import { describe, expect, it } from 'vitest';
import { createMemoryBus, MAX_MESSAGE_BYTES, type Bus } from '../bus/index.ts';
import { createLiveHub, type LiveConnection } from './index.ts';

/** The hub alone, on the in-memory bus (the HTTP stream is tested in server/http/live.test.ts). */

/** An in-memory bus whose reconnect the test triggers. */
function testBus(): Bus & { reconnect(): void } {
  const bus = createMemoryBus();
  const listeners = new Set<() => void>();
  return {
    ...bus,
    onReconnect(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    reconnect: () => listeners.forEach((listener) => listener()),
  };
}

function connection(topics: string[], options: { accept?: number } = {}) {
  const chunks: string[] = [];
  let closed = false;
  const stream: LiveConnection & { chunks: string[]; readonly closed: boolean; events(): Array<{ id?: string; event: string }> } = {
    topics: new Set(topics),
    chunks,
    get closed() {
      return closed;
    },
    write(chunk) {
      chunks.push(chunk);
      return chunks.length <= (options.accept ?? Infinity);
    },
    close() {
      closed = true;
    },
    events: () =>
      chunks
        .filter((chunk) => !chunk.startsWith(':'))
        .map((chunk) => {
          const fields = Object.fromEntries(chunk.trim().split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
          return { id: fields.id, event: fields.event };
        }),
  };
  return stream;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('live hub', () => {
  it('fans a message out to the streams of its topic only', async () => {
    const hub = createLiveHub({ bus: createMemoryBus() });
    const ann = connection(['public', 'player:1']);
    const bob = connection(['public', 'player:2']);
    hub.attach(ann);
    hub.attach(bob);
    await hub.publish('player:1', { type: 'balance', data: { n: 1 } });
    await hub.publish('public', { type: 'jackpot', data: {} });
    await settle();
    expect(ann.events().map((event) => event.event)).toEqual(['balance', 'jackpot']);
    expect(bob.events().map((event) => event.event)).toEqual(['jackpot']);
    hub.close();
    expect(ann.closed && bob.closed).toBe(true);
  });

  it('gives every publish its own id, or the one it was given', async () => {
    const hub = createLiveHub({ bus: createMemoryBus() });
    const ids = await Promise.all(Array.from({ length: 50 }, () => hub.publish('public', { type: 't', data: null })));
    expect(new Set(ids).size).toBe(50);
    expect(await hub.publish('public', { type: 't', data: null, id: 'b42' })).toBe('b42');
    hub.close();
  });

  it('replays after the last id a stream saw, within the ring’s count, age and size, else resync', async () => {
    const hub = createLiveHub({ bus: createMemoryBus(), bufferSize: 3 });
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) ids.push(await hub.publish(n === 3 ? 'player:2' : 'player:1', { type: `m${n}`, data: { n } }));
    await settle();
    // The ring holds m2, m3, m4; m3 is another player's.
    const resumed = connection(['public', 'player:1']);
    hub.attach(resumed, ids[2]);
    expect(resumed.events()).toEqual([{ id: ids[4], event: 'm4' }]);
    const tooOld = connection(['public', 'player:1']);
    hub.attach(tooOld, ids[1]);
    expect(tooOld.events()).toEqual([{ id: ids[1], event: 'resync' }]);
    hub.close();

    const aging = createLiveHub({ bus: createMemoryBus(), bufferAgeMs: 30 });
    const first = await aging.publish('public', { type: 'a', data: null });
    await new Promise((resolve) => setTimeout(resolve, 60));
    await aging.publish('public', { type: 'b', data: null });
    await settle();
    const late = connection(['public']);
    aging.attach(late, first);
    expect(late.events().map((event) => event.event)).toEqual(['resync']);
    aging.close();

    const small = createLiveHub({ bus: createMemoryBus(), bufferBytes: 1000 });
    const big = await small.publish('public', { type: 'big', data: 'x'.repeat(600) });
    await small.publish('public', { type: 'big', data: 'y'.repeat(600) });
    await settle();
    const reader = connection(['public']);
    small.attach(reader, big);
    expect(reader.events().map((event) => event.event)).toEqual(['resync']);
    small.close();
  });

  it('gives a page\'s first stream what was heard since the page read its state, or resync when the ring does not go back so far', async () => {
    const bus = testBus();
    const hub = createLiveHub({ bus, bufferSize: 3 });
    const beforeRender = await hub.publish('player:1', { type: 'before', data: null });
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const renderedAt = Date.now();
    // Between the page's render and its stream: a deposit lands, and another player's win.
    const moved = await hub.publish('player:1', { type: 'balance', data: { balance: '2500' } });
    await hub.publish('player:2', { type: 'balance', data: { balance: '1' } });
    await settle();
    const page = connection(['public', 'player:1']);
    hub.attach(page, undefined, renderedAt);
    expect(page.events()).toEqual([{ id: moved, event: 'balance' }]);
    expect(page.events().map((event) => event.id)).not.toContain(beforeRender);
    // Without `since`, nothing is replayed (a guest's page, an old client).
    const plain = connection(['public', 'player:1']);
    hub.attach(plain);
    expect(plain.events()).toEqual([]);
    // A Last-Event-ID wins over `since`: the browser's own reconnect.
    const resumed = connection(['public', 'player:1']);
    hub.attach(resumed, moved, renderedAt);
    expect(resumed.events()).toEqual([]);

    // The ring let go of messages after the render (count bound): the page must reload its state.
    for (let n = 0; n < 3; n++) await hub.publish('public', { type: 'tick', data: { n } });
    await settle();
    const late = connection(['public', 'player:1']);
    hub.attach(late, undefined, renderedAt);
    expect(late.events().map((event) => event.event)).toEqual(['resync']);
    // So must a page rendered before a bus gap emptied the ring.
    const afterGap = Date.now() - 1;
    bus.reconnect();
    const gapped = connection(['public']);
    hub.attach(gapped, undefined, afterGap);
    expect(gapped.events().map((event) => event.event)).toEqual(['resync']);
    hub.close();
  });

  /** A test bus that records each bus message the hub sends, each taking a round trip. */
  function countingBus() {
    const bus = testBus();
    const sent: unknown[] = [];
    const counting: Bus = {
      ...bus,
      async publish(channel, message) {
        sent.push(message);
        await settle(); // a round trip
        await bus.publish(channel, message);
      },
    };
    return { counting, sent };
  }

  it('sends what is published while the bus is busy in one bus message, in order, never over the bus limit', async () => {
    const { counting, sent } = countingBus();
    const hub = createLiveHub({ bus: counting });
    const mine = connection(['player:1']);
    hub.attach(mine);
    // 200 balance messages of about 150 bytes published at once, as a dispatch's effects are.
    const ids = await Promise.all(Array.from({ length: 200 }, (_, index) => hub.publish('player:1', { id: `b${index}`, type: 'balance', data: { balance: String(index).padStart(100, '0') } })));
    expect(ids).toEqual(Array.from({ length: 200 }, (_, index) => `b${index}`));
    await settle();
    expect(mine.events().map((event) => event.id)).toEqual(ids);
    // In as few messages as the limit allows.
    expect(sent.length).toBeGreaterThan(2);
    expect(sent.length).toBeLessThan(12);
    for (const message of sent) expect(Buffer.byteLength(JSON.stringify({ c: 'live', m: message }))).toBeLessThan(MAX_MESSAGE_BYTES);
    // A message alone is sent as itself.
    await hub.publish('player:1', { id: 'alone', type: 'balance', data: {} });
    expect(sent.at(-1)).toMatchObject({ id: 'alone', topic: 'player:1' });
  });

  it('lets messages published a moment apart leave together, and sends at once without a linger', async () => {
    const { counting, sent } = countingBus();
    // As the job runner publishes: a dispatch's messages, then a handler's two milliseconds later.
    const lingering = createLiveHub({ bus: counting, lingerMs: 20 });
    const first = lingering.publish('player:1', { id: 'dispatch', type: 'balance', data: {} });
    await new Promise((resolve) => setTimeout(resolve, 2));
    await Promise.all([first, lingering.publish('public', { id: 'handler', type: 'leaderboard', data: {} })]);
    expect(sent).toEqual([{ batch: [expect.objectContaining({ id: 'dispatch' }), expect.objectContaining({ id: 'handler' })] }]);
    lingering.close();

    sent.length = 0;
    const eager = createLiveHub({ bus: counting, lingerMs: 0 });
    const alone = eager.publish('player:1', { id: 'alone', type: 'balance', data: {} });
    expect(sent).toEqual([expect.objectContaining({ id: 'alone' })]);
    await alone;
    eager.close();
  });

  it('drops a stream whose socket stops taking writes', async () => {
    const hub = createLiveHub({ bus: createMemoryBus() });
    const slow = connection(['public'], { accept: 2 });
    const fine = connection(['public']);
    hub.attach(slow);
    hub.attach(fine);
    for (let n = 0; n < 5; n++) await hub.publish('public', { type: 'm', data: { n } });
    await settle();
    expect(slow.closed).toBe(true);
    expect(slow.chunks).toHaveLength(3);
    expect(fine.chunks).toHaveLength(5);
    expect(hub.connections()).toBe(1);
    hub.close();
  });

  it('after a bus reconnect, asks every stream to resync and forgets what it may have missed', async () => {
    const bus = testBus();
    const hub = createLiveHub({ bus });
    const id = await hub.publish('public', { type: 'm', data: null });
    await settle();
    const open = connection(['public']);
    hub.attach(open);
    bus.reconnect();
    // No id on this resync: the page's last id stays the last message it really saw.
    expect(open.events()).toEqual([{ id: undefined, event: 'resync' }]);
    const resumed = connection(['public']);
    hub.attach(resumed, id);
    expect(resumed.events()).toEqual([{ id, event: 'resync' }]);
    hub.close();
  });
});
