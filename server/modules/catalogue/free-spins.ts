import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { freeSpinPacks } from '../../db/schema.ts';

/**
 * Free spin packs (docs/studio.md, "Free-spin packs"): issued by the promotions engine when a
 * free_spins bonus starts, played by the studio, ended with their bonus. Every function here runs
 * in the caller's transaction, so a pack changes together with what changed it.
 */
export type FreeSpinPack = typeof freeSpinPacks.$inferSelect;

/** Why a spin cannot be taken from a pack. */
export type FreeSpinRefusal = 'unknown' | 'not_active' | 'expired' | 'none_left' | 'wrong_game' | 'out_of_turn' | 'played';

export type IssuePackInput = {
  userId: number;
  bonusId: number;
  game: string;
  spins: number;
  /** Stake of one spin, minor units of `currency`. */
  stake: bigint;
  currency: string;
  expiresAt: Date;
  /** Per locale, what freespins/get shows: {en: {title, ...}, fr: {...}}. */
  description: Record<string, Record<string, string>>;
};

/** Issues the pack of a bonus, once: a second call for the same bonus answers the first pack. */
export async function issueFreeSpinPack(tx: Tx, input: IssuePackInput): Promise<FreeSpinPack> {
  const [created] = await tx
    .insert(freeSpinPacks)
    .values({
      userId: input.userId,
      bonusId: input.bonusId,
      game: input.game,
      totalCount: input.spins,
      remainingCount: input.spins,
      betAmount: input.stake,
      currency: input.currency,
      description: input.description,
      expiresAt: input.expiresAt,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [existing] = await tx.select().from(freeSpinPacks).where(eq(freeSpinPacks.bonusId, input.bonusId));
  return existing;
}

/**
 * Ends the still active pack of a bonus that ended (`expired` when its time ran out, `cancelled`
 * when it was removed or forfeited); a used pack stays used. Answers the pack when one changed.
 */
export async function closeFreeSpinPack(tx: Tx, bonusId: number, status: 'expired' | 'cancelled'): Promise<FreeSpinPack | null> {
  const [row] = await tx
    .update(freeSpinPacks)
    .set({ status })
    .where(and(eq(freeSpinPacks.bonusId, bonusId), eq(freeSpinPacks.status, 'active')))
    .returning();
  return row ?? null;
}

/** Spins left in the packs of these bonuses (bonuses/get shows them), by bonus id. */
export async function freeSpinsLeft(db: Db | Tx, bonusIds: number[]): Promise<Map<number, { remaining: number; total: number }>> {
  if (!bonusIds.length) return new Map();
  const rows = await db
    .select({ bonusId: freeSpinPacks.bonusId, remaining: freeSpinPacks.remainingCount, total: freeSpinPacks.totalCount })
    .from(freeSpinPacks)
    .where(inArray(freeSpinPacks.bonusId, bonusIds));
  return new Map(rows.map((row) => [row.bonusId!, { remaining: row.remaining, total: row.total }]));
}

/** The bonus a pack belongs to, and its owner (never change once issued: read without a lock). */
export async function freeSpinPackOwner(db: Db | Tx, packId: number): Promise<{ userId: number; bonusId: number | null } | null> {
  const [row] = await db.select({ userId: freeSpinPacks.userId, bonusId: freeSpinPacks.bonusId }).from(freeSpinPacks).where(eq(freeSpinPacks.id, packId));
  return row ?? null;
}

/**
 * Takes one spin of a pack, under the pack's row lock: two requests at once never take the same
 * spin, and none is taken once the count is 0 (the pack is then `used`). `spin`, when given, is
 * the number the caller means to play (1 first): any other next number is refused, `played` when
 * that spin was already taken (its request is a repeat). Answers the pack after the spin and the
 * spin's number.
 */
export async function takeFreeSpin(
  tx: Tx,
  input: { packId: number; userId: number; game: string; currency: string; spin?: number; now: Date },
): Promise<{ ok: true; pack: FreeSpinPack; number: number } | { ok: false; reason: FreeSpinRefusal; pack: FreeSpinPack | null }> {
  const [pack] = await tx.select().from(freeSpinPacks).where(eq(freeSpinPacks.id, input.packId)).for('update');
  if (!pack || pack.userId !== input.userId) return { ok: false, reason: 'unknown', pack: null };
  const next = pack.totalCount - pack.remainingCount + 1;
  if (input.spin !== undefined && input.spin < next) return { ok: false, reason: 'played', pack };
  if (pack.game !== input.game || pack.currency !== input.currency) return { ok: false, reason: 'wrong_game', pack };
  if (pack.status === 'used' || (pack.status === 'active' && pack.remainingCount === 0)) return { ok: false, reason: 'none_left', pack };
  if (pack.status === 'expired' || (pack.expiresAt !== null && pack.expiresAt <= input.now)) return { ok: false, reason: 'expired', pack };
  if (pack.status !== 'active') return { ok: false, reason: 'not_active', pack };
  if (input.spin !== undefined && input.spin !== next) return { ok: false, reason: 'out_of_turn', pack };
  const [after] = await tx
    .update(freeSpinPacks)
    .set({
      remainingCount: sql`${freeSpinPacks.remainingCount} - 1`,
      status: sql`case when ${freeSpinPacks.remainingCount} = 1 then 'used' else ${freeSpinPacks.status} end`,
    })
    .where(eq(freeSpinPacks.id, pack.id))
    .returning();
  return { ok: true, pack: after, number: next };
}

/**
 * The pack a player plays next in a game: an active one with spins left, not expired, the one
 * ending soonest first.
 */
export async function nextFreeSpinPack(db: Db | Tx, input: { userId: number; game: string; currency: string; now: Date }): Promise<FreeSpinPack | null> {
  const [row] = await db
    .select()
    .from(freeSpinPacks)
    .where(
      and(
        eq(freeSpinPacks.userId, input.userId),
        eq(freeSpinPacks.status, 'active'),
        eq(freeSpinPacks.game, input.game),
        eq(freeSpinPacks.currency, input.currency),
        gt(freeSpinPacks.remainingCount, 0),
        or(isNull(freeSpinPacks.expiresAt), gt(freeSpinPacks.expiresAt, input.now)),
      ),
    )
    .orderBy(sql`${freeSpinPacks.expiresAt} asc nulls last`, asc(freeSpinPacks.id))
    .limit(1);
  return row ?? null;
}
