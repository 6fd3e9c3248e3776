import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { ServerBridge } from '../../contract/server-bridge.ts';
import { toEntries } from '../../contract/query.ts';
import type { Services } from '../services.ts';
import type { HttpEnv } from './env.ts';
import { INTERNAL_CLIENT_IP_HEADER, INTERNAL_VIEWER_HEADER, type PageHandler } from './app.ts';
import type { Context } from 'hono';
import type { GuestPageCache } from './guest-page-cache.ts';

/** The app's entry.server module exports the context key its loaders read the bridge from. */
type AppServerBuild = ServerBuild & {
  entry: { module: ServerBuild['entry']['module'] & { serverBridgeContext: RouterContext<ServerBridge> } };
};

type InternalFetch = (request: Request) => Promise<Response>;

/**
 * Hands page requests to React Router with a ServerBridge in the router context. The bridge's
 * API calls go through `internalFetch` (the Hono app itself), carrying the page request's
 * cookies, so a loader sees exactly what the browser would.
 */
export function createPageHandler(options: {
  getBuild: () => Promise<ServerBuild>;
  mode: 'development' | 'production';
  services: Services;
  internalFetch: () => InternalFetch;
  publicOrigin?: string;
  /** Shares guests' pages for a moment (decision 012); absent, every page is rendered. */
  guestCache?: GuestPageCache;
}): PageHandler {
  let cached: { build: ServerBuild; handle: ReturnType<typeof createRequestHandler> } | null = null;

  return async (c: Context<HttpEnv>, clientIp: string) => {
    const render = async () => {
      const build = (await options.getBuild()) as AppServerBuild;
      if (!cached || cached.build !== build) cached = { build, handle: createRequestHandler(build, options.mode) };
      const bridge = createBridge(c, clientIp, options);
      const context = new RouterContextProvider();
      context.set(build.entry.module.serverBridgeContext, bridge);
      return cached.handle(c.req.raw, context);
    };
    return options.guestCache ? options.guestCache.serve(c, render) : render();
  };
}

function createBridge(
  c: Context<HttpEnv>,
  clientIp: string,
  options: { services: Services; internalFetch: () => InternalFetch; publicOrigin?: string },
): ServerBridge {
  const requestUrl = new URL(c.req.url);
  const viewer = c.get('viewer');
  // The visitor cookie may have been issued on this very response: pass it on explicitly.
  const cookieHeader = [c.req.header('cookie'), `vid=${viewer.visitorId}`].filter(Boolean).join('; ');
  const forwarded: Record<string, string> = {
    cookie: cookieHeader,
    'x-request-id': c.get('requestId'),
    [INTERNAL_CLIENT_IP_HEADER]: clientIp,
    // The session was resolved for this page request: its API calls need not look it up again.
    [INTERNAL_VIEWER_HEADER]: JSON.stringify(viewer),
  };
  for (const name of ['accept-language', 'user-agent']) {
    const value = c.req.header(name);
    if (value) forwarded[name] = value;
  }

  return {
    requestId: c.get('requestId'),
    nonce: c.get('nonce'),
    origin: options.publicOrigin ?? requestUrl.origin,
    async callApi(method, callOptions = {}) {
      const url = new URL(`/api/${method}`, requestUrl.origin);
      if (callOptions.locale) url.searchParams.set('locale', callOptions.locale);
      // The same bracket notation as the browser client, so arrays and nested values arrive alike.
      for (const [key, value] of toEntries(callOptions.query ?? {})) url.searchParams.append(key, value);
      const init: RequestInit = { method: callOptions.body ? 'POST' : 'GET', headers: { ...forwarded } };
      if (callOptions.body) {
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
        init.body = JSON.stringify(callOptions.body);
      }
      const response = await options.internalFetch()(new Request(url, init));
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    siteConfig: (locale) => options.services.siteConfig.get(locale),
    isMaintenance: () => options.services.siteSettings.get('maintenance'),
    isSignedIn: async () => viewer.userId !== null,
    seonAgentUrl: options.services.seon.agentUrl,
  };
}
