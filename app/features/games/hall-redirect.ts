import { localizePath, type LocaleCode } from '../../../contract/locales.ts';

/**
 * The category check of /gamehall/{id} (spec 2 section 2, "redirect-gamehall-category"): one
 * address per hall, answered with a permanent redirect that keeps the locale and the query.
 * `/gamehall/SLOT` -> `/gamehall/slot`; `/gamehall/all` -> `/gamehall`; a studio's sysname ->
 * `/gamehall?providers={id}`; anything else stays a 404. Null when `id` is a category as written.
 */
export function gamehallRedirect(input: { id: string; search: string; locale: LocaleCode; categories: string[]; providers: string[] }): string | null {
  const id = input.id.toLowerCase();
  const query = new URLSearchParams(input.search);
  let path: string;
  if (id === 'all') path = '/gamehall';
  else if (input.categories.includes(id)) {
    if (id === input.id) return null;
    path = `/gamehall/${encodeURIComponent(id)}`;
  } else if (input.providers.includes(id)) {
    path = '/gamehall';
    query.set('providers', id);
  } else return null;
  const rest = query.toString();
  return `${localizePath(path, input.locale)}${rest ? `?${rest}` : ''}`;
}
