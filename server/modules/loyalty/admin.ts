/**
 * What operators do with loyalty (`npm run ops -- loyalty:...`): read a player's points and last
 * movements, adjust them with an audited journal row, list the shop. An adjustment and its
 * operator_audit row commit together.
 */
import { LOYALTY_LIVE_EVENT } from '../../../contract/loyalty.ts';
import { randomUUID } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { loyaltyAccounts, loyaltyPoints, loyaltyProducts } from '../../db/schema.ts';
import { recordAudit } from '../staff/index.ts';
import type { Loyalty, LoyaltyLiveMessage } from './service.ts';
import { MILLI, wholePoints } from './rules.ts';

export function createLoyaltyAdmin(
  db: Db,
  loyalty: Pick<Loyalty, 'sums' | 'noteLevels'>,
  options: {
    actor: string;
    /** Tells the player's open pages (the live channel, through the bus): awaited, as a script exits right after. */
    publish?: (userId: number, message: LoyaltyLiveMessage) => Promise<unknown>;
  },
) {
  /** Points to spend, lifetime points and the latest journal rows, newest first. */
  async function points(userId: number, limit = 20) {
    const sums = await loyalty.sums(db, userId);
    const movements = await db.select().from(loyaltyPoints).where(eq(loyaltyPoints.userId, userId)).orderBy(desc(loyaltyPoints.id)).limit(limit);
    return {
      points: wholePoints(sums.balance),
      lifetime: wholePoints(sums.lifetime),
      movements: movements.map((row) => ({ id: row.id, at: row.createdAt, kind: row.kind, key: row.key, points: Number(row.milliPoints) / Number(MILLI), details: row.details })),
    };
  }

  /**
   * Adds (or, negative, takes) whole points with a reason: a journal row `adjust:<uuid>` and the
   * audit row in one transaction, the player's account row locked like a purchase. Taking more
   * than the player has is refused. An adjustment counts towards lifetime points (the level), and
   * a level it reaches gets its notice.
   */
  async function adjust(userId: number, points: number, reason: string): Promise<{ points: number; key: string }> {
    if (!Number.isInteger(points) || points === 0 || Math.abs(points) > 10_000_000) throw new Error('points: a whole number, not 0, at most 10 000 000 either way');
    if (!reason.trim()) throw new Error('reason: say why');
    const key = `adjust:${randomUUID()}`;
    const done = await db.transaction(async (tx) => {
      await tx.insert(loyaltyAccounts).values({ userId }).onConflictDoNothing();
      await tx.select({ userId: loyaltyAccounts.userId }).from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId)).for('update');
      const before = await loyalty.sums(tx, userId);
      const milli = BigInt(points) * MILLI;
      if (before.balance + milli < 0n) throw new Error(`the player has ${wholePoints(before.balance)} points: ${-points} cannot be taken`);
      await tx.insert(loyaltyPoints).values({ userId, key, kind: 'adjust', milliPoints: milli, details: { reason, actor: options.actor } });
      await recordAudit(tx, { actor: options.actor, action: 'loyalty:adjust', subject: `user:${userId}`, details: { points, reason, key } });
      // Points added may reach a level: its notice, as an earn would write it.
      const levels = points > 0 ? await loyalty.noteLevels(tx, userId) : [];
      return { points: wholePoints(before.balance + milli), key, levels };
    });
    // The player's open pages read their loyalty again (the bus reaches every web process).
    const level = done.levels.at(-1);
    await options.publish?.(userId, { type: LOYALTY_LIVE_EVENT, data: level === undefined ? { reason: 'points' } : { reason: 'level', level } });
    return { points: done.points, key: done.key };
  }

  const listProducts = () => db.select().from(loyaltyProducts).orderBy(asc(loyaltyProducts.position), asc(loyaltyProducts.id));

  return { points, adjust, listProducts };
}
