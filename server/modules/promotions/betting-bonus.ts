import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { playerBonuses } from '../../db/schema.ts';

/**
 * The sportsbook's side of a betting bonus (docs/betting.md), inside the bet's transaction: the
 * bonus row is locked, checked to be this player's active, unexpired betting bonus in the bet's
 * currency, and ended as completed (used by the bet). A free bet's money is already on the
 * betting bonus balance since its activation: the bet's stake takes it from there, so nothing
 * moves here. Answers what the bet needs, or null when the bonus cannot be used (the caller's
 * typed error).
 */
export type BettingBonusUse = { bonusId: number; kind: 'free_bet'; amount: bigint } | { bonusId: number; kind: 'odds_boost'; boostPercent: number };

export async function useBettingBonus(tx: Tx, input: { userId: number; bonusId: number; currency: string; now: Date; reason: string }): Promise<BettingBonusUse | null> {
  const [bonus] = await tx.select().from(playerBonuses).where(eq(playerBonuses.id, input.bonusId)).for('update');
  if (!bonus || bonus.userId !== input.userId || bonus.kind !== 'betting_bonus' || bonus.status !== 'active') return null;
  if (bonus.currency !== input.currency || bonus.expiresAt <= input.now) return null;
  const details = (bonus.details ?? {}) as { type?: string; boost_percent?: number };
  const use: BettingBonusUse | null =
    details.type === 'free_bet' && bonus.amount > 0n
      ? { bonusId: bonus.id, kind: 'free_bet', amount: bonus.amount }
      : details.type === 'odds_boost' && Number(details.boost_percent) > 0
        ? { bonusId: bonus.id, kind: 'odds_boost', boostPercent: Number(details.boost_percent) }
        : null;
  if (!use) return null;
  await tx
    .update(playerBonuses)
    .set({ status: 'completed', finishedAt: input.now, finishReason: input.reason })
    .where(and(eq(playerBonuses.id, bonus.id), eq(playerBonuses.status, 'active')));
  return use;
}
