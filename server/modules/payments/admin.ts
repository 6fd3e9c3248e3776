import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { staffTopic } from '../../../contract/backoffice.ts';
import { CURRENCIES, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import type { Db } from '../../platform/db/database.ts';
import type { OutboxEvent } from '../../platform/events/outbox.ts';
import type { DispatchEffect } from '../../platform/jobs/index.ts';
import { payments } from '../../db/schema.ts';
import { WITHDRAWAL_ROUTES } from './methods.ts';
import type { ProviderDayTotal } from './provider.ts';
import type { ProviderRegistry } from './registry.ts';
import { maskRequisites } from './requisites.ts';

/**
 * What the back office's money screens read of payments (docs/backoffice.md, Money): the
 * withdrawal queue and the deposits with their filters, server-side paging and sorting, the
 * payment history behind the queue's flags, and the provider's daily totals for the
 * reconciliation. Writes (approve, decline, settle) stay in service.ts beside the cashier's.
 */
export type AdminPayment = {
  id: number;
  publicId: string;
  userId: number;
  direction: 'deposit' | 'withdrawal';
  method: string;
  provider: string;
  providerRef: string | null;
  amount: bigint;
  currency: string;
  status: string;
  /** Account numbers masked (first and last four characters of an IBAN). */
  requisites: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
};

export type PaymentFilter = {
  statuses?: string[];
  method?: string;
  /** Major units, a decimal string; compared in each payment's own currency. */
  minAmount?: string;
  maxAmount?: string;
  /** Only payments at least this old (hours). */
  olderThanHours?: number;
  /** Only payments at most this old (hours). */
  newerThanHours?: number;
  userId?: number;
  /** A public id (`wd_...`, `dep_...`) or a provider reference, exactly. */
  reference?: string;
};

export type PaymentSort = { by: 'created_at' | 'amount'; dir: 'asc' | 'desc' };

export const WITHDRAWAL_STATUSES = ['requested', 'processing', 'approved', 'declined', 'cancelled'] as const;
export const DEPOSIT_STATUSES = ['created', 'pending', 'success', 'failed', 'cancelled'] as const;

type Row = typeof payments.$inferSelect;

export const adminView = (row: Row): AdminPayment => ({
  id: row.id,
  publicId: row.publicId,
  userId: row.userId,
  direction: row.direction,
  method: row.method,
  provider: row.provider,
  providerRef: row.providerRef,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  requisites: maskRequisites((row.requisites ?? {}) as Record<string, string>),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The condition "amount compared with a major-unit figure" in every currency (each its own exponent). */
function amountBound(major: string, compare: 'gte' | 'lte'): SQL | undefined {
  const parts = (Object.keys(CURRENCIES) as CurrencyCode[]).flatMap((currency) => {
    const minor = parseMajor(major, currency);
    if (minor === null) return [];
    return [and(eq(payments.currency, currency), compare === 'gte' ? gte(payments.amount, minor) : lte(payments.amount, minor))!];
  });
  return parts.length ? or(...parts) : sql`false`;
}

export function createPaymentsAdmin(deps: { db: Db; providers: ProviderRegistry }) {
  const { db, providers } = deps;

  function where(direction: 'deposit' | 'withdrawal', filter: PaymentFilter, now: Date) {
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    return and(
      eq(payments.direction, direction),
      filter.statuses?.length ? inArray(payments.status, filter.statuses) : undefined,
      filter.method ? eq(payments.method, filter.method) : undefined,
      filter.minAmount ? amountBound(filter.minAmount, 'gte') : undefined,
      filter.maxAmount ? amountBound(filter.maxAmount, 'lte') : undefined,
      filter.olderThanHours !== undefined ? lte(payments.createdAt, hoursAgo(filter.olderThanHours)) : undefined,
      filter.newerThanHours !== undefined ? gte(payments.createdAt, hoursAgo(filter.newerThanHours)) : undefined,
      filter.userId !== undefined ? eq(payments.userId, filter.userId) : undefined,
      filter.reference ? or(eq(payments.publicId, filter.reference), eq(payments.providerRef, filter.reference)) : undefined,
    );
  }

  /** A page of payments of one direction, filtered and sorted by the server; `limit: null` answers all (up to `cap`). */
  async function list(direction: 'deposit' | 'withdrawal', filter: PaymentFilter, sort: PaymentSort, page: { limit: number; offset: number }, now = new Date()) {
    const condition = where(direction, filter, now);
    const order = sort.by === 'amount' ? payments.amount : payments.createdAt;
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(payments)
        .where(condition)
        .orderBy(sort.dir === 'asc' ? asc(order) : desc(order), sort.dir === 'asc' ? asc(payments.id) : desc(payments.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ total: count() }).from(payments).where(condition),
    ]);
    return { items: rows.map(adminView), total };
  }

  async function byPublicId(publicId: string): Promise<AdminPayment | null> {
    const [row] = await db.select().from(payments).where(eq(payments.publicId, publicId));
    return row ? adminView(row) : null;
  }

  /**
   * What the withdrawal queue's payment flags need about these players: the id of each one's
   * first paid-out withdrawal (a request before it, or none at all, is a first withdrawal) and the
   * methods they deposited by successfully.
   */
  async function payerHistory(userIds: number[]) {
    const firstPaid = new Map<number, number>();
    const depositMethods = new Map<number, string[]>();
    if (userIds.length) {
      const [paid, deposited] = await Promise.all([
        db
          .select({ userId: payments.userId, first: sql<number>`min(${payments.id})::int` })
          .from(payments)
          .where(and(inArray(payments.userId, userIds), eq(payments.direction, 'withdrawal'), eq(payments.status, 'approved')))
          .groupBy(payments.userId),
        db
          .selectDistinct({ userId: payments.userId, method: payments.method })
          .from(payments)
          .where(and(inArray(payments.userId, userIds), eq(payments.direction, 'deposit'), eq(payments.status, 'success'))),
      ]);
      for (const row of paid) firstPaid.set(row.userId, Number(row.first));
      for (const row of deposited) depositMethods.set(row.userId, [...(depositMethods.get(row.userId) ?? []), row.method].sort());
    }
    return {
      firstPaid,
      depositMethods,
      /** No withdrawal of the player was paid out before this one. */
      isFirst: (payment: Pick<AdminPayment, 'id' | 'userId'>) => {
        const first = firstPaid.get(payment.userId);
        return first === undefined || first >= payment.id;
      },
      /** The player deposited by a method this withdrawal does not send money back along. */
      otherMethods: (payment: Pick<AdminPayment, 'userId' | 'method'>) => {
        const route = WITHDRAWAL_ROUTES[payment.method] ?? [];
        return (depositMethods.get(payment.userId) ?? []).filter((method) => !route.includes(method));
      },
    };
  }

  /**
   * The providers' totals per day and currency (their settlement reports), added up across the
   * providers that give one, or null when none does. `reporting` names the providers counted,
   * `unreported` those without a report (their money is in the ledger's side only, so the day
   * shows a difference: reconcile them from the provider's own back office).
   */
  async function providerDailyTotals(from: Date, to: Date): Promise<ProviderDayTotal[] | null> {
    const reporting = providers.all().filter((provider) => provider.dailyTotals);
    if (!reporting.length) return null;
    const sums = new Map<string, ProviderDayTotal>();
    for (const rows of await Promise.all(reporting.map((provider) => provider.dailyTotals!(from, to)))) {
      for (const row of rows) {
        const key = `${row.day}|${row.currency}`;
        const sum = sums.get(key) ?? { day: row.day, currency: row.currency, payins: 0n, payinCount: 0, payouts: 0n, payoutCount: 0 };
        sums.set(key, { ...sum, payins: sum.payins + row.payins, payinCount: sum.payinCount + row.payinCount, payouts: sum.payouts + row.payouts, payoutCount: sum.payoutCount + row.payoutCount });
      }
    }
    return [...sums.values()];
  }

  return {
    listWithdrawals: (filter: PaymentFilter, sort: PaymentSort, page: { limit: number; offset: number }, now?: Date) => list('withdrawal', filter, sort, page, now),
    listDeposits: (filter: PaymentFilter, sort: PaymentSort, page: { limit: number; offset: number }, now?: Date) => list('deposit', filter, sort, page, now),
    byPublicId,
    payerHistory,
    providerDailyTotals,
    /** The providers whose reports the reconciliation adds up, and those that give none. */
    providerName: providers.all().filter((provider) => provider.dailyTotals).map((provider) => provider.name).join(', '),
    unreportedProviders: providers.all().filter((provider) => !provider.dailyTotals).map((provider) => provider.name),
  };
}

export type PaymentsAdmin = ReturnType<typeof createPaymentsAdmin>;

/** What the back office's queue hears of a withdrawal: enough to refresh, nothing more. */
export type WithdrawalQueueMessage = { payment: string; status: string; user_id: number | null };

/**
 * The withdrawal queue's live updates: each withdrawal requested, returned, declined or paid out
 * (its `cashier.withdrawal` event) goes to the members who may see the queue, as a dispatch
 * effect of the job runner (at most once: the screen's own reads are the truth).
 */
export function withdrawalQueueEffect(publish: (topic: string, message: { type: string; data: WithdrawalQueueMessage; id?: string }) => Promise<unknown>): DispatchEffect {
  return {
    name: 'live.withdrawal-queue',
    events: ['cashier.withdrawal'],
    async effect(event: OutboxEvent) {
      const payload = event.payload as { payment?: string; status?: string };
      if (!payload.payment || !payload.status) return;
      await publish(staffTopic('withdrawals.read'), { type: 'withdrawals', id: `w${event.id}`, data: { payment: payload.payment, status: payload.status, user_id: event.userId } });
    },
  };
}
