import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isLoggedIn } from '../../../contract/api.ts';
import { stripLocale } from '../../../contract/locales.ts';
import { safeLocalPath } from '../../../contract/routing.ts';
import { useLocale, useRootData } from '../../lib/locale.ts';
import { SHOW_POPUP_REG_KEY } from '../auth-entry/navigation.ts';
import { useOpenAuth } from '../auth-entry/open-auth.ts';
import { useDialogs } from '../dialogs/store.ts';
import { createInactivityTimer, type InactivityTimer } from './inactivity.ts';
import { onSignOut, signOut } from './sign-out.ts';

/** Activity that keeps a session alive (spec 1 section 4); route changes count too. */
const ACTIVITY_EVENTS = ['keydown', 'click', 'scroll'] as const;

/**
 * What the session needs on every page, mounted once (app-providers): the inactivity logout, the
 * non-closable 'complete registration' popup, and sign-in for a guest the guard sent home.
 */
export function SessionHost() {
  useInactivityLogout();
  useRegistrationCompletion();
  useSignInForRedirect();
  return null;
}

/**
 * When signed in and general.time_to_force_logout is set: a warning with a countdown at 80% of
 * that time, the logout at 100%. Activity resets the timer and closes the warning; signing out
 * stops it.
 */
function useInactivityLogout() {
  const root = useRootData();
  const locale = useLocale();
  const { t } = useTranslation('auth');
  const location = useLocation();
  const signedIn = isLoggedIn(root?.user);
  const seconds = root?.general.time_to_force_logout ?? null;
  const timer = useRef<InactivityTimer | null>(null);
  const warningTitle = t('inactivity.title');

  useEffect(() => {
    if (!signedIn || !seconds || seconds <= 0) return;
    let warningId: string | null = null;
    const closeWarning = () => {
      if (warningId) useDialogs.getState().close(warningId, { immediate: true });
      warningId = null;
    };
    const current = createInactivityTimer(seconds, {
      onWarning(logoutAt) {
        closeWarning();
        warningId = useDialogs.getState().open({
          component: 'inactivity-warning',
          type: 'confirm',
          componentProps: { logoutAt },
          dialogProps: { title: warningTitle },
        });
      },
      onWarningEnd: closeWarning,
      onExpire() {
        closeWarning();
        void signOut(locale);
      },
    });
    const onActivity = () => current.activity();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    const stopOnSignOut = onSignOut(() => {
      current.stop();
      closeWarning();
    });
    timer.current = current;
    current.start();
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      stopOnSignOut();
      current.stop();
      closeWarning();
      timer.current = null;
    };
  }, [signedIn, seconds, locale, warningTitle]);

  // A route change is activity too.
  useEffect(() => {
    timer.current?.activity();
  }, [location.key]);
}

/** A signed-in player whose registration is not complete gets a popup that cannot be closed. */
function useRegistrationCompletion() {
  const user = useRootData()?.user;
  const { t } = useTranslation('auth');
  const needed = isLoggedIn(user) && user?.is_registration_completed === false;
  const title = t('complete.title');
  useEffect(() => {
    if (!needed) return;
    const id = useDialogs.getState().open({ component: 'complete-registration', type: 'popup', dialogProps: { preventClose: true, title } });
    return () => {
      useDialogs.getState().close(id, { immediate: true });
    };
  }, [needed, title]);
}

/**
 * The guest guard sends a guest home with redirectUrl (spec 1 section 2): offer sign-in at once;
 * the form takes the player back to redirectUrl afterwards. Not on the /forms pages, and not when
 * a query flag already opens the popup.
 */
function useSignInForRedirect() {
  const root = useRootData();
  const location = useLocation();
  const openAuth = useOpenAuth();
  const handled = useRef<string | null>(null);
  const guest = !!root && !isLoggedIn(root.user);

  useEffect(() => {
    if (!guest || !openAuth.popupEnabled || handled.current === location.key) return;
    handled.current = location.key;
    const params = new URLSearchParams(location.search);
    if (!safeLocalPath(params.get('redirectUrl'))) return;
    if (stripLocale(location.pathname).startsWith('/forms/')) return;
    if (params.has('show_popup_reg') || params.has('show_popup_auth') || localStorage.getItem(SHOW_POPUP_REG_KEY) === '1') return;
    if (useDialogs.getState().dialogs.some((dialog) => dialog.component === 'auth')) return;
    openAuth('sign_in');
    // Once per address; the popup runs its own course.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, guest]);
}
