import { localizePath, type LocaleCode } from '../../../contract/locales.ts';
import { safeLocalPath } from '../../../contract/routing.ts';

/**
 * Where the browser goes after signing in or up. Both are full page loads, so the whole page
 * (root data, header, every loader) starts again as the signed-in player's.
 */

/** Query flags that open the auth popup (spec 1 section 2); they go once the player is in. */
export const POPUP_FLAGS = ['show_popup_reg', 'show_popup_auth', 'prevent_close'] as const;
export const SHOW_POPUP_REG_KEY = 'show_popup_reg';
export const PROMO_CODE_KEY = 'promo_code';

type Place = { pathname: string; search: string; hash?: string };

/** The redirectUrl to follow: the one given, else the address's; only a safe local path counts. */
export function redirectTarget(place: Pick<Place, 'search'>, given?: string | null): string | null {
  return safeLocalPath(given ?? null) ?? safeLocalPath(new URLSearchParams(place.search).get('redirectUrl'));
}

/** After sign-in: the redirectUrl when it is a safe local path, otherwise the home of the locale. */
export function afterSignIn(locale: LocaleCode, place: Pick<Place, 'search'>, redirectUrl?: string | null): string {
  return redirectTarget(place, redirectUrl) ?? localizePath('/', locale);
}

/**
 * After registration: the same page again with `register=success` (spec 1 section 2), without the
 * popup flags. A redirectUrl wins over the current page; on the stand-alone form page, whose
 * address means nothing to a signed-in player, the home of the locale takes its place.
 */
export function afterRegister(
  locale: LocaleCode,
  place: Place,
  options: { standalone?: boolean; redirectUrl?: string | null } = {},
): string {
  const target = redirectTarget(place, options.redirectUrl);
  const base = target
    ? new URL(target, 'http://site.invalid')
    : options.standalone
      ? new URL(localizePath('/', locale), 'http://site.invalid')
      : new URL(`${place.pathname}${place.search}${place.hash ?? ''}`, 'http://site.invalid');
  const params = base.searchParams;
  for (const flag of POPUP_FLAGS) params.delete(flag);
  params.delete('redirectUrl');
  params.set('register', 'success');
  return `${base.pathname}?${params.toString()}${base.hash}`;
}
