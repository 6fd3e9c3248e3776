import { useEffect } from 'react';
import { HIT_DELAY_MS, hitQuery } from './hit.ts';

/**
 * Where SEON's agent leaves its session (SEON_SESSION_KEY of contract/devices.ts, written out
 * here so the home page's entry does not take a chunk for one string; docs/devices.md).
 */
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
 * read at mount, so a redirect or a navigation in those 3 s does not lose the track_id. SEON's
 * session is read when the hit leaves: its agent (seon-agent.tsx) stores it after the page loaded.
 * The first-touch cookie it may bring back is HttpOnly: the sign-up, in this tab or another, sends it.
 */
export function HitTracker() {
  useEffect(() => {
    const landing = { search: window.location.search };
    const referrer = document.referrer;
    const timer = window.setTimeout(() => {
      const query = hitQuery(landing, referrer, storedSeonSession());
      void fetch(`/hit?${query}`, { credentials: 'same-origin', keepalive: true }).catch(() => undefined);
    }, HIT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}
