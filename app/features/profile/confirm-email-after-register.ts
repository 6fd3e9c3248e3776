import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isLoggedIn } from '../../../contract/api.ts';
import { useRootData } from '../../lib/locale.ts';

/**
 * The e-mail confirm after sign-up (site configuration auth.registration.confirmEmailPopup): on
 * the page a registration lands on (`register=success`, spec 1 section 2), a player whose login
 * e-mail is not confirmed yet gets the dialog to enter the code just mailed. A phone sign-up
 * gets none (the popup is the e-mail's); neither does a reload once the address is confirmed.
 * Every page runs this check, so what it does when it applies loads only then
 * (confirm-email-open.ts; the home page's JS budget).
 */
export function useConfirmEmailAfterRegister() {
  const root = useRootData();
  const location = useLocation();
  const { t } = useTranslation('profile');
  const asked = useRef(false);
  const wanted = root?.config.auth.registration.confirmEmailPopup === true && isLoggedIn(root?.user) && new URLSearchParams(location.search).get('register') === 'success';

  useEffect(() => {
    if (!wanted || asked.current) return;
    asked.current = true;
    const controller = new AbortController();
    void import('./confirm-email-open.ts').then(({ openEmailConfirmIfNeeded }) => openEmailConfirmIfNeeded(t('gate.confirm.title.email'), controller.signal));
    return () => controller.abort();
  }, [wanted, t]);
}
