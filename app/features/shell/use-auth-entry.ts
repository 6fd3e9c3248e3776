import { useNavigate } from 'react-router';
import { useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { useDialogs } from '../dialogs/store.ts';

export type AuthMode = 'sign_in' | 'sign_up';

/**
 * Opens sign-in or sign-up: the auth popup when the site configuration enables it
 * (popups.fallbacks.authPopupEnabled), the /forms pages otherwise.
 */
export function useAuthEntry() {
  const popupEnabled = useRootData()?.config.popups.fallbacks.authPopupEnabled ?? true;
  const open = useDialogs((state) => state.open);
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  return (mode: AuthMode, options: { preventClose?: boolean; onClose?: () => void } = {}) => {
    if (!popupEnabled) {
      navigate(localize(`/forms/${mode}`));
      return;
    }
    open({
      component: 'auth',
      type: 'popup',
      componentProps: { mode },
      dialogProps: { preventClose: options.preventClose },
      onClose: options.onClose,
    });
  };
}
