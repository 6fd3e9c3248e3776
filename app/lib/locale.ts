import { createContext, useContext } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { localeOfPath, localizePath, type LocaleCode } from '../../contract/locales.ts';
import type { RootData } from './root-data.ts';

/** The player site's root data; undefined when its loader failed, and on back-office pages (which have none). */
export function useRootData(): RootData | undefined {
  const data = useRouteLoaderData('root') as RootData | { backoffice: true } | undefined | null;
  return data && !('backoffice' in data) ? data : undefined;
}

/**
 * A locale forced on a subtree: the back office's previews render the site's own components in
 * English and in French side by side, on a page whose address has no locale.
 */
export const PreviewLocale = createContext<LocaleCode | null>(null);

/** The page's locale, from the root loader (or the address when the loader failed). */
export function useLocale(): LocaleCode {
  const forced = useContext(PreviewLocale);
  const root = useRootData();
  const { pathname } = useLocation();
  return forced ?? root?.locale ?? localeOfPath(pathname);
}

/** `to('/gamehall')` -> `/fr/gamehall` on a French page. */
export function useLocalizedPath() {
  const locale = useLocale();
  return (path: string) => localizePath(path, locale);
}

export const requestLocale = (request: Request): LocaleCode => localeOfPath(new URL(request.url).pathname);
