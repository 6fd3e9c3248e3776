import { stripLocale } from './locales.ts';

/**
 * Areas a guest may not open (spec 1, section 2). A path is guarded when one of its segments,
 * after the locale prefix, is one of these words: `/cashier/deposit` is guarded, a promotion
 * called `/promotions/cashier-week` is not.
 */
export const GUARDED_SEGMENTS = ['bets', 'cashier', 'profile', 'responsible-game'] as const;

export function isGuardedPath(pathname: string): boolean {
  const segments = stripLocale(pathname).split('/').filter(Boolean);
  return segments.some((segment) => (GUARDED_SEGMENTS as readonly string[]).includes(segment));
}

export type RedirectRule = { from_url: string; to_url: string };

/**
 * Applies the content configuration's redirect rules. `*` in from_url matches any run of
 * characters; when to_url also has a `*`, the matched part is carried over. Paths are compared
 * without the locale prefix. Returns the target, or null when no rule applies.
 */
export function matchRedirect(pathname: string, rules: readonly RedirectRule[]): string | null {
  const path = stripLocale(pathname);
  for (const rule of rules) {
    const from = rule.from_url.trim();
    if (!from) continue;
    const pattern = new RegExp(
      `^${from.split('*').map(escapeRegExp).join('(.*)')}/?$`,
    );
    const match = pattern.exec(path);
    if (!match) continue;
    const captured = match.slice(1);
    let index = 0;
    return rule.to_url.replace(/\*/g, () => captured[index++] ?? '');
  }
  return null;
}

function escapeRegExp(text: string) {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** True for an address that leaves the site (another origin, or a non-http protocol). */
export function isExternalUrl(href: string, origin: string): boolean {
  try {
    return new URL(href, origin).origin !== new URL(origin).origin;
  } catch {
    return false;
  }
}

/**
 * Whether a link may be followed. Unsafe protocols (javascript:, data:, vbscript:, file: ...)
 * are always refused; an external address is allowed only when flagged external.
 */
export function isNavigableUrl(href: string, origin: string, options: { external?: boolean } = {}): boolean {
  let url: URL;
  try {
    url = new URL(href.trim(), origin);
  } catch {
    return false;
  }
  if (!SAFE_PROTOCOLS.has(url.protocol)) return false;
  if (url.origin !== new URL(origin).origin || url.protocol === 'mailto:' || url.protocol === 'tel:') {
    return options.external === true;
  }
  return true;
}

/**
 * A redirectUrl taken from the address is only followed when it stays on this site: a path that
 * starts with a single slash. Anything else falls back to the home page.
 */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
