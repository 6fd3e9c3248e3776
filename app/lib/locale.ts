import { useLocation, useRouteLoaderData } from 'react-router';
import { localeOfPath, localizePath, type LocaleCode } from '../../contract/locales.ts';
import type { RootData } from '../root.tsx';

/** The player site's root data; undefined when its loader failed, and on back-office pages (which have none). */
export function useRootData(): RootData | undefined {
  const data = useRouteLoaderData('root') as RootData | { backoffice: true } | undefined | null;
  return data && !('backoffice' in data) ? data : undefined;
}

/** The page's locale, from the root loader (or the address when the loader failed). */
export function useLocale(): LocaleCode {
  const root = useRootData();
  const { pathname } = useLocation();
  return root?.locale ?? localeOfPath(pathname);
}

/** `to('/gamehall')` -> `/fr/gamehall` on a French page. */
export function useLocalizedPath() {
  const locale = useLocale();
  return (path: string) => localizePath(path, locale);
}

export const requestLocale = (request: Request): LocaleCode => localeOfPath(new URL(request.url).pathname);
