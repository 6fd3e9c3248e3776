import { useEffect } from 'react';
import { HIT_DELAY_MS, hitQuery } from './hit.ts';

/** Where a SEON device agent leaves its session id for the hit (docs/affiliates.md). */
const SEON_SESSION_KEY = 'seon_session';

function storedSeonSession(): string | null {
  try {
    return window.sessionStorage.getItem(SEON_SESSION_KEY);
  } catch {
    return null;
  }
}

/**
 * Sends the tracking hit once per page load, 3 s after it, with what the landing URL carried:
 * read at mount, so a redirect or a navigation in those 3 s does not lose the track_id. The
 * first-touch cookie it may bring back is HttpOnly: the sign-up, in this tab or another, sends it.
 */
export function HitTracker() {
  useEffect(() => {
    const query = hitQuery(window.location, document.referrer, storedSeonSession());
    const timer = window.setTimeout(() => {
      void fetch(`/hit?${query}`, { credentials: 'same-origin', keepalive: true }).catch(() => undefined);
    }, HIT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}
