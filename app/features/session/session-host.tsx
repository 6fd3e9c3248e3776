import { createElement, useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isLoggedIn } from '../../../contract/api.ts';
import { stripLocale } from '../../../contract/locales.ts';
import { safeLocalPath } from '../../../contract/routing.ts';
import { useRootData } from '../../lib/locale.ts';
import { SHOW_POPUP_REG_KEY } from '../auth-entry/navigation.ts';
import { useOpenAuth } from '../auth-entry/open-auth.ts';
import { DialogFrame } from '../dialogs/frame-loader.ts';
import { InactivityWarningDialog } from '../dialogs/inactivity-loader.ts';
import { useDialogs } from '../dialogs/store.ts';
import { useConfirmEmailAfterRegister } from '../profile/confirm-email-after-register.ts';

/**
 * What the session needs on every page, mounted once (app-providers): the inactivity logout
 * (inactivity-logout.tsx, loaded for signed-in players), the non-closable 'complete
 * registration' popup, and sign-in for a guest the guard sent home.
 */
export function SessionHost() {
  useRegistrationCompletion();
  useSignInForRedirect();
  useConfirmEmailAfterRegister();
  return useInactivityLogoutLoaded() && inactivityLogout ? createElement(inactivityLogout) : null;
}

/** The inactivity logout's component, once its code is here. */
let inactivityLogout: ComponentType | null = null;

/**
 * The inactivity logout concerns signed-in players only: its code stays off a guest's first
 * load. Fetched by hand rather than through lazy() and Suspense, whose first reveal waits on a
 * timer: the logout's own clock starts as soon as its code is there.
 */
function useInactivityLogoutLoaded(): boolean {
  const root = useRootData();
  const seconds = root?.general.time_to_force_logout ?? null;
  const watch = isLoggedIn(root?.user) && !!seconds && seconds > 0;
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!watch) return;
    let current = true;
    // The warning's code too, while the network is surely there: it must show even offline. The
    // logout starts its clock only once both are here.
    void Promise.all([InactivityWarningDialog.preload(), import('./inactivity-logout.tsx'), DialogFrame.preload()]).then(([, module]) => {
      inactivityLogout = module.default;
      if (current) setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, [watch]);
  return watch && loaded;
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
