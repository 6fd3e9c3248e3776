import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Context } from 'hono';
import type { Services } from '../services.ts';
import { createTestServices } from './test-services.ts';
import { createHttpApp, type HttpApp } from './app.ts';
import type { HttpEnv } from './env.ts';
import { createGuestPageCache, PAGE_CACHE_HEADER, type GuestPageCache } from './guest-page-cache.ts';
import { SITE_CONFIG_CACHE } from '../modules/site-config/index.ts';

/**
 * The cache inside the real HTTP stack (visitor id, session, nonce and CSP middleware), in front
 * of a stand-in renderer that writes what a React Router page would: the nonce in script tags and
 * in the serialised data, and the viewer's state.
 */
let services: Services;
let app: HttpApp;
let cache: GuestPageCache;
let clock = 0;
let renders = 0;
let renderDelayMs = 0;
let nextRender: { status?: number; setCookie?: string; contentType?: string } = {};
let close: () => Promise<void>;

beforeAll(async () => {
  const setup = await createTestServices();
  const { env, logger } = setup;
  services = setup.services;
  close = setup.close;
  cache = createGuestPageCache({ ttlMs: 2000, now: () => clock });
  services.invalidator.register(SITE_CONFIG_CACHE, cache);
  const render = async (c: Context<HttpEnv>) => {
    renders += 1;
    const nonce = c.get('nonce');
    if (renderDelayMs) await new Promise((resolve) => setTimeout(resolve, renderDelayMs));
    const headers = new Headers({ 'content-type': nextRender.contentType ?? 'text/html; charset=utf-8' });
    if (nextRender.setCookie) headers.append('set-cookie', nextRender.setCookie);
    const body = `<html><script nonce="${nonce}">window.__data={"nonce":"${nonce}","signedIn":${c.get('viewer').userId !== null},"render":${renders}}</script></html>`;
    return new Response(body, { status: nextRender.status ?? 200, headers });
  };
  app = createHttpApp({ services, env, logger, pages: (c) => cache.serve(c, () => render(c)) });
});
afterAll(() => close());
beforeEach(() => {
  cache.clear();
  clock += 60_000;
  renderDelayMs = 0;
  nextRender = {};
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0';
function page(path = '/', headers: Record<string, string> = {}, origin = 'http://localhost') {
  return app.request(`${origin}${path}`, { headers: { accept: 'text/html', 'user-agent': BROWSER, ...headers } });
}
const cspNonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
const renderOf = (body: string) => Number(/"render":(\d+)/.exec(body)?.[1]);

describe('guest page cache', () => {
  it('renders a guest page once for many guests, each response with its own nonce in the CSP header and in the page', async () => {
    // A first visit (no visitor id yet) gets its visitor cookie with the page, cached or not.
    const first = await page('/');
    const firstBody = await first.text();
    expect(first.headers.getSetCookie().some((cookie) => cookie.startsWith('vid='))).toBe(true);
    const second = await page('/', { cookie: 'vid=BBBBBBBBBBBBBBBBBBBBBB' });
    const secondBody = await second.text();
    const newcomer = await page('/');
    const newcomerBody = await newcomer.text();

    expect([first, second, newcomer].map((response) => response.headers.get(PAGE_CACHE_HEADER))).toEqual(['miss', 'hit', 'hit']);
    expect(renderOf(secondBody)).toBe(renderOf(firstBody));
    expect(newcomer.headers.getSetCookie().some((cookie) => cookie.startsWith('vid='))).toBe(true);
    const nonces = [first, second, newcomer].map(cspNonce);
    expect(new Set(nonces).size).toBe(3);
    for (const [index, body] of [firstBody, secondBody, newcomerBody].entries()) {
      expect(body.split(nonces[index]!).length - 1).toBe(2);
      for (const other of nonces.filter((_, i) => i !== index)) expect(body).not.toContain(other);
    }
  });

  it('never shares a signed-in player’s page', async () => {
    const registered = await app.request('http://localhost/api/register?v=2.34', {
      method: 'POST',
      body: new URLSearchParams({ email: 'cached@example.com', password: 'secret12', terms: '1' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    });
    expect(registered.status).toBe(200);
    const session = registered.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
    const before = renders;
    const answers = [await page('/', { cookie: session }), await page('/', { cookie: session })];
    expect(renders - before).toBe(2);
    expect(answers.map((response) => response.headers.get(PAGE_CACHE_HEADER))).toEqual([null, null]);
    expect(await answers[1].text()).toContain('"signedIn":true');
  });

  it('keeps apart what a page may depend on: address, host, language, kind of device, other cookies', async () => {
    await page('/');
    const before = renders;
    await page('/?popup=welcome');
    await page('/', {}, 'http://elsewhere.example');
    await page('/', { 'accept-language': 'fr-FR' });
    await page('/', { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148' });
    await page('/', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await page('/', { cookie: 'registration_hint=closed' });
    expect(renders - before).toBe(6);
    await page('/', { cookie: 'vid=CCCCCCCCCCCCCCCCCCCCCC' });
    expect(renders - before).toBe(6);
  });

  it('shares only GET requests for HTML documents', async () => {
    const before = renders;
    await page('/', { accept: 'application/json' });
    await page('/', { accept: 'application/json' });
    await page('/home.data');
    await page('/home.data');
    await app.request('http://localhost/', { method: 'POST', headers: { accept: 'text/html', origin: 'http://localhost' } });
    await app.request('http://localhost/', { method: 'POST', headers: { accept: 'text/html', origin: 'http://localhost' } });
    expect(renders - before).toBe(6);
  });

  it('does not keep a page that sets a cookie, fails or is not HTML', async () => {
    for (const variant of [{ setCookie: 'promo=1; Path=/' }, { status: 404 }, { contentType: 'application/json' }]) {
      nextRender = variant;
      const before = renders;
      await (await page('/x')).text();
      await (await page('/x')).text();
      expect(renders - before, JSON.stringify(variant)).toBe(2);
    }
  });

  it('renders again after the time limit, and at once after an operator’s change in any process', async () => {
    await (await page('/')).text();
    const before = renders;
    clock += 1999;
    await page('/');
    expect(renders).toBe(before);
    clock += 2;
    await (await page('/')).text();
    expect(renders).toBe(before + 1);
    await services.invalidator.invalidate(SITE_CONFIG_CACHE);
    await (await page('/')).text();
    expect(renders).toBe(before + 2);
  });

  it('renders once for guests who arrive together while the page is being rendered', async () => {
    renderDelayMs = 30;
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => page('/', { cookie: `vid=${String(i).repeat(22)}` })));
    const bodies = await Promise.all(answers.map((response) => response.text()));
    expect(renders - before).toBe(1);
    expect(new Set(bodies.map(renderOf)).size).toBe(1);
    expect(new Set(answers.map(cspNonce)).size).toBe(5);
    bodies.forEach((body, index) => expect(body).toContain(`nonce="${cspNonce(answers[index])}"`));
  });
});

describe('guest page cache bounds', () => {
  /** Just what the cache reads of a Hono context. */
  const contextFor = (path: string) =>
    ({
      req: { method: 'GET', url: `http://localhost${path}`, header: (name: string) => ({ accept: 'text/html' })[name] },
      get: (name: string) => (name === 'nonce' ? 'n0nce0000000000000000a' : { userId: null }),
    }) as unknown as Context<HttpEnv>;
  const html = (chars: number) => () => Promise.resolve(new Response('x'.repeat(chars), { headers: { 'content-type': 'text/html' } }));

  it('drops the oldest pages when the pages kept together pass the size limit', async () => {
    const small = createGuestPageCache({ ttlMs: 60_000, maxTotalChars: 2500 });
    for (const path of ['/a', '/b', '/c']) await (await small.serve(contextFor(path), html(1000))).text();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(small.stats().entries).toBe(2);
    // /a went first; /b and /c are still served from memory.
    expect((await small.serve(contextFor('/c'), html(1000))).headers.get(PAGE_CACHE_HEADER)).toBe('hit');
    expect((await small.serve(contextFor('/a'), html(1000))).headers.get(PAGE_CACHE_HEADER)).toBe('miss');
  });

  it('does not keep a page above the page size limit', async () => {
    const small = createGuestPageCache({ ttlMs: 60_000, maxChars: 500 });
    await (await small.serve(contextFor('/big'), html(501))).text();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(small.stats().entries).toBe(0);
  });
});

describe('guest page cache and operator changes', () => {
  it('does not keep a page whose render began before an operator’s change', async () => {
    cache.clear();
    renderDelayMs = 30;
    const before = renders;
    const inFlight = page('/during-change');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await services.invalidator.invalidate(SITE_CONFIG_CACHE);
    await (await inFlight).text();
    renderDelayMs = 0;
    await (await page('/during-change')).text();
    expect(renders - before).toBe(2);
  });
});
