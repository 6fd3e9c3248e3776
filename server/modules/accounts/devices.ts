import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';

/**
 * The device fingerprints the accounts module keeps (docs/devices.md): one per session (the
 * browser that opened it) and the one of the sign-up. The risk rules ask who else was seen with a
 * fingerprint; the back office's player page lists a player's fingerprints.
 */

/** Players other than `except` who signed up or opened a session with this fingerprint (at most `limit`). */
export async function playersOnDevice(tx: Db | Tx, deviceId: string, except: number, limit = 50): Promise<number[]> {
  if (!deviceId) return [];
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`select user_id from sessions where device_id = ${deviceId} and user_id <> ${except}
        union
        select id from users where signup_device_id = ${deviceId} and id <> ${except}
        limit ${limit}`,
  );
  return rows.map((row) => Number(row.user_id));
}

/** The fingerprints a player's sessions and sign-up carried, last seen first (at most `limit`). */
export async function devicesOfPlayer(tx: Db | Tx, userId: number, limit = 10) {
  const rows = await queryRows<{ device_id: string; sessions: number; first_seen: Date | string; last_seen: Date | string; ip: string | null; user_agent: string | null }>(
    tx,
    sql`with seen as (
          select device_id, created_at, last_seen_at, ip, user_agent from sessions where user_id = ${userId} and device_id is not null
          union all
          select signup_device_id, registered_at, registered_at, null, null from users where id = ${userId} and signup_device_id is not null
        )
        select device_id, count(ip)::int as sessions, min(created_at) as first_seen, max(last_seen_at) as last_seen,
               (array_agg(ip order by last_seen_at desc) filter (where ip is not null))[1] as ip,
               (array_agg(user_agent order by last_seen_at desc) filter (where user_agent is not null))[1] as user_agent
          from seen group by device_id order by max(last_seen_at) desc limit ${limit}`,
  );
  return rows.map((row) => ({ ...row, sessions: Number(row.sessions), first_seen: new Date(row.first_seen), last_seen: new Date(row.last_seen) }));
}
