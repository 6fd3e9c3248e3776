import { isIP } from 'node:net';
import { and, asc, count, desc, eq, inArray, isNull, gt, sql, type SQL } from 'drizzle-orm';
import {
  PLAYER_TAG_PATTERN,
  type LinkedPlayerView,
  type PlayerContactView,
  type PlayerMatch,
  type PlayerNoteView,
  type PlayerSearchPage,
  type PlayerSessionView,
  type PlayerSort,
  type PlayerStatus,
} from '../../../contract/backoffice-players.ts';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import { prefixPattern } from '../../platform/db/like.ts';
import { AppError } from '../../platform/errors.ts';
import { contacts, sessions, users } from '../../db/schema.ts';
import { playerNotes, playerTags } from '../../db/schema/player-admin.ts';
import type { SessionStore } from './sessions.ts';

/**
 * The accounts module's side of the back office's players screens (docs/backoffice.md,
 * "Players"): search, the profile, sessions, status and flags, notes, tags and accounts that share
 * an address or a device. Each write answers the state before and after for its audit row.
 */

export type PlayerSearch = {
  /** One text, tried as id, e-mail or phone (by their beginning), display name (by its beginning), an address. */
  q?: string;
  /** Players found by another module for `q` (payment requisites): they match as `requisites`. */
  requisiteIds?: number[];
  country?: string;
  status?: PlayerStatus;
  registeredFrom?: Date;
  registeredTo?: Date;
  verified?: boolean;
  /** Players with a running time-out or self-exclusion (the responsible-gaming module names them): only them, or all but them. */
  excluded?: { ids: number[]; include: boolean };
  tag?: string;
  testAccount?: boolean;
  sort: PlayerSort;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
};

const notFound = () => new AppError('InvalidParameterException', 'No such player', { status: 404, fields: { id: 'No such player' } });

const intArray = (ids: number[]) => `{${ids.filter((id) => Number.isSafeInteger(id)).join(',')}}`;

/** A phone as typed (`+33 6 12`, `0033612`, `33612`) to the beginning of its stored E.164 form, or null. */
function phonePrefix(text: string): string | null {
  const compact = text.replace(/[\s().-]/g, '');
  const digits = compact.replace(/^(\+|00)/, '');
  return /^\d{4,15}$/.test(digits) ? `+${digits}` : null;
}

const SORT_COLUMNS: Record<PlayerSort, SQL> = {
  id: sql`u.id`,
  registered_at: sql`u.registered_at`,
  fakename: sql`lower(u.fakename)`,
  country: sql`u.country_code`,
  status: sql`u.status`,
};

