/** Spec 1: the tracking hit goes out 3 seconds after the page loaded. */
export const HIT_DELAY_MS = 3000;

/**
 * The query of `GET /hit` for a landing: the page's referrer (`referer`, as the spec spells it),
 * its `track_id` and `td_*` parameters, and the SEON agent's session when one was stored
 * (`seon_session`). The server decides what counts; this only reports what the page saw.
 */
export function hitQuery(location: { search: string }, referrer: string, seonSession: string | null): URLSearchParams {
  const page = new URLSearchParams(location.search);
  const query = new URLSearchParams();
  if (referrer) query.set('referer', referrer);
  const trackId = page.get('track_id');
  if (trackId) query.set('track_id', trackId);
  for (const [key, value] of page) if (key.startsWith('td_')) query.set(key, value);
  if (seonSession) query.set('seon_session', seonSession);
  return query;
}
