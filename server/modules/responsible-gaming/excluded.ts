import { and, gt, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { rgExclusions } from '../../db/schema/responsible-gaming.ts';

/** Players in a running time-out or self-exclusion now (the back office's search filter "excluded"). */
export async function excludedPlayerIds(db: Db, now = new Date()): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: rgExclusions.userId })
    .from(rgExclusions)
    .where(and(lte(rgExclusions.startsAt, now), gt(rgExclusions.endsAt, now)));
  return rows.map((row) => row.userId);
}
