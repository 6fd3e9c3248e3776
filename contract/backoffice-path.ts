/**
 * Where the back office lives, apart from the rest of its contract (contract/backoffice.ts): the
 * player site's root checks these on every page, so they stay a few bytes.
 */
export const BACKOFFICE_PATH = '/backoffice';
export const BACKOFFICE_API = `${BACKOFFICE_PATH}/api`;
export const BACKOFFICE_LIVE_PATH = `${BACKOFFICE_PATH}/live`;
export const isBackofficePath = (pathname: string) => pathname === BACKOFFICE_PATH || pathname.startsWith(`${BACKOFFICE_PATH}/`);

export type BackofficeLocale = 'en' | 'fr';
/** The member's interface language: a plain preference cookie, English by default. */
export const BACKOFFICE_LOCALE_COOKIE = 'bo_locale';
export const backofficeLocaleOf = (cookieHeader: string | null): BackofficeLocale => (/(?:^|;\s*)bo_locale=fr(?:;|$)/.test(cookieHeader ?? '') ? 'fr' : 'en');

/** The root loader's data on back-office pages: none of the player site, only the CSP nonce and the language. */
export type BackofficeRootData = { backoffice: true; nonce: string; locale: BackofficeLocale };
