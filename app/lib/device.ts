import { useSyncExternalStore } from 'react';
import { DEVICE_CLASSES, deviceClassForWidth, type DeviceClass } from '../../contract/constants.ts';
import { useRootData } from './locale.ts';

function subscribe(onChange: () => void) {
  const queries = DEVICE_CLASSES.slice(1).map((entry) => window.matchMedia(`(min-width: ${entry.min}px)`));
  queries.forEach((query) => query.addEventListener('change', onChange));
  return () => queries.forEach((query) => query.removeEventListener('change', onChange));
}

/**
 * The device class of spec section 9 (mobile ... largeDesktop). SSR-safe: the server and the
 * hydrating render use the user-agent guess, then the real viewport takes over.
 */
export function useDevice(): { device: DeviceClass; isMobile: boolean; isDesktopUp: boolean } {
  const hint = useRootData()?.deviceHint ?? 'desktop';
  const device = useSyncExternalStore(
    subscribe,
    () => deviceClassForWidth(window.innerWidth),
    () => hint,
  );
  return { device, isMobile: device === 'mobile', isDesktopUp: device === 'desktop' || device === 'largeDesktop' };
}

/**
 * The platform types of spec 2 section 2: the site in a browser tab (`default`), installed as a
 * web app (`installed`: display-mode standalone, fullscreen or minimal-ui, or iOS's home-screen
 * flag), or inside an app's embedded web view (`webview`: the Telegram mini-app bridge or a
 * Telegram in-app browser). The site configuration's full-screen modes name the last two
 * `product` and `telegram`.
 */
export type PlatformType = 'default' | 'installed' | 'webview';

type PlatformWindow = Pick<Window, 'matchMedia' | 'navigator'> & { Telegram?: { WebApp?: unknown }; TelegramWebviewProxy?: unknown };

export function detectPlatformType(win: PlatformWindow): PlatformType {
  if (win.Telegram?.WebApp || win.TelegramWebviewProxy || /Telegram/i.test(win.navigator.userAgent)) return 'webview';
  const installed =
    ['standalone', 'fullscreen', 'minimal-ui'].some((mode) => win.matchMedia?.(`(display-mode: ${mode})`).matches) ||
    (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return installed ? 'installed' : 'default';
}

const subscribePlatform = (onChange: () => void) => {
  const query = window.matchMedia('(display-mode: standalone)');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** The platform type; `default` on the server and while hydrating. */
export function usePlatformType(): PlatformType {
  return useSyncExternalStore(
    subscribePlatform,
    () => detectPlatformType(window as unknown as PlatformWindow),
    () => 'default',
  );
}
