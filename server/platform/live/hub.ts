import { randomBytes } from 'node:crypto';
import { MAX_MESSAGE_BYTES, type Bus } from '../bus/index.ts';
import type { Logger } from '../logger.ts';

/**
 * The live hub of one process: the server-sent-event streams it holds, by topic, and the recent
 * messages of the whole site for streams that reconnect (decision 011).
 *
 * `publish` goes over the bus, so every process (this one included) hands the message to its own
 * streams of that topic. Topics are decided by the server when a stream opens: `public` for
 * everyone, `player:<id>` only for that player's signed-in session.
 *
 * Resume: every process keeps the same recent messages (all of them hear the whole bus) in a
 * bounded ring. A stream that reconnects with `Last-Event-ID` gets the messages after that id for
 * its topics; an id the ring no longer holds gets one `resync` event, and the page reloads its
 * state instead. Ids are unique strings (`b<outbox id>`, `n<outbox id>` for events from the
 * outbox, `<ms base36>-<process tag>-<counter>` otherwise); the ring's order is what replay
 * follows, so ids need not sort. That order is the same in every process: Redis hands one
 * channel's messages to all subscribers in one order, and NOTIFY delivers in commit order.
 *
 * When the bus reports a reconnect, this process may have missed messages: the ring is emptied
 * (a resume now gets `resync`) and every open stream gets a `resync` at once.
 */
export type LiveMessage = { id: string; topic: string; type: string; data: unknown };

export type LiveConnection = {
  topics: ReadonlySet<string>;
  /** Writes a chunk; answers false when the socket's buffer is over its bound (the hub then closes it). */
  write(chunk: string): boolean;
  close(): void;
};

export type LiveHubOptions = {
  bus: Bus;
  logger?: Logger;
  /** Recent messages kept for resume (default 2,000, at most 10 minutes old, 4 MiB in all). */
  bufferSize?: number;
  bufferAgeMs?: number;
  bufferBytes?: number;
  /**
   * How long (ms, default 5) the first message published while the bus is idle waits for others
   * to leave with it. The job runner publishes a batch's live messages from its dispatch and from
   * each handler's commit, a few milliseconds apart: without the wait each left in a bus message of
   * its own (on PostgreSQL a NOTIFY, a transaction). 0 sends at once.
   */
  lingerMs?: number;
};

export const LIVE_CHANNEL = 'live';

/** Room left in a bus message for its envelope (channel name, JSON framing of a batch). */
const ENVELOPE_BYTES = 200;

/** Tells a page it may have missed messages: it reads its state again. */
const RESYNC_FRAME = 'event: resync\ndata: {}\n\n';

export const frame = (message: Pick<LiveMessage, 'id' | 'type' | 'data'>) => `id: ${message.id}\nevent: ${message.type}\ndata: ${JSON.stringify(message.data)}\n\n`;

