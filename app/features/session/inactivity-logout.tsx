import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isLoggedIn } from '../../../contract/api.ts';
import { useLocale, useRootData } from '../../lib/locale.ts';
import { useDialogs } from '../dialogs/store.ts';
import { createInactivityTimer, type InactivityTimer } from './inactivity.ts';
import { onSignOut, signOut } from './sign-out.ts';

/** Activity that keeps a session alive (spec 1 section 4); route changes count too. */
const ACTIVITY_EVENTS = ['keydown', 'click', 'scroll'] as const;

/**
 * When signed in and general.time_to_force_logout is set: a warning with a countdown at 80% of
 * that time, the logout at 100%. Activity resets the timer and closes the warning; signing out
 * stops it.
 */
export default function InactivityLogout() {
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
    // For tests and support, as html[data-live] and html[data-sw]: the logout's clock is running.
    document.documentElement.dataset.inactivity = 'armed';
    return () => {
      delete document.documentElement.dataset.inactivity;
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
  return null;
}
