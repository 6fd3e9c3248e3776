import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { paymentChargebacks } from '../../db/schema/payment-chargebacks.ts';
import { paymentRefunds } from '../../db/schema/payment-refunds.ts';

/**
 * Minor units of a deposit taken back so far: refunded (or being refunded) and charged back. A
 * refund and a chargeback each take at most what is left of the deposit after the other, so both
 * read this one sum.
 */
export async function takenBack(tx: Db | Tx, paymentId: number): Promise<bigint> {
  const [refunded] = await tx
    .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)::text` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), inArray(paymentRefunds.status, ['processing', 'refunded'])));
  const [charged] = await tx.select({ total: sql<string>`coalesce(sum(${paymentChargebacks.amount}), 0)::text` }).from(paymentChargebacks).where(eq(paymentChargebacks.paymentId, paymentId));
  return BigInt(refunded.total) + BigInt(charged.total);
}
