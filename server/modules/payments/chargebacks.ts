import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { announceOutboxCommitted, writeOutboxEvent } from '../../platform/events/outbox.ts';
import type { Logger } from '../../platform/logger.ts';
import { payments } from '../../db/schema.ts';
import { paymentChargebacks } from '../../db/schema/payment-chargebacks.ts';
import type { EventHandler } from '../../platform/jobs/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { takenBack } from './taken-back.ts';

/**
 * Chargebacks, and refunds a provider made on its own side, of settled deposits
 * (docs/payments.md, "Chargebacks"; decision 036). The provider has already taken the money back,
 * so a notice is never refused for want of funds:
 *
 *   - the player's main balance gives what it has (`covered`), what it lacks (`shortfall`) is
 *     owed by the player on the house account `chargeback_receivable` — never a negative balance;
 *   - the other side is `payment_clearing`, the account the deposit came from, so the
 *     reconciliation against the provider's settlement still matches;
 *   - one notice moves money once: (provider, event id) is unique, the movement's key is
 *     `chargeback:<id>`;
 *   - the player is flagged (tag `chargeback`, KYC block on) through the hook the caller gives;
 *   - later deposits of the player settle what is owed first (`recoverFromDeposit`, in the
 *     deposit's own transaction, key `chargeback-recovery:<deposit id>`).
 *
 * Each movement writes a `cashier.chargeback` event, so the player's balance updates live.
 */
export type ChargebackRow = typeof paymentChargebacks.$inferSelect;

/** A provider's notice that it took (part of) a settled deposit back. */
export type ChargebackNotice = {
  /** The provider's name, as in payments.provider (`demo`, `skrill`, ...). */
  provider: string;
  /** The deposit's public id (payments.public_id, `dep_...`). */
  paymentPublicId: string;
  /** The provider's reference of the chargeback or refund. */
  providerRef?: string | null;
  /** The provider's id of this notice: a replay with the same id moves nothing. */
  eventId: string;
  /** `chargeback` (the default) or a refund the provider made on its own side. */
  kind?: 'chargeback' | 'refund';
  /** Minor units taken back; at most what is left of the deposit. */
  amount: bigint;
  currency: string;
  reason?: string | null;
};

export type ChargebackResult = { chargeback: ChargebackRow; replayed: boolean };

const noticeError = (field: string, message: string, status: number) => new AppError('InvalidParameterException', message, { fields: { [field]: message }, status });

