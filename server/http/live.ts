import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveConnection, LiveHub } from '../platform/live/index.ts';
import type { Logger } from '../platform/logger.ts';

/**
 * `GET /live`: the page's one live stream (server-sent events, decision 011). Served by Node's
 * own HTTP layer in front of the Hono app: a stream lives for minutes and must see the socket's
 * buffer (to drop a reader that does not keep up), which a fetch-style Response hides.
 *
 * The server decides the topics: `public` for everyone, and `player:<id>` for a signed-in
 * session's player, never anything a client asks for. The session is checked again every few
 * heartbeats without counting as activity; a session that ended closes the stream (the page
 * reconnects as what it now is).
 */
export const LIVE_PATH = '/live';

export type LiveEndpointOptions = {
  hub: LiveHub;
  /** Where the stream is served (default LIVE_PATH); the back office has its own under /backoffice. */
  path?: string;
  /** The session cookie's name and how to resolve it (without touching it when `touch` is false). */
  sessionCookie: string;
  /** `topics`: what the session's stream gets (default: its player's, `player:<id>`). */
  resolveSession(token: string | undefined, options: { touch: boolean }): Promise<{ userId: number; sessionId: number; status: string; topics?: string[] } | null>;
  /**
   * Topics a module adds from the request's own cookies (the chat's guest identity and operator
   * console session, docs/support-chat.md); still the server's choice, never the client's.
   */
  extraTopics?(cookie: (name: string) => string | undefined): string[];
  logger?: Logger;
  /** Heartbeat comment interval (default 20 s); sessions are re-checked every `recheckEvery` beats (default 3). */
  heartbeatMs?: number;
  recheckEvery?: number;
  /** Bytes a stream may have waiting in its socket before it is dropped (default 64 KiB). */
  maxBufferedBytes?: number;
  /** Streams one client address may hold at once (default 64). */
  maxPerClient?: number;
  trustProxy?: boolean;
};

type Stream = LiveConnection & { token?: string; userId: number | null; client: string };

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** `?since=` (ms, when the page read its state): a whole number no later than a minute from now, else none. */
export function sinceOf(url: string | undefined): number | undefined {
  const raw = new URLSearchParams((url ?? '').split('?')[1] ?? '').get('since');
  if (!raw || !/^[0-9]{1,15}$/.test(raw)) return undefined;
  const since = Number(raw);
  return since <= Date.now() + 60_000 ? since : undefined;
}

export function createLiveEndpoint(options: LiveEndpointOptions) {
  const { hub } = options;
  const maxBufferedBytes = options.maxBufferedBytes ?? 64 * 1024;
  const maxPerClient = options.maxPerClient ?? 64;
  const recheckEvery = options.recheckEvery ?? 3;
  const streams = new Set<Stream>();
  const perClient = new Map<string, number>();
  let beats = 0;

  const clientOf = (req: IncomingMessage) =>
    (options.trustProxy ? String(req.headers['x-forwarded-for'] ?? '').split(',')[0].trim() : '') || req.socket.remoteAddress || 'unknown';

  let rechecking = false;
  /** One lookup per session (a player's tabs share it), one pass at a time however slow the database. */
  async function recheckSessions() {
    if (rechecking) return;
    rechecking = true;
    try {
      const byToken = new Map<string, Stream[]>();
      for (const stream of streams) if (stream.userId !== null && stream.token) byToken.set(stream.token, [...(byToken.get(stream.token) ?? []), stream]);
      for (const [token, group] of byToken) {
        const session = await options.resolveSession(token, { touch: false }).catch(() => undefined);
        // undefined: the database did not answer; keep the streams rather than drop everyone.
        if (session === undefined) continue;
        for (const stream of group) if (session === null || session.userId !== stream.userId || session.status !== 'active') stream.close();
      }
    } finally {
      rechecking = false;
    }
  }

  const timer = setInterval(() => {
    hub.heartbeat();
    if (++beats % recheckEvery === 0) void recheckSessions();
  }, options.heartbeatMs ?? 20_000);
  timer.unref();

  async function open(req: IncomingMessage, res: ServerResponse) {
    const client = clientOf(req);
    if ((perClient.get(client) ?? 0) >= maxPerClient) {
      res.writeHead(429, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '30' }).end('Too many live streams from this address');
      return;
    }
    perClient.set(client, (perClient.get(client) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left <= 0) perClient.delete(client);
      else perClient.set(client, left);
    };

    const token = cookie(req.headers.cookie, options.sessionCookie);
    let session: Awaited<ReturnType<LiveEndpointOptions['resolveSession']>> = null;
    try {
      session = token ? await options.resolveSession(token, { touch: false }) : null;
    } catch (error) {
      release();
      options.logger?.warn({ err: error }, 'live stream: session lookup failed');
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' }).end('Try again shortly');
      return;
    }
    if (req.destroyed) return release();
    const userId = session && session.status === 'active' ? session.userId : null;
    const extra = options.extraTopics?.((name) => cookie(req.headers.cookie, name)) ?? [];
    const own = userId === null ? [] : (session?.topics ?? [`player:${userId}`]);
    const topics = new Set(['public', ...own, ...extra]);

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.socket?.setNoDelay(true);
    const stream: Stream = {
      topics,
      token,
      userId,
      client,
      write(chunk) {
        if (res.destroyed) return false;
        res.write(chunk);
        return res.writableLength <= maxBufferedBytes;
      },
      close() {
        hub.detach(stream);
        // What was written last (a drain's reconnect notice) leaves before the socket is closed.
        res.end(() => res.destroy());
        setTimeout(() => res.destroy(), 1000).unref();
      },
    };
    streams.add(stream);
    res.on('close', () => {
      streams.delete(stream);
      hub.detach(stream);
      release();
    });
    // Who the stream is for (the page compares it with its own player), and the reconnect delay.
    res.write(`retry: 3000\nevent: ready\ndata: ${JSON.stringify({ user: userId })}\n\n`);
    const last = req.headers['last-event-id'];
    hub.attach(stream, typeof last === 'string' && last.length <= 100 ? last : undefined, sinceOf(req.url));
  }

  /** Handles its path (`/live`); answers false for every other request. */
  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const path = (req.url ?? '').split('?')[0];
    if (path !== (options.path ?? LIVE_PATH)) return false;
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET' }).end();
      return true;
    }
    open(req, res).catch((error: unknown) => {
      options.logger?.error({ err: error }, 'live stream failed');
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
    return true;
  }

  return {
    handle,
    streams: () => streams.size,
    /** The signed-in players (or members) with a stream open here, each once. */
    signedIn: (): number[] => [...new Set([...streams].flatMap((stream) => (stream.userId === null ? [] : [stream.userId])))],
    /**
     * Ends every stream and the heartbeat. Draining (`goingAway`), each stream is first told to
     * reconnect (an SSE `retry` and a `reconnect` event), after a delay drawn between 0.5 and 3 s so
     * that the pages of a stopping process do not all land on the others at once; the browser's
     * EventSource reconnects by itself, through the proxy to a process still serving, and resumes
     * from the last event id it saw.
     */
    close(options: { goingAway?: boolean } = {}) {
      clearInterval(timer);
      for (const stream of [...streams]) {
        if (options.goingAway) stream.write(`retry: ${500 + Math.floor(Math.random() * 2500)}\nevent: reconnect\ndata: {}\n\n`);
        stream.close();
      }
    },
  };
}

export type LiveEndpoint = ReturnType<typeof createLiveEndpoint>;
