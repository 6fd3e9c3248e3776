import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatMinor, type CurrencyCode } from '../../../contract/money.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { announceOutboxCommitted, writeOutboxEvent } from '../../platform/events/outbox.ts';
import type { Logger } from '../../platform/logger.ts';
import { payments } from '../../db/schema.ts';
import { paymentRefunds } from '../../db/schema/payment-refunds.ts';
import type { Ledger } from '../ledger/index.ts';
import type { ProviderRegistry } from './registry.ts';
import { takenBack } from './taken-back.ts';

/**
 * Refunds of settled deposits, asked for by an operator (docs/payments.md, "Refunds"). Like a
 * payout, in three steps so that no money is lost or made whatever fails between them:
 *
 *   1. hold: in one transaction, with the deposit's row locked, the refund is recorded
 *      (`processing`) and its amount moves from the player's main balance to their
 *      withdrawal hold (`deposit-refund-hold:<id>`). A player who spent the money gets a typed
 *      refusal naming the amount: a refund never takes a balance below zero (a chargeback, which
 *      the provider imposes, is another matter).
 *   2. the provider refunds `rf_<id>` (its idempotency key there).
 *   3. refunded: the hold goes to `payment_clearing` (`deposit-refund:<id>`), the other side of
 *      the deposit's own movement; refused or unreachable: the hold returns to the main balance
 *      (`deposit-refund-void:<id>`) and the refund is `failed` with the provider's reason.
 *
 * A deposit can be refunded in parts, never past its amount (refunds processing or done count).
 */
export type RefundRow = typeof paymentRefunds.$inferSelect;

export type RefundRequest = {
  /** The deposit's public id. */
  paymentId: string;
  /** Minor units; the whole of what is left when absent. */
  amount?: bigint;
  reason: string;
  staff: { id: number; name: string };
};

export type RefundOutcome = { refund: RefundRow; outcome: 'refunded' | 'failed'; reason: string | null };

export const refundReference = (id: number) => `rf_${id}`;

