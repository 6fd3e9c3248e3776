import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isLoggedIn } from '../../../contract/api.ts';
import { useRootData } from '../../lib/locale.ts';

/**
 * Promo codes and campaign popups on every page (mounted once, app-providers): a signed-in
 * player's pending promo code, ?popup=<sysname>, and the popup campaigns not seen yet. The work
 * is in runner.ts, fetched only when there may be something to do, so a guest's page (the home
 * page's JS budget) carries only this check.
 */
export function PromotionsHost() {
  const { t } = useTranslation('promotions');
  const location = useLocation();
  const user = useRootData()?.user;
  const uid = isLoggedIn(user) ? user!.uid : null;

  useEffect(() => {
    if (uid === null && !new URLSearchParams(location.search).has('popup')) return;
    const { key, pathname, search, hash } = location;
    void import('./runner.ts').then(({ runPromotions }) => runPromotions({ key: `${key}:${uid ?? 0}`, pathname, search, hash, uid, t }));
    // Once per address (and again when the player changes); the runner remembers what it did.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, uid]);

  return null;
}
