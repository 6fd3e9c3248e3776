import { localizePath, type LocaleCode } from '../../../contract/locales.ts';
import { api } from '../../lib/api-client.ts';
import { track } from '../../lib/analytics.ts';
import { ApiError } from '../../lib/api-error.ts';

/**
 * Signing out: everything that runs only for a signed-in player (the inactivity timer) hears it
 * first and stops, then the session ends on the server and the locale's home loads in full, so
 * every piece of the page starts again as a guest's (spec 1 section 2: logout goes to the index).
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSignOut(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let signingOut: Promise<void> | null = null;

export function signOut(locale: LocaleCode): Promise<void> {
  signingOut ??= (async () => {
    listeners.forEach((listener) => listener());
    try {
      await api('logout', { locale });
      track('logout', {});
    } catch (error) {
      // The session may already be gone (expired, revoked elsewhere): the guest page is still right.
      track('logout_failed', { error: error instanceof ApiError ? error.type : 'UnknownError' });
    }
    window.location.assign(localizePath('/', locale));
  })();
  return signingOut;
}
