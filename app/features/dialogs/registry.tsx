import { lazy, type ComponentType } from 'react';

export type DialogComponentProps = { dialogId: string } & Record<string, unknown>;

/**
 * Dialog components by name. Each is loaded on first use, so the home page does not ship code
 * for dialogs a visitor never opens.
 */
export const DIALOG_COMPONENTS: Record<string, ComponentType<DialogComponentProps>> = {
  auth: lazy(() => import('../auth-entry/auth-popup.tsx')),
  'games-search': lazy(() => import('../shell/games-search-popup.tsx')),
  menu: lazy(() => import('../shell/menu-curtain.tsx')),
};
