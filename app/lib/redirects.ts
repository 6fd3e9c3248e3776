import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, localeFromAcceptLanguage, localeOfPath, localizePath, stripLocale, type LocaleCode } from '../../contract/locales.ts';
import { isGuardedPath, isNavigableUrl, matchRedirect, type RedirectRule } from '../../contract/routing.ts';

/**
 * Where a page request must go instead, decided before any loader runs (root middleware), in
 * the spec's order: a stray /en prefix, the visitor's language choice, the operator's redirect
 * rules, then the guest guard. Returns null to let the request through.
 */
export function pageRedirect(input: {
  url: URL;
  cookieHeader: string | null;
  acceptLanguage: string | null;
  isBot: boolean;
  isSignedIn: boolean;
  rules: readonly RedirectRule[];
  isDocumentRequest: boolean;
}): { location: string; status: 301 | 302 } | null {
  const { url } = input;
  const path = url.pathname;

  if (path === '/en' || path.startsWith('/en/')) {
    return { location: (path.slice(3) || '/') + url.search, status: 301 };
  }

  const locale = localeOfPath(path);
  if (input.isDocumentRequest && locale === DEFAULT_LOCALE && !input.isBot) {
    const preferred = preferredLocale(input.cookieHeader, input.acceptLanguage);
    if (preferred && preferred !== DEFAULT_LOCALE) {
      return { location: localizePath(path, preferred) + url.search, status: 302 };
    }
  }

  const target = matchRedirect(path, input.rules);
  if (target && isNavigableUrl(target, url.origin, { external: true })) {
    const external = new URL(target, url.origin).origin !== url.origin;
    const location = external || !target.startsWith('/') ? target : localizePath(target, locale);
    if (location !== path) return { location, status: 301 };
  }

  if (!input.isSignedIn && isGuardedPath(path)) {
    const home = localizePath('/', locale);
    return { location: `${home}?redirectUrl=${encodeURIComponent(path + url.search)}`, status: 302 };
  }
  return null;
}

/** The visitor's language: the i18n_locale cookie first, then Accept-Language. */
export function preferredLocale(cookieHeader: string | null, acceptLanguage: string | null): LocaleCode | null {
  const cookie = readCookie(cookieHeader, LOCALE_COOKIE);
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(acceptLanguage);
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export { stripLocale };
