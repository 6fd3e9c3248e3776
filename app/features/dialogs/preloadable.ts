import { createElement, lazy, type ComponentType } from 'react';

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
