import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

/**
 * Payment requisites as the back office looks for them (docs/backoffice.md, "Players"): who
 * withdraws to an IBAN or a wallet, and which accounts share one. Requisites are stored as
 * withdrawals took them: an IBAN in its electronic form (no spaces, upper case), a wallet e-mail
 * as typed; both are indexed (migration 0032).
 */

/** An IBAN as typed, in its stored form, or null when the text cannot be one. */
export function ibanForm(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/.test(compact) ? compact : null;
}

const maskIban = (iban: string) => (iban.length > 8 ? `${iban.slice(0, 4)} •••• ${iban.slice(-4)}` : iban);

/** Shows enough of an account number to recognise it, never the whole of it. */
export function maskRequisites(requisites: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(requisites).map(([name, value]) => [name, name === 'iban' ? maskIban(value) : value]));
}

/** Players who asked for a withdrawal to this IBAN or wallet e-mail (at most 500). */
export async function playersByRequisite(db: Db, text: string): Promise<number[]> {
  const iban = ibanForm(text);
  const trimmed = text.trim().toLowerCase();
  const wallet = trimmed.includes('@') ? trimmed : null;
  if (!iban && !wallet) return [];
  const rows = await queryRows<{ user_id: number }>(
    db,
    iban
      ? sql`select distinct user_id from payments where requisites ? 'iban' and (requisites ->> 'iban') = ${iban} limit 500`
      : sql`select distinct user_id from payments where requisites ? 'wallet_email' and lower(requisites ->> 'wallet_email') = ${wallet} limit 500`,
  );
  return rows.map((row) => row.user_id);
}

/** Other players who used one of this player's IBANs or wallets, with the shared value (an IBAN masked). */
export async function playersSharingRequisites(db: Db, userId: number, limit = 50): Promise<Map<number, string[]>> {
  const rows = await queryRows<{ user_id: number; iban: string | null; wallet: string | null }>(
    db,
    sql`with ibans as (select distinct requisites ->> 'iban' as value from payments where user_id = ${userId} and requisites ? 'iban'),
          wallets as (select distinct lower(requisites ->> 'wallet_email') as value from payments where user_id = ${userId} and requisites ? 'wallet_email')
        select distinct p.user_id, p.requisites ->> 'iban' as iban, null as wallet
          from payments p join ibans i on p.requisites ? 'iban' and (p.requisites ->> 'iban') = i.value where p.user_id <> ${userId}
        union
        select distinct p.user_id, null, lower(p.requisites ->> 'wallet_email')
          from payments p join wallets w on p.requisites ? 'wallet_email' and lower(p.requisites ->> 'wallet_email') = w.value where p.user_id <> ${userId}
        limit ${limit * 2}`,
  );
  const result = new Map<number, string[]>();
  for (const row of rows) result.set(row.user_id, [...(result.get(row.user_id) ?? []), row.iban ? maskIban(row.iban) : (row.wallet ?? '')]);
  return result;
}

/** Players other than `except` who asked for a deposit from this device fingerprint (docs/devices.md). */
export async function playersDepositingFrom(db: Db, deviceId: string, except: number, limit = 50): Promise<number[]> {
  if (!deviceId) return [];
  const rows = await queryRows<{ user_id: number }>(db, sql`select distinct user_id from payments where device_id = ${deviceId} and direction = 'deposit' and user_id <> ${except} limit ${limit}`);
  return rows.map((row) => Number(row.user_id));
}

/**
 * Players among `userIds` with a credited deposit that took one of these offers (campaign ids):
 * player → the offers taken. A welcome offer taken from one device by several accounts (docs/risk.md).
 */
export async function offersTakenBy(db: Db, userIds: number[], campaignIds: number[]): Promise<Map<number, number[]>> {
  if (!userIds.length || !campaignIds.length) return new Map();
  const rows = await queryRows<{ user_id: number; campaign_offer_id: number }>(
    db,
    sql`select distinct user_id, campaign_offer_id from payments
        where direction = 'deposit' and status = 'success'
          and user_id = any(${`{${userIds.join(',')}}`}::int[]) and campaign_offer_id = any(${`{${campaignIds.join(',')}}`}::int[])`,
  );
  const taken = new Map<number, number[]>();
  for (const row of rows) taken.set(Number(row.user_id), [...(taken.get(Number(row.user_id)) ?? []), Number(row.campaign_offer_id)]);
  return taken;
}