export function createRefunds(deps: { db: Db; ledger: Ledger; providers: ProviderRegistry; logger: Logger }) {
  const { db, ledger, providers, logger } = deps;
  /** A deposit is refunded through the provider it was paid with, when that one takes refunds. */
  const refunderOf = (providerName: string) => {
    const provider = providers.byName(providerName);
    return provider?.refund ? provider : null;
  };

  const invalid = (field: string, message: string, status?: number) => new AppError('InvalidParameterException', message, { fields: { [field]: message }, status });

  /** Minor units refunded or being refunded, per deposit id. */
  async function refundedOf(tx: Db | Tx, paymentIds: number[]): Promise<Map<number, bigint>> {
    if (!paymentIds.length) return new Map();
    const rows = await tx
      .select({ paymentId: paymentRefunds.paymentId, total: sql<string>`sum(${paymentRefunds.amount})::text` })
      .from(paymentRefunds)
      .where(and(inArray(paymentRefunds.paymentId, paymentIds), inArray(paymentRefunds.status, ['processing', 'refunded'])))
      .groupBy(paymentRefunds.paymentId);
    return new Map(rows.map((row) => [row.paymentId, BigInt(row.total)]));
  }

  /** Every refund of these deposits, oldest first. */
  async function refundsOf(paymentIds: number[]): Promise<RefundRow[]> {
    if (!paymentIds.length) return [];
    return db.select().from(paymentRefunds).where(inArray(paymentRefunds.paymentId, paymentIds)).orderBy(paymentRefunds.id);
  }

  async function refundEvent(tx: Tx, refund: RefundRow, deposit: { publicId: string }, transactionId: number, status: RefundRow['status']) {
    const balances = await ledger.balances(refund.userId, refund.currency, tx);
    await writeOutboxEvent(tx, {
      type: 'cashier.refund',
      userId: refund.userId,
      payload: {
        transactionId,
        currency: refund.currency,
        amount: refund.amount.toString(),
        account: 'main',
        balanceAfter: balances.main.toString(),
        paymentId: refund.paymentId,
        payment: deposit.publicId,
        refund: refundReference(refund.id),
        status,
      },
    });
  }

  /** Step 1: records the refund and holds its money, or refuses with a typed error naming the field. */
  async function hold(request: RefundRequest): Promise<{ refund: RefundRow; deposit: typeof payments.$inferSelect }> {
    const held = await db.transaction(async (tx) => {
      const [deposit] = await tx.select().from(payments).where(eq(payments.publicId, request.paymentId)).for('update');
      if (!deposit || deposit.direction !== 'deposit') throw invalid('id', `Deposit ${request.paymentId} not found`, 404);
      if (deposit.status !== 'success') throw invalid('id', `Deposit ${request.paymentId} is ${deposit.status}: only a settled deposit can be refunded`, 409);
      if (!refunderOf(deposit.provider)) throw invalid('id', `Deposit ${request.paymentId} is with ${deposit.provider}, which takes no refunds from here`);
      const currency = deposit.currency as CurrencyCode;
      // A chargeback (or the provider's own refund, chargebacks.ts) took its part of the deposit too.
      const left = deposit.amount - (await takenBack(tx, deposit.id));
      const amount = request.amount ?? left;
      if (left <= 0n) throw invalid('id', `Deposit ${request.paymentId} is refunded already`, 409);
      if (amount <= 0n || amount > left) throw invalid('amount', `At most ${formatMinor(left, currency)} ${currency} is left to refund`);
      const [refund] = await tx
        .insert(paymentRefunds)
        .values({ paymentId: deposit.id, userId: deposit.userId, amount, currency, reason: request.reason, requestedBy: request.staff.id, requestedByName: request.staff.name })
        .returning();
      const moved = await ledger.transfer(
        {
          key: `deposit-refund-hold:${refund.id}`,
          kind: 'deposit_refund_hold',
          currency,
          legs: [
            { account: { player: deposit.userId, kind: 'main' }, amount: -amount },
            { account: { player: deposit.userId, kind: 'withdrawal_hold' }, amount },
          ],
          metadata: { payment: deposit.publicId, refund: refundReference(refund.id), reason: request.reason },
          insufficientFunds: () => invalid('amount', `The player's main balance is below ${formatMinor(amount, currency)} ${currency}: they have spent or withdrawn part of this deposit`),
        },
        tx,
      );
      await refundEvent(tx, refund, deposit, moved.transactionId, 'processing');
      return { refund, deposit };
    });
    announceOutboxCommitted();
    return held;
  }

  /** Step 3: posts the hold where the provider's answer sends it. */
  async function finish(refund: RefundRow, deposit: { publicId: string }, answer: { providerRef: string; status: 'refunded' | 'failed'; reason?: string }): Promise<RefundOutcome> {
    const refunded = answer.status === 'refunded';
    const reason = refunded ? null : `refused by the provider: ${answer.reason ?? 'no reason given'}`;
    const done = await db.transaction(async (tx) => {
      const moved = await ledger.transfer(
        {
          key: refunded ? `deposit-refund:${refund.id}` : `deposit-refund-void:${refund.id}`,
          kind: refunded ? 'deposit_refund' : 'deposit_refund_void',
          currency: refund.currency as CurrencyCode,
          legs: [
            { account: { player: refund.userId, kind: 'withdrawal_hold' }, amount: -refund.amount },
            refunded ? { account: { house: 'payment_clearing' }, amount: refund.amount } : { account: { player: refund.userId, kind: 'main' }, amount: refund.amount },
          ],
          metadata: refunded ? { payment: deposit.publicId, refund: refundReference(refund.id), provider_ref: answer.providerRef } : { payment: deposit.publicId, refund: refundReference(refund.id), reason },
        },
        tx,
      );
      const [row] = await tx
        .update(paymentRefunds)
        .set({ status: refunded ? 'refunded' : 'failed', providerRef: answer.providerRef || null, failure: reason, updatedAt: new Date() })
        .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'processing')))
        .returning();
      if (row) await refundEvent(tx, row, deposit, moved.transactionId, row.status);
      return row ?? refund;
    });
    announceOutboxCommitted();
    return { refund: done, outcome: refunded ? 'refunded' : 'failed', reason };
  }

  /**
   * Refunds (part of) a settled deposit through its provider and the ledger. Answers `refunded`,
   * or `failed` with the provider's reason (the money back on the player's main balance).
   */
  async function refundDeposit(request: RefundRequest): Promise<RefundOutcome> {
    const { refund, deposit } = await hold(request);
    let answer: { providerRef: string; status: 'refunded' | 'failed'; reason?: string };
    try {
      answer = await refunderOf(deposit.provider)!.refund!({ refundId: refundReference(refund.id), paymentId: deposit.publicId, providerRef: deposit.providerRef, amount: refund.amount, currency: refund.currency });
    } catch (error) {
      logger.error({ err: error, refund: refund.id }, 'payment provider could not refund a deposit');
      answer = { providerRef: '', status: 'failed', reason: `provider unavailable: ${error instanceof Error ? error.message : String(error)}` };
    }
    return finish(refund, deposit, answer);
  }

  /** What was refunded (done, not processing) of these deposits, by public id, as the player's history shows it. */
  async function refundedByPublicId(publicIds: string[]): Promise<Map<string, { amount: string; currency: string }>> {
    if (!publicIds.length) return new Map();
    const rows = await db
      .select({ publicId: payments.publicId, currency: payments.currency, total: sql<string>`sum(${paymentRefunds.amount})::text` })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(and(inArray(payments.publicId, publicIds), eq(paymentRefunds.status, 'refunded')))
      .groupBy(payments.publicId, payments.currency);
    return new Map(rows.map((row) => [row.publicId, { amount: formatMinor(BigInt(row.total), row.currency as CurrencyCode), currency: row.currency }]));
  }

  return {
    refundDeposit,
    refundsOf,
    refundedOf: (paymentIds: number[]) => refundedOf(db, paymentIds),
    refundedByPublicId,
    canRefund: (providerName: string) => !!refunderOf(providerName),
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
