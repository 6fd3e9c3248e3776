import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { contacts, users } from '../../db/schema.ts';

/**
 * How other players see a player in public lists (jackpot winners, big wins, leaderboards): never
 * a whole name, e-mail or phone, only enough to recognise oneself.
 *
 * - the nickname (fakename) the player chose: first and last character, `J***n` (`L***` when it
 *   has two characters or fewer);
 * - otherwise the sign-in e-mail: the first two characters of its local part, `an***@`
 *   (one when the local part is that short);
 * - otherwise the sign-in phone: country code and last two digits, `+33***78`;
 * - otherwise `***`.
 */
export function maskPublicName(who: { fakename?: string | null; email?: string | null; phone?: string | null }): string {
  const nickname = [...(who.fakename ?? '').trim()];
  if (nickname.length >= 3) return `${nickname[0]}***${nickname[nickname.length - 1]}`;
  if (nickname.length > 0) return `${nickname[0]}***`;
  const local = [...(who.email ?? '').split('@')[0]];
  if (local.length > 0) return `${local.slice(0, local.length > 3 ? 2 : 1).join('')}***@`;
  const digits = (who.phone ?? '').replace(/\D/g, '');
  if (digits.length >= 6) return `+${digits.slice(0, 2)}***${digits.slice(-2)}`;
  return '***';
}

/** Masked public names of players by user id (a deleted player shows as `***`). */
export function createPublicNames(db: Db) {
  return async function publicNames(userIds: number[]): Promise<Map<number, string>> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return new Map();
    const [people, logins] = await Promise.all([
      db.select({ id: users.id, fakename: users.fakename, status: users.status }).from(users).where(inArray(users.id, ids)),
      db
        .select({ userId: contacts.userId, type: contacts.type, value: contacts.value })
        .from(contacts)
        .where(and(inArray(contacts.userId, ids), eq(contacts.isLogin, true))),
    ]);
    const login = new Map<number, { email?: string; phone?: string }>();
    for (const row of logins) login.set(row.userId, { ...login.get(row.userId), [row.type]: row.value });
    return new Map(
      people.map((person) => [person.id, person.status === 'deleted' ? '***' : maskPublicName({ fakename: person.fakename, ...login.get(person.id) })]),
    );
  };
}

export type PublicNames = ReturnType<typeof createPublicNames>;
