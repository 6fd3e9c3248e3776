import { Links, Meta, Outlet, useLocation, useRouteLoaderData, Scripts, ScrollRestoration, redirect, type MiddlewareFunction, type ShouldRevalidateFunctionArgs } from 'react-router';
import { isbot } from 'isbot';
import type { Route } from './+types/root';
import { isLoggedIn, type GeneralInfo, type UserInfo } from '../contract/api.ts';
import { LOCALE_INFO, localeOfPath } from '../contract/locales.ts';
import type { SeoHead } from '../contract/seo.ts';
import { faviconLinks, type FaviconLink } from '../contract/favicons.ts';
import { snippetPosition } from '../contract/snippets.ts';
import { guessDeviceFromUserAgent } from '../contract/user-agent.ts';
import { bridgeOf, serverApi } from './lib/server-bridge.ts';
import { hasLiveGames, type GameCategory } from './features/games/types.ts';
import { pageRedirect } from './lib/redirects.ts';
import { toPageError } from './lib/page-errors.ts';
import { ApiError } from './lib/api-error.ts';
import { useRootData } from './lib/locale.ts';
import { noteStateReadAt } from './lib/live.ts';
import { AppErrorPage } from './features/errors/error-page.tsx';
import { AppProviders } from './features/shell/app-providers.tsx';
import { WebApp } from './features/webapp/index.ts';
import { HitTracker, SeonAgent } from './features/tracking/index.ts';
import { ConsentHost } from './features/consent/index.ts';
import { consentOf } from '../contract/analytics.ts';
import { googleTagScript } from '../contract/analytics-tag.ts';
import { backofficeLocaleOf, isBackofficePath, type BackofficeRootData } from '../contract/backoffice-path.ts';
import './app.css';

import type { RootData } from './lib/root-data.ts';


/** Redirects happen here, before any loader runs, for document loads and client navigations alike. */
const redirects: MiddlewareFunction<Response> = async ({ request, context }) => {
  const bridge = bridgeOf(context);
  const url = new URL(request.url);
  // The back office has no locale prefix, no player redirects and no operator redirect rules.
  if (isBackofficePath(url.pathname)) return;
  const target = pageRedirect({
    url,
    cookieHeader: request.headers.get('cookie'),
    acceptLanguage: request.headers.get('accept-language'),
    isBot: isbot(request.headers.get('user-agent') ?? ''),
    isSignedIn: await bridge.isSignedIn(),
    rules: (await bridge.siteConfig(localeOfPath(url.pathname))).seo.redirects,
    isDocumentRequest: (request.headers.get('accept') ?? '').includes('text/html'),
  });
  if (target) throw redirect(target.location, { status: target.status, headers: { Vary: 'Cookie, Accept-Language' } });
};

export const middleware = [redirects];

