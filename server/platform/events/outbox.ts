import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';

/**
 * The events the platform's money path writes to the transactional outbox (table
 * `outbox_events`), in the same database transaction as the movement they describe. Handlers
 * (docs/events.md) subscribe by type. Amounts are minor units as decimal strings (jsonb has no
 * bigint); `balanceAfter` is the player's balance of that account once the movement committed.
 * Three events move no money and carry their own payloads, for the risk rules (docs/risk.md):
 * `account.signed_up` (`ip`), `cashier.deposit_failed` (`paymentId`, `payment`, `failure`) and
 * `limits.raised` (`limit`: which limit the player asked to loosen).
 */
export const OUTBOX_EVENT_TYPES = ['game.bet', 'game.win', 'game.rollback', 'cashier.deposit', 'cashier.withdrawal', 'cashier.refund', 'cashier.chargeback', 'tournament.buy_in', 'tournament.prize', 'bonus.activated', 'bonus.converted', 'bonus.forfeited', 'cashback.paid', 'betting.bet', 'betting.settled', 'account.signed_up', 'cashier.deposit_failed', 'limits.raised', 'affiliate.signup'] as const;
export type OutboxEventType = (typeof OUTBOX_EVENT_TYPES)[number];

export type MoneyEventPayload = {
  /** The ledger transaction of the movement (null when nothing moved: a losing round's zero win). */
  transactionId: number | null;
  currency: string;
  /** Minor units moved, always positive: the type says which way. */
  amount: string;
  /** The player's account the movement touched (main for real play and the cashier, fun for demo). */
  account: string;
  /** That account's balance after the movement, minor units. */
  balanceAfter: string;
  /** Game movements: provider, game, round, transaction id of the provider, mode, session. */
  provider?: string;
  game?: string;
  round?: string;
  providerTransaction?: string;
  mode?: 'real' | 'demo';
  sessionId?: number;
  /** Wins and rollbacks: the bet they refer to. */
  bet?: string;
  /** Cashier movements: the payment or withdrawal id. */
  paymentId?: number;
};

export type OutboxEvent = {
  id: number;
  type: OutboxEventType | (string & {});
  userId: number | null;
  payload: Record<string, unknown>;
  createdAt: Date;
};

/**
 * Writes one event inside the caller's transaction. Must be called with the movement's own `tx`:
 * an event written outside it could be delivered for a movement that rolled back.
 */
export async function writeOutboxEvent(tx: Db | Tx, event: { type: OutboxEventType; userId: number | null; payload: MoneyEventPayload | Record<string, unknown> }): Promise<void> {
  await tx.execute(sql`insert into outbox_events (type, user_id, payload) values (${event.type}, ${event.userId}, ${JSON.stringify(event.payload)}::jsonb)`);
}

// In-process wake-up: a writer that committed outbox rows says so, and this process's job runner
// delivers them at once instead of at its next poll. Other processes find them by polling.
const committedListeners = new Set<() => void>();

/** Called by a writer after the transaction holding its outbox rows committed. */
export function announceOutboxCommitted(): void {
  for (const listener of committedListeners) listener();
}

/** The job runner listens here; answers the function that stops listening. */
export function onOutboxCommitted(listener: () => void): () => void {
  committedListeners.add(listener);
  return () => committedListeners.delete(listener);
}
