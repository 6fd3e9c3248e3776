import { createElement, lazy, type ComponentType } from 'react';

export type DialogComponentProps = { dialogId: string } & Record<string, unknown>;

type Preloadable = ComponentType<DialogComponentProps> & { preload(): Promise<unknown> };

/**
 * A dialog loaded on first use, which can also be fetched ahead: once fetched it renders at once,
 * without suspending (a suspended first render waits on timers, and a warning must not wait).
 */
function preloadable(load: () => Promise<{ default: ComponentType<DialogComponentProps> }>): Preloadable {
  let loaded: ComponentType<DialogComponentProps> | null = null;
  const fetchIt = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(fetchIt);
  const Dialog = (props: DialogComponentProps) => createElement(loaded ?? Lazy, props);
  return Object.assign(Dialog, { preload: fetchIt });
}

/** Fetched ahead by the inactivity logout (signed-in players): it must show even if the network is gone by then. */
export const InactivityWarningDialog = preloadable(() => import('../session/inactivity-warning.tsx') as Promise<{ default: ComponentType<DialogComponentProps> }>);

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
