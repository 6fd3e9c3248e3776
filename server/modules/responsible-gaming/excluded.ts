import { and, gt, inArray, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { rgExclusions } from '../../db/schema/responsible-gaming.ts';

/** Players in a running time-out or self-exclusion now (the back office's search filter "excluded"). */
export async function excludedPlayerIds(db: Db, now = new Date()): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: rgExclusions.userId })
    .from(rgExclusions)
    .where(and(lte(rgExclusions.startsAt, now), gt(rgExclusions.endsAt, now)));
  return rows.map((row) => row.userId);
}

/** Those of `userIds` in a running self-exclusion (their own or the operator's; a time-out is not one), in the caller's transaction. */
export async function selfExcludedAmong(tx: Db | Tx, userIds: number[], now = new Date()): Promise<number[]> {
  if (!userIds.length) return [];
  const rows = await tx
    .selectDistinct({ userId: rgExclusions.userId })
    .from(rgExclusions)
    .where(and(inArray(rgExclusions.userId, userIds), inArray(rgExclusions.kind, ['self_exclusion', 'operator_exclusion']), lte(rgExclusions.startsAt, now), gt(rgExclusions.endsAt, now)));
  return rows.map((row) => row.userId);
}
