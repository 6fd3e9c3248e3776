import { and, count, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { formatMinor, isCurrency } from '../../../contract/money.ts';
import { exclusionEnd, OPERATOR_EXCLUSION_LENGTHS, type ExclusionKind, type ExclusionView } from '../../../contract/responsible-gaming.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { rgExclusions } from '../../db/schema/responsible-gaming.ts';
import { rgText, shownDate } from './texts.ts';

/**
 * The responsible-gaming team's side (the back office, docs/backoffice.md): who is at or near a
 * money limit in the running period, which exclusions run and until when, and an operator
 * exclusion. Operators can only make things stricter: a looser limit is refused (service.ts's
 * setLimit with `stricterOnly`), and nothing here lifts or shortens an exclusion.
 */

/** A loss or wager limit and what its running period holds (money in major units text). */
export type NearLimitRow = {
  user_id: number;
  kind: 'loss' | 'wager';
  period: 'day' | 'week' | 'month';
  currency: string;
  amount: string;
  used: string;
  /** Used over the limit, in percent (100 or more: reached). */
  percent: number;
};

export type ExclusionRow = ExclusionView & { id: number; user_id: number };

const invalid = (field: string, message: string) => new AppError('InvalidParameterException', message, { fields: { [field]: message } });

/** The first day (UTC, yyyy-mm-dd) of each period holding `now`, as the limits count them. */
function periodStarts(now: Date) {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const week = new Date(day);
  week.setUTCDate(week.getUTCDate() - ((week.getUTCDay() + 6) % 7));
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const text = (date: Date) => date.toISOString().slice(0, 10);
  return { day: text(day), week: text(week), month: text(month) };
}

export function createRgOperatorDesk(deps: {
  db: Db;
  revokeSessions(tx: Db | Tx, userId: number): Promise<void>;
  activeExclusion(userId: number, now: Date, tx: Db | Tx): Promise<ExclusionView | null>;
}) {
  const { db } = deps;

  /**
   * Loss and wager limits whose running period has used at least `nearPercent` percent of them,
   * fullest first. The limit counted is the one in force (a due pending change applied).
   */
  async function nearLimits(
    filter: { nearPercent: number; kind?: 'loss' | 'wager'; period?: 'day' | 'week' | 'month' },
    page: { limit: number; offset: number },
    now = new Date(),
  ): Promise<{ items: NearLimitRow[]; total: number }> {
    const starts = periodStarts(now);
    const at = now.toISOString();
    const rows = await queryRows<{ user_id: number; kind: 'loss' | 'wager'; period: 'day' | 'week' | 'month'; currency: string; amount: string; used: string; total: number }>(
      db,
      sql`
      with l as (
        select user_id, kind, period, currency,
          case when pending_effective_at is not null and pending_effective_at <= ${at}::timestamptz then pending_amount else amount end as amount
        from rg_limits
        where kind in ('loss', 'wager') ${filter.kind ? sql`and kind = ${filter.kind}` : sql``} ${filter.period ? sql`and period = ${filter.period}` : sql``}
      ), u as (
        select l.user_id, l.kind, l.period, l.currency, l.amount, coalesce(sum(d.wagered), 0) as wagered, coalesce(sum(d.won), 0) as won
        from l
        left join rg_play_days d on d.user_id = l.user_id and d.currency = l.currency
          and d.day >= (case l.period when 'day' then ${starts.day}::date when 'week' then ${starts.week}::date else ${starts.month}::date end)
        where l.amount is not null
        group by l.user_id, l.kind, l.period, l.currency, l.amount
      ), r as (
        select user_id, kind, period, currency, amount, case when kind = 'wager' then wagered else greatest(wagered - won, 0) end as used from u
      )
      select user_id, kind, period, currency, amount::text as amount, used::text as used, (count(*) over ())::int as total
      from r
      where used * 100 >= amount * ${filter.nearPercent}
      order by used::numeric / amount desc, user_id, kind, period
      limit ${page.limit} offset ${page.offset}`,
    );
    const items: NearLimitRow[] = rows.map((row) => {
      const currency = isCurrency(row.currency) ? row.currency : 'EUR';
      const amount = BigInt(row.amount);
      const used = BigInt(row.used);
      return {
        user_id: Number(row.user_id),
        kind: row.kind,
        period: row.period,
        currency,
        amount: formatMinor(amount, currency),
        used: formatMinor(used, currency),
        percent: amount > 0n ? Math.floor(Number((used * 1000n) / amount)) / 10 : 0,
      };
    });
    // A page past the last has no row to carry the total: count on its own then.
    const total: number = rows[0]?.total ?? (page.offset > 0 ? (await nearLimits(filter, { limit: 1, offset: 0 }, now)).total : 0);
    return { items, total };
  }

  /** Exclusions running at `now` (every kind), the latest to end first, with their end dates. */
  async function runningExclusions(filter: { kind?: ExclusionKind }, page: { limit: number; offset: number }, now = new Date()) {
    const conditions: SQL[] = [gt(rgExclusions.endsAt, now), lte(rgExclusions.startsAt, now)];
    if (filter.kind) conditions.push(eq(rgExclusions.kind, filter.kind));
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(rgExclusions).where(where).orderBy(desc(rgExclusions.endsAt), desc(rgExclusions.id)).limit(page.limit).offset(page.offset),
      db.select({ total: count() }).from(rgExclusions).where(where),
    ]);
    const items: ExclusionRow[] = rows.map((row) => ({
      id: row.id,
      user_id: row.userId,
      kind: row.kind,
      length: row.length,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
    }));
    return { items, total };
  }

  /**
   * An operator exclusion of `length` from now: the player's sessions end, and until it ends
   * sign-in, stakes and deposits are refused as in a self-exclusion. Refused (field `length`) when
   * an exclusion already runs to that date or later: operators only ever make it stricter.
   */
  async function excludeByOperator(userId: number, input: { length: string }, now = new Date()) {
    if (!(OPERATOR_EXCLUSION_LENGTHS as readonly string[]).includes(input.length)) throw invalid('length', rgText('en', 'badLength'));
    const endsAt = exclusionEnd(input.length as (typeof OPERATOR_EXCLUSION_LENGTHS)[number], now);
    return db.transaction(async (tx) => {
      // The same per-player lock as the player's own settings (service.ts).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rg-settings:${userId}`}))`);
      const running = await deps.activeExclusion(userId, now, tx);
      if (running && new Date(running.ends_at) >= endsAt) throw invalid('length', rgText('en', 'endsSooner', { until: shownDate(running.ends_at) }));
      const [row] = await tx.insert(rgExclusions).values({ userId, kind: 'operator_exclusion', length: input.length, startsAt: now, endsAt }).returning();
      await deps.revokeSessions(tx, userId);
      const after: ExclusionView = { kind: row.kind, length: row.length, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString() };
      return { before: running, after };
    });
  }

  return { nearLimits, runningExclusions, excludeByOperator };
}

