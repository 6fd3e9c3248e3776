import { and, desc, eq, type SQL } from 'drizzle-orm';
import { formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { balanceAdjustments } from '../../db/schema/player-admin.ts';
import type { Ledger } from './ledger.ts';

/**
 * Manual balance adjustments (docs/backoffice.md, "Players"): a staff member moves money between a
 * player's main balance and the house account `corrections`, with a reason. Each is a row here
 * first; the ledger movement's key is `adjustment:<id>`, so whatever repeats, it moves once. Who
 * may apply one (four eyes above a threshold) is the back office's rule: this module records and
 * moves.
 */
export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;

export async function createAdjustment(
  tx: Tx,
  input: { userId: number; currency: CurrencyCode; amount: bigint; reason: string; requestedBy: { id: number; name: string } },
): Promise<AdjustmentRow> {
  const [row] = await tx
    .insert(balanceAdjustments)
    .values({
      userId: input.userId,
      currency: input.currency,
      amount: input.amount,
      reason: input.reason,
      requestedBy: input.requestedBy.id,
      requestedByName: input.requestedBy.name,
      status: 'pending',
    })
    .returning();
  return row;
}

/** The adjustment, locked for the rest of the transaction (one decision at a time). */
export async function lockAdjustment(tx: Tx, id: number): Promise<AdjustmentRow> {
  const [row] = await tx.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id)).for('update');
  if (!row) throw new AppError('InvalidParameterException', 'No such adjustment', { status: 404, fields: { id: 'No such adjustment' } });
  return row;
}

/** Refuses a decision on an adjustment that is no longer waiting (a second click, a second tab, another member). */
export function assertPending(row: AdjustmentRow): void {
  if (row.status === 'pending') return;
  const message = row.status === 'applied' ? 'This adjustment was applied already' : 'This adjustment was rejected';
  throw new AppError('InvalidParameterException', message, { status: 409, fields: { id: message } });
}

/** Moves the money of a pending adjustment (locked by the caller) and marks it applied. */
export async function applyAdjustment(tx: Tx, ledger: Ledger, row: AdjustmentRow, decidedBy: { id: number; name: string }): Promise<AdjustmentRow> {
  assertPending(row);
  const currency = row.currency as CurrencyCode;
  const result = await ledger.transfer(
    {
      key: `adjustment:${row.id}`,
      kind: 'manual_adjustment',
      currency,
      legs: [
        { account: { house: 'corrections' }, amount: -row.amount },
        { account: { player: row.userId, kind: 'main' }, amount: row.amount },
      ],
      metadata: { adjustment: row.id, reason: row.reason, requested_by: row.requestedByName, approved_by: decidedBy.name },
      insufficientFunds: () =>
        new AppError('InvalidParameterException', 'The main balance is smaller than this', {
          status: 409,
          fields: { amount: `The main balance is smaller than ${formatMinor(-row.amount, currency)} ${currency}` },
        }),
    },
    tx,
  );
  const [applied] = await tx
    .update(balanceAdjustments)
    .set({ status: 'applied', transactionId: result.transactionId, decidedBy: decidedBy.id, decidedByName: decidedBy.name, decidedAt: new Date() })
    .where(eq(balanceAdjustments.id, row.id))
    .returning();
  return applied;
}

export async function rejectAdjustment(tx: Tx, row: AdjustmentRow, decidedBy: { id: number; name: string }): Promise<AdjustmentRow> {
  assertPending(row);
  const [rejected] = await tx
    .update(balanceAdjustments)
    .set({ status: 'rejected', decidedBy: decidedBy.id, decidedByName: decidedBy.name, decidedAt: new Date() })
    .where(eq(balanceAdjustments.id, row.id))
    .returning();
  return rejected;
}

/** Adjustments newest first, by status and player. */
export async function listAdjustments(db: Db, filter: { status?: AdjustmentRow['status']; userId?: number; limit: number }): Promise<AdjustmentRow[]> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(balanceAdjustments.status, filter.status));
  if (filter.userId) conditions.push(eq(balanceAdjustments.userId, filter.userId));
  return db
    .select()
    .from(balanceAdjustments)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(balanceAdjustments.id))
    .limit(filter.limit);
}

/** The row as the audit trail and the screens show it. */
export const adjustmentState = (row: AdjustmentRow) => ({
  id: row.id,
  amount: isCurrency(row.currency) ? formatMinor(row.amount, row.currency) : row.amount.toString(),
  currency: row.currency,
  reason: row.reason,
  status: row.status,
  transaction_id: row.transactionId,
});
