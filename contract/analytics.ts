/**
 * The analytics event catalogue (spec 1 section 8, spec 2 sections 8 and 9; docs/analytics.md):
 * each event's name and fields, shared by the browser (which pushes them to Google Tag Manager's
 * data layer once the player consented) and the server (which stores the events it witnesses for
 * the reports). The spec lists sign up, login, deposit, withdrawal, game play, favourites, the
 * login and logout failures with their error code and the promo code not found, and says its full
 * list is not shown: these are the ones the site sends. Dates are in the spec's fixed UTC+3.
 *
 * This module is imported by the home page's bundle: types and a few bytes of code only.
 */

/** Fields of each event, as pushed to the data layer and stored (`properties`). */
export type AnalyticsEvents = {
  /** An account created (password, an outside identity or Telegram). */
  registration: { method: string };
  /** A sign-in that opened a session. */
  login: { method: string };
  /** A sign-in refused: the error type the API answered (spec 1 section 8). */
  login_failed: { error: string };
  logout: Record<string, never>;
  /** A sign-out that failed: the error type (spec 1 section 8). */
  logout_failed: { error: string };
  /** A deposit credited: amount in major units as a decimal string, its currency and method. */
  deposit: { amount: string; currency: string; method: string };
  /** A withdrawal requested (reserved from the balance). */
  withdrawal: { amount: string; currency: string; method: string };
  /** A game opened for play: its sysname, provider and mode. */
  game_play: { game: string; provider: string; mode: 'real' | 'demo' };
  /** A game added to or removed from the favourites. */
  favourite_add: { game: string };
  favourite_remove: { game: string };
  /** A promo code the player typed matched no campaign (spec 2 section 8). */
  promocode_not_found: { code: string };
};

export type AnalyticsEventName = keyof AnalyticsEvents;

export const ANALYTICS_EVENT_NAMES = [
  'registration',
  'login',
  'login_failed',
  'logout',
  'logout_failed',
  'deposit',
  'withdrawal',
  'game_play',
  'favourite_add',
  'favourite_remove',
  'promocode_not_found',
] as const satisfies readonly AnalyticsEventName[];

/** What the data layer receives: the event's name, its fields, and when it happened in UTC+3. */
export type DataLayerEvent<N extends AnalyticsEventName = AnalyticsEventName> = { event: N; event_time: string; event_date: string; user_id?: number } & AnalyticsEvents[N];

/** The spec's fixed offset for analytics dates: UTC+3, whatever the player's or server's zone. */
export const ANALYTICS_OFFSET_MINUTES = 180;

/** `2026-11-27T23:19:30.000+03:00`: the instant written in UTC+3 (ISO 8601 with its offset). */
export const analyticsTime = (at: Date): string => new Date(at.getTime() + ANALYTICS_OFFSET_MINUTES * 60_000).toISOString().replace('Z', '+03:00');

/** The UTC+3 calendar day of an instant, `2026-11-27`: the day reports group by. */
export const analyticsDate = (at: Date): string => analyticsTime(at).slice(0, 10);

/** The operator's ids from general info (spec 1 section 3, `analytic`). */
export type AnalyticIds = { ga_id: string | null; gtm_id: string | null };

export const hasAnalyticIds = (ids: AnalyticIds | null | undefined): ids is AnalyticIds => !!ids && !!(ids.gtm_id || ids.ga_id);

/** The shapes an operator may type: a Tag Manager container (GTM-XXXX) and a GA4 measurement id (G-XXXX). */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;
export const GA_ID_PATTERN = /^G-[A-Z0-9]{4,16}$/;

/**
 * The player's analytics choice, in a cookie the server reads too (the page is rendered with or
 * without the banner and the tag, so neither flashes): `granted` or `denied`; absent, not asked yet.
 */
export const CONSENT_COOKIE = 'analytics_consent';
export const CONSENT_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
export type Consent = 'granted' | 'denied';

/** The choice in a Cookie header (or `document.cookie`); null when none or unreadable. */
export function consentOf(cookieHeader: string | null | undefined): Consent | null {
  const match = /(?:^|;\s*)analytics_consent=(granted|denied)(?:;|$)/.exec(cookieHeader ?? '');
  return match ? (match[1] as Consent) : null;
}
