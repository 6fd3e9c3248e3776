import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../../contract/api.ts';
import { useRootData } from '../../lib/locale.ts';

/** Per tab and player: the check ran (a sign-in is a new page load; later pages of the tab skip it). */
const checkedKey = (uid: number) => `cashback_popup_checked:${uid}`;

/**
 * Queues the unseen cashback popup after sign-in (spec 2 section 4), once per browser tab and
 * player. Mounted once (app-providers) and renders nothing; the check itself is loaded only when
 * it runs, so the home page's first load does not carry it.
 */
export function CashbackPopupHost() {
  const user = useRootData()?.user;
  const uid = user && isLoggedIn(user) ? user.uid : null;
  // The instance, not `t`: a language switch must not run the check again.
  const { i18n } = useTranslation('bonuses');

  useEffect(() => {
    // Not inside a game's frame (the page around it has its own check).
    if (uid === null || window.self !== window.top) return;
    try {
      if (sessionStorage.getItem(checkedKey(uid))) return;
      sessionStorage.setItem(checkedKey(uid), '1');
    } catch {
      // storage refused (private mode): check on every page then
    }
    // Not cancelled on unmount: the check runs once for the tab, whatever happens to this host.
    void import('./unseen-cashback-check.ts').then(({ checkUnseenCashback }) => checkUnseenCashback(i18n.t('popup.title', { ns: 'bonuses' })));
  }, [uid, i18n]);

  return null;
}
