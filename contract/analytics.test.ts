import { describe, expect, it } from 'vitest';
import { ANALYTICS_EVENT_NAMES, analyticsDate, analyticsTime, consentOf, hasAnalyticIds, type DataLayerEvent } from './analytics.ts';
import { googleTagScript } from './analytics-tag.ts';

describe('analytics dates in UTC+3', () => {
  it('writes the instant with a +03:00 offset, whatever the zone it was made in', () => {
    expect(analyticsTime(new Date('2026-11-27T20:19:30.123Z'))).toBe('2026-11-27T23:19:30.123+03:00');
    // 22:30 UTC is already the next day in UTC+3: the day reports group by moves with it.
    expect(analyticsDate(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
    expect(analyticsDate(new Date('2026-12-31T20:59:59Z'))).toBe('2026-12-31');
    expect(new Date(analyticsTime(new Date('2026-03-29T01:00:00Z'))).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });
});

describe('the event catalogue', () => {
  it('lists the spec events: sign up, login and its failure, logout and its failure, deposit, withdrawal, game play, favourites, promo code not found', () => {
    expect(ANALYTICS_EVENT_NAMES).toEqual(['registration', 'login', 'login_failed', 'logout', 'logout_failed', 'deposit', 'withdrawal', 'game_play', 'favourite_add', 'favourite_remove', 'promocode_not_found']);
    const deposit: DataLayerEvent<'deposit'> = { event: 'deposit', amount: '25.00', currency: 'EUR', method: 'card', event_time: analyticsTime(new Date(0)), event_date: '1970-01-01' };
    expect(deposit.event_time).toBe('1970-01-01T03:00:00.000+03:00');
  });
});

describe('consent cookie', () => {
  it('reads granted or denied among other cookies, and nothing else', () => {
    expect(consentOf('vid=abc; analytics_consent=granted; i18n_locale=fr')).toBe('granted');
    expect(consentOf('analytics_consent=denied')).toBe('denied');
    expect(consentOf('analytics_consent=yes')).toBeNull();
    expect(consentOf('x_analytics_consent=granted')).toBeNull();
    expect(consentOf('analytics_consent=grantedX')).toBeNull();
    expect(consentOf(null)).toBeNull();
    expect(consentOf('')).toBeNull();
  });
});

describe('the tag script', () => {
  it('loads the container and the GA4 tag with the running script nonce, and nothing without a valid id', () => {
    expect(hasAnalyticIds({ gtm_id: null, ga_id: null })).toBe(false);
    expect(googleTagScript({ gtm_id: null, ga_id: null })).toBeNull();
    const both = googleTagScript({ gtm_id: 'GTM-AB12CD', ga_id: 'G-XYZ1234' })!;
    expect(both).toContain('https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD');
    expect(both).toContain('https://www.googletagmanager.com/gtag/js?id=G-XYZ1234');
    expect(both).toContain('setAttribute("nonce",n)');
    expect(googleTagScript({ gtm_id: 'GTM-AB12CD', ga_id: null })).not.toContain('gtag');
    // Anything not in the vendor's shape is left out: no way for a typed value into the script.
    expect(googleTagScript({ gtm_id: 'GTM-1");alert(1);//', ga_id: null })).toBeNull();
  });
});