export async function searchPlayers(db: Db, input: PlayerSearch): Promise<PlayerSearchPage> {
  const q = input.q?.trim() ?? '';
  const hits: SQL[] = [];
  if (q) {
    if (/^\d{1,9}$/.test(q)) hits.push(sql`select id as user_id, 'id' as matched from users where id = ${Number(q)}`);
    const prefix = prefixPattern(q.toLowerCase());
    hits.push(sql`select user_id, 'contact' as matched from contacts where value like ${prefix}`);
    const phone = phonePrefix(q);
    if (phone && phone !== q.toLowerCase()) hits.push(sql`select user_id, 'contact' as matched from contacts where value like ${prefixPattern(phone)}`);
    hits.push(sql`select id as user_id, 'name' as matched from users where lower(fakename) like ${prefix}`);
    if (isIP(q)) hits.push(sql`select distinct user_id, 'address' as matched from sessions where ip = ${q}`);
    if (input.requisiteIds?.length) hits.push(sql`select unnest(${intArray(input.requisiteIds)}::int[]) as user_id, 'requisites' as matched`);
  }

  const conditions: SQL[] = [];
  if (input.country) conditions.push(sql`u.country_code = ${input.country.toUpperCase()}`);
  if (input.status) conditions.push(sql`u.status = ${input.status}`);
  if (input.registeredFrom) conditions.push(sql`u.registered_at >= ${input.registeredFrom.toISOString()}`);
  if (input.registeredTo) conditions.push(sql`u.registered_at < ${input.registeredTo.toISOString()}`);
  if (input.verified !== undefined) conditions.push(sql`u.is_verified = ${input.verified}`);
  if (input.testAccount !== undefined) conditions.push(sql`u.is_test_account = ${input.testAccount}`);
  if (input.tag) conditions.push(sql`exists (select 1 from player_tags t where t.user_id = u.id and t.tag = ${input.tag.toLowerCase()})`);
  if (input.excluded) {
    const ids = sql`${intArray(input.excluded.ids)}::int[]`;
    conditions.push(input.excluded.include ? sql`u.id = any(${ids})` : sql`not (u.id = any(${ids}))`);
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const from = q
    ? sql`with hits as (${sql.join(hits, sql` union all `)}),
          found as (select user_id, array_agg(distinct matched) as matched from hits group by user_id)
          select u.*, f.matched from users u join found f on f.user_id = u.id`
    : sql`select u.*, '{}'::text[] as matched from users u`;
  const dir = input.dir === 'asc' ? sql`asc` : sql`desc`;
  const order = sql`order by ${SORT_COLUMNS[input.sort]} ${dir} nulls last, u.id ${dir}`;

  type Row = {
    id: number;
    fakename: string | null;
    status: PlayerStatus;
    currency: string;
    country_code: string | null;
    registered_at: string | Date;
    is_verified: boolean;
    is_test_account: boolean;
    matched: string[] | string;
  };
  const [rows, [{ total }]] = await Promise.all([
    queryRows<Row>(db, sql`select s.id, s.fakename, s.status, s.currency, s.country_code, s.registered_at, s.is_verified, s.is_test_account, s.matched
      from (${from} ${where} ${order} limit ${input.limit} offset ${input.offset}) s`),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${from} ${where}) s`),
  ]);
  const ids = rows.map((row) => row.id);
  const [logins, tags] = await Promise.all([loginsOf(db, ids), tagsOf(db, ids)]);
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      login: logins.get(row.id) ?? null,
      fakename: row.fakename,
      status: row.status,
      currency: row.currency,
      country: row.country_code,
      registered_at: new Date(row.registered_at).toISOString(),
      is_verified: row.is_verified,
      is_test_account: row.is_test_account,
      tags: tags.get(row.id) ?? [],
      matched: (typeof row.matched === 'string' ? row.matched.replace(/[{}]/g, '').split(',').filter(Boolean) : row.matched) as PlayerMatch[],
    })),
  };
}

/** Each player's login contact (the one they sign in with, else their first). */
export async function loginsOf(db: Db | Tx, ids: number[]): Promise<Map<number, string>> {
  const result = new Map<number, string>();
  if (!ids.length) return result;
  const rows = await db
    .select({ userId: contacts.userId, value: contacts.value })
    .from(contacts)
    .where(inArray(contacts.userId, ids))
    .orderBy(desc(contacts.isLogin), asc(contacts.id));
  for (const row of rows) if (!result.has(row.userId)) result.set(row.userId, row.value);
  return result;
}

/** What reports need of accounts: each one's currency and whether it is a test account (left out of reports). */
export async function reportAccounts(db: Db | Tx, ids: number[]): Promise<Map<number, { currency: string; isTest: boolean }>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, currency: users.currency, isTest: users.isTestAccount }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, { currency: row.currency, isTest: row.isTest }]));
}

async function tagsOf(db: Db | Tx, ids: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (!ids.length) return result;
  const rows = await db.select().from(playerTags).where(inArray(playerTags.userId, ids)).orderBy(asc(playerTags.tag));
  for (const row of rows) result.set(row.userId, [...(result.get(row.userId) ?? []), row.tag]);
  return result;
}

/** Every tag in use, for the search's filter. */
export async function allTags(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ tag: playerTags.tag }).from(playerTags).orderBy(asc(playerTags.tag)).limit(500);
  return rows.map((row) => row.tag);
}

/** The player page's account part: the row, contacts, tags, the address they signed up from and when they were last seen. */
export async function playerAccount(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const [contactRows, tags, [first], [last]] = await Promise.all([
    db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(desc(contacts.isLogin), asc(contacts.id)),
    tagsOf(db, [userId]),
    db.select({ ip: sessions.ip }).from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.id)).limit(1),
    db.select({ at: sql<string | null>`max(${sessions.lastSeenAt})` }).from(sessions).where(eq(sessions.userId, userId)),
  ]);
  const contactViews: PlayerContactView[] = contactRows.map((row) => ({ type: row.type, value: row.value, is_login: row.isLogin, is_confirmed: row.isConfirmed }));
  return {
    user,
    login: contactViews[0]?.value ?? null,
    contacts: contactViews,
    tags: tags.get(userId) ?? [],
    signupIp: first?.ip ?? null,
    lastSeenAt: last?.at ? new Date(last.at).toISOString() : null,
  };
}

/** The player's sessions newest first: address, browser, times, and whether each is still live. */
export async function playerSessions(db: Db, userId: number, limit = 100): Promise<PlayerSessionView[]> {
  const now = new Date();
  const rows = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.id)).limit(limit);
  return rows.map((row) => {
    const expires = row.idleExpiresAt < row.absoluteExpiresAt ? row.idleExpiresAt : row.absoluteExpiresAt;
    const ended = row.revokedAt ?? (expires <= now ? expires : null);
    return {
      id: row.id,
      ip: row.ip,
      user_agent: row.userAgent,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      ended_at: ended?.toISOString() ?? null,
      active: !ended,
    };
  });
}

const liveSessions = (tx: Db | Tx, userId: number) =>
  tx
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.idleExpiresAt, new Date()), gt(sessions.absoluteExpiresAt, new Date())))
    .then(([row]) => row.n);

async function lockUser(tx: Tx, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw notFound();
  return user;
}

/** Ends every session of the player (the accounts module's own `revokeAll`, as a ban does). */
export async function endPlayerSessions(db: Db, store: SessionStore, userId: number) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const live = await liveSessions(tx, userId);
    await store.revokeAll(tx, userId);
    return { before: { live_sessions: live }, after: { live_sessions: 0 } };
  });
}

const STATUS_MOVES = {
  ban: { from: ['active'], to: 'banned', refused: { banned: 'The player is banned already', deleted: 'The account is closed' } },
  unban: { from: ['banned'], to: 'active', refused: { active: 'The player is not banned', deleted: 'The account is closed' } },
  close: { from: ['active', 'banned'], to: 'deleted', refused: { deleted: 'The account is closed already' } },
} as const;

/**
 * Bans, unbans or closes an account, with the reason kept in the audit row. Banning and closing
 * end every session in the same transaction, as `npm run ops -- user:ban` does (accounts'
 * `setStatus`): the player's next call answers UserBannedException or UserDeletedException.
 */
export async function changePlayerStatus(db: Db, store: SessionStore, userId: number, move: keyof typeof STATUS_MOVES) {
  const rule = STATUS_MOVES[move];
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!(rule.from as readonly string[]).includes(user.status)) {
      const message = (rule.refused as Record<string, string>)[user.status] ?? 'Not possible in this status';
      throw new AppError('InvalidParameterException', message, { status: 409, fields: { id: message } });
    }
    const live = await liveSessions(tx, userId);
    await tx.update(users).set({ status: rule.to }).where(eq(users.id, userId));
    if (rule.to !== 'active') await store.revokeAll(tx, userId);
    return {
      before: { status: user.status, live_sessions: live },
      after: { status: rule.to, live_sessions: rule.to === 'active' ? live : 0 },
    };
  });
}

/** Turns the KYC block (withdrawals wait for verification) or the test-account mark on or off. */
export async function setPlayerFlag(db: Db, userId: number, flag: 'kyc_block' | 'test_account', on: boolean) {
  const column = flag === 'kyc_block' ? 'isKycBlockEnabled' : 'isTestAccount';
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user[column] === on) {
      const message = on ? 'It is on already' : 'It is off already';
      throw new AppError('InvalidParameterException', message, { status: 409, fields: { on: message } });
    }
    await tx.update(users).set({ [column]: on }).where(eq(users.id, userId));
    return { before: { [flag]: user[column] }, after: { [flag]: on } };
  });
}

export async function playerNotesOf(db: Db, userId: number, limit = 200): Promise<PlayerNoteView[]> {
  const rows = await db.select().from(playerNotes).where(eq(playerNotes.userId, userId)).orderBy(desc(playerNotes.id)).limit(limit);
  return rows.map((row) => ({ id: row.id, author: row.author, body: row.body, created_at: row.createdAt.toISOString() }));
}

export async function addPlayerNote(db: Db, userId: number, author: { staffId: number; name: string }, body: string): Promise<PlayerNoteView> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const [row] = await db.insert(playerNotes).values({ userId, staffId: author.staffId, author: author.name, body }).returning();
  return { id: row.id, author: row.author, body: row.body, created_at: row.createdAt.toISOString() };
}

/**
 * Marks a player whose deposit was charged back (docs/payments.md, "Chargebacks"), in the caller's
 * transaction: the tag `chargeback` (the back office's search and player page show it) and the KYC
 * block on, so withdrawals wait for a verified identity. Both stay until an operator removes them.
 */
export async function flagChargeback(tx: Tx, userId: number): Promise<void> {
  await tx.insert(playerTags).values({ userId, tag: 'chargeback' }).onConflictDoNothing();
  await tx.update(users).set({ isKycBlockEnabled: true }).where(eq(users.id, userId));
}

/** Replaces the player's tags with `tags` (lower case, each checked by PLAYER_TAG_PATTERN). */
export async function setPlayerTags(db: Db, userId: number, tags: string[]) {
  const wanted = [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))].sort();
  const bad = wanted.find((tag) => !PLAYER_TAG_PATTERN.test(tag));
  if (bad) throw new AppError('InvalidParameterException', `Bad tag ${bad}`, { fields: { tags: `“${bad}”: lower-case letters, digits and dashes, up to 32` } });
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const before = (await tx.select({ tag: playerTags.tag }).from(playerTags).where(eq(playerTags.userId, userId)).orderBy(asc(playerTags.tag))).map((row) => row.tag);
    const removed = before.filter((tag) => !wanted.includes(tag));
    const added = wanted.filter((tag) => !before.includes(tag));
    if (removed.length) await tx.delete(playerTags).where(and(eq(playerTags.userId, userId), inArray(playerTags.tag, removed)));
    if (added.length) await tx.insert(playerTags).values(added.map((tag) => ({ userId, tag })));
    return { before: { tags: before }, after: { tags: wanted } };
  });
}

/**
 * Other accounts that came from one of the player's addresses (`address`), or from the same
 * address with the same browser (`device`: the nearest thing to a device the site records).
 * Requisites are the payments module's (server/modules/payments/requisites.ts).
 */
export async function playersSharingSessions(db: Db, userId: number, limit = 50): Promise<Map<number, LinkedPlayerView['reasons']>> {
  const rows = await queryRows<{ user_id: number; ip: string; same_device: boolean }>(
    db,
    sql`with mine as (select distinct ip, user_agent from sessions where user_id = ${userId} and ip is not null)
      select s.user_id, s.ip, bool_or(s.user_agent is not distinct from m.user_agent) as same_device
      from sessions s join mine m on m.ip = s.ip
      where s.user_id <> ${userId}
      group by s.user_id, s.ip
      order by s.user_id
      limit ${limit * 4}`,
  );
  const result = new Map<number, LinkedPlayerView['reasons']>();
  for (const row of rows) {
    const reasons = result.get(row.user_id) ?? [];
    reasons.push({ kind: row.same_device ? 'device' : 'address', value: row.ip });
    result.set(row.user_id, reasons);
  }
  return result;
}

/** Login and status of players, for lists of other players (linked accounts, adjustments). */
export async function playerSummaries(db: Db, ids: number[]): Promise<Map<number, { login: string | null; status: PlayerStatus }>> {
  const result = new Map<number, { login: string | null; status: PlayerStatus }>();
  if (!ids.length) return result;
  const [rows, logins] = await Promise.all([db.select({ id: users.id, status: users.status }).from(users).where(inArray(users.id, ids)), loginsOf(db, ids)]);
  for (const row of rows) result.set(row.id, { login: logins.get(row.id) ?? null, status: row.status });
  return result;
}
