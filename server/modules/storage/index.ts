import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { storageEntries } from '../../db/schema.ts';

/**
 * A small key/value store per visitor (by the visitor cookie) or per signed-in user, used by the
 * site for flags such as already_seen_cashback_id and confirm_sent. Each owner has a byte quota;
 * a write that would pass it fails with StorageQuotaExceededException and changes nothing.
 */
export type StorageOwner = { kind: 'visitor' | 'user'; id: string };

export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

export function createStorageService(db: Db, options: { quotaBytes: number }) {
  async function get(owner: StorageOwner, keys: string[]): Promise<Record<string, string | null>> {
    const result: Record<string, string | null> = Object.fromEntries(keys.map((key) => [key, null]));
    if (keys.length === 0) return result;
    const rows = await db
      .select({ key: storageEntries.key, value: storageEntries.value })
      .from(storageEntries)
      .where(and(ownerMatches(owner), inArray(storageEntries.key, keys)));
    for (const row of rows) result[row.key] = row.value;
    return result;
  }

  async function getKeys(owner: StorageOwner): Promise<string[]> {
    const rows = await db
      .select({ key: storageEntries.key })
      .from(storageEntries)
      .where(ownerMatches(owner))
      .orderBy(storageEntries.key);
    return rows.map((row) => row.key);
  }

  async function set(owner: StorageOwner, key: string, value: string): Promise<void> {
    const size = Buffer.byteLength(key) + Buffer.byteLength(value);
    if (size > options.quotaBytes) throw quotaError(options.quotaBytes);
    await db.transaction(async (tx) => {
      // One writer per owner at a time, so two parallel writes cannot both pass the quota.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${owner.kind}:${owner.id}`}))`);
      const [usage] = await tx
        .select({ total: sql<number>`coalesce(sum(${storageEntries.size}), 0)::int` })
        .from(storageEntries)
        .where(and(ownerMatches(owner), sql`${storageEntries.key} <> ${key}`));
      if (Number(usage?.total ?? 0) + size > options.quotaBytes) throw quotaError(options.quotaBytes);
      await tx
        .insert(storageEntries)
        .values({ ownerKind: owner.kind, ownerId: owner.id, key, value, size })
        .onConflictDoUpdate({
          target: [storageEntries.ownerKind, storageEntries.ownerId, storageEntries.key],
          set: { value, size, updatedAt: new Date() },
        });
    });
  }

  return { get, getKeys, set };
}

function ownerMatches(owner: StorageOwner) {
  return and(eq(storageEntries.ownerKind, owner.kind), eq(storageEntries.ownerId, owner.id));
}

function quotaError(quotaBytes: number) {
  return new AppError('StorageQuotaExceededException', `Storage quota of ${quotaBytes} bytes exceeded`, {
    fields: { value: `Storage quota of ${quotaBytes} bytes exceeded` },
  });
}

export type StorageService = ReturnType<typeof createStorageService>;
