import { randomBytes, randomUUID } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';
import { isLocale, localeOfPath } from '../../contract/locales.ts';
import { createApiRouter } from '../api/router.ts';
import { SESSION_COOKIE } from '../modules/accounts/index.ts';
import { createDevMailboxRoutes } from './dev-mailbox.ts';
import { walletRoutes } from '../modules/wallet/index.ts';
import { identityProviderRoutes } from '../modules/identity-providers/index.ts';
import type { Env } from '../platform/env.ts';
import type { Logger } from '../platform/logger.ts';
import type { Services } from '../services.ts';
import { writeCookie } from './cookies.ts';
import type { HttpEnv } from './env.ts';
import type { Viewer } from '../api/types.ts';
import { refuseLongUrls } from './oversized-requests.ts';
import { compression } from './compression.ts';
import { securityHeaders } from './security-headers.ts';
import { consentOf } from '../../contract/analytics.ts';
import { GOOGLE_TAG_SOURCES } from '../../contract/analytics-tag.ts';
import { mountSeoRoutes } from './seo.ts';
import { trackingRoutes } from './tracking.ts';
import { consentRoutes } from './consent.ts';
import { verificationRoutes } from '../modules/verification/index.ts';
import { BACKOFFICE_API, BACKOFFICE_PATH } from '../../contract/backoffice.ts';
import { backofficeAddressGate, createBackofficeRouter } from '../backoffice/router.ts';
import { backofficeOpsRoutes } from '../backoffice/ops-route.ts';
import { inSpan } from '../platform/observability/tracing.ts';
import { childrenOf, httpDuration, httpRequests } from '../platform/observability/metrics.ts';
import { answerMetrics } from '../platform/observability/metrics-server.ts';
import type { Drain } from './drain.ts';

export const VISITOR_COOKIE = 'vid';

/**
 * What an orchestrator asks (docs/deploy.md, "Probes"): /healthz, the process answers (liveness:
 * restart it when it does not); /readyz, it can serve, its database answers (readiness: send it
 * traffic only then). A worker process (WEB=off) serves these two and nothing else.
 */
export function mountProbes(app: Hono<HttpEnv>, services: Pick<Services, 'database'>, drain?: Pick<Drain, 'draining'>) {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    // Draining after SIGTERM (docs/operations.md): not ready from the first moment, whatever the database says.
    if (drain?.draining) return c.json({ status: 'draining' }, 503);
    const ok = await services.database.ping();
    return c.json({ status: ok ? 'ready' : 'database unreachable' }, ok ? 200 : 503);
  });
}
export const INTERNAL_CLIENT_IP_HEADER = 'x-croupier-client-ip';
/** The page request's resolved viewer, handed to its in-process API calls (see isInProcess). */
export const INTERNAL_VIEWER_HEADER = 'x-croupier-viewer';

/**
 * In-process calls (page loaders through the bridge, tests) reach the app without a socket. Only
 * they may carry the internal headers: a request from the network always has one, and for it
 * those headers are ignored.
 */
const isInProcess = (c: Context) => !(c.env as { incoming?: unknown } | undefined)?.incoming;

function forwardedViewer(header: string | undefined): Viewer | null {
  if (!header) return null;
  try {
    const value = JSON.parse(header) as Viewer;
    const okId = (id: unknown) => id === null || Number.isInteger(id);
    if (typeof value.visitorId !== 'string' || !VISITOR_ID.test(value.visitorId) || !okId(value.userId) || !okId(value.sessionId)) return null;
    return value;
  } catch {
    return null;
  }
}
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * A fresh CSP nonce for every request: 16 bytes from the CSPRNG, base64url (no character that
 * HTML or a script's JSON would escape, so a cached page's nonce is found and replaced exactly;
 * guest-page-cache.ts). Drawn from a pooled block: a synchronous randomBytes call per request
 * cost more than the whole /healthz route.
 */
