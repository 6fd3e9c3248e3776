import { useNavigate } from 'react-router';
import { useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { useDialogs } from '../dialogs/store.ts';

export type AuthMode = 'sign_in' | 'sign_up';

/**
 * Opens sign-in or sign-up with a place to come back to after signing in: the auth popup when
 * the site configuration enables it (popups.fallbacks.authPopupEnabled), otherwise the /forms
 * page with redirectUrl in its address.
 */
export function useOpenAuth() {
  const popupEnabled = useRootData()?.config.popups.fallbacks.authPopupEnabled ?? true;
  const open = useDialogs((state) => state.open);
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  return Object.assign(
    (mode: AuthMode, options: { redirectUrl?: string } = {}) => {
      if (!popupEnabled) {
        const query = options.redirectUrl ? `?redirectUrl=${encodeURIComponent(options.redirectUrl)}` : '';
        navigate(localize(`/forms/${mode}`) + query);
        return;
      }
      open({ component: 'auth', type: 'popup', componentProps: { mode, redirectUrl: options.redirectUrl } });
    },
    { popupEnabled },
  );
}
