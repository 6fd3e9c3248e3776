import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';

/**
 * The welcome offers among these campaigns: deposit offers meant for new players only (an
 * audience with `new_players_days`, docs/promotions.md), which each person may take once. The risk
 * rule `offer_per_device` looks for one taken by several accounts from one device.
 */
export async function welcomeOffersAmong(tx: Db | Tx, campaignIds: number[]): Promise<number[]> {
  if (!campaignIds.length) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from campaigns where trigger = 'deposit' and audience ? 'new_players_days' and id = any(${`{${campaignIds.join(',')}}`}::int[])`,
  );
  return rows.map((row) => Number(row.id));
}
