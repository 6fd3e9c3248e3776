/**
 * Cashback (docs/promotions.md): for each running cashback campaign, at the end of each period
 * (period_days long, counted from the campaign's start), every player in its audience with a net
 * real-money loss in the period gets its percent back (plus any active cashback boost of theirs).
 * The scheduled job is safe to run twice or in two processes: one row per campaign, player and
 * period (a unique index), and the payout moves under the key cashback:<id>.
 */
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { LocaleCode } from '../../../contract/locales.ts';
import { formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import type { CashbackStatus, CashbackView } from '../../../contract/promotions.ts';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { writeOutboxEvent } from '../../platform/events/outbox.ts';
import type { ScheduledJob } from '../../platform/jobs/index.ts';
import { campaigns, cashbacks, playerBonuses } from '../../db/schema.ts';
import type { Ledger } from '../ledger/index.ts';
import { audienceSchema, inAudience, rewardSchema } from './rules.ts';
import { promotionText } from './texts.ts';

type CashbackRow = typeof cashbacks.$inferSelect;
const DAY_MS = 86_400_000;

/** The last complete period of a campaign at `at`: [start, end), or null before the first one ends. */
export function lastPeriod(startsAt: Date, periodDays: number, at: Date): { start: Date; end: Date } | null {
  const length = periodDays * DAY_MS;
  const done = Math.floor((at.getTime() - startsAt.getTime()) / length);
  if (done < 1) return null;
  const end = new Date(startsAt.getTime() + done * length);
  return { start: new Date(end.getTime() - length), end };
}

/** The cashback of a net loss at a percent (to the hundredth), rounded down; nothing for a net win. */
export const cashbackAmount = (netLoss: bigint, percent: number): bigint => (netLoss > 0n ? (netLoss * BigInt(Math.round(percent * 100))) / 10_000n : 0n);

export function createCashback(deps: { db: Db; ledger: Ledger; now?: () => Date; outboxCommitted?: () => void }) {
  const { db, ledger } = deps;
  const now = deps.now ?? (() => new Date());

  async function pay(tx: Tx, row: CashbackRow, at: Date): Promise<CashbackRow> {
    const moved = await ledger.transfer(
      {
        key: `cashback:${row.id}`,
        kind: 'cashback',
        currency: row.currency as CurrencyCode,
        legs: [
          { account: { house: 'bonus_funding' }, amount: -row.amount },
          { account: { player: row.userId, kind: 'main' }, amount: row.amount },
        ],
        metadata: { cashback: row.id, campaign: row.campaignId },
      },
      tx,
    );
    await writeOutboxEvent(tx, {
      type: 'cashback.paid',
      userId: row.userId,
      payload: {
        transactionId: moved.transactionId,
        currency: row.currency,
        amount: row.amount.toString(),
        account: 'main',
        balanceAfter: String(moved.balanceAfter(row.userId, 'main') ?? 0n),
        cashbackId: row.id,
      },
    });
    const [paid] = await tx.update(cashbacks).set({ status: 'paid_out', paidOutAt: at }).where(eq(cashbacks.id, row.id)).returning();
    return paid;
  }

  /**
   * Computes the last complete period of every running cashback campaign (and pays the automatic
   * ones), then closes cashbacks whose time to ask ran out. Answers how many were created.
   */
  async function run(tx: Tx, at = now()): Promise<number> {
    const running = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.trigger, 'cashback'), inArray(campaigns.status, ['active', 'ended']), lte(campaigns.startsAt, at)));
    let created = 0;
    for (const campaign of running) {
      const reward = rewardSchema.parse(campaign.reward);
      if (reward.type !== 'cashback') continue;
      const period = lastPeriod(campaign.startsAt, reward.period_days, at);
      // A period is paid if the campaign was running when it ended.
      if (!period || (campaign.endsAt && campaign.endsAt < period.end) || (campaign.status === 'ended' && !campaign.endsAt)) continue;
      const audience = audienceSchema.parse(campaign.audience ?? {});
      // Real money only: a bet's stake less what it drew from bonus money, a win or rollback less
      // the bonus share of its bet (in the proportion the bet drew it, as the wallet paid it).
      // A bonus lost is not a real-money loss.
      const losses = await queryRows<{ user_id: number; net_loss: string; boost: string; registered_at: Date | string; country: string | null; locale: string; has_deposit: boolean }>(
        tx,
        sql`
        with moves as (
          select s.user_id,
            case when w.kind = 'bet' then w.amount - w.bonus_amount
                 else -(w.amount - coalesce((w.amount * bet.bonus_amount) / nullif(bet.amount, 0), 0)) end as real_loss
          from wallet_transactions w
          join game_sessions s on s.id = w.session_id
          left join wallet_transactions bet on w.kind <> 'bet' and bet.provider = w.provider
            and bet.transaction_uuid = w.reference_transaction_uuid and bet.kind = 'bet'
          where s.mode = 'real' and s.currency = ${campaign.currency} and w.moved
            and w.created_at >= ${period.start} and w.created_at < ${period.end}
        ), per_player as (
          select user_id, sum(real_loss) as net_loss from moves group by user_id having sum(real_loss) > 0
        )
        select p.user_id, p.net_loss::text as net_loss,
          coalesce((select sum((b.details->>'percent')::numeric) from ${playerBonuses} b
                    where b.user_id = p.user_id and b.kind = 'cashback_boost' and b.status = 'active' and b.activated_at <= ${period.end}), 0)::text as boost,
          u.registered_at, u.country_code as country, u.locale,
          exists (select 1 from payments pay where pay.user_id = p.user_id and pay.direction = 'deposit' and pay.status = 'success') as has_deposit
        from per_player p
        join users u on u.id = p.user_id
        where not exists (select 1 from ${cashbacks} c where c.campaign_id = ${campaign.id} and c.user_id = p.user_id and c.period_start = ${period.start})
        -- One order in every process: two runs at once insert in the same order and never deadlock.
        order by p.user_id`,
      );
      for (const loss of losses) {
        const facts = {
          registeredAt: new Date(loss.registered_at),
          hasDeposit: loss.has_deposit,
          country: loss.country,
          locale: loss.locale,
          currency: campaign.currency,
          usedCode: true,
        };
        if (!inAudience({ ...audience, requires_code: false }, facts, period.end)) continue;
        const percent = reward.percent + Number(loss.boost);
        const amount = cashbackAmount(BigInt(loss.net_loss), percent);
        if (amount <= 0n) continue;
        const [row] = await tx
          .insert(cashbacks)
          .values({
            userId: loss.user_id,
            campaignId: campaign.id,
            currency: campaign.currency,
            periodStart: period.start,
            periodEnd: period.end,
            netLoss: BigInt(loss.net_loss),
            rateBps: Math.round(percent * 100),
            amount,
            receivingExpiredAt: reward.payout === 'auto' ? null : new Date(period.end.getTime() + reward.claim_days * DAY_MS),
          })
          .onConflictDoNothing()
          .returning();
        if (!row) continue;
        created++;
        if (reward.payout === 'auto') await pay(tx, row, at);
      }
    }
    await tx
      .update(cashbacks)
      .set({ status: 'expired' })
      .where(and(eq(cashbacks.status, 'active'), lte(cashbacks.receivingExpiredAt, at)));
    return created;
  }

  function view(row: CashbackRow, locale: LocaleCode): CashbackView {
    const currency = (isCurrency(row.currency) ? row.currency : 'EUR') as CurrencyCode;
    const day = (date: Date) => date.toISOString().slice(0, 10).split('-').reverse().join('.');
    return {
      id: row.id,
      status: row.status as CashbackStatus,
      description: promotionText(locale, 'cashbackTitle', { percent: row.rateBps / 100, start: day(row.periodStart), end: day(new Date(row.periodEnd.getTime() - 1)) }),
      currency,
      amount: formatMinor(row.amount, currency),
      net_loss: formatMinor(row.netLoss, currency),
      percent: row.rateBps / 100,
      start_date: row.periodStart.toISOString(),
      end_date: row.periodEnd.toISOString(),
      receiving_expired_at: row.receivingExpiredAt?.toISOString() ?? null,
      paid_out_at: row.paidOutAt?.toISOString() ?? null,
    };
  }

  /** A player's cashbacks, newest period first (spec: cashbacks/get with statuses). */
  async function list(userId: number, input: { statuses?: CashbackStatus[]; offset: number; count: number }, locale: LocaleCode) {
    const where = and(eq(cashbacks.userId, userId), input.statuses?.length ? inArray(cashbacks.status, input.statuses) : undefined);
    const [rows, [total]] = await Promise.all([
      db.select().from(cashbacks).where(where).orderBy(desc(cashbacks.periodEnd), desc(cashbacks.id)).limit(input.count).offset(input.offset),
      db.select({ total: sql<number>`count(*)::int` }).from(cashbacks).where(where),
    ]);
    return { items: rows.map((row) => view(row, locale)), total: total.total };
  }

  async function ownActive(tx: Tx, userId: number, id: number, locale: LocaleCode, at: Date): Promise<CashbackRow> {
    const [row] = await tx.select().from(cashbacks).where(eq(cashbacks.id, id)).for('update');
    const invalid = (key: 'cashbackUnknown' | 'cashbackClosed') =>
      new AppError('InvalidParameterException', promotionText(locale, key), { fields: { cashback_id: promotionText(locale, key) } });
    if (!row || row.userId !== userId) throw invalid('cashbackUnknown');
    if (row.status !== 'active' || (row.receivingExpiredAt && row.receivingExpiredAt <= at)) throw invalid('cashbackClosed');
    return row;
  }

  /** Pays a cashback the player asks for, once (a second request answers it is closed). */
  async function payout(userId: number, id: number, locale: LocaleCode): Promise<CashbackView> {
    const at = now();
    const row = await db.transaction(async (tx) => pay(tx, await ownActive(tx, userId, id, locale, at), at));
    deps.outboxCommitted?.();
    return view(row, locale);
  }

  /** The player turns a cashback down: nothing is paid, it closes. */
  async function remove(userId: number, id: number, locale: LocaleCode): Promise<CashbackView> {
    const at = now();
    const row = await db.transaction(async (tx) => {
      await ownActive(tx, userId, id, locale, at);
      const [closed] = await tx.update(cashbacks).set({ status: 'expired' }).where(eq(cashbacks.id, id)).returning();
      return closed;
    });
    return view(row, locale);
  }

  /** Weekly by default (CASHBACK_CRON); a campaign's own period decides what is due. */
  const job = (cron: string): ScheduledJob => ({ name: 'promotions.cashback', cron, run: async (tx) => void (await run(tx)) });

  return { run, list, payout, remove, job };
}

export type Cashback = ReturnType<typeof createCashback>;
