import { analyticsDate, analyticsTime, type AnalyticsEventName, type AnalyticsEvents } from '../../contract/analytics.ts';

/**
 * Pushes one event of the catalogue (contract/analytics.ts) to Google Tag Manager's data layer,
 * with its time and day in UTC+3. The data layer exists only once the player accepted analytics
 * and the operator set an id (the tag script creates it, docs/analytics.md): before that, and
 * after a refusal, this does nothing and nothing leaves the page.
 */
export function track<N extends AnalyticsEventName>(event: N, fields: AnalyticsEvents[N], userId?: number | null): void {
  if (typeof window === 'undefined') return;
  const layer = (window as { dataLayer?: { push(entry: object): unknown } }).dataLayer;
  if (!layer) return;
  const now = new Date();
  layer.push({ event, ...fields, event_time: analyticsTime(now), event_date: analyticsDate(now), ...(userId ? { user_id: userId } : {}) });
}
