import type { Context } from 'hono';

/**
 * Same-origin check for state-changing requests a cookie may authenticate. A browser always
 * sends Origin on a cross-site POST; when it is present it must equal this site's origin. With
 * no Origin, a browser's Sec-Fetch-Site of `cross-site` is refused too. Requests with neither
 * come from non-browser clients, which carry no ambient cookies and are allowed.
 */
export function isSameOrigin(c: Context, options: { trustProxy: boolean; publicOrigin?: string }): boolean {
  const origin = c.req.header('origin');
  if (origin) {
    if (origin === 'null') return false;
    return allowedOrigins(c, options).has(origin);
  }
  return c.req.header('sec-fetch-site') !== 'cross-site';
}

function allowedOrigins(c: Context, options: { trustProxy: boolean; publicOrigin?: string }): Set<string> {
  const allowed = new Set<string>();
  if (options.publicOrigin) allowed.add(new URL(options.publicOrigin).origin);
  const url = new URL(c.req.url);
  allowed.add(url.origin);
  if (options.trustProxy) {
    const host = c.req.header('x-forwarded-host') ?? c.req.header('host');
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0].trim() ?? url.protocol.replace(':', '');
    if (host) allowed.add(`${proto}://${host}`);
  }
  return allowed;
}
