import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';

/**
 * Players who gave the same postal address (docs/risk.md, `shared_address`). An address is
 * compared by the database function `postal_address_key(profile)` (migration 0051): the street
 * line in lower case with runs of spaces and punctuation made one space, then the postcode in
 * capitals without spaces (or, without a postcode, the town), so "12, Rue  Lepic." / "75018" and
 * "12 rue lepic" / "75 018" are one address. The same expression is indexed, so finding the others
 * is one index lookup whatever the number of players.
 */
export async function playersSharingPostalAddress(tx: Db | Tx, userId: number, limit = 50): Promise<{ address: string; players: number[] } | null> {
  const rows = await queryRows<{ address: string | null; user_id: number | null }>(
    tx,
    sql`select me.key as address, other.id as user_id
        from (select postal_address_key(profile) as key from users where id = ${userId}) me
        left join lateral (
          select id from users where postal_address_key(profile) = me.key and id <> ${userId} order by id limit ${limit}
        ) other on true
        where me.key is not null`,
  );
  if (!rows.length || rows[0]!.address === null) return null;
  return { address: rows[0]!.address, players: rows.flatMap((row) => (row.user_id === null ? [] : [Number(row.user_id)])) };
}
