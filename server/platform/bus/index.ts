import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Logger } from '../logger.ts';

/**
 * The process bus: a message published in one web process reaches every process of the same
 * site (itself included). It carries live-channel events (server/platform/live) and cache
 * invalidations (server/platform/cache-invalidation.ts). Delivery is at most once and in
 * publish order per publisher; a process that is reconnecting misses what was sent meanwhile,
 * which is why live streams resume from a buffer or resync, and caches keep a time limit.
 *
 * Per deployment (decision 011): Redis pub/sub when REDIS_URL is set; PostgreSQL LISTEN/NOTIFY
 * on a PostgreSQL database without Redis; the embedded PGlite's own LISTEN/NOTIFY otherwise (one
 * process serves the embedded database, so it is the whole site). Channels are prefixed with a
 * namespace: sites sharing one Redis or one database server keep to themselves.
 */
export type Bus = {
  publish(channel: string, message: unknown): Promise<void>;
  /** Answers the function that unsubscribes. */
  subscribe(channel: string, listener: (message: unknown) => void): () => void;
  /**
   * Runs `listener` each time the subscription was lost and is back (never for the first
   * connection): messages published in between did not arrive here. Answers the function that
   * removes it.
   */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
  readonly kind: 'redis' | 'postgres' | 'pglite' | 'memory';
};

/** NOTIFY refuses payloads of 8000 bytes or more; Redis takes more, but one limit keeps both honest. */
export const MAX_MESSAGE_BYTES = 7900;

type Envelope = { c: string; m: unknown };

/** Local fan-out shared by the implementations: channel -> listeners. */
function createFanOut(logger?: Logger) {
  const listeners = new Map<string, Set<(message: unknown) => void>>();
  const reconnectListeners = new Set<() => void>();
  return {
    onReconnect(listener: () => void) {
      reconnectListeners.add(listener);
      return () => void reconnectListeners.delete(listener);
    },
    reconnected() {
      for (const listener of reconnectListeners) {
        try {
          listener();
        } catch (error) {
          logger?.error({ err: error }, 'bus reconnect listener failed');
        }
      }
    },
    add(channel: string, listener: (message: unknown) => void) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
      return () => void listeners.get(channel)?.delete(listener);
    },
    deliver(channel: string, message: unknown) {
      for (const listener of listeners.get(channel) ?? []) {
        try {
          listener(message);
        } catch (error) {
          logger?.error({ err: error, channel }, 'bus listener failed');
        }
      }
    },
  };
}

function encode(channel: string, message: unknown): string {
  const text = JSON.stringify({ c: channel, m: message } satisfies Envelope);
  if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) throw new Error(`Bus message on ${channel} is larger than ${MAX_MESSAGE_BYTES} bytes`);
  return text;
}

function decode(text: string, logger?: Logger): Envelope | null {
  try {
    const envelope = JSON.parse(text) as Envelope;
    return typeof envelope?.c === 'string' ? envelope : null;
  } catch {
    logger?.warn('bus message that is not JSON dropped');
    return null;
  }
}

/** In one process only: tests, tools. */
export function createMemoryBus(): Bus {
  const fanOut = createFanOut();
  return {
    kind: 'memory',
    async publish(channel, message) {
      const copy = JSON.parse(encode(channel, message)) as Envelope;
      queueMicrotask(() => fanOut.deliver(copy.c, copy.m));
    },
    subscribe: fanOut.add,
    onReconnect: fanOut.onReconnect,
    async close() {},
  };
}

/**
 * Redis pub/sub: one connection publishes, a second one (in subscriber mode) listens. ioredis
 * reconnects and subscribes again by itself; once our own subscribe after a reconnect answers,
 * the subscription is certainly back and the gap is reported.
 */
export async function createRedisBus(options: { url: string; namespace: string; logger?: Logger }): Promise<Bus> {
  const { Redis } = await import('ioredis');
  const publisher = new Redis(options.url, { maxRetriesPerRequest: 2, connectionName: `${options.namespace}-bus-pub` });
  const subscriber = new Redis(options.url, { maxRetriesPerRequest: null, connectionName: `${options.namespace}-bus-sub` });
  const fanOut = createFanOut(options.logger);
  const channelName = `${options.namespace}:bus`;
  subscriber.on('message', (_channel: string, text: string) => {
    const envelope = decode(text, options.logger);
    if (envelope) fanOut.deliver(envelope.c, envelope.m);
  });
  subscriber.on('error', (error: Error) => options.logger?.warn({ err: error }, 'bus subscriber connection error'));
  publisher.on('error', (error: Error) => options.logger?.warn({ err: error }, 'bus publisher connection error'));
  let lost = false;
  subscriber.on('close', () => (lost = true));
  subscriber.on('ready', () => {
    if (!lost) return;
    lost = false;
    subscriber
      .subscribe(channelName)
      .then(() => {
        options.logger?.info('bus subscriber reconnected');
        fanOut.reconnected();
      })
      .catch((error: unknown) => options.logger?.warn({ err: error }, 'bus subscriber could not subscribe again'));
  });
  await subscriber.subscribe(channelName);
  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(channelName, encode(channel, message));
    },
    subscribe: fanOut.add,
    onReconnect: fanOut.onReconnect,
    async close() {
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}

