import { Hono } from 'hono';
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE } from '../../contract/analytics.ts';
import type { HttpEnv } from './env.ts';
import { isSameOrigin } from './origin.ts';

/**
 * The consent banner's form without JavaScript (docs/analytics.md): a choice made before the
 * page's scripts ran (or without them) is posted here, stored in the cookie the pages read, and
 * the player is sent back to the page. Only from this site's own pages (a cross-site form cannot
 * choose for the player), only `granted` or `denied`, and only back to a path of this site.
 */
export function consentRoutes(options: {
  trustProxy: boolean;
  publicOrigin?: string;
  writeCookie(c: Parameters<typeof isSameOrigin>[0], name: string, value: string, cookieOptions: { maxAge?: number; httpOnly?: boolean }): void;
}) {
  const app = new Hono<HttpEnv>();
  app.post('/consent', async (c) => {
    if (!isSameOrigin(c, options)) return c.text('Forbidden', 403);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const choice = form.choice;
    if (choice !== 'granted' && choice !== 'denied') return c.text('choice: granted or denied', 422);
    const back = typeof form.return === 'string' && /^\/(?![/\\])[^\s]{0,2000}$/.test(form.return) ? form.return : '/';
    // Readable by the page's scripts on purpose: the banner and the data layer read it too.
    options.writeCookie(c, CONSENT_COOKIE, choice, { maxAge: CONSENT_COOKIE_MAX_AGE, httpOnly: false });
    return c.redirect(back, 303);
  });
  return app;
}
