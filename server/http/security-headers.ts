import type { Context, MiddlewareHandler } from 'hono';
import type { HttpEnv } from './env.ts';

/**
 * Security headers on every answer. Pages get a Content-Security-Policy whose script-src allows
 * only this origin and scripts carrying this response's nonce (React Router's hydration scripts
 * and the operator's code snippets are rendered with it).
 */
export function securityHeaders(options: { secure(c: Context): boolean; dev: boolean }): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (options.secure(c)) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if ((headers.get('content-type') ?? '').startsWith('text/html')) {
      const nonce = c.get('nonce');
      headers.set(
        'Content-Security-Policy',
        [
          "default-src 'self'",
          // Vite's dev client injects inline scripts without a nonce; production pins scripts.
          options.dev ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' 'nonce-${nonce}'`,
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob:",
          "font-src 'self' data:",
          "connect-src 'self' ws: wss:",
          "frame-src 'self'",
          "frame-ancestors 'self'",
          "base-uri 'self'",
          "form-action 'self'",
          "object-src 'none'",
        ].join('; '),
      );
    }
  };
}
