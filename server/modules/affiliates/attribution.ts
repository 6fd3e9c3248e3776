import { hmacSha256, safeEqual } from '../../platform/crypto.ts';

/**
 * First-touch attribution (docs/affiliates.md): what the visitor's first tracked visit carried,
 * kept in an HttpOnly cookie signed with the site's secret, so a sign-up in any tab of the same
 * browser, days later, still knows where the visitor came from, and a player cannot write
 * someone else's track_id into it.
 */
export const FIRST_TOUCH_COOKIE = 'first_touch';
/** How long a first touch counts: the usual 30-day affiliate window. */
export const FIRST_TOUCH_DAYS = 30;

export type Touch = {
  /** The referring page (origin and path only), or null for none or the site itself. */
  referrer: string | null;
  trackId: string | null;
  /** `td_*` parameters by their full name, and `tracking` for a `td_`-prefixed track_id. */
  tracking: Record<string, string>;
  /** The affiliate link the track_id named at the time of the visit. */
  linkId: number | null;
  affiliateId: number | null;
  /** When the touch happened (ISO). */
  at: string;
};

/** What one `/hit` carries, bounded and cleaned: nothing unbounded reaches the database. */
export type HitQuery = { referrer: string | null; trackId: string | null; tracking: Record<string, string>; seonSession: string | null };

const TRACK_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const TD_KEY = /^td_[a-z0-9_]{1,40}$/;
const MAX_TD_KEYS = 10;
const printable = (value: string, max: number) => value.replace(/[^\x20-\x7e]/g, '').slice(0, max);

/**
 * The query of `GET /hit` (spec 1: `referer`, `track_id`, `td_*`, `seon_session`). A track_id
 * beginning with `td_` is not a link's id: it moves to the `tracking` key, as the spec says.
 * `siteHost` is the site's own host: a referrer from it is no referrer.
 */
export function readHitQuery(params: URLSearchParams, siteHost: string): HitQuery {
  let trackId: string | null = null;
  const tracking: Record<string, string> = {};
  const rawTrack = params.get('track_id')?.trim() ?? '';
  if (rawTrack.startsWith('td_')) tracking.tracking = printable(rawTrack, 128);
  else if (TRACK_ID.test(rawTrack)) trackId = rawTrack;
  for (const [key, value] of params) {
    if (Object.keys(tracking).length >= MAX_TD_KEYS) break;
    if (TD_KEY.test(key) && value.trim()) tracking[key] = printable(value.trim(), 128);
  }
  const seon = params.get('seon_session')?.trim() ?? '';
  return { referrer: cleanReferrer(params.get('referer') ?? params.get('referrer'), siteHost), trackId, tracking, seonSession: seon ? printable(seon, 200) : null };
}

/** Origin and path of an outside page; its query and fragment may hold personal data and are dropped. */
export function cleanReferrer(value: string | null | undefined, siteHost: string): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.host === siteHost) return null;
  return `${url.origin}${url.pathname}`.slice(0, 300);
}

/** Whether a visit is worth a first touch: a track_id, a td_ parameter or another site sent it. A direct visit is not. */
export const isTrackedVisit = (hit: HitQuery): boolean => hit.trackId !== null || Object.keys(hit.tracking).length > 0 || hit.referrer !== null;

export function encodeTouch(touch: Touch, secret: string): string {
  const body = Buffer.from(JSON.stringify(touch)).toString('base64url');
  return `${body}.${hmacSha256(secret, `first-touch:${body}`).slice(0, 32)}`;
}

/** The touch a cookie holds, or null when it is missing, forged, malformed or older than the window. */
export function decodeTouch(value: string | null | undefined, secret: string, now = new Date()): Touch | null {
  if (!value || value.length > 3000) return null;
  const [body, signature] = value.split('.');
  if (!body || !signature || !safeEqual(signature, hmacSha256(secret, `first-touch:${body}`).slice(0, 32))) return null;
  try {
    const touch = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Touch;
    const at = new Date(touch.at);
    if (Number.isNaN(at.getTime()) || now.getTime() - at.getTime() > FIRST_TOUCH_DAYS * 86_400_000) return null;
    return {
      referrer: typeof touch.referrer === 'string' ? touch.referrer : null,
      trackId: typeof touch.trackId === 'string' ? touch.trackId : null,
      tracking: touch.tracking && typeof touch.tracking === 'object' ? touch.tracking : {},
      linkId: typeof touch.linkId === 'number' ? touch.linkId : null,
      affiliateId: typeof touch.affiliateId === 'number' ? touch.affiliateId : null,
      at: touch.at,
    };
  } catch {
    return null;
  }
}
