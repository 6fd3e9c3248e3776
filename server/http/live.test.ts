import { createServer, request, Agent, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../platform/testing/test-app.ts';
import { registerPlayer, type TestPlayer } from '../platform/testing/players.ts';
import { writeOutboxEvent } from '../platform/events/outbox.ts';
import { createLiveEndpoint, type LiveEndpointOptions } from './live.ts';
import { SESSION_COOKIE } from '../modules/accounts/index.ts';

/**
 * The live stream over a real HTTP server on loopback, with the hub and the bus of a test app
 * (PGlite here, PostgreSQL NOTIFY in CI's second pass).
 */
let t: TestApp;
const servers: Array<{ server: Server; endpoint: ReturnType<typeof createLiveEndpoint> }> = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const { server, endpoint } of servers) {
    endpoint.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await t.close();
});

async function liveServer(options: Partial<LiveEndpointOptions> = {}) {
  const endpoint = createLiveEndpoint({
    hub: t.services.live,
    sessionCookie: SESSION_COOKIE,
    resolveSession: (token, opts) => t.services.sessions.resolve(token, opts),
    ...options,
  });
  const server = createServer((req, res) => {
    if (!endpoint.handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ server, endpoint });
  return { port: (server.address() as AddressInfo).port, endpoint };
}

type Event = { id?: string; event: string; data: unknown; retry?: string };
type Stream = { events: Event[]; comments: number; closed: boolean; status: number; close(): void; waitFor(check: (events: Event[]) => boolean, ms?: number): Promise<void> };

/** A minimal server-sent-events reader. */
function open(port: number, options: { cookie?: string; lastEventId?: string; agent?: Agent; since?: string } = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
    const req = request({ host: '127.0.0.1', port, path: options.since === undefined ? '/live' : `/live?since=${options.since}`, headers, agent: options.agent ?? false }, (res) => {
      let buffer = '';
      const stream: Stream = {
        events: [],
        comments: 0,
        closed: false,
        status: res.statusCode ?? 0,
        close: () => req.destroy(),
        async waitFor(check, ms = 3000) {
          const started = Date.now();
          while (!check(stream.events)) {
            if (Date.now() - started > ms) throw new Error(`timed out with ${stream.events.length} events (${stream.events.map((event) => event.event).slice(-5).join(', ')})`);
            await new Promise((r) => setTimeout(r, 10));
          }
        },
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) {
            stream.comments++;
            continue;
          }
          const fields = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
          if (fields.event) stream.events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data ?? 'null'), retry: fields.retry });
        }
      });
      res.on('close', () => (stream.closed = true));
      resolve(stream);
    });
    req.on('error', reject);
    req.end();
  });
}

const cookieOf = (player: TestPlayer) => player.cookie;

/** A full garbage collection, so heap figures compare live objects only. */
function forceGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
const named = (events: Event[], type: string) => events.filter((event) => event.event === type);

