import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { staffApprovals } from '../../db/schema/staff.ts';
import { isCurrency, parseMajor, type CurrencyCode } from '../../../contract/money.ts';

/**
 * Four eyes: an action above its threshold runs only once two different members approved it. The
 * first approval is the request itself where one member asks (a balance adjustment), or a first
 * approver (a withdrawal). Approvals of one subject are taken one at a time (a transaction lock
 * on the subject), and a member counts once, so a double click or a second tab cannot be the
 * second pair of eyes, and two members approving at the same moment run the action once.
 */
export type ApprovalState = {
  /** Members who approved, first first. */
  approvers: number[];
  /** Whether this call added the member (false: they had approved already). */
  added: boolean;
};

/**
 * BACKOFFICE_FOUR_EYES (`figure`, major units of the account currency) in minor units of
 * `currency`: the back office's endpoints and the ops command's refusal read it here, so the rule is one.
 */
export function fourEyesThreshold(figure: number, currency: string): bigint {
  const code: CurrencyCode = isCurrency(currency) ? currency : 'EUR';
  return parseMajor(String(figure), code) ?? BigInt(Math.round(figure * 100));
}

/** Adds `staffId`'s approval of `subject` inside the caller's transaction, which holds the subject until it ends. */
export async function approve(tx: Tx, subject: string, staffId: number): Promise<ApprovalState> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`four-eyes:${subject}`}))`);
  const inserted = await tx.insert(staffApprovals).values({ subject, staffId }).onConflictDoNothing().returning({ id: staffApprovals.id });
  const rows = await tx.select({ staffId: staffApprovals.staffId }).from(staffApprovals).where(eq(staffApprovals.subject, subject)).orderBy(asc(staffApprovals.id));
  return { approvers: rows.map((row) => row.staffId), added: inserted.length > 0 };
}

/** Who approved a subject so far (for the queues: "waiting for a second member"). */
export async function approversOf(db: Db | Tx, subjects: string[]): Promise<Map<string, number[]>> {
  const result = new Map<string, number[]>();
  if (!subjects.length) return result;
  const rows = await db
    .select({ subject: staffApprovals.subject, staffId: staffApprovals.staffId })
    .from(staffApprovals)
    .where(inArray(staffApprovals.subject, subjects))
    .orderBy(asc(staffApprovals.id));
  for (const row of rows) result.set(row.subject, [...(result.get(row.subject) ?? []), row.staffId]);
  return result;
}
