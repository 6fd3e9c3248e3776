import type { Context, MiddlewareHandler } from 'hono';
import type { HttpEnv } from './env.ts';

/**
 * Security headers on every answer. Pages get a Content-Security-Policy that allows only this
 * origin and this response's nonce (decision 033):
 * - scripts: React Router's hydration scripts and the operator's code snippets carry the nonce;
 * - style elements: the built stylesheets come from this origin, and a `<style>` element is
 *   applied only with the nonce (React renders it on hoisted styles; the guest page cache swaps it
 *   per response like the scripts' one, decision 012);
 * - style attributes: none in HTML (`style-src-attr 'none'`). Styles a page sets in the browser go
 *   through the CSSOM (React's style prop after hydration), which the policy does not govern;
 * - connections: this origin only (the API, the live channel's server-sent events).
 * A configured third-party widget adds its origins to the directives that load things. Such
 * widgets inject their styles at run time without a nonce, so while a page names any, its styles
 * are allowed inline as before. Development keeps Vite's inline scripts, styles and websocket.
 */
export function securityHeaders(options: {
  secure(c: Context): boolean;
  dev: boolean;
  /** Origins a page's configured third-party widget needs (the chat provider's; docs/support-chat.md); none by default. */
  thirdPartyOrigins?(c: Context): Promise<string[]>;
  /**
   * Origins third-party games come from (the game aggregator's, docs/aggregator.md): their frames
   * and thumbnails only. Nothing else is loosened: no script, style or connection of theirs runs
   * in our pages.
   */
  gameOrigins?: string[];
  /**
   * The sources Google's tags need (contract/analytics-tag.ts) on a page that may load them: an
   * analytics id is set and the player has not refused (docs/analytics.md). They join scripts,
   * images and connections only; the tag is started by a nonce'd script, and styles stay strict.
   */
  analyticsSources?(c: Context): Promise<{ script: readonly string[]; img: readonly string[]; connect: readonly string[] } | null>;
  /**
   * The origin of SEON's device agent while SEON runs (docs/devices.md): its script, loaded with
   * the nonce, and the connections it makes home. Nothing else is loosened.
   */
  deviceAgentOrigins?: string[];
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
      const origins = (await options.thirdPartyOrigins?.(c).catch(() => [])) ?? [];
      const plus = origins.length ? ` ${origins.join(' ')}` : '';
      const games = options.gameOrigins?.length ? ` ${options.gameOrigins.join(' ')}` : '';
      const tags = (await options.analyticsSources?.(c).catch(() => null)) ?? null;
      const tag = (list: readonly string[] | undefined) => (tags && list?.length ? ` ${list.join(' ')}` : '');
      const agent = options.deviceAgentOrigins?.length ? ` ${options.deviceAgentOrigins.join(' ')}` : '';
      // Vite's dev client and third-party widgets inject style elements without the nonce.
      const inlineStyles = options.dev || origins.length > 0;
      headers.set(
        'Content-Security-Policy',
        [
          "default-src 'self'",
          // Vite's dev client injects inline scripts without a nonce; production pins scripts.
          options.dev ? `script-src 'self' 'unsafe-inline'${plus}${tag(tags?.script)}${agent}` : `script-src 'self' 'nonce-${nonce}'${plus}${tag(tags?.script)}${agent}`,
          // A nonce in the list would switch 'unsafe-inline' off: the looser form names none.
          inlineStyles ? `style-src 'self' 'unsafe-inline'${plus}` : `style-src 'self' 'nonce-${nonce}'${plus}`,
          inlineStyles ? "style-src-attr 'unsafe-inline'" : "style-src-attr 'none'",
          `img-src 'self' data: blob:${plus}${games}${tag(tags?.img)}`,
          `font-src 'self' data:${plus}`,
          // Vite's hot reload talks over a websocket in development only.
          options.dev ? `connect-src 'self' ws: wss:${plus}${tag(tags?.connect)}${agent}` : `connect-src 'self'${plus}${tag(tags?.connect)}${agent}`,
          `frame-src 'self'${plus}${games}`,
          // The service worker (/sw.js) and the web app manifest come from this origin only.
          "worker-src 'self'",
          "manifest-src 'self'",
          // Telegram's web clients show a mini-app in a frame (docs/sign-in-channels.md).
          "frame-ancestors 'self' https://web.telegram.org",
          "base-uri 'self'",
          "form-action 'self'",
          // The fallback of an icon given by address (app/ui/external-icon.tsx): an SVG of this origin.
          "object-src 'self'",
        ].join('; '),
      );
    }
  };
}
