import { useSyncExternalStore } from 'react';
import { DEVICE_CLASSES, deviceClassForWidth, type DeviceClass } from '../../contract/constants.ts';
import { useRootData } from './locale.ts';

/** A first guess on the server, where there is no viewport: phones and tablets by user agent. */
export function guessDeviceFromUserAgent(userAgent: string | null): DeviceClass {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|Android/i.test(ua)) return 'mobile';
  return 'desktop';
}

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
