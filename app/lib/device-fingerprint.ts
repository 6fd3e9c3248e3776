import { useEffect } from 'react';
import { SEON_SESSION_KEY } from '../../contract/devices.ts';
/**
 * The device facts a sign-up, a sign-in or a deposit carries (docs/devices.md): the built-in
 * collector's visitor id (the open-source FingerprintJS) and, while SEON runs, the session its
 * agent collected. The library is imported on first use, so it is a chunk of its own that no
 * page's entry carries (the home page's budget, docs/performance.md): forms warm it up when they
 * show, and the request waits for it at most `DEVICE_WAIT_MS`. Nothing here ever fails a call: a
 * blocked or slow collector sends the request without the field.
 */

/** How long a submit waits for the fingerprint before going without it. */
export const DEVICE_WAIT_MS = 1500;

let visitorId: Promise<string | null> | null = null;

/** Starts (once per page) computing the visitor id; answers it, or null when the browser would not give one. */
export function warmDeviceFingerprint(): Promise<string | null> {
  if (typeof window === 'undefined') return Promise.resolve(null);
  visitorId ??= import('@fingerprintjs/fingerprintjs')
    // monitoring: false keeps the library from reporting its use to its vendor (and the CSP would refuse it).
    .then((library) => library.load({ monitoring: false }))
    .then((agent) => agent.get())
    .then((result) => result.visitorId)
    .catch(() => null);
  return visitorId;
}

function storedSeonSession(): string | null {
  try {
    return window.sessionStorage.getItem(SEON_SESSION_KEY);
  } catch {
    return null;
  }
}

const within = <T>(promise: Promise<T>, ms: number, fallback: T) =>
  Promise.race([promise, new Promise<T>((resolve) => window.setTimeout(() => resolve(fallback), ms))]);

/** The fields to add to a sign-up, sign-in or deposit body: `device_id` and `seon_session` when known. */
export async function deviceFields(waitMs = DEVICE_WAIT_MS): Promise<{ device_id?: string; seon_session?: string }> {
  if (typeof window === 'undefined') return {};
  const id = await within(warmDeviceFingerprint(), waitMs, null);
  const seon = storedSeonSession();
  return { ...(id ? { device_id: id } : {}), ...(seon ? { seon_session: seon } : {}) };
}

/** Warms the collector while a form that will send it is on screen, so the submit rarely waits. */
export function useDeviceWarmup(): void {
  useEffect(() => void warmDeviceFingerprint(), []);
}