export function createChargebacks(deps: { db: Db; ledger: Ledger; logger: Logger; flagPlayer?: (tx: Tx, userId: number) => Promise<void> }) {
  const { db, ledger, logger } = deps;

  async function chargebackEvent(tx: Tx, row: ChargebackRow, payment: string, transactionId: number, status: 'charged_back' | 'recovered', amount: bigint) {
    const balances = await ledger.balances(row.userId, row.currency, tx);
    await writeOutboxEvent(tx, {
      type: 'cashier.chargeback',
      userId: row.userId,
      payload: {
        transactionId,
        currency: row.currency,
        amount: amount.toString(),
        account: 'main',
        balanceAfter: balances.main.toString(),
        paymentId: row.paymentId,
        payment,
        chargeback: row.id,
        kind: row.kind,
        status,
      },
    });
  }

  /**
   * Records a provider's chargeback (or refund) notice and moves its money, inside `tx` when given
   * (the caller then announces the outbox after its commit), in a transaction of its own
   * otherwise. A notice seen before answers its first record with `replayed: true`. Refused with a
   * typed error naming the field: an unknown deposit or one of another provider (`payment_id`,
   * 404), a deposit not settled (`payment_id`, 409), another currency (`currency`, 422), more than
   * is left of the deposit once refunds and earlier chargebacks are counted (`amount`, 422).
   */
  async function recordChargeback(tx: Tx | undefined, notice: ChargebackNotice): Promise<ChargebackResult> {
    if (!tx) {
      const result = await db.transaction((own) => recordChargeback(own, notice));
      announceOutboxCommitted();
      return result;
    }
    const [seen] = await tx.select().from(paymentChargebacks).where(and(eq(paymentChargebacks.provider, notice.provider), eq(paymentChargebacks.eventId, notice.eventId)));
    if (seen) return { chargeback: seen, replayed: true };
    const [deposit] = await tx.select().from(payments).where(eq(payments.publicId, notice.paymentPublicId)).for('update');
    if (!deposit || deposit.direction !== 'deposit' || deposit.provider !== notice.provider) throw noticeError('payment_id', `Deposit ${notice.paymentPublicId} not found at ${notice.provider}`, 404);
    if (deposit.status !== 'success') throw noticeError('payment_id', `Deposit ${notice.paymentPublicId} is ${deposit.status}: only a settled deposit can be charged back`, 409);
    if (notice.currency !== deposit.currency || !isCurrency(deposit.currency)) throw noticeError('currency', `Deposit ${notice.paymentPublicId} is in ${deposit.currency}, not ${notice.currency}`, 422);
    const currency: CurrencyCode = deposit.currency;
    // Under the deposit's lock, the same rows a refund counts: together they never pass the deposit.
    const left = deposit.amount - (await takenBack(tx, deposit.id));
    if (notice.amount <= 0n || notice.amount > left) throw noticeError('amount', `At most ${formatMinor(left > 0n ? left : 0n, currency)} ${currency} is left of deposit ${deposit.publicId}`, 422);
    const main = await ledger.lockedBalance(tx, deposit.userId, 'main', currency);
    const covered = main < notice.amount ? main : notice.amount;
    const shortfall = notice.amount - covered;
    const [row] = await tx
      .insert(paymentChargebacks)
      .values({
        provider: notice.provider,
        eventId: notice.eventId,
        kind: notice.kind ?? 'chargeback',
        paymentId: deposit.id,
        userId: deposit.userId,
        amount: notice.amount,
        currency,
        covered,
        shortfall,
        providerRef: notice.providerRef || null,
        reason: notice.reason?.slice(0, 500) || null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      // The same notice, delivered twice at once: the other delivery recorded it.
      const [first] = await tx.select().from(paymentChargebacks).where(and(eq(paymentChargebacks.provider, notice.provider), eq(paymentChargebacks.eventId, notice.eventId)));
      return { chargeback: first, replayed: true };
    }
    const moved = await ledger.transfer(
      {
        key: `chargeback:${row.id}`,
        kind: row.kind === 'refund' ? 'provider_refund' : 'chargeback',
        currency,
        legs: [
          { account: { house: 'payment_clearing' }, amount: notice.amount },
          ...(covered > 0n ? [{ account: { player: deposit.userId, kind: 'main' as const }, amount: -covered }] : []),
          ...(shortfall > 0n ? [{ account: { house: 'chargeback_receivable' as const }, amount: -shortfall }] : []),
        ],
        metadata: { payment: deposit.publicId, provider: notice.provider, event: notice.eventId, provider_ref: row.providerRef, user: deposit.userId, covered: covered.toString(), shortfall: shortfall.toString(), reason: row.reason },
      },
      tx,
    );
    const [done] = await tx.update(paymentChargebacks).set({ transactionId: moved.transactionId }).where(eq(paymentChargebacks.id, row.id)).returning();
    await deps.flagPlayer?.(tx, deposit.userId);
    await chargebackEvent(tx, done, deposit.publicId, moved.transactionId, 'charged_back', covered);
    logger.info({ provider: notice.provider, payment: deposit.publicId, chargeback: row.id, amount: notice.amount.toString(), covered: covered.toString(), shortfall: shortfall.toString() }, 'deposit charged back');
    return { chargeback: done, replayed: false };
  }

  /**
   * The callback path's hook (createPayments' `chargeback`): a provider's verified event with
   * status `chargeback` about one of its deposits, in the callback's transaction (the event id was
   * recorded there too). A notice that cannot apply (more than is
   * left of the deposit, a deposit not settled) moves nothing and answers why, for the provider's
   * log and ours; an operator looks at it. Never throws for the notice's content: the callback
   * answers 200 with the result, never a 500.
   */
  async function applyNotice(
    tx: Tx,
    payment: { publicId: string; provider: string },
    event: { eventId: string; providerRef: string; amount: bigint; currency: string; takenBackAs?: 'chargeback' | 'refund'; reason?: string },
  ): Promise<string> {
    try {
      const { chargeback, replayed } = await recordChargeback(tx, {
        provider: payment.provider,
        paymentPublicId: payment.publicId,
        providerRef: event.providerRef,
        eventId: event.eventId,
        kind: event.takenBackAs,
        amount: event.amount,
        currency: event.currency,
        reason: event.reason,
      });
      if (replayed) return 'duplicate';
      return chargeback.shortfall > 0n ? `charged back: ${chargeback.shortfall} owed` : 'charged back';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      logger.error({ provider: payment.provider, payment: payment.publicId, event: event.eventId, reason: error.message }, 'chargeback notice not applied');
      return `refused: ${error.message}`;
    }
  }

  /**
   * After a deposit is credited (its `cashier.deposit` event, handler `recoveryHandler`): what the
   * player owes from chargebacks in that currency is settled first, oldest chargeback first, up to
   * the deposit's amount and what the main balance holds by then (`main → chargeback_receivable`,
   * key `chargeback-recovery:<deposit id>`, so a deposit settles at most once). Answers the minor
   * units recovered.
   */
  async function recoverFromDeposit(tx: Tx, deposit: { id: number; publicId: string; userId: number; amount: bigint; currency: string }): Promise<bigint> {
    if (!isCurrency(deposit.currency)) return 0n;
    const owed = await tx
      .select()
      .from(paymentChargebacks)
      .where(and(eq(paymentChargebacks.userId, deposit.userId), eq(paymentChargebacks.currency, deposit.currency), sql`${paymentChargebacks.recovered} < ${paymentChargebacks.shortfall}`))
      .orderBy(asc(paymentChargebacks.id))
      .for('update');
    if (!owed.length) return 0n;
    const outstanding = owed.reduce((sum, row) => sum + row.shortfall - row.recovered, 0n);
    const main = await ledger.lockedBalance(tx, deposit.userId, 'main', deposit.currency);
    const take = [outstanding, deposit.amount, main].reduce((least, value) => (value < least ? value : least));
    if (take <= 0n) return 0n;
    const moved = await ledger.transfer(
      {
        key: `chargeback-recovery:${deposit.id}`,
        kind: 'chargeback_recovery',
        currency: deposit.currency,
        legs: [
          { account: { player: deposit.userId, kind: 'main' }, amount: -take },
          { account: { house: 'chargeback_receivable' }, amount: take },
        ],
        metadata: { payment: deposit.publicId, user: deposit.userId, chargebacks: owed.map((row) => row.id) },
      },
      tx,
    );
    if (moved.replayed) return 0n;
    let rest = take;
    let last = owed[0];
    for (const row of owed) {
      if (rest === 0n) break;
      const part = row.shortfall - row.recovered < rest ? row.shortfall - row.recovered : rest;
      [last] = await tx
        .update(paymentChargebacks)
        .set({ recovered: row.recovered + part, updatedAt: new Date() })
        .where(eq(paymentChargebacks.id, row.id))
        .returning();
      rest -= part;
    }
    await chargebackEvent(tx, last, deposit.publicId, moved.transactionId, 'recovered', take);
    return take;
  }

  /** Every chargeback of these deposits, oldest first. */
  async function chargebacksOf(paymentIds: number[]): Promise<ChargebackRow[]> {
    if (!paymentIds.length) return [];
    return db.select().from(paymentChargebacks).where(inArray(paymentChargebacks.paymentId, paymentIds)).orderBy(asc(paymentChargebacks.id));
  }

  /**
   * For the player's own history (cashier/gethistory, cashier/getdepositinfo): per deposit public
   * id, what the provider took back and what of it the player still owes, in major units.
   */
  async function summariesOf(publicIds: string[]): Promise<Map<string, { amount: { amount: string; currency: string }; owed: { amount: string; currency: string } }>> {
    const result = new Map<string, { amount: { amount: string; currency: string }; owed: { amount: string; currency: string } }>();
    if (!publicIds.length) return result;
    const rows = await db
      .select({
        publicId: payments.publicId,
        currency: paymentChargebacks.currency,
        amount: sql<string>`sum(${paymentChargebacks.amount})::text`,
        owed: sql<string>`sum(${paymentChargebacks.shortfall} - ${paymentChargebacks.recovered})::text`,
      })
      .from(paymentChargebacks)
      .innerJoin(payments, eq(payments.id, paymentChargebacks.paymentId))
      .where(inArray(payments.publicId, publicIds))
      .groupBy(payments.publicId, paymentChargebacks.currency);
    for (const row of rows) {
      const currency = isCurrency(row.currency) ? row.currency : 'EUR';
      result.set(row.publicId, { amount: { amount: formatMinor(BigInt(row.amount), currency), currency }, owed: { amount: formatMinor(BigInt(row.owed), currency), currency } });
    }
    return result;
  }

  /** What each of these players still owes from chargebacks, per currency (minor units; players owing nothing are absent). */
  async function owedBy(userIds: number[]): Promise<Map<number, Array<{ currency: string; owed: bigint }>>> {
    const result = new Map<number, Array<{ currency: string; owed: bigint }>>();
    if (!userIds.length) return result;
    const rows = await db
      .select({ userId: paymentChargebacks.userId, currency: paymentChargebacks.currency, owed: sql<string>`sum(${paymentChargebacks.shortfall} - ${paymentChargebacks.recovered})::text` })
      .from(paymentChargebacks)
      .where(inArray(paymentChargebacks.userId, userIds))
      .groupBy(paymentChargebacks.userId, paymentChargebacks.currency);
    for (const row of rows) if (BigInt(row.owed) > 0n) result.set(row.userId, [...(result.get(row.userId) ?? []), { currency: row.currency, owed: BigInt(row.owed) }]);
    return result;
  }

  /** Players among `userIds` with any chargeback recorded. */
  async function chargedBackPlayers(userIds: number[]): Promise<Set<number>> {
    if (!userIds.length) return new Set();
    const rows = await db.selectDistinct({ userId: paymentChargebacks.userId }).from(paymentChargebacks).where(inArray(paymentChargebacks.userId, userIds));
    return new Set(rows.map((row) => row.userId));
  }

  /**
   * The job runner's handler (docs/events.md): a deposit credited to a player who owes from a
   * chargeback settles it. Dispatched only for players owing something when the event is
   * dispatched; idempotent by the deposit (its movement's key).
   */
  const recoveryHandler: EventHandler = {
    name: 'payments.chargeback-recovery',
    events: ['cashier.deposit'],
    dispatchWhen: sql`exists (select 1 from payment_chargebacks c where c.user_id = s.user_id and c.recovered < c.shortfall)`,
    async handle(event, tx) {
      const payload = event.payload as { paymentId?: number; status?: string };
      if (payload.status !== 'success' || typeof payload.paymentId !== 'number') return;
      const [deposit] = await tx.select().from(payments).where(eq(payments.id, payload.paymentId));
      if (!deposit || deposit.direction !== 'deposit' || deposit.status !== 'success') return;
      await recoverFromDeposit(tx, deposit);
    },
  };

  return { recordChargeback, applyNotice, recoverFromDeposit, recoveryHandler, chargebacksOf, summariesOf, owedBy, chargedBackPlayers };
}

export type Chargebacks = ReturnType<typeof createChargebacks>;
