import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import { contacts, users } from '../../db/schema.ts';

/**
 * What the back office's money screens need to know about the players behind payments
 * (docs/backoffice.md, Money): who they are (their sign-in contact), whether their identity is
 * verified, and the other players they share an address with (a session of each, sign-up
 * included, from the same IP: linked accounts). Reads only.
 */
export type PayerReview = {
  login: string | null;
  status: string;
  verified: boolean;
  kycBlock: boolean;
  /** Other players who signed up or signed in from an address this player used (at most 20). */
  linked: number[];
};

export function createPayerReview(db: Db) {
  async function review(userIds: number[]): Promise<Map<number, PayerReview>> {
    const result = new Map<number, PayerReview>();
    const ids = [...new Set(userIds)];
    if (!ids.length) return result;
    const [people, logins, links] = await Promise.all([
      db.select({ id: users.id, status: users.status, verified: users.isVerified, kycBlock: users.isKycBlockEnabled }).from(users).where(inArray(users.id, ids)),
      db.select({ userId: contacts.userId, value: contacts.value }).from(contacts).where(and(inArray(contacts.userId, ids), eq(contacts.isLogin, true))),
      queryRows<{ user_id: number; linked: number[] | string }>(
        db,
        sql`select s.user_id, (array_agg(distinct o.user_id))[1:20] as linked
            from sessions s join sessions o on o.ip = s.ip and o.user_id <> s.user_id
            where s.user_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) and s.ip is not null and s.ip <> ''
            group by s.user_id`,
      ),
    ]);
    const loginOf = new Map(logins.map((row) => [row.userId, row.value]));
    const linkedOf = new Map(links.map((row) => [Number(row.user_id), parseIntArray(row.linked)]));
    for (const person of people) {
      result.set(person.id, { login: loginOf.get(person.id) ?? null, status: person.status, verified: person.verified, kycBlock: person.kycBlock, linked: linkedOf.get(person.id) ?? [] });
    }
    return result;
  }

  return { review };
}

/** PGlite answers an int[] as an array, node-postgres as one too; a text form is read just in case. */
function parseIntArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value
    .replace(/[{}]/g, '')
    .split(',')
    .filter(Boolean)
    .map(Number);
}

export type PayerReviewer = ReturnType<typeof createPayerReview>;

/** Other players with a session (sign-up included) from `ip` (at most 50), in the caller's transaction: the risk rules' linked accounts. */
export async function playersSeenAt(tx: Db | Tx, ip: string, except: number): Promise<number[]> {
  if (!ip) return [];
  const rows = await queryRows<{ user_id: number }>(tx, sql`select distinct user_id from sessions where ip = ${ip} and user_id <> ${except} limit 50`);
  return rows.map((row) => Number(row.user_id));
}
