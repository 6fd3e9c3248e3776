import { FIRST_TOUCH_COOKIE } from '../affiliates/index.ts';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, type LocaleCode } from '../../../contract/locales.ts';
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { FLOW_COOKIE, FLOW_SECONDS, type IdentityProviders } from './service.ts';
import { text } from './texts.ts';

/** The popup's outcome travels to the page that opened it on this channel (same origin only). */
export const SOCIAL_CHANNEL = 'croupier-social-sign-in';

/**
 * Social sign-in in a popup (spec 1 §7: a 640x480 window at /oauth/init with service,
 * redirect_url and type_auth):
 *   GET /oauth/init?service=google&redirect_url=/games&locale=en  -> 302 to the provider
 *   GET /oauth/callback/:service?code&state                        -> session cookie, small page
 * The callback page tells the opener through a BroadcastChannel and closes; opened without a
 * popup (blocked popups, embedded web views) it goes back to redirect_url itself.
 */
export function identityProviderRoutes(deps: {
  providers: IdentityProviders;
  logger: Logger;
  publicOrigin?: string;
  clientIp(c: Context): string;
  /** Writes a cookie with the site's rules (HttpOnly, Secure over https, SameSite). */
  writeCookie(c: Context, name: string, value: string, options?: { maxAge?: number }): void;
  startSession(c: Context, token: string): void;
}) {
  const app = new Hono();
  const origin = (c: Context) => deps.publicOrigin ?? new URL(c.req.url).origin;

  /** Only a path of this site: anything else (another origin, `//host`) goes home. */
  function safeRedirect(c: Context, value: string | undefined): string {
    if (!value) return '/';
    try {
      const url = new URL(value, origin(c));
      return url.origin === origin(c) ? `${url.pathname}${url.search}${url.hash}` : '/';
    } catch {
      return '/';
    }
  }

  const localeOf = (c: Context): LocaleCode => {
    const asked = c.req.query('locale') ?? getCookie(c, LOCALE_COOKIE);
    return isLocale(asked) ? asked : DEFAULT_LOCALE;
  };

  app.get('/init', async (c) => {
    c.header('Cache-Control', 'no-store');
    const locale = localeOf(c);
    const redirect = safeRedirect(c, c.req.query('redirect_url'));
    const service = c.req.query('service') ?? '';
    try {
      const started = await deps.providers.startSocial(service, {
        redirect,
        locale,
        callbackUrl: `${origin(c)}/oauth/callback/${encodeURIComponent(service)}`,
      });
      deps.writeCookie(c, FLOW_COOKIE, started.cookie, { maxAge: FLOW_SECONDS });
      return c.redirect(started.url, 302);
    } catch (error) {
      if (!(error instanceof AppError)) deps.logger.error({ err: error, service }, 'social sign-in could not start');
      const known = error instanceof AppError;
      const page = outcomePage(c, { ok: false, message: known ? error.message : text(locale, 'providerDown'), reason: 'start', redirect, locale });
      return c.html(page, (known ? error.status : 503) as 400);
    }
  });

  app.get('/callback/:service', async (c) => {
    c.header('Cache-Control', 'no-store');
    // The popup arrives here from the provider's page (no opener policy). Any policy of ours
    // would move it to a new browsing context group and cut it from the page that opened it:
    // it could then neither close itself nor be closed. This page holds no secrets to isolate.
    c.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    const cookie = getCookie(c, FLOW_COOKIE);
    const known = deps.providers.flowInfo(cookie);
    const locale = known?.locale ?? localeOf(c);
    const redirect = known?.redirect ?? '/';
    // The flow is over whatever happens next: its cookie goes.
    deps.writeCookie(c, FLOW_COOKIE, '', { maxAge: 0 });
    try {
      const result = await deps.providers.finishSocial(c.req.param('service'), new URL(c.req.url), cookie, {
        locale,
        ip: deps.clientIp(c),
        userAgent: c.req.header('user-agent'),
        origin: origin(c),
        firstTouch: getCookie(c, FIRST_TOUCH_COOKIE),
      });
      deps.startSession(c, result.token);
      return c.html(outcomePage(c, { ok: true, message: text(locale, 'signedIn'), redirect: result.redirect, locale, created: result.created }));
    } catch (error) {
      if (!(error instanceof AppError)) {
        deps.logger.error({ err: error }, 'social sign-in failed');
        return c.html(outcomePage(c, { ok: false, message: text(locale, 'providerDown'), reason: 'provider', redirect, locale }), 500);
      }
      const reason = String(error.details?.reason ?? error.type);
      return c.html(outcomePage(c, { ok: false, message: error.message, reason, redirect, locale }), error.status as 400);
    }
  });

  return app;
}

type Outcome = { ok: boolean; message: string; redirect: string; locale: LocaleCode; reason?: string; created?: boolean };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page the popup lands on. It carries no site chrome: it lives a moment in a 640x480 window.
 * Successful: tell the opener and close (or go back to the page when there is no opener).
 * Failed: tell the opener (which shows the message) and close; without an opener, show it here.
 */
function outcomePage(c: Context, outcome: Outcome): string {
  const nonce = (c.get as (key: string) => string | undefined)('nonce') ?? '';
  const home = outcome.redirect;
  const title = outcome.ok ? text(outcome.locale, 'signedIn') : text(outcome.locale, 'failedTitle');
  const message = { type: 'social-sign-in', ok: outcome.ok, message: outcome.message, reason: outcome.reason ?? null, created: outcome.created ?? false };
  return `<!doctype html>
<html lang="${outcome.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0d17;color:#e7e9f3;font:15px/1.5 system-ui,sans-serif}
main{max-width:26rem;margin:1.5rem;padding:1.75rem;border-radius:1rem;background:#151828;box-shadow:0 0 0 1px rgba(255,255,255,.06)}
h1{margin:0 0 .5rem;font-size:1.2rem}p{margin:0 0 1.25rem;color:#b4b8cc}
a{display:inline-block;padding:.65rem 1.1rem;border-radius:.75rem;background:linear-gradient(90deg,#f5c542,#e9a824);color:#1a1405;font-weight:700;text-decoration:none}
</style></head>
<body><main data-testid="social-outcome" data-ok="${outcome.ok}"><h1>${escapeHtml(title)}</h1>${outcome.ok ? '' : `<p>${escapeHtml(outcome.message)}</p>`}<a href="${escapeHtml(home)}">${escapeHtml(text(outcome.locale, 'backToSite'))}</a></main>
<script nonce="${nonce}">
(function(){var m=${scriptJson(message)},home=${scriptJson(home)};
try{var ch=new BroadcastChannel(${scriptJson(SOCIAL_CHANNEL)});ch.postMessage(m);ch.close()}catch(e){}
if(window.opener){window.close()}
setTimeout(function(){if(m.ok){location.replace(home)}},${FLOW_REDIRECT_DELAY_MS});})();
</script></body></html>`;
}

/** A popup that could not close itself (no opener) goes back to the site after this long. */
const FLOW_REDIRECT_DELAY_MS = 400;