/** The icons of a page whose root data failed (an error page). */
const FALLBACK_ICONS: FaviconLink[] = [
  { rel: 'icon', href: '/brand/logo-mark.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/brand/apple-touch-icon.png' },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData | BackofficeRootData> {
  const bridge = bridgeOf(context);
  const { pathname, search } = new URL(request.url);
  // The back office needs none of the player's site (and works during maintenance): only the nonce.
  if (isBackofficePath(pathname)) return { backoffice: true, nonce: bridge.nonce, locale: backofficeLocaleOf(request.headers.get('cookie')) };
  const locale = localeOfPath(pathname);
  if (await bridge.isMaintenance()) {
    toPageError(new ApiError('ApplicationDisabledException', 'The site is under maintenance', 503));
  }
  try {
    const stateReadAt = Date.now();
    const [config, user, general, seo, liveCasino] = await Promise.all([
      bridge.siteConfig(locale),
      serverApi<UserInfo>(context, 'getInfo', { locale }),
      serverApi<GeneralInfo>(context, 'getgeneralinfo', { locale }),
      // A failed SEO read leaves the page's own head (spec 2 section 4: empty SEO data).
      serverApi<SeoHead>(context, 'content/getseo', { query: { path: `${pathname}${search}`, host: new URL(bridge.origin).host }, locale }).catch(() => null),
      // The categories are served from the catalogue's cache; a failed read offers no live casino.
      serverApi<GameCategory[]>(context, 'games/getCategories', { locale })
        .then(hasLiveGames)
        .catch(() => false),
    ]);
    const consent = consentOf(request.headers.get('cookie'));
    return {
      locale,
      config,
      user,
      general,
      deviceHint: guessDeviceFromUserAgent(request.headers.get('user-agent')),
      origin: bridge.origin,
      nonce: bridge.nonce,
      seo,
      icons: faviconLinks(config.webSettings.favicon),
      liveCasino,
      consent,
      analyticsTag: consent === 'granted' ? googleTagScript(general.analytic) : null,
      seonAgent: general.is_seon_enabled ? bridge.seonAgentUrl : null,
      stateReadAt,
    };
  } catch (error) {
    toPageError(error);
  }
}

/**
 * The site's data rarely changes within a visit: refetch it after a form submission, an explicit
 * revalidation (same address: `useRevalidator().revalidate()` after a profile change), or a
 * change of locale, not on every navigation.
 */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { pathname } = useLocation();
  // Back-office pages (docs/backoffice.md): their own language and no player manifest or operator snippets.
  const backoffice = useRouteLoaderData('root') as BackofficeRootData | undefined;
  if (isBackofficePath(pathname)) {
    return (
      <html lang={backoffice?.locale ?? 'en'}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex, nofollow" />
          <Meta />
          <Links />
        </head>
        <body className="bo-body">
          {children}
          <ScrollRestoration nonce={backoffice?.nonce} />
          <Scripts nonce={backoffice?.nonce} />
        </body>
      </html>
    );
  }
  // Without root data (its loader failed), the address still tells the page's language.
  const locale = root?.locale ?? localeOfPath(pathname);
  const info = LOCALE_INFO[locale];
  const snippets = (root?.config.codeSnippets ?? []).filter((snippet) => snippet.isEnabled && snippet.code);
  const at = (position: 'head' | 'bodyStart' | 'bodyEnd') =>
    snippets
      .filter((snippet) => snippetPosition(snippet.position) === position)
      .map((snippet, index) => (
        <script key={`${position}-${index}`} nonce={root?.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: snippet.code }} />
      ));
  return (
    <html lang={locale} dir={info.dir} className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0b0d17" />
        {/* webSettings.favicon: every declared icon and size, and our apple icon when none is declared (contract/favicons.ts). */}
        {(root?.icons ?? FALLBACK_ICONS).map((link) => (
          <link key={`${link.rel}:${link.href}:${link.sizes ?? ''}`} rel={link.rel} href={link.href} type={link.type} sizes={link.sizes} />
        ))}
        <link rel="manifest" href={locale === 'fr' ? '/manifest.fr.webmanifest' : '/manifest.webmanifest'} />
        <Meta />
        <Links />
        {root?.analyticsTag && <script nonce={root.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: root.analyticsTag }} />}
        {at('head')}
      </head>
      <body>
        {at('bodyStart')}
        {children}
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
        {at('bodyEnd')}
      </body>
    </html>
  );
}

export default function App() {
  const { pathname } = useLocation();
  const root = useRootData();
  if (isBackofficePath(pathname)) return <Outlet />;
  // Before any effect opens the live stream: it asks for what was heard since this state was read.
  noteStateReadAt(root && isLoggedIn(root.user) ? root.stateReadAt : null);
  return (
    <AppProviders>
      <ConsentHost />
      <Outlet />
      <WebApp />
      <HitTracker />
      <SeonAgent />
    </AppProviders>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  // The back office's frame has its own boundary; this is only for a failure above it.
  if (isBackofficePath(pathname)) return <a href="/backoffice">Back office</a>;
  return (
    <AppProviders>
      <AppErrorPage error={error} />
    </AppProviders>
  );
}
