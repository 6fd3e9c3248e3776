import type { OutboxEvent } from '../../platform/events/outbox.ts';
import type { DispatchEffect } from '../../platform/jobs/index.ts';
import type { LiveHub } from '../../platform/live/index.ts';

/**
 * What a player sees live of their money (docs/events.md): every movement's balance goes to the
 * player's own topic, and the cashier's outcomes that matter to them (a deposit credited, a
 * withdrawal paid out or declined) come as notices the page shows as toasts.
 *
 * Live messages are published once the handler's job committed (at most once: a live message is
 * a hint, the page's own reads are the truth); each id derives from its event (`b<event id>`,
 * `n<event id>`), so the page can skip one it has seen.
 */
export const MONEY_EVENTS = [
  'game.bet',
  'game.win',
  'game.rollback',
  'cashier.deposit',
  'cashier.withdrawal',
  'cashier.refund',
  'cashier.chargeback',
  'tournament.buy_in',
  'tournament.prize',
  'bonus.activated',
  'bonus.converted',
  'bonus.forfeited',
  'cashback.paid',
  'betting.bet',
  'betting.settled',
] as const;

export type BalanceNotice = { account: string; currency: string; balance: string; transactionId: number | null };
export type CashierNotice = { kind: 'deposit' | 'withdrawal'; status: string; amount: string; currency: string; payment?: string };

export const playerTopic = (userId: number) => `player:${userId}`;

/** The balance message of a money event, or null when it concerns no player. */
export function balanceNoticeFrom(event: OutboxEvent): { topic: string; id: string; type: 'balance'; data: BalanceNotice } | null {
  const payload = event.payload as { account?: string; currency?: string; balanceAfter?: string; transactionId?: number | null };
  if (event.userId === null || !payload.account || !payload.currency || payload.balanceAfter === undefined) return null;
  return {
    topic: playerTopic(event.userId),
    id: `b${event.id}`,
    type: 'balance',
    data: { account: payload.account, currency: payload.currency, balance: payload.balanceAfter, transactionId: payload.transactionId ?? null },
  };
}

/** The notice of a cashier event worth a toast, or null (a withdrawal just requested: the player did it). */
export function cashierNoticeFrom(event: OutboxEvent): { topic: string; id: string; type: 'notice'; data: CashierNotice } | null {
  const payload = event.payload as { status?: string; amount?: string; currency?: string; payment?: string };
  if (event.userId === null || !payload.amount || !payload.currency) return null;
  const kind = event.type === 'cashier.deposit' ? 'deposit' : event.type === 'cashier.withdrawal' ? 'withdrawal' : null;
  const worthShowing = kind === 'deposit' ? payload.status === 'success' : kind === 'withdrawal' && (payload.status === 'approved' || payload.status === 'declined');
  if (!kind || !worthShowing) return null;
  return {
    topic: playerTopic(event.userId),
    id: `n${event.id}`,
    type: 'notice',
    data: { kind, status: payload.status!, amount: payload.amount, currency: payload.currency, payment: payload.payment },
  };
}

/**
 * What feeds the live channel from the outbox: effects of the job runner's dispatch (no job per
 * event; decision 028). A live message is at most once either way, and a page that misses one
 * still has its fallback refresh.
 */
export function liveNoticeEffects(live: Pick<LiveHub, 'publish'>): DispatchEffect[] {
  return [
    {
      name: 'live.balance',
      events: MONEY_EVENTS,
      async effect(event) {
        const notice = balanceNoticeFrom(event);
        if (notice) await live.publish(notice.topic, notice);
      },
    },
    {
      name: 'live.cashier-notices',
      events: ['cashier.deposit', 'cashier.withdrawal'],
      async effect(event) {
        const notice = cashierNoticeFrom(event);
        if (notice) await live.publish(notice.topic, notice);
      },
    },
  ];
}
