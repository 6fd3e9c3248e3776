import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Services } from '../services.ts';
import type { HttpEnv } from './env.ts';
import { FIRST_TOUCH_COOKIE, FIRST_TOUCH_DAYS } from '../modules/affiliates/index.ts';
import type { Limit } from '../platform/rate-limit/index.ts';

/** As many hits as a busy reader's page loads, far fewer than a script filling the table. */
export const HIT_LIMIT: Limit = { name: 'hit', max: 60, windowSeconds: 60 };

/**
 * `GET /hit` (spec 1: sent by every page 3 s after load with `referer`, `track_id`, `td_*`,
 * `seon_session`) and `GET /go/<code>` (an affiliate link: to its landing page with its
 * track_id). Mounted after the visitor middleware: a hit is filed under the visitor's cookie id.
 */
export function trackingRoutes(deps: {
  services: Pick<Services, 'affiliates' | 'limits'>;
  clientIp(c: Context): string;
  writeCookie(c: Context, name: string, value: string, options: { maxAge?: number }): void;
}) {
  const app = new Hono<HttpEnv>();

  app.get('/hit', async (c) => {
    c.header('Cache-Control', 'no-store');
    const limit = await deps.services.limits.hit(deps.clientIp(c), HIT_LIMIT);
    if (!limit.allowed) return c.body(null, 429, { 'Retry-After': String(limit.retryAfterSeconds) });
    const url = new URL(c.req.url);
    const outcome = await deps.services.affiliates.recordHit({
      visitorId: c.get('viewer').visitorId,
      query: url.searchParams,
      siteHost: c.req.header('host') ?? url.host,
      cookie: getCookie(c, FIRST_TOUCH_COOKIE),
    });
    if (outcome.cookie) deps.writeCookie(c, FIRST_TOUCH_COOKIE, outcome.cookie, { maxAge: FIRST_TOUCH_DAYS * 86_400 });
    return c.body(null, 204);
  });

  app.get('/go/:code', async (c) => {
    c.header('Cache-Control', 'no-store');
    const limit = await deps.services.limits.hit(deps.clientIp(c), HIT_LIMIT);
    if (!limit.allowed) return c.body(null, 429, { 'Retry-After': String(limit.retryAfterSeconds) });
    const target = await deps.services.affiliates.linkTarget(c.req.param('code'), new URL(c.req.url).searchParams);
    // An unknown or disabled link still lands on the home page: the visitor came to see the site.
    return c.redirect(target ?? '/', 302);
  });

  return app;
}
