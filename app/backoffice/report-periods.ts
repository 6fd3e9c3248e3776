import type { ReportPeriod } from '../../contract/backoffice-reports.ts';

/** The first day (YYYY-MM-DD) of each period that meets [from, to): days, weeks from Monday, months. */
export function periodStarts(from: string, to: string, period: ReportPeriod): string[] {
  const start = new Date(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end)) return [];
  if (period === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  if (period === 'month') start.setUTCDate(1);
  const starts: string[] = [];
  for (const at = start; at.getTime() < end && starts.length < 400; ) {
    starts.push(at.toISOString().slice(0, 10));
    if (period === 'day') at.setUTCDate(at.getUTCDate() + 1);
    else if (period === 'week') at.setUTCDate(at.getUTCDate() + 7);
    else at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return starts;
}
