import { sql, type SQL } from 'drizzle-orm';
import type { ReportDimension, ReportPeriod } from '../../../contract/backoffice-reports.ts';
import { formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';

/** What a report is asked for (the back office's reports/business, the daily mail). */
export type ReportQuery = {
  /** UTC days, `from` included, `to` excluded. */
  from: string;
  to: string;
  period: ReportPeriod;
  by: ReportDimension;
  currency?: string;
  country?: string;
};

/**
 * A report period as date_trunc's unit, written into the statement rather than bound: a grouped
 * query names `date_trunc(unit, day)` in its select list and its group by, and two bound
 * parameters are two expressions to PostgreSQL. The text comes from this table of constants, never
 * from the query, so nothing a caller sends reaches the SQL unbound.
 */
const UNITS: Record<ReportPeriod, SQL> = { day: sql.raw(`'day'`), week: sql.raw(`'week'`), month: sql.raw(`'month'`) };

export function periodUnit(period: ReportPeriod): SQL {
  const unit = UNITS[period];
  if (!unit) throw new Error(`Not a report period: ${String(period)}`);
  return unit;
}

/** Minor units of a report row's currency as a decimal string (a code the site no longer knows reads as EUR's two decimals). */
export function reportMoney(minor: bigint | string | number, currency: string): string {
  return formatMinor(BigInt(minor), (isCurrency(currency) ? currency : 'EUR') as CurrencyCode);
}
