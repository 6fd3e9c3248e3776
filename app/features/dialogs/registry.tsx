import { lazy, type ComponentType } from 'react';
import InactivityWarning from '../session/inactivity-warning.tsx';

export type DialogComponentProps = { dialogId: string } & Record<string, unknown>;

/**
 * Dialog components by name. Each is loaded on first use, so the home page does not ship code
 * for dialogs a visitor never opens (the inactivity warning excepted, see below).
 */
export const DIALOG_COMPONENTS: Record<string, ComponentType<DialogComponentProps>> = {
  auth: lazy(() => import('../auth-entry/auth-popup.tsx')),
  'complete-registration': lazy(() => import('../session/complete-registration.tsx')),
  'demo-mode': lazy(() => import('../games/demo-mode-popup.tsx')),
  'games-search': lazy(() => import('../shell/games-search-popup.tsx')),
  // Not lazy: the warning must show at its moment even if the network is gone by then (~1 KB).
  'inactivity-warning': InactivityWarning as ComponentType<DialogComponentProps>,
  menu: lazy(() => import('../shell/menu-curtain.tsx')),
  'bonus-confirm': lazy(() => import('../bonuses/bonus-confirm.tsx')),
  'betting-bonus-activated': lazy(() => import('../bonuses/betting-bonus-activated.tsx')),
  'burn-bonuses': lazy(() => import('../bonuses/burn-bonuses-confirm.tsx')),
  'unseen-cashback': lazy(() => import('../bonuses/unseen-cashback-popup.tsx')),
  'deposit-promo-code': lazy(() => import('../bonuses/deposit-promo-popup.tsx')),
  'promo-code-activated': lazy(() => import('../promotions/promo-code-popup.tsx')),
  'campaign-popup': lazy(() => import('../promotions/campaign-popup.tsx')),
  'loyalty-shop-confirm': lazy(() => import('../loyalty/shop-confirm.tsx')),
  'loyalty-shop-buy': lazy(() => import('../loyalty/shop-bought.tsx')),
  'loyalty-shop-insufficient': lazy(() => import('../loyalty/shop-insufficient.tsx')),
  'loyalty-character-change': lazy(() => import('../loyalty/character-change.tsx')),
  'loyalty-character-confirm': lazy(() => import('../loyalty/character-confirm.tsx')),
  'identity-verification': lazy(() => import('../verification/verification-popup.tsx')),
};
