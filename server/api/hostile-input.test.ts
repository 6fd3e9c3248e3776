import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../platform/testing/test-app.ts';
import { registerPlayer, type TestPlayer } from '../platform/testing/players.ts';
import { MAX_HEADER_BYTES, MAX_URL_BYTES, answerMalformedRequests } from '../http/oversized-requests.ts';

let t: TestApp;
let player: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  player = await registerPlayer(t, { tag: 'hostile' });
});
afterAll(async () => {
  await t.close();
});

describe('control characters in any field', () => {
  it('answers InvalidParameterException naming the field, for guests and players, in the caller language', async () => {
    const guestChat = await t.call('chat/send', { body: { text: 'hello\u0000world' } });
    expect(guestChat.status).toBe(422);
    expect(guestChat.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { text: 'Wrong symbols in text' } });

    const promo = await t.call('campaigns/checkPromocode', { body: { promo_code: 'WEL\u0000COME' }, headers: { cookie: player.cookie } });
    expect(promo.status).toBe(422);
    expect(promo.json.error?.fields).toEqual({ promo_code: 'Wrong symbols in text' });

    const french = await t.call('saveProfileInfo', { query: { locale: 'fr' }, body: { country: 'F\u0000R' }, headers: { cookie: player.cookie } });
    expect(french.status).toBe(422);
    expect(french.json.error?.fields).toEqual({ country: 'Caractères non autorisés dans le texte' });
  });

  it('finds them in the query string, in nested fields and in field names', async () => {
    const query = await t.call('games/get', { query: { search: 'a\u0000' } });
    expect(query.json.error?.fields).toEqual({ search: 'Wrong symbols in text' });
    const nested = await t.app.request(`${TEST_ORIGIN}/api/storage/get?keys[]=ok&keys[]=b%01d`);
    expect(((await nested.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ 'keys.1': 'Wrong symbols in text' });
    const key = await t.app.request(`${TEST_ORIGIN}/api/storage/set`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'k', value: '1', 'bad\u0000name': 'x' }),
    });
    expect(key.status).toBe(422);
    expect(((await key.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ 'bad\\u0000name': 'Wrong symbols in text' });
  });

  it('lets tabs and line breaks through to the field rules, and changes nothing when it refuses', async () => {
    const multiLine = await t.call('chat/send', { body: { text: 'line one\r\n\tline two' }, headers: { cookie: player.cookie } });
    expect(multiLine.status).toBe(200);
    const before = await t.call('chat/get', { headers: { cookie: player.cookie } });
    const refused = await t.call('chat/send', { body: { text: 'bell\u0007' }, headers: { cookie: player.cookie } });
    expect(refused.status).toBe(422);
    const after = await t.call('chat/get', { headers: { cookie: player.cookie } });
    expect(after.json.data).toEqual(before.json.data);
  });
});

describe('lone surrogates in JSON', () => {
  it('are stored as U+FFFD, as form input already is, instead of failing in the database', async () => {
    const answer = await t.app.request(`${TEST_ORIGIN}/api/saveProfileInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: player.cookie, origin: TEST_ORIGIN },
      body: '{"first_name":"Ana\\ud83c","region":"a\\ud83c\\ud800"}',
    });
    expect(answer.status, await answer.clone().text()).toBeLessThan(500);
  });
});

describe('routes outside /api', () => {
  it('answer NUL bytes in their paths, queries and forms without a server error', async () => {
    const paths = [
      '/psp/demo/pay/%00',
      '/psp/demo/pay/dp_%00',
      '/_dev/mailbox?to=%00',
      '/_dev/mailbox.json?to=a%00b',
      '/platform/verification/%00',
      '/platform/history-export/%00.csv',
      '/oauth/init?service=%00',
      '/oauth/callback/%00?code=%00&state=%00',
      '/nfx/cms-config/%00',
    ];
    const answers: string[] = [];
    for (const path of paths) {
      for (const method of ['GET', 'POST']) {
        const response = await t.app.request(`${TEST_ORIGIN}${path}`, {
          method,
          body: method === 'POST' ? 'outcome=pay&id=%00' : undefined,
          headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        });
        answers.push(`${method} ${path} ${response.status}`);
      }
    }
    expect(answers.filter((answer) => / 5\d\d$/.test(answer))).toEqual([]);
    expect(answers).toContain('GET /_dev/mailbox?to=%00 422');
    expect(answers).toContain('GET /psp/demo/pay/%00 404');
  });
});

describe('state-changing GET methods', () => {
  it('refuses logout from another site and keeps the session; the site itself signs out', async () => {
    const crossSite = await t.call('logout', { headers: { cookie: player.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.json.error?.type).toBe('AccessDeniedException');
    const stillIn = await t.call('getInfo', { headers: { cookie: player.cookie } });
    expect((stillIn.json.data as { uid: number }).uid).toBe(player.uid);

    const fromElsewhere = await t.call('logout', { headers: { cookie: player.cookie, origin: 'https://evil.example' } });
    expect(fromElsewhere.status).toBe(403);

    const sameOrigin = await t.call('logout', { headers: { cookie: player.cookie, 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.json.data).toBe(1);
    const out = await t.call('getInfo', { headers: { cookie: player.cookie } });
    expect((out.json.data as { uid: number }).uid).toBe(0);
  });

  it('keeps plain reads open to cross-site GETs (they change nothing and CORS keeps the answer)', async () => {
    const read = await t.call('getgeneralinfo', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(read.status).toBe(200);
  });
});

describe('oversized and malformed addresses', () => {
  it('answers a URL over the limit with a typed 414 and a request id', async () => {
    const response = await t.app.request(`${TEST_ORIGIN}/api/getInfo?filler=${'a'.repeat(MAX_URL_BYTES)}`);
    expect(response.status).toBe(414);
    expect(response.headers.get('x-request-id')).toMatch(/\S/);
    expect(await response.json()).toMatchObject({ error: { type: 'InvalidRequestException' } });
    const page = await t.app.request(`${TEST_ORIGIN}/gamehall?filler=${'a'.repeat(MAX_URL_BYTES)}`);
    expect(page.status).toBe(414);
  });

  it('answers a malformed escape in the method name as an unknown method', async () => {
    const response = await t.app.request(`${TEST_ORIGIN}/api/%E0%A4%A`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { type: 'MethodNotFoundException' } });
  });

  describe('on a real socket', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, getRequestListener(t.app.fetch));
      answerMalformedRequests(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    /** Sends raw bytes and reads the whole answer until the server closes. */
    const rawRequest = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(text));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });

    it('answers a 20 KB query string with the typed JSON error, not a bare 431', async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/getInfo?filler=${'b'.repeat(20 * 1024)}`);
      expect(response.status).toBe(414);
      expect(response.headers.get('x-request-id')).toMatch(/\S/);
      expect(await response.json()).toMatchObject({ error: { type: 'InvalidRequestException' } });
    });

    it('answers headers past what the parser reads with a typed 431 and a request id', async () => {
      const answer = await rawRequest(`GET /api/getInfo HTTP/1.1\r\nHost: x\r\nX-Filler: ${'c'.repeat(MAX_HEADER_BYTES)}\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer).toMatch(/\r\nX-Request-Id: [\w-]+\r\n/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: { type: 'InvalidRequestException' } });
    });

    it('answers an unparseable request line with a typed 400', async () => {
      const answer = await rawRequest('NOT A REQUEST\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('InvalidRequestException');
    });
  });
});
