import { createElement, lazy, type ComponentType } from 'react';

export type DialogComponentProps = { dialogId: string } & Record<string, unknown>;

export type Preloadable<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * A component loaded on first use, which can also be fetched ahead: once fetched it renders at
 * once, without suspending (a suspended first render waits on timers, and a warning must not wait).
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  const fetchIt = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(fetchIt);
  const Loaded = (props: P) => createElement(loaded ?? (Lazy as unknown as ComponentType<P>), props);
  return Object.assign(Loaded, { preload: fetchIt });
}

/**
 * The frame every dialog renders in, with the registry of dialog components: loaded with the
 * first dialog a page opens, so the bundle every page loads carries neither (the home page's JS
 * budget, docs/performance.md).
 */
export const DialogFrame = preloadable(() => import('./dialog-frame.tsx'));

/** Fetched ahead by the inactivity logout (signed-in players): it must show even if the network is gone by then. */
export const InactivityWarningDialog = preloadable(() => import('../session/inactivity-warning.tsx') as Promise<{ default: ComponentType<DialogComponentProps> }>);
