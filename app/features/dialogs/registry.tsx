import { lazy, type ComponentType } from 'react';
import { InactivityWarningDialog } from './inactivity-loader.ts';
import type { DialogComponentProps } from './types.ts';

/**
 * Dialog components by name. Each is loaded on first use, so the home page does not ship code
 * for dialogs a visitor never opens.
 */
export const DIALOG_COMPONENTS: Record<string, ComponentType<DialogComponentProps>> = {
  auth: lazy(() => import('../auth-entry/auth-popup.tsx')),
  'complete-registration': lazy(() => import('../session/complete-registration.tsx')),
  'demo-mode': lazy(() => import('../games/demo-mode-popup.tsx')),
  'games-search': lazy(() => import('../shell/games-search-popup.tsx')),
  'inactivity-warning': InactivityWarningDialog,
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
  'email-confirm': lazy(() => import('../profile/email-confirm.tsx')),
  'fill-profile-info': lazy(() => import('../profile/fill-profile-confirm.tsx')),
};
