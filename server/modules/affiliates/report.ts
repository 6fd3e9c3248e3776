import { and, inArray, isNotNull, lt } from 'drizzle-orm';
import { formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import type { AffiliateReport, AffiliateReportRow } from '../../../contract/backoffice-affiliates.ts';
import type { Db } from '../../platform/db/database.ts';
import { affiliates, playerAttributions } from '../../db/schema/affiliates.ts';

/**
 * The monthly affiliate report (docs/affiliates.md, docs/reports.md): per affiliate and currency,
 * sign-ups and first-time depositors of the month, and what the affiliate's players (all of them,
 * whenever they signed up) brought in that month, read from the ledger: deposits, GGR, bonus cost,
 * cashback, NGR = GGR − bonus cost − cashback; then the revenue share owed (on a positive NGR,
 * no negative carry-over) and the CPA owed (per first-time depositor of the month). Test accounts
 * are left out of every figure.
 */

export type ReportDeps = {
  db: Db;
  /** The ledger's per-player figures (ledger.reports.playerFigures). */
  playerFigures(userIds: number[], from: Date, to: Date): Promise<Array<{ userId: number; currency: string; deposits: bigint; depositCount: number; ggr: bigint; bonusCost: bigint; cashback: bigint }>>;
  /** Each player's account currency and whether it is a test account (accounts.reportAccounts). */
  accounts(userIds: number[]): Promise<Map<number, { currency: string; isTest: boolean }>>;
};

/** `YYYY-MM` to its first instant and the next month's, in UTC. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, number] = month.split('-').map(Number);
  return { from: new Date(Date.UTC(year, number - 1, 1)), to: new Date(Date.UTC(year, number, 1)) };
}

type Totals = { signups: number; ftds: number; deposits: bigint; depositCount: number; ggr: bigint; bonusCost: bigint; cashback: bigint };
const empty = (): Totals => ({ signups: 0, ftds: 0, deposits: 0n, depositCount: 0, ggr: 0n, bonusCost: 0n, cashback: 0n });

export async function affiliateReport(deps: ReportDeps, month: string, options: { affiliateId?: number } = {}): Promise<AffiliateReport> {
  const { db } = deps;
  const { from, to } = monthBounds(month);
  const partners = await db
    .select()
    .from(affiliates)
    .where(options.affiliateId ? inArray(affiliates.id, [options.affiliateId]) : undefined)
    .orderBy(affiliates.name);
  if (!partners.length) return { month, from: from.toISOString(), to: to.toISOString(), rows: [] };
  const attributed = await db
    .select({ userId: playerAttributions.userId, affiliateId: playerAttributions.affiliateId, registeredAt: playerAttributions.registeredAt, firstDepositAt: playerAttributions.firstDepositAt })
    .from(playerAttributions)
    .where(
      and(
        inArray(
          playerAttributions.affiliateId,
          partners.map((partner) => partner.id),
        ),
        isNotNull(playerAttributions.affiliateId),
        lt(playerAttributions.registeredAt, to),
      ),
    );
  const ids = attributed.map((row) => row.userId);
  const [accounts, figures] = await Promise.all([deps.accounts(ids), deps.playerFigures(ids, from, to)]);
  const isTest = (userId: number) => accounts.get(userId)?.isTest === true;
  const affiliateOf = new Map(attributed.map((row) => [row.userId, row.affiliateId!]));

  // affiliate id -> currency -> totals
  const totals = new Map<number, Map<string, Totals>>();
  const bucket = (affiliateId: number, currency: string) => {
    const byCurrency = totals.get(affiliateId) ?? new Map<string, Totals>();
    totals.set(affiliateId, byCurrency);
    const found = byCurrency.get(currency) ?? empty();
    byCurrency.set(currency, found);
    return found;
  };
  for (const row of attributed) {
    if (isTest(row.userId)) continue;
    const currency = accounts.get(row.userId)?.currency ?? 'EUR';
    const inMonth = (at: Date | null) => at !== null && at >= from && at < to;
    if (inMonth(row.registeredAt)) bucket(row.affiliateId!, currency).signups++;
    if (inMonth(row.firstDepositAt)) bucket(row.affiliateId!, currency).ftds++;
  }
  for (const figure of figures) {
    if (isTest(figure.userId)) continue;
    const target = bucket(affiliateOf.get(figure.userId)!, figure.currency);
    target.deposits += figure.deposits;
    target.depositCount += figure.depositCount;
    target.ggr += figure.ggr;
    target.bonusCost += figure.bonusCost;
    target.cashback += figure.cashback;
  }

  const rows: AffiliateReportRow[] = [];
  for (const partner of partners) {
    const byCurrency = totals.get(partner.id);
    if (!byCurrency) continue;
    for (const [currency, t] of [...byCurrency].sort(([a], [b]) => a.localeCompare(b))) {
      const code = (isCurrency(currency) ? currency : 'EUR') as CurrencyCode;
      const ngr = t.ggr - t.bonusCost - t.cashback;
      // Basis points of a positive NGR, rounded down to the minor unit.
      const share = ngr > 0n ? (ngr * BigInt(partner.revenueShareBp)) / 10_000n : 0n;
      const cpaCurrency = partner.cpaCurrency as CurrencyCode | null;
      rows.push({
        affiliate_id: partner.id,
        affiliate: partner.name,
        currency,
        signups: t.signups,
        first_deposits: t.ftds,
        deposits: formatMinor(t.deposits, code),
        deposit_count: t.depositCount,
        ggr: formatMinor(t.ggr, code),
        bonus_cost: formatMinor(t.bonusCost, code),
        cashback: formatMinor(t.cashback, code),
        ngr: formatMinor(ngr, code),
        revenue_share_percent: (partner.revenueShareBp / 100).toFixed(2),
        revenue_share_owed: formatMinor(share, code),
        cpa_owed: cpaCurrency ? formatMinor(partner.cpaAmount * BigInt(t.ftds), cpaCurrency) : '0.00',
        cpa_currency: cpaCurrency,
      });
    }
  }
  return { month, from: from.toISOString(), to: to.toISOString(), rows };
}

const CSV_COLUMNS: Array<keyof AffiliateReportRow> = [
  'affiliate_id',
  'affiliate',
  'currency',
  'signups',
  'first_deposits',
  'deposit_count',
  'deposits',
  'ggr',
  'bonus_cost',
  'cashback',
  'ngr',
  'revenue_share_percent',
  'revenue_share_owed',
  'cpa_owed',
  'cpa_currency',
];

/** A cell as CSV: quoted when it holds a separator, a quote or a line break; a leading = + - @ defused. */
const cell = (value: unknown) => {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(text) && !/^-?\d/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function reportCsv(report: AffiliateReport): { filename: string; csv: string; rows: number } {
  const lines = [CSV_COLUMNS.join(','), ...report.rows.map((row) => CSV_COLUMNS.map((column) => cell(row[column])).join(','))];
  return { filename: `affiliates-${report.month}.csv`, csv: `${lines.join('\n')}\n`, rows: report.rows.length };
}