const NONCE_BYTES = 16;
const NONCE_POOL = 256;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;
function nextNonce(): string {
  if (nonceOffset >= noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * NONCE_POOL);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64url', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}
const VISITOR_MAX_AGE = 365 * 24 * 60 * 60;

/** Renders a page: React Router's request handler, given the request and this request's Hono context. */
export type PageHandler = (c: Context<HttpEnv>, clientIp: string) => Promise<Response>;

export type HttpAppOptions = {
  services: Services;
  env: Env;
  logger: Logger;
  /** Static assets (production build); dev serves them through Vite before Hono. */
  serveStatic?: MiddlewareHandler;
  pages?: PageHandler;
  /** The process's drain on SIGTERM (server/main.ts): requests counted, /readyz 503 once it began. */
  drain?: Drain;
};

/**
 * The one HTTP application: health checks, /api, the site configuration document, static files
 * and, for everything else, the React Router pages.
 */
export function createHttpApp(options: HttpAppOptions) {
  const { services, env, logger } = options;
  const app = new Hono<HttpEnv>();
  // First of all, so that a request counts as in flight for its whole life.
  if (options.drain) app.use(options.drain.track);
  const clientIp = (c: Context) => {
    if (env.TRUST_PROXY) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',')[0].trim();
      if (forwarded) return forwarded;
    }
    // In-process calls (page loaders) have no socket, and only they can reach this branch: they
    // carry the address the page request came from, as worked out by the bridge.
    if (isInProcess(c)) return c.req.header(INTERNAL_CLIENT_IP_HEADER) ?? 'internal';
    return getConnInfo(c).remote.address ?? 'unknown';
  };

  app.use(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.set('nonce', nextNonce());
    const started = performance.now();
    const method = c.req.method;
    // The request's span (when tracing is on, docs/observability.md): the API method, SQL and
    // wallet spans below it carry the same request id. Named by its route once routing is done.
    await inSpan(method, { kind: 'server', headers: c.req.raw.headers, requestId, attributes: { 'http.request.method': method, 'url.path': c.req.path } }, async (span) => {
      await next();
      const status = c.res.status;
      span.set({ 'http.route': routeOf(c), 'http.response.status_code': status });
      span.rename(`${method} ${routeOf(c)}`);
      if (status >= 500) span.fail(`HTTP ${status}`);
    });
    c.header('X-Request-Id', requestId);
    const ms = performance.now() - started;
    const route = routeOf(c);
    const status = c.res.status;
    requestCounter(`${method} ${route} ${status}`).inc();
    requestTimer(`${method} ${route}`).observe(ms / 1000);
    const path = c.req.path;
    if (!path.startsWith('/assets/')) {
      logger.info({ requestId, method, path, status, ms: Math.round(ms) }, 'request');
    }
  });
  // Text answers in brotli or gzip (decision 034): outside everything else, so pages, the API,
  // static files and the security headers' answers all pass through it.
  app.use(compression());
  app.use(refuseLongUrls());

  app.use(
    securityHeaders({
      secure: (c) => c.req.url.startsWith('https:'),
      dev: env.NODE_ENV === 'development',
      gameOrigins: env.AGGREGATOR_URL ? (env.AGGREGATOR_CONTENT_ORIGINS ?? [new URL(env.AGGREGATOR_URL).origin]) : [],
      deviceAgentOrigins: services.seon.agentUrl ? [new URL(services.seon.agentUrl).origin] : [],
      // A configured third-party chat widget's origins (nothing when the built-in chat runs), and
      // Sumsub's WebSDK while Sumsub verifies players.
      thirdPartyOrigins: async (c) => {
        const [chat, verification] = await Promise.all([services.support.cspOrigins(localeOfPath(new URL(c.req.url).pathname)), services.verification.cspOrigins()]);
        return [...new Set([...chat, ...verification])];
      },
      // Google's tags, while an analytics id is set and the player has not refused (docs/analytics.md).
      analyticsSources: async (c) => {
        if (consentOf(c.req.header('cookie')) === 'denied') return null;
        const [gtm, ga] = await Promise.all([services.siteSettings.get('analyticGtmId'), services.siteSettings.get('analyticGaId')]);
        return gtm || ga ? GOOGLE_TAG_SOURCES : null;
      },
    }),
  );

  mountProbes(app, services, options.drain);

  // Prometheus metrics on the site's port, only with METRICS_TOKEN (metrics-server.ts). Without
  // it this path is a page like any other (not found): metrics are never open to anyone.
  const metricsToken = env.METRICS_TOKEN;
  if (metricsToken) app.get('/metrics', (c) => answerMetrics(c.req.header('authorization'), metricsToken));

  if (options.serveStatic) app.use(options.serveStatic);

  // The back office (docs/backoffice.md): its own session cookie and API, before the player's
  // visitor middleware; only from BACKOFFICE_ALLOWED_IPS when that is set.
  app.use(`${BACKOFFICE_PATH}/*`, backofficeAddressGate({ services, clientIp }));
  app.use(BACKOFFICE_PATH, backofficeAddressGate({ services, clientIp }));
  app.route(`${BACKOFFICE_PATH}/ops`, backofficeOpsRoutes({ services, logger }));
  app.route(BACKOFFICE_API, createBackofficeRouter({ services, logger, trustProxy: env.TRUST_PROXY, publicOrigin: env.PUBLIC_ORIGIN, clientIp }));

  // Game providers' seamless wallet (docs/wallet-api.md): signed server-to-server JSON, mounted
  // before the visitor middleware, so these hot calls set no cookie and look up no web session.
  app.route('/platform/wallet', walletRoutes(services.wallet));
  // The sportsbook operator's commands (scripts/ops-betting.ts): signed, server to server.
  app.route('/platform/betting', services.bettingOps);

  // robots.txt and the sitemaps are the same for everyone: no visitor cookie, no session lookup.
  mountSeoRoutes(app, { services, publicOrigin: env.PUBLIC_ORIGIN });
  // Content pages' images (docs/content.md, "Images"): re-encoded at upload, named at random, never
  // changed, so cached for a year; served as images only, never sniffed into anything else.
  app.get('/content-images/:name', async (c) => {
    const file = await services.contentImages.file(c.req.param('name'));
    if (!file) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    return c.body(new Uint8Array(file.bytes), 200, {
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  });

  // Every other request belongs to a visitor: give each browser a stable, opaque id.
  app.use(async (c, next) => {
    // A page's API calls run in the same request: its viewer was resolved once already.
    const forwarded = isInProcess(c) ? forwardedViewer(c.req.header(INTERNAL_VIEWER_HEADER)) : null;
    if (forwarded) {
      c.set('viewer', forwarded);
      return next();
    }
    let visitorId = getCookie(c, VISITOR_COOKIE);
    if (!visitorId || !VISITOR_ID.test(visitorId)) {
      visitorId = randomBytes(16).toString('base64url');
      writeCookie(c, env.TRUST_PROXY, VISITOR_COOKIE, visitorId, { maxAge: VISITOR_MAX_AGE });
    }
    const session = await services.sessions.resolve(getCookie(c, SESSION_COOKIE));
    c.set('viewer', {
      visitorId,
      userId: session?.userId ?? null,
      sessionId: session?.sessionId ?? null,
      userStatus: session?.status ?? null,
    });
    await next();
  });

  // Tracking hits and affiliate links (docs/affiliates.md).
  app.route('/', trackingRoutes({ services, clientIp, writeCookie: (c, name, value, cookieOptions) => writeCookie(c, env.TRUST_PROXY, name, value, cookieOptions) }));

  // The consent banner's choice posted without JavaScript (docs/analytics.md).
  app.route('/', consentRoutes({ trustProxy: env.TRUST_PROXY, publicOrigin: env.PUBLIC_ORIGIN, writeCookie: (c, name, value, cookieOptions) => writeCookie(c, env.TRUST_PROXY, name, value, cookieOptions) }));

  app.route('/api', createApiRouter({ services, logger, trustProxy: env.TRUST_PROXY, publicOrigin: env.PUBLIC_ORIGIN, clientIp }));

  // Social sign-in's popup: /oauth/init and /oauth/callback/:service (docs/sign-in-channels.md).
  app.route(
    '/oauth',
    identityProviderRoutes({
      providers: services.identityProviders,
      logger,
      publicOrigin: env.PUBLIC_ORIGIN,
      clientIp,
      writeCookie: (c, name, value, cookieOptions) => writeCookie(c, env.TRUST_PROXY, name, value, cookieOptions),
      startSession: (c, token) => writeCookie(c, env.TRUST_PROXY, SESSION_COOKIE, token),
    }),
  );

  if (services.messenger.mailbox) app.route('/_dev', createDevMailboxRoutes(services.messenger.mailbox));

  // A game history export's CSV (games/createhistoryexportrequest): only its owner's cookie
  // session gets it; anything else is not found, so ids reveal nothing.
  app.get('/platform/history-export/:file', async (c) => {
    c.header('Cache-Control', 'no-store');
    const viewer = c.get('viewer');
    const match = /^([1-9][0-9]{0,8})\.csv$/.exec(c.req.param('file'));
    if (!match) return c.text('Not found', 404);
    if (viewer.userId === null) return c.text('Sign in required', 401);
    if (viewer.userStatus !== 'active') return c.text('Forbidden', 403);
    const file = await services.history.exportFile(viewer.userId, Number(match[1]));
    if (!file) return c.text('Not found', 404);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    return c.body(file.csv);
  });

  // Identity documents for their owner only, and the Sumsub webhook (docs/verification.md).
  app.route('/platform/verification', verificationRoutes(services.verification));

  // Payment providers call back here; the body is read raw, because the signature covers it.
  // Each provider has its own path (the demo's is /platform/payments/callback/demo) and names the
  // header it signs in (PaymentProvider.signatureHeader).
  app.post('/platform/payments/callback/:provider', async (c) => {
    const answer = await services.payments.handleCallback(c.req.param('provider'), await c.req.text(), (name) => c.req.header(name));
    return c.json(answer.body, answer.status as 200);
  });
  app.route('/psp/demo', services.demoPsp.routes());
  services.setCallbackSender(async (path, body, headers) => {
    const response = await app.fetch(new Request(new URL(path, 'http://internal'), { method: 'POST', body, headers }));
    return { status: response.status };
  });

  app.get('/nfx/cms-config/:locale', async (c) => {
    const locale = c.req.param('locale');
    if (!isLocale(locale)) return c.json({ error: { type: 'InvalidParameterException', message: `Unknown locale ${locale}`, fields: { locale: 'Unknown locale' } } }, 404);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(await services.siteConfig.get(locale));
  });

  if (options.pages) {
    const pages = options.pages;
    app.all('*', (c) => {
      // Headers set earlier in the chain (a first visit's visitor cookie) wait on the context
      // until it has a response, and a handler's own Response would drop them: giving the context
      // its response first makes Hono merge them into the page's.
      void c.res;
      return pages(c, clientIp(c));
    });
  }

  app.onError((error, c) => {
    logger.error({ err: error, requestId: c.get('requestId') }, 'unhandled error');
    return c.text('Internal Server Error', 500);
  });

  return app;
}

export type HttpApp = ReturnType<typeof createHttpApp>;

/**
 * The route that answered, as registered (`/api/*`, `/platform/wallet/:endpoint`): a bounded
 * label for metrics and span names, where the path itself carries ids. The pages' catch-all
 * is `page`; a request no handler matched is `unmatched`.
 */
function routeOf(c: Context): string {
  const route = c.req.routePath;
  if (route === '*' || route === '/*') {
    if (c.req.path.startsWith('/assets/')) return 'static';
    return c.finalized && c.res.status !== 404 ? 'page' : 'unmatched';
  }
  return route;
}

const requestCounter = childrenOf((key) => {
  const [method, route, status] = key.split(' ');
  return httpRequests.labels(method, route, status);
});
const requestTimer = childrenOf((key) => {
  const [method, route] = key.split(' ');
  return httpDuration.labels(method, route);
});
