import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, localizePath, stripLocale, type LocaleCode } from '../../../contract/locales.ts';

/**
 * Pure helpers behind PageMeta (docs/seo.md): absolute addresses, hreflang alternates and the
 * schema.org records of a page. Nothing here may depend on the visitor: guests share pages.
 */

export type JsonLd = Record<string, unknown>;
export type Crumb = { name: string; path: string };
export type Alternate = { hrefLang: string; href: string };

const SCHEMA = 'https://schema.org';

/** The origin pages are addressed under: the configured canonical URL, else the request's origin. */
export const siteBase = (canonicalUrl: string | undefined, origin: string | undefined) => (canonicalUrl || origin || '').replace(/\/+$/, '');

/** A page path without a trailing slash (the root stays `/`). */
export const trimPath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** `base` + `path`, leaving an already absolute address alone. */
export function absolute(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const full = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  return full.length > base.length + 1 ? full.replace(/\/+$/, '') : full;
}

/** The page in every locale, plus x-default pointing at the default locale's address. */
export function alternates(base: string, pathname: string): Alternate[] {
  const bare = stripLocale(trimPath(pathname));
  const links = LOCALES.map((code) => ({ hrefLang: code, href: absolute(base, localizePath(bare, code)) }));
  return [...links, { hrefLang: 'x-default', href: absolute(base, localizePath(bare, DEFAULT_LOCALE)) }];
}

/** Open Graph's locale form: `en_GB`. */
export const ogLocale = (locale: LocaleCode) => LOCALE_INFO[locale].language.replace('-', '_');

export const organization = (input: { name: string; url: string; logo?: string }): JsonLd => ({
  '@context': SCHEMA,
  '@type': 'Organization',
  name: input.name,
  url: input.url,
  ...(input.logo ? { logo: input.logo } : {}),
});

export const website = (input: { name: string; url: string; locale: LocaleCode }): JsonLd => ({
  '@context': SCHEMA,
  '@type': 'WebSite',
  name: input.name,
  url: input.url,
  inLanguage: LOCALE_INFO[input.locale].language,
});

/** Home first, then each crumb; every item an absolute address. */
export const breadcrumbList = (base: string, crumbs: Crumb[]): JsonLd => ({
  '@context': SCHEMA,
  '@type': 'BreadcrumbList',
  itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absolute(base, crumb.path) })),
});

/**
 * JSON for an inline script: `<` written as \u003c, so no text in the data (a game's
 * description, say) can close the script element. U+2028/2029 too, for old parsers.
 */
export const serializeJsonLd = (data: JsonLd | JsonLd[]) =>
  JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
