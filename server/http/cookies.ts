import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { NON_STRICT_FLAG } from '../../contract/api.ts';

/** True when the request reached us over https (directly, or via a trusted proxy). */
export function isSecureRequest(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0].trim() === 'https';
}

/**
 * Sets a cookie with the site's rules: HttpOnly unless stated, path /, Secure over https,
 * SameSite=Lax, or SameSite=None; Secure when the client says it runs inside a frame.
 */
export function writeCookie(
  c: Context,
  trustProxy: boolean,
  name: string,
  value: string,
  options: { maxAge?: number; httpOnly?: boolean } = {},
) {
  const secure = isSecureRequest(c, trustProxy);
  const framed = c.req.query(NON_STRICT_FLAG) === '1';
  setCookie(c, name, value, {
    path: '/',
    httpOnly: options.httpOnly ?? true,
    maxAge: options.maxAge,
    secure: secure || framed,
    sameSite: framed ? 'None' : 'Lax',
  });
}
