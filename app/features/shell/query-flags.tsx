import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLoggedIn } from '../../../contract/api.ts';
import { useRootData } from '../../lib/locale.ts';
import { useAuthEntry } from './use-auth-entry.ts';

export const PROMO_CODE_KEY = 'promo_code';
export const SHOW_POPUP_REG_KEY = 'show_popup_reg';
const POPUP_FLAGS = ['show_popup_reg', 'show_popup_auth', 'prevent_close'];

/**
 * Query flags of spec 1 section 2: promo_code (last value) is saved to local storage;
 * show_popup_reg / show_popup_auth open the auth popup for guests (prevent_close=1 makes it
 * non-closable); show_popup_reg is also remembered in local storage; closing the popup removes
 * the flags from the address.
 */
export function QueryFlags() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useRootData()?.user;
  const openAuth = useAuthEntry();
  const openedFor = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const promo = params.getAll('promo_code').at(-1);
    if (promo) localStorage.setItem(PROMO_CODE_KEY, promo);

    if (isLoggedIn(user)) return;
    const wantsReg = params.has('show_popup_reg') || localStorage.getItem(SHOW_POPUP_REG_KEY) === '1';
    const wantsAuth = params.has('show_popup_auth');
    if (!wantsReg && !wantsAuth) return;
    if (params.has('show_popup_reg')) localStorage.setItem(SHOW_POPUP_REG_KEY, '1');
    const key = location.key;
    if (openedFor.current === key) return;
    openedFor.current = key;
    openAuth(wantsReg ? 'sign_up' : 'sign_in', {
      preventClose: params.get('prevent_close') === '1',
      onClose: () => {
        localStorage.removeItem(SHOW_POPUP_REG_KEY);
        const next = new URLSearchParams(window.location.search);
        POPUP_FLAGS.forEach((flag) => next.delete(flag));
        const search = next.toString();
        navigate({ pathname: window.location.pathname, search: search ? `?${search}` : '', hash: window.location.hash }, { replace: true, preventScrollReset: true });
      },
    });
    // Run when the address changes; the popup's own lifecycle handles the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
