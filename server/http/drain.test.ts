import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createDrain } from './drain.ts';
import { mountProbes } from './app.ts';
import type { HttpEnv } from './env.ts';
import type { Database } from '../platform/db/database.ts';

/** An app with the probes and one slow route, as server/main.ts wires the drain in front of everything. */
function appWithDrain() {
  const drain = createDrain();
  const app = new Hono<HttpEnv>();
  app.use(drain.track);
  mountProbes(app, { database: { ping: async () => true } as unknown as Database }, drain);
  const releases: Array<() => void> = [];
  app.post('/slow', async (c) => {
    await new Promise<void>((resolve) => releases.push(resolve));
    return c.json({ done: true });
  });
  const waitForSlow = async (count: number) => {
    while (releases.length < count) await new Promise((resolve) => setTimeout(resolve, 1));
  };
  return { drain, app, releases, waitForSlow };
}

describe('drain', () => {
  it('turns /readyz to 503 from the moment it begins, and asks clients to close their connection after the answer', async () => {
    const { drain, app } = appWithDrain();
    const before = await app.request('/readyz');
    expect(before.status).toBe(200);
    expect(before.headers.get('connection')).toBeNull();
    drain.begin();
    const after = await app.request('/readyz');
    expect(after.status).toBe(503);
    expect(await after.json()).toEqual({ status: 'draining' });
    expect(after.headers.get('connection')).toBe('close');
    // The process itself still answers: the orchestrator must not restart it mid-drain.
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('waits for the requests in flight, however many, and lets a request that arrives meanwhile finish too', async () => {
    const { drain, app, releases, waitForSlow } = appWithDrain();
    const first = app.request('/slow', { method: 'POST' });
    const second = app.request('/slow', { method: 'POST' });
    await waitForSlow(2);
    expect(drain.inFlight()).toBe(2);
    drain.begin();
    let settled = false;
    const waiting = drain.settled(5_000).then((result) => ((settled = true), result));
    releases[0]();
    expect((await first).status).toBe(200);
    expect(settled).toBe(false);
    // A request on a connection that was already open when the drain began is still served.
    const late = app.request('/slow', { method: 'POST' });
    await waitForSlow(3);
    releases[1]();
    releases[2]();
    expect((await second).status).toBe(200);
    const lateAnswer = await late;
    expect(await lateAnswer.json()).toEqual({ done: true });
    expect(lateAnswer.headers.get('connection')).toBe('close');
    expect(await waiting).toEqual({ inFlight: 0, timedOut: false });
  });

  it('gives up after the grace period with the requests still running', async () => {
    const { drain, app, releases, waitForSlow } = appWithDrain();
    const stuck = app.request('/slow', { method: 'POST' });
    await waitForSlow(1);
    drain.begin();
    const started = performance.now();
    expect(await drain.settled(50)).toEqual({ inFlight: 1, timedOut: true });
    expect(performance.now() - started).toBeLessThan(1_000);
    releases[0]();
    await stuck;
    expect(await drain.settled(50)).toEqual({ inFlight: 0, timedOut: false });
  });
});
