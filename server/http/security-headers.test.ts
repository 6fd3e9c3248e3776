import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { HttpEnv } from './env.ts';
import { createGuestPageCache } from './guest-page-cache.ts';
import { securityHeaders } from './security-headers.ts';

/**
 * The pages' Content-Security-Policy (decision 033): scripts and style elements from this origin
 * or with the response's nonce, no style attribute in HTML, connections to this origin only, and
 * what a configured third-party widget and development add to that.
 */
let nonces = 0;
function appWith(options: { dev?: boolean; origins?: () => Promise<string[]>; deviceAgent?: string[] } = {}) {
  const app = new Hono<HttpEnv>();
  app.use(async (c, next) => {
    nonces += 1;
    c.set('nonce', `n0nce${nonces}`);
    c.set('viewer', { visitorId: 'AAAAAAAAAAAAAAAAAAAAAA', userId: null, sessionId: null, userStatus: null });
    await next();
  });
  app.use(securityHeaders({ secure: () => false, dev: options.dev ?? false, thirdPartyOrigins: options.origins, deviceAgentOrigins: options.deviceAgent }));
  app.get('/', (c) => c.html('<p>page</p>'));
  app.get('/data.json', (c) => c.json({ ok: true }));
  return app;
}

/** The policy's directives by name, each with its sources. */
async function policyOf(app: Hono<HttpEnv>, path = '/') {
  const response = await app.request(path, { headers: { accept: 'text/html' } });
  const header = response.headers.get('content-security-policy');
  if (header === null) return { header, directives: null, response };
  const directives = Object.fromEntries(
    header.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
  return { header, directives, response };
}

describe("the pages' Content-Security-Policy", () => {
  it("adds SEON's agent origin to scripts and connections only, while SEON runs (docs/devices.md)", async () => {
    const { directives } = await policyOf(appWith({ deviceAgent: ['https://cdn.seonintelligence.com'] }));
    expect(directives!['script-src']).toMatch(/^'self' 'nonce-n0nce\d+' https:\/\/cdn\.seonintelligence\.com$/);
    expect(directives!['connect-src']).toBe("'self' https://cdn.seonintelligence.com");
    expect(directives!['style-src']).toMatch(/^'self' 'nonce-/);
    expect(directives!['img-src']).toBe("'self' data: blob:");
  });

  it('allows styles and scripts from the site or with the response nonce, no style attributes, and connections to the site only', async () => {
    const { header, directives } = await policyOf(appWith());
    const nonce = /'nonce-(n0nce\d+)'/.exec(header ?? '')?.[1];
    expect(nonce).toMatch(/^n0nce\d+$/);
    expect(directives).toEqual({
      'default-src': "'self'",
      'script-src': `'self' 'nonce-${nonce}'`,
      'style-src': `'self' 'nonce-${nonce}'`,
      'style-src-attr': "'none'",
      'img-src': "'self' data: blob:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'frame-src': "'self'",
      'worker-src': "'self'",
      'manifest-src': "'self'",
      'frame-ancestors': "'self' https://web.telegram.org",
      'base-uri': "'self'",
      'form-action': "'self'",
      'object-src': "'self'",
    });
    expect(header).not.toContain('unsafe-inline');
    expect(header).not.toMatch(/\bwss?:/);
  });

  it('gives every response its own nonce, in script-src and style-src alike', async () => {
    const app = appWith();
    const first = (await policyOf(app)).directives!;
    const second = (await policyOf(app)).directives!;
    expect(first['style-src']).not.toEqual(second['style-src']);
    for (const directives of [first, second]) expect(directives['style-src']).toBe(directives['script-src']);
  });

  it("adds a configured widget's origins, and then allows inline styles (its vendor injects them without the nonce)", async () => {
    const origins = ['https://cdn.livechatinc.com', 'https://*.livechatinc.com', 'wss://*.livechatinc.com'];
    const { header, directives } = await policyOf(appWith({ origins: async () => origins }));
    const listed = origins.join(' ');
    const nonce = /'nonce-(n0nce\d+)'/.exec(header ?? '')?.[1];
    expect(directives!['script-src']).toBe(`'self' 'nonce-${nonce}' ${listed}`);
    expect(directives!['connect-src']).toBe(`'self' ${listed}`);
    expect(directives!['frame-src']).toBe(`'self' ${listed}`);
    // A nonce would switch 'unsafe-inline' off: the widget's form names none for styles.
    expect(directives!['style-src']).toBe(`'self' 'unsafe-inline' ${listed}`);
    expect(directives!['style-src-attr']).toBe("'unsafe-inline'");
  });

  it('keeps the strict policy when the widget origins cannot be read', async () => {
    const { directives } = await policyOf(appWith({ origins: () => Promise.reject(new Error('settings unavailable')) }));
    expect(directives!['connect-src']).toBe("'self'");
    expect(directives!['style-src-attr']).toBe("'none'");
  });

  it("keeps development's inline scripts, styles and Vite's websocket", async () => {
    const { header, directives } = await policyOf(appWith({ dev: true }));
    expect(header).not.toContain("'nonce-");
    expect(directives!['script-src']).toBe("'self' 'unsafe-inline'");
    expect(directives!['style-src']).toBe("'self' 'unsafe-inline'");
    expect(directives!['style-src-attr']).toBe("'unsafe-inline'");
    expect(directives!['connect-src']).toBe("'self' ws: wss:");
  });

  it('sends no policy with answers that are not HTML pages, but the other headers', async () => {
    const { header, response } = await policyOf(appWith(), '/data.json');
    expect(header).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("gives a guest page shared from the cache its own response's nonce on style elements too (decision 012)", async () => {
    const cache = createGuestPageCache({ ttlMs: 2000 });
    const app = appWith();
    let renders = 0;
    app.get('/shared', (c) =>
      cache.serve(c, async () => {
        renders += 1;
        const nonce = c.get('nonce');
        const body = `<html><head><style nonce="${nonce}">p{color:gold}</style></head><body><p>shared</p><script nonce="${nonce}">0</script></body></html>`;
        return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      }),
    );
    const pages = [];
    for (let i = 0; i < 3; i++) {
      const response = await app.request('/shared', { headers: { accept: 'text/html' } });
      const styleSrc = /style-src 'self' 'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      pages.push({ styleSrc, body: await response.text() });
    }
    expect(renders).toBe(1);
    expect(new Set(pages.map((page) => page.styleSrc)).size).toBe(3);
    for (const page of pages) {
      const styleNonces = [...page.body.matchAll(/<style nonce="([^"]+)"/g)].map((match) => match[1]);
      expect(styleNonces).toEqual([page.styleSrc]);
      for (const other of pages.filter((p) => p !== page)) expect(page.body).not.toContain(other.styleSrc);
    }
  });
});
