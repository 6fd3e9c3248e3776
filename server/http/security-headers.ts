import type { Context, MiddlewareHandler } from 'hono';
import type { HttpEnv } from './env.ts';

/**
 * Security headers on every answer. Pages get a Content-Security-Policy whose script-src allows
 * only this origin and scripts carrying this response's nonce (React Router's hydration scripts
 * and the operator's code snippets are rendered with it).
 */
export function securityHeaders(options: {
  secure(c: Context): boolean;
  dev: boolean;
  /** Origins a page's configured third-party widget needs (the chat provider's; docs/support-chat.md); none by default. */
  thirdPartyOrigins?(c: Context): Promise<string[]>;
}): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    // A route may ask for a looser policy (the social sign-in popup's callback page, which must
    // keep its opener); everything else keeps its popups but no one else's window.
    if (!headers.has('Cross-Origin-Opener-Policy')) headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (options.secure(c)) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if ((headers.get('content-type') ?? '').startsWith('text/html')) {
      const nonce = c.get('nonce');
      const extra = (await options.thirdPartyOrigins?.(c).catch(() => []))?.join(' ') ?? '';
      const plus = extra ? ` ${extra}` : '';
      headers.set(
        'Content-Security-Policy',
        [
          "default-src 'self'",
          // Vite's dev client injects inline scripts without a nonce; production pins scripts.
          options.dev ? `script-src 'self' 'unsafe-inline'${plus}` : `script-src 'self' 'nonce-${nonce}'${plus}`,
          `style-src 'self' 'unsafe-inline'${plus}`,
          `img-src 'self' data: blob:${plus}`,
          `font-src 'self' data:${plus}`,
          `connect-src 'self' ws: wss:${plus}`,
          `frame-src 'self'${plus}`,
          // The service worker (/sw.js) and the web app manifest come from this origin only.
          "worker-src 'self'",
          "manifest-src 'self'",
          // Telegram's web clients show a mini-app in a frame (docs/sign-in-channels.md).
          "frame-ancestors 'self' https://web.telegram.org",
          "base-uri 'self'",
          "form-action 'self'",
          "object-src 'none'",
        ].join('; '),
      );
    }
  };
}
