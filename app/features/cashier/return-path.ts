import { stripLocale } from '../../../contract/locales.ts';
import { safeLocalPath } from '../../../contract/routing.ts';

/**
 * Where a successful payment sends the player back to (spec 2 section 4): the deposit page keeps
 * the page the player came from in local storage under `payment_success_return`; the success page
 * reads it once, removes it, then navigates there.
 *
 * "The page the player came from" is tracked per tab: every page outside the payment flow notes
 * its address (noteVisitedPath, called by useBalance, which every page's header runs); a page
 * loaded straight from another site falls back to the referrer, then to the game hall.
 */
export const PAYMENT_SUCCESS_RETURN_KEY = 'payment_success_return';
export const CAME_FROM_KEY = 'cashier_came_from';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Paths of the payment flow itself: never a place to return to after paying. */
export function isPaymentFlowPath(path: string): boolean {
  const bare = stripLocale(path.split(/[?#]/)[0]);
  return bare === '/cashier' || /^\/cashier\/(deposit|billing|pay[a-z]*)(\/|$)/.test(bare) || bare.startsWith('/psp/');
}

function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback; // storage blocked (private mode, quota): the flow goes on without it
  }
}

export function noteVisitedPath(storage: KeyValueStorage | undefined, path: string): void {
  if (!storage || isPaymentFlowPath(path) || !safeLocalPath(path)) return;
  safely(() => storage.setItem(CAME_FROM_KEY, path), undefined);
}

/** The page the player came from: the last page noted in this tab, else a same-site referrer. */
export function cameFrom(storage: KeyValueStorage | undefined, referrer: string, origin: string): string | null {
  const noted = storage ? safely(() => storage.getItem(CAME_FROM_KEY), null) : null;
  if (noted && safeLocalPath(noted) && !isPaymentFlowPath(noted)) return noted;
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.origin !== origin) return null;
    const path = `${url.pathname}${url.search}`;
    return isPaymentFlowPath(path) ? null : path;
  } catch {
    return null;
  }
}

export function storeSuccessReturn(storage: KeyValueStorage | undefined, path: string): void {
  if (!storage || !safeLocalPath(path)) return;
  safely(() => storage.setItem(PAYMENT_SUCCESS_RETURN_KEY, path), undefined);
}

/** Reads the return address once and removes it; only a path on this site is answered. */
export function takeSuccessReturn(storage: KeyValueStorage | undefined): string | null {
  if (!storage) return null;
  const value = safely(() => storage.getItem(PAYMENT_SUCCESS_RETURN_KEY), null);
  if (value === null) return null;
  safely(() => storage.removeItem(PAYMENT_SUCCESS_RETURN_KEY), undefined);
  return safeLocalPath(value);
}

/** The browser's storages, or undefined on the server or when access throws. */
export const browserStorage = (kind: 'localStorage' | 'sessionStorage'): KeyValueStorage | undefined =>
  typeof window === 'undefined' ? undefined : safely(() => window[kind], undefined);
