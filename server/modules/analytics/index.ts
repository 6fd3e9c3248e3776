/**
 * Analytics (docs/analytics.md): the catalogue's events (contract/analytics.ts) the server itself
 * witnessed, stored for the reports. Money and sign-up events come from the outbox (written with
 * their movement, so a row exists exactly when the deposit was credited, never on the browser's
 * word); sign-ins, sign-outs, refused sign-ins, game launches, favourites and unknown promo codes
 * are written where the API handles them. Dates are read back in the spec's UTC+3.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { ANALYTICS_OFFSET_MINUTES, analyticsTime, type AnalyticsEventName, type AnalyticsEvents } from '../../../contract/analytics.ts';
import { formatMinor, isCurrency } from '../../../contract/money.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';
import type { EventHandler } from '../../platform/jobs/index.ts';
import type { OutboxEvent } from '../../platform/events/outbox.ts';
import type { Logger } from '../../platform/logger.ts';
import { analyticsEvents } from '../../db/schema/analytics.ts';

export type StoredAnalyticsEvent = {
  id: number;
  user_id: number | null;
  event: AnalyticsEventName;
  /** When it happened, in UTC+3 (`2026-11-27T23:19:30.000+03:00`). */
  occurred_at: string;
  properties: Record<string, unknown>;
};

/** A report's line: one event on one UTC+3 day, how many times and by how many players. */
export type AnalyticsDayCount = { date: string; event: AnalyticsEventName; count: number; players: number };

/** The catalogue event an outbox event stands for, or null (a withdrawal returned, a deposit with no amount). */
export function fromOutbox(event: Pick<OutboxEvent, 'type' | 'payload'>): { event: AnalyticsEventName; properties: Record<string, unknown> } | null {
  const payload = event.payload as { method?: unknown; status?: unknown; amount?: unknown; currency?: unknown };
  const method = typeof payload.method === 'string' ? payload.method : 'unknown';
  if (event.type === 'account.signed_up') return { event: 'registration', properties: { method: method === 'unknown' ? 'password' : method } satisfies AnalyticsEvents['registration'] };
  const money = typeof payload.amount === 'string' && /^\d+$/.test(payload.amount) && isCurrency(payload.currency) ? { amount: formatMinor(BigInt(payload.amount), payload.currency), currency: payload.currency } : null;
  if (!money) return null;
  if (event.type === 'cashier.deposit' && payload.status === 'success') return { event: 'deposit', properties: { ...money, method } satisfies AnalyticsEvents['deposit'] };
  if (event.type === 'cashier.withdrawal' && payload.status === 'requested') return { event: 'withdrawal', properties: { ...money, method } satisfies AnalyticsEvents['withdrawal'] };
  return null;
}

export function createAnalytics(deps: { db: Db; logger: Logger }) {
  const { db, logger } = deps;

  /**
   * One event the server witnessed, written now (not from the outbox). A failure is logged and
   * swallowed: an analytics row never fails the player's sign-in or game.
   */
  async function record<N extends AnalyticsEventName>(userId: number | null, event: N, properties: AnalyticsEvents[N], tx: Db | Tx = db): Promise<void> {
    try {
      await tx.insert(analyticsEvents).values({ userId, event, properties });
    } catch (error) {
      logger.warn({ err: error, event }, 'analytics event not stored');
    }
  }

  /** Registrations, credited deposits and requested withdrawals, from the outbox: once per event (its id is the row's key). */
  const handler: EventHandler = {
    name: 'analytics.record',
    events: ['account.signed_up', 'cashier.deposit', 'cashier.withdrawal'],
    async handle(event, tx) {
      const found = fromOutbox(event);
      if (!found) return;
      await tx
        .insert(analyticsEvents)
        .values({ userId: event.userId, event: found.event, occurredAt: event.createdAt, properties: found.properties, sourceKey: `outbox:${event.id}` })
        .onConflictDoNothing({ target: analyticsEvents.sourceKey });
    },
  };

  const toStored = (row: typeof analyticsEvents.$inferSelect): StoredAnalyticsEvent => ({
    id: row.id,
    user_id: row.userId,
    event: row.event as AnalyticsEventName,
    occurred_at: analyticsTime(row.occurredAt),
    properties: row.properties as Record<string, unknown>,
  });

  /** The events of a period `[from, to)`, newest first, optionally of one player or one event. */
  async function list(filter: { from: Date; to: Date; userId?: number; event?: AnalyticsEventName; limit?: number }): Promise<StoredAnalyticsEvent[]> {
    const conditions: SQL[] = [gte(analyticsEvents.occurredAt, filter.from), lt(analyticsEvents.occurredAt, filter.to)];
    if (filter.userId !== undefined) conditions.push(eq(analyticsEvents.userId, filter.userId));
    if (filter.event) conditions.push(eq(analyticsEvents.event, filter.event));
    const rows = await db
      .select()
      .from(analyticsEvents)
      .where(and(...conditions))
      .orderBy(desc(analyticsEvents.occurredAt), desc(analyticsEvents.id))
      .limit(Math.min(filter.limit ?? 100, 1000));
    return rows.map(toStored);
  }

  /** Per UTC+3 day and event: how many, by how many distinct players, over `[from, to)`. */
  async function daily(from: Date, to: Date): Promise<AnalyticsDayCount[]> {
    const day = sql`to_char(${analyticsEvents.occurredAt} at time zone 'UTC' + make_interval(mins => ${ANALYTICS_OFFSET_MINUTES}), 'YYYY-MM-DD')`;
    const rows = await queryRows<{ date: string; event: string; count: string | number; players: string | number }>(
      db,
      sql`select ${day} as date, ${analyticsEvents.event} as event, count(*) as count, count(distinct ${analyticsEvents.userId}) as players
          from ${analyticsEvents} where ${analyticsEvents.occurredAt} >= ${from.toISOString()}::timestamptz and ${analyticsEvents.occurredAt} < ${to.toISOString()}::timestamptz
          group by 1, 2 order by 1, 2`,
    );
    return rows.map((row) => ({ date: row.date, event: row.event as AnalyticsEventName, count: Number(row.count), players: Number(row.players) }));
  }

  return { record, handler, list, daily };
}

export type Analytics = ReturnType<typeof createAnalytics>;
