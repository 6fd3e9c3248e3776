import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../platform/testing/test-app.ts';
import { INTERNAL_VIEWER_HEADER } from './app.ts';

let t: TestApp;
let server: Server;
let base = '';
beforeAll(async () => {
  t = await createTestApp();
  server = createServer(getRequestListener(t.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

describe('internal headers', () => {
  it('are ignored on requests from the network: a forged viewer does not sign anyone in', async () => {
    const registered = await t.call('register', { body: { email: 'victim@example.com', password: 'secret12', terms: '1' } });
    const uid = (registered.json.data as { uid: number }).uid;
    const forged = JSON.stringify({ visitorId: 'x'.repeat(22), userId: uid, sessionId: 1, userStatus: 'active' });
    const answer = await fetch(`${base}/api/getInfo`, { headers: { [INTERNAL_VIEWER_HEADER]: forged } });
    expect(((await answer.json()) as { data: { uid: number } }).data.uid).toBe(0);
  });

  it('carry the page request’s viewer to its in-process API calls', async () => {
    const viewer = JSON.stringify({ visitorId: 'y'.repeat(22), userId: null, sessionId: null, userStatus: null });
    const answer = await t.app.request('http://localhost/api/storage/getKeys', { headers: { [INTERNAL_VIEWER_HEADER]: viewer } });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith('vid='))).toBe(false);
  });
});
