import type { OutboxEvent } from '../../platform/events/outbox.ts';
import type { EventHandler } from '../../platform/jobs/index.ts';
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

/** The job runner's handlers that feed the live channel. */
export function liveNoticeHandlers(live: Pick<LiveHub, 'publish'>): EventHandler[] {
  return [
    {
      name: 'live.balance',
      events: MONEY_EVENTS,
      // A balance an hour late is worse than none: a few quick tries, then the page's own refresh.
      maxAttempts: 3,
      async handle(event, _tx, job) {
        const notice = balanceNoticeFrom(event);
        if (notice) job.afterCommit(() => live.publish(notice.topic, notice).then(() => undefined));
      },
    },
    {
      name: 'live.cashier-notices',
      events: ['cashier.deposit', 'cashier.withdrawal'],
      maxAttempts: 3,
      async handle(event, _tx, job) {
        const notice = cashierNoticeFrom(event);
        if (notice) job.afterCommit(() => live.publish(notice.topic, notice).then(() => undefined));
      },
    },
  ];
}
