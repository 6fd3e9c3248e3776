import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isLoggedIn } from '../../../contract/api.ts';
import { api } from '../../lib/api-client.ts';
import { useRootData } from '../../lib/locale.ts';
import { useDialogs } from '../dialogs/store.ts';
import type { ProfileInfo } from './types.ts';

/**
 * The e-mail confirm after sign-up (site configuration auth.registration.confirmEmailPopup): on
 * the page a registration lands on (`register=success`, spec 1 section 2), a player whose login
 * e-mail is not confirmed yet gets the dialog to enter the code just mailed. A phone sign-up
 * gets none (the popup is the e-mail's); neither does a reload once the address is confirmed.
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
    let current = true;
    api<ProfileInfo>('getprofileinfo', { query: { fields: 'contacts' } })
      .then((profile) => {
        const login = profile.contacts?.find((contact) => contact.is_login);
        if (!current || !login || login.type !== 'email' || login.is_confirmed) return;
        useDialogs.getState().open({
          component: 'email-confirm',
          type: 'popup',
          componentProps: { contact: login.contact, contactType: 'email' },
          dialogProps: { title: t('gate.confirm.title.email') },
        });
      })
      // The profile page and the confirm-contact hint still offer it.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [wanted, t]);
}