export function createLiveHub(options: LiveHubOptions) {
  const bufferSize = options.bufferSize ?? 2000;
  const bufferAgeMs = options.bufferAgeMs ?? 10 * 60_000;
  const byTopic = new Map<string, Set<LiveConnection>>();
  const all = new Set<LiveConnection>();
  const ring: Array<LiveMessage & { at: number; bytes: number }> = [];
  const maxBufferBytes = options.bufferBytes ?? 4 * 1024 * 1024;
  const lingerMs = options.lingerMs ?? 5;
  let ringBytes = 0;
  /** Since when the ring holds every message this process heard: its start, its last bus gap, or the newest message it let go. */
  let ringCompleteFrom = Date.now();
  const tag = randomBytes(3).toString('hex');
  let counter = 0;

  const deliver = (connection: LiveConnection, chunk: string) => {
    if (!connection.write(chunk)) {
      // A consumer that does not read: drop it rather than buffer without end; it resumes later.
      detach(connection);
      connection.close();
    }
  };

  /** A bus message: one live message, or several published together (`{ batch: [...] }`). */
  function receive(raw: unknown) {
    const batch = (raw as { batch?: unknown })?.batch;
    if (Array.isArray(batch)) for (const message of batch) receiveOne(message);
    else receiveOne(raw);
  }

  function receiveOne(raw: unknown) {
    const message = raw as LiveMessage;
    if (!message || typeof message.topic !== 'string' || typeof message.type !== 'string' || typeof message.id !== 'string') return;
    const now = Date.now();
    const chunk = frame(message);
    ring.push({ ...message, at: now, bytes: chunk.length });
    ringBytes += chunk.length;
    while (ring.length > bufferSize || ringBytes > maxBufferBytes || (ring.length > 0 && now - ring[0].at > bufferAgeMs)) {
      const dropped = ring.shift()!;
      ringBytes -= dropped.bytes;
      ringCompleteFrom = Math.max(ringCompleteFrom, dropped.at + 1);
    }
    for (const connection of byTopic.get(message.topic) ?? []) deliver(connection, chunk);
  }

  const unsubscribe = options.bus.subscribe(LIVE_CHANNEL, receive);
  const stopHearingGaps = options.bus.onReconnect(() => {
    ring.length = 0;
    ringBytes = 0;
    ringCompleteFrom = Date.now();
    // No id: the stream's last id stays the last message it really saw.
    for (const connection of [...all]) deliver(connection, RESYNC_FRAME);
  });

  /**
   * Messages waiting for the bus, and whether a send is in flight (or lingering, lingerMs). One
   * bus message at a time leaves; what is published meanwhile leaves together in the next, packed
   * up to the bus's size limit (group commit). Each bus message costs a round trip, and on
   * PostgreSQL a NOTIFY whose commit every notifying transaction of the server queues behind: a
   * message per bet and win was a statement per event. One sender keeps the order of publication.
   */
  const waiting: Array<{ message: LiveMessage; bytes: number; sent: () => void; failed: (error: unknown) => void }> = [];
  let sending = false;

  async function send() {
    while (waiting.length > 0) {
      let bytes = 0;
      let count = 0;
      while (count < waiting.length && (count === 0 || bytes + waiting[count].bytes <= MAX_MESSAGE_BYTES - ENVELOPE_BYTES)) bytes += waiting[count++].bytes;
      const chunk = waiting.splice(0, count);
      try {
        await options.bus.publish(LIVE_CHANNEL, chunk.length === 1 ? chunk[0].message : { batch: chunk.map((item) => item.message) });
        for (const item of chunk) item.sent();
      } catch (error) {
        for (const item of chunk) item.failed(error);
      }
    }
    sending = false;
  }

  /**
   * Sends a message to every stream of `topic`, in every process. Answers its id once the bus
   * took it. Messages published while the bus is busy leave together, in the order published.
   */
  function publish(topic: string, message: { type: string; data: unknown; id?: string }): Promise<string> {
    const id = message.id ?? `${Date.now().toString(36)}-${tag}-${(counter++).toString(36)}`;
    const live = { id, topic, type: message.type, data: message.data } satisfies LiveMessage;
    return new Promise<string>((resolve, reject) => {
      waiting.push({ message: live, bytes: Buffer.byteLength(JSON.stringify(live)) + 1, sent: () => resolve(id), failed: reject });
      if (!sending) {
        sending = true;
        if (lingerMs > 0) setTimeout(() => void send(), lingerMs);
        else void send();
      }
    });
  }

  /**
   * Adds a stream; replays what it missed when it names the last id it saw. A page's first stream
   * has no id yet but may name `since`, when the server read what the page shows (ms, the root
   * loader's time): it then gets the messages heard since, so a balance that moved between the
   * page's render and its stream opening is not lost; `resync` if the ring no longer goes back so far.
   */
  function attach(connection: LiveConnection, lastEventId?: string, since?: number) {
    all.add(connection);
    for (const topic of connection.topics) {
      if (!byTopic.has(topic)) byTopic.set(topic, new Set());
      byTopic.get(topic)!.add(connection);
    }
    if (!lastEventId && since !== undefined) {
      if (since < ringCompleteFrom) deliver(connection, RESYNC_FRAME);
      else for (const message of ring) if (message.at >= since && connection.topics.has(message.topic)) deliver(connection, frame(message));
      return;
    }
    if (!lastEventId) return;
    const at = ring.findLastIndex((message) => message.id === lastEventId);
    if (at === -1) {
      deliver(connection, frame({ id: lastEventId, type: 'resync', data: {} }));
      return;
    }
    for (const message of ring.slice(at + 1)) if (connection.topics.has(message.topic)) deliver(connection, frame(message));
  }

  function detach(connection: LiveConnection) {
    all.delete(connection);
    for (const topic of connection.topics) {
      const set = byTopic.get(topic);
      set?.delete(connection);
      if (set?.size === 0) byTopic.delete(topic);
    }
  }

  /** A comment line to every stream: keeps proxies from closing idle streams, and finds dead ones. */
  function heartbeat() {
    for (const connection of [...all]) deliver(connection, ': hb\n\n');
  }

  function closeAll() {
    for (const connection of [...all]) {
      detach(connection);
      connection.close();
    }
  }

  return {
    publish,
    attach,
    detach,
    heartbeat,
    connections: () => all.size,
    /** Stops hearing the bus and ends every stream (graceful shutdown). */
    close() {
      unsubscribe();
      stopHearingGaps();
      closeAll();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
