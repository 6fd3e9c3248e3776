/**
 * "After login" (spec 2 section 4: the unseen cashback and campaign popups are queued then).
 * Signing in or up ends with a full load of the page the player lands on, so the forms leave
 * that address in session storage, and the popups greet the player there. Once they have moved
 * on (or landed on a game), the moment has passed: a later page is never interrupted for it.
 */
const KEY = 'after_login';

/** `target`: the address the sign-in or sign-up form is about to load. */
export function markSignedIn(target: string): void {
  try {
    const url = new URL(target, window.location.href);
    sessionStorage.setItem(KEY, url.pathname + url.search);
  } catch {
    // Storage refused: no popups this time, nothing else depends on it.
  }
}

/** Whether this page is the one the player landed on after signing in; the mark goes either way. */
export function takeSignedIn(page: { pathname: string; search: string }): boolean {
  try {
    const landing = sessionStorage.getItem(KEY);
    if (landing === null) return false;
    sessionStorage.removeItem(KEY);
    return landing === page.pathname + page.search;
  } catch {
    return false;
  }
}
