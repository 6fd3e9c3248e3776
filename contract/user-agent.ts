import type { DeviceClass } from './constants.ts';

/** A first guess on the server, where there is no viewport: phones and tablets by user agent. */
export function guessDeviceFromUserAgent(userAgent: string | null): DeviceClass {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|Android/i.test(ua)) return 'mobile';
  return 'desktop';
}
