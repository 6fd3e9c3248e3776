export const LOCALES = ['en', 'fr'] as const;
export type LocaleCode = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: LocaleCode = 'en';
export const LOCALE_COOKIE = 'i18n_locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type Locale = { name: string; code: LocaleCode; dir: 'ltr' | 'rtl'; language: string; isDefault: boolean };

export const LOCALE_INFO: Record<LocaleCode, Locale> = {
  en: { name: 'English', code: 'en', dir: 'ltr', language: 'en-GB', isDefault: true },
  fr: { name: 'Français', code: 'fr', dir: 'ltr', language: 'fr-FR', isDefault: false },
};

export const isLocale = (value: unknown): value is LocaleCode =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The locale a path is in: `/fr` and `/fr/...` are French, everything else the default. */
export function localeOfPath(pathname: string): LocaleCode {
  for (const code of LOCALES) {
    if (code === DEFAULT_LOCALE) continue;
    if (pathname === `/${code}` || pathname.startsWith(`/${code}/`)) return code;
  }
  return DEFAULT_LOCALE;
}

/** The path without its locale prefix, always starting with `/`. */
export function stripLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname || '/';
  const rest = pathname.slice(locale.length + 1);
  return rest === '' ? '/' : rest;
}

/** Adds the prefix of a non-default locale to an app path (`/gamehall` -> `/fr/gamehall`). */
export function localizePath(path: string, locale: LocaleCode): string {
  const bare = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`;
}

/** Picks the first supported language of an Accept-Language header, by quality. */
export function localeFromAcceptLanguage(header: string | null | undefined): LocaleCode | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (isLocale(base)) return base;
  }
  return null;
}