/** NOTIFY channel name: an identifier, so only safe characters, at most 63 bytes. */
const notifyChannel = (namespace: string) => `bus_${namespace.replace(/[^A-Za-z0-9_]/g, '_')}`.slice(0, 63).toLowerCase();

/**
 * PostgreSQL LISTEN/NOTIFY: a dedicated connection listens (and reconnects with backoff when the
 * server drops it); publishing is one `pg_notify` on the pool. NOTIFY is delivered at commit,
 * and a notification outside a transaction commits at once.
 */
export async function createPostgresBus(options: { url: string; pool: { query(text: string, values: unknown[]): Promise<unknown> }; namespace: string; logger?: Logger }): Promise<Bus> {
  const fanOut = createFanOut(options.logger);
  const channel = notifyChannel(options.namespace);
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 250;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.url, keepAlive: true });
    let gone = false;
    const lost = (error?: Error) => {
      if (gone) return;
      gone = true;
      if (!closed) options.logger?.warn({ err: error }, 'bus listener connection lost: reconnecting');
      void next.end().catch(() => {});
      if (client === next) {
        client = undefined;
        scheduleReconnect();
      }
    };
    next.on('notification', (note) => {
      const envelope = note.payload ? decode(note.payload, options.logger) : null;
      if (envelope) fanOut.deliver(envelope.c, envelope.m);
    });
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch (error) {
      gone = true;
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = 250;
  }

  function scheduleReconnect() {
    if (closed) return;
    setTimeout(() => {
      if (closed || client) return;
      connect()
        .then(() => {
          if (!client) return;
          options.logger?.info('bus listener reconnected');
          fanOut.reconnected();
        })
        .catch((error: unknown) => {
          options.logger?.warn({ err: error }, 'bus listener could not reconnect');
          retryMs = Math.min(retryMs * 2, 10_000);
          scheduleReconnect();
        });
    }, retryMs).unref();
  }

  await connect();
  return {
    kind: 'postgres',
    async publish(name, message) {
      await options.pool.query('select pg_notify($1, $2)', [channel, encode(name, message)]);
    },
    subscribe: fanOut.add,
    onReconnect: fanOut.onReconnect,
    async close() {
      closed = true;
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}

/** The embedded PGlite's LISTEN/NOTIFY (one process serves the embedded database). */
export async function createPgliteBus(options: { client: PGlite; namespace: string; logger?: Logger }): Promise<Bus> {
  const fanOut = createFanOut(options.logger);
  const channel = notifyChannel(options.namespace);
  const unlisten = await options.client.listen(channel, (payload) => {
    const envelope = decode(payload, options.logger);
    if (envelope) fanOut.deliver(envelope.c, envelope.m);
  });
  return {
    kind: 'pglite',
    async publish(name, message) {
      await options.client.query('select pg_notify($1, $2)', [channel, encode(name, message)]);
    },
    subscribe: fanOut.add,
    // One process holds the embedded database and its notifications: nothing to lose.
    onReconnect: fanOut.onReconnect,
    async close() {
      await unlisten();
    },
  };
}

/** A namespace for tests: unique, so parallel test files never hear each other. */
export const uniqueNamespace = () => `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

/** The bus of this deployment: Redis when REDIS_URL is set, else the database's LISTEN/NOTIFY. */
export function createBus(options: {
  database: { raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string }; namespace: string };
  redisUrl?: string;
  namespace?: string;
  logger?: Logger;
}): Promise<Bus> {
  const namespace = options.namespace ?? options.database.namespace;
  if (options.redisUrl) return createRedisBus({ url: options.redisUrl, namespace, logger: options.logger });
  const raw = options.database.raw;
  if (raw.kind === 'postgres') return createPostgresBus({ url: raw.url, pool: raw.pool, namespace, logger: options.logger });
  return createPgliteBus({ client: raw.client, namespace, logger: options.logger });
}