describe('live stream', () => {
  // First, while the process holds nothing else, so the memory figure is the streams'.
  it('holds 1,000 idle streams on one process and reaches them all', async () => {
    const { port, endpoint } = await liveServer({ maxPerClient: 2000 });
    const agent = new Agent({ keepAlive: true, maxSockets: 2000 });
    const collect = forceGc();
    collect();
    const before = process.memoryUsage();
    const streams: Stream[] = [];
    for (let i = 0; i < 1000; i++) streams.push(await open(port, { agent }));
    await streams[999].waitFor((events) => events.length === 1);
    expect(endpoint.streams()).toBe(1000);
    collect();
    const after = process.memoryUsage();
    // Both ends live in this process (the test's readers too), so this over-counts the server's share.
    const perConnection = (after.heapUsed - before.heapUsed + (after.external - before.external)) / 1000;
    console.log(`live: heap ${(before.heapUsed / 1048576).toFixed(1)} -> ${(after.heapUsed / 1048576).toFixed(1)} MiB; 1,000 idle streams, ${(perConnection / 1024).toFixed(1)} KiB of heap and buffers per stream (both ends), rss +${((after.rss - before.rss) / 1024 / 1024).toFixed(1)} MiB`);
    expect(perConnection).toBeLessThan(64 * 1024);

    await t.services.live.publish('public', { type: 'jackpot', data: { amount: '1' } });
    for (const stream of streams) await stream.waitFor((events) => named(events, 'jackpot').length === 1, 10_000);
    for (const stream of streams) stream.close();
    agent.destroy();
  }, 60_000);

  it('gives a guest the public topic only, and each player their own topic and never another player’s', async () => {
    const { port } = await liveServer();
    const [ann, bob] = [await registerPlayer(t), await registerPlayer(t)];
    const guest = await open(port);
    const annStream = await open(port, { cookie: cookieOf(ann) });
    const bobStream = await open(port, { cookie: cookieOf(bob) });
    await annStream.waitFor((events) => named(events, 'ready').length === 1);
    expect(named(annStream.events, 'ready')[0].data).toEqual({ user: ann.uid });
    await guest.waitFor((events) => named(events, 'ready').length === 1);
    expect(named(guest.events, 'ready')[0].data).toEqual({ user: null });

    await t.services.live.publish(`player:${ann.uid}`, { type: 'balance', data: { balance: '100' } });
    await t.services.live.publish(`player:${bob.uid}`, { type: 'balance', data: { balance: '200' } });
    await t.services.live.publish('public', { type: 'jackpot', data: { amount: '5' } });
    await annStream.waitFor((events) => named(events, 'jackpot').length === 1 && named(events, 'balance').length === 1);
    await bobStream.waitFor((events) => named(events, 'jackpot').length === 1 && named(events, 'balance').length === 1);
    await guest.waitFor((events) => named(events, 'jackpot').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(named(annStream.events, 'balance').map((event) => event.data)).toEqual([{ balance: '100' }]);
    expect(named(bobStream.events, 'balance').map((event) => event.data)).toEqual([{ balance: '200' }]);
    expect(named(guest.events, 'balance')).toEqual([]);
    // A cookie that names no session is a guest, whatever it claims.
    const forged = await open(port, { cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}` });
    await forged.waitFor((events) => named(events, 'ready').length === 1);
    expect(named(forged.events, 'ready')[0].data).toEqual({ user: null });
    for (const stream of [guest, annStream, bobStream, forged]) stream.close();
  });

  it('resumes after a reconnect with exactly what was missed, and asks a too-old stream to resync', async () => {
    const { port } = await liveServer();
    const ann = await registerPlayer(t);
    const first = await open(port, { cookie: cookieOf(ann) });
    await first.waitFor((events) => named(events, 'ready').length === 1);
    await t.services.live.publish(`player:${ann.uid}`, { type: 'balance', data: { n: 1 } });
    await first.waitFor((events) => named(events, 'balance').length === 1);
    const lastSeen = named(first.events, 'balance')[0].id!;
    first.close();

    await t.services.live.publish(`player:${ann.uid}`, { type: 'balance', data: { n: 2 } });
    await t.services.live.publish('public', { type: 'jackpot', data: { n: 3 } });
    await t.services.live.publish('player:999999', { type: 'balance', data: { n: 'not yours' } });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const resumed = await open(port, { cookie: cookieOf(ann), lastEventId: lastSeen });
    await resumed.waitFor((events) => events.filter((event) => event.event !== 'ready').length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(resumed.events.filter((event) => event.event !== 'ready').map((event) => event.data)).toEqual([{ n: 2 }, { n: 3 }]);
    resumed.close();

    const stale = await open(port, { cookie: cookieOf(ann), lastEventId: 'long-gone-id' });
    await stale.waitFor((events) => named(events, 'resync').length === 1);
    stale.close();
  });

  it('gives a page\'s first stream the player\'s movements since the page read its state (?since=), and nothing from before', async () => {
    const { port } = await liveServer();
    const ann = await registerPlayer(t);
    await t.services.live.publish(`player:${ann.uid}`, { type: 'balance', data: { n: 'before the page' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const readAt = Date.now();
    // The deposit lands while the page's code loads, before its stream opens.
    await t.services.live.publish(`player:${ann.uid}`, { type: 'balance', data: { n: 'while loading' } });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const page = await open(port, { cookie: cookieOf(ann), since: String(readAt) });
    await page.waitFor((events) => named(events, 'balance').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(named(page.events, 'balance').map((event) => event.data)).toEqual([{ n: 'while loading' }]);
    page.close();

    // A malformed or future `since` is ignored: a plain stream.
    for (const since of ['yesterday', String(Date.now() + 3_600_000)]) {
      const plain = await open(port, { cookie: cookieOf(ann), since });
      await plain.waitFor((events) => named(events, 'ready').length === 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(named(plain.events, 'balance'), since).toEqual([]);
      plain.close();
    }
  });

  it('sends heartbeats, drops a reader that stops reading, and ends a stream whose session ended', async () => {
    const { port, endpoint } = await liveServer({ heartbeatMs: 40, recheckEvery: 2, maxBufferedBytes: 256 * 1024 });
    const ann = await registerPlayer(t);
    const stream = await open(port, { cookie: cookieOf(ann) });
    await stream.waitFor(() => stream.comments >= 2);

    // A reader that sends its request and then never reads a byte.
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET /live HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: ${cookieOf(ann)}\r\n\r\n`);
      socket.pause();
    });
    await stream.waitFor(() => endpoint.streams() === 2);
    // The server is the one to notice: a paused socket does not read the end of its stream.
    const slow = { get closed() { return endpoint.streams() < 2; } };
    const big = 'x'.repeat(7000);
    // Enough to fill the loopback socket's kernel buffers, after which the server's own queue grows.
    let sent = 0;
    for (; sent < 5000 && !slow.closed; sent++) {
      await t.services.live.publish('public', { type: 'chat', data: { big } });
      if (sent % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    socket.destroy();
    expect(slow.closed).toBe(true);
    expect(sent).toBeLessThan(5000);
    // The reader that keeps up is still there.
    expect(stream.closed).toBe(false);

    // Signing out elsewhere: the next session check ends the stream.
    const session = await t.services.sessions.resolve(ann.cookie.match(new RegExp(`${SESSION_COOKIE}=([^;]+)`))![1]);
    await t.services.sessions.revoke(session!.sessionId);
    await stream.waitFor(() => stream.closed, 3000);
  });

  it('carries a money event from the outbox to its player through the job runner', async () => {
    const { port } = await liveServer();
    const ann = await registerPlayer(t);
    const stream = await open(port, { cookie: cookieOf(ann) });
    await stream.waitFor((events) => named(events, 'ready').length === 1);
    await writeOutboxEvent(t.services.database.db, {
      type: 'cashier.deposit',
      userId: ann.uid,
      payload: { transactionId: 1, currency: 'EUR', amount: '2500', account: 'main', balanceAfter: '2500', status: 'success', payment: 'dep_x' },
    });
    await t.services.jobs.drain();
    await stream.waitFor((events) => named(events, 'balance').length === 1 && named(events, 'notice').length === 1);
    expect(named(stream.events, 'balance')[0].data).toEqual({ account: 'main', currency: 'EUR', balance: '2500', transactionId: 1 });
    expect(named(stream.events, 'notice')[0].data).toMatchObject({ kind: 'deposit', status: 'success', amount: '2500', currency: 'EUR' });
    stream.close();
  });

  it('draining, tells every stream to reconnect within a few seconds, spread out, then ends it', async () => {
    const { port, endpoint } = await liveServer();
    const ann = await registerPlayer(t);
    const streams = await Promise.all([open(port, { cookie: cookieOf(ann) }), open(port), open(port)]);
    for (const stream of streams) await stream.waitFor((events) => named(events, 'ready').length === 1);
    endpoint.close({ goingAway: true });
    for (const stream of streams) {
      await stream.waitFor(() => stream.closed, 3000);
      const [notice] = named(stream.events, 'reconnect');
      expect(notice, 'the reconnect notice arrives before the end').toBeDefined();
      expect(Number(notice.retry)).toBeGreaterThanOrEqual(500);
      expect(Number(notice.retry)).toBeLessThanOrEqual(3000);
    }
    expect(endpoint.streams()).toBe(0);
  });
});
