/** Calendar periods of deposit limits, in UTC: today, this ISO week (from Monday), this month. */
export type LimitPeriod = 'day' | 'week' | 'month';

export function periodBounds(period: LimitPeriod, now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (period === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  if (period === 'month') start.setUTCDate(1);
  const end = new Date(start);
  if (period === 'day') end.setUTCDate(end.getUTCDate() + 1);
  if (period === 'week') end.setUTCDate(end.getUTCDate() + 7);
  if (period === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  return { start, end };
}

const DAY_EQUIVALENT: Record<LimitPeriod, number> = { day: 1, week: 7, month: 30 };

/**
 * Whether a new limit is at least as strict as the current one, so it may apply at once. A
 * stricter limit is one that allows no more money in any window: no longer a period, and no more
 * money per period. Anything else (more money, a longer period, removing the limit) waits 24 h.
 */
export function isStricter(current: { period: LimitPeriod; amount: bigint } | null, next: { period: LimitPeriod; amount: bigint } | null): boolean {
  if (!current) return true;
  if (!next) return false;
  return DAY_EQUIVALENT[next.period] <= DAY_EQUIVALENT[current.period] && next.amount <= current.amount;
}
