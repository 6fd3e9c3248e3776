import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatMinor, type CurrencyCode } from '../../../contract/money.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { AdminPoolView } from '../../../contract/backoffice-games.ts';
import { jackpotContributions, jackpotPools, jackpotWins } from '../../db/schema.ts';

/**
 * The operators' view of the jackpot pools (the back office's jackpots screen): the live amount,
 * the configuration and the latest hits, and changing a pool's seed and share for the future.
 *
 * No money moves here. The current cycle keeps the seed it was funded with (`cycle_seed`); a new
 * seed is funded from game_house when the next cycle starts, by the win that starts it, through
 * the ledger under the key jackpot-seed:{pool}:{cycle} (docs/jackpots.md). A new share applies to
 * the bets placed after the change: a bet's plan is checked against the locked pool row.
 */

const HITS_SHOWN = 5;
const fmt = (minor: bigint, currency: string) => formatMinor(minor, currency as CurrencyCode);

export function createJackpotsAdmin(db: Db, changed: () => void) {
  async function listPools(): Promise<AdminPoolView[]> {
    const pools = await db.select().from(jackpotPools).orderBy(asc(jackpotPools.position), asc(jackpotPools.jackpot), asc(jackpotPools.currency));
    if (!pools.length) return [];
    const ids = pools.map((pool) => pool.id);
    const [sums, hits] = await Promise.all([
      db
        .select({ poolId: jackpotContributions.poolId, cycle: jackpotContributions.cycle, total: sql<string>`sum(${jackpotContributions.amount})::text` })
        .from(jackpotContributions)
        .innerJoin(jackpotPools, and(eq(jackpotPools.id, jackpotContributions.poolId), eq(jackpotPools.cycle, jackpotContributions.cycle)))
        .where(inArray(jackpotContributions.poolId, ids))
        .groupBy(jackpotContributions.poolId, jackpotContributions.cycle),
      // The latest hits of each pool, HITS_SHOWN at most.
      db
        .select()
        .from(jackpotWins)
        .where(
          and(
            inArray(jackpotWins.poolId, ids),
            sql`(select count(*) from ${jackpotWins} later where later.pool_id = ${jackpotWins.poolId} and later.cycle > ${jackpotWins.cycle}) < ${HITS_SHOWN}`,
          ),
        )
        .orderBy(desc(jackpotWins.createdAt)),
    ]);
    const contributed = new Map(sums.map((row) => [row.poolId, BigInt(row.total)]));
    return pools.map((pool) => ({
      id: pool.id,
      jackpot: pool.jackpot,
      currency: pool.currency,
      names: pool.names as Record<string, string>,
      is_active: pool.isActive,
      amount: fmt(pool.cycleSeed + (contributed.get(pool.id) ?? 0n), pool.currency),
      seed: fmt(pool.seed, pool.currency),
      cycle_seed: fmt(pool.cycleSeed, pool.currency),
      contribution_bps: pool.contributionBps,
      trigger_stake: fmt(pool.triggerStake, pool.currency),
      min_bet: fmt(pool.minBet, pool.currency),
      games: pool.games,
      cycle: pool.cycle,
      cycle_started_at: pool.cycleStartedAt.toISOString(),
      hits: hits
        .filter((hit) => hit.poolId === pool.id)
        .map((hit) => ({ at: hit.createdAt.toISOString(), user_id: hit.userId, game: hit.game, amount: fmt(hit.amount, hit.currency), cycle: hit.cycle })),
    }));
  }

  /** The pool row, for the endpoint to read its currency before parsing amounts. */
  async function pool(id: number) {
    const [row] = await db.select().from(jackpotPools).where(eq(jackpotPools.id, id));
    if (!row) throw new AppError('InvalidParameterException', `No jackpot pool ${id}`, { fields: { id: `No jackpot pool ${id}` }, status: 404 });
    return row;
  }

  /** Sets the seed of the next cycles and the share of the next bets; answers both before and after. */
  async function configure(id: number, patch: { seed?: bigint; contributionBps?: number }) {
    const result = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(jackpotPools).where(eq(jackpotPools.id, id)).for('update');
      if (!row) throw new AppError('InvalidParameterException', `No jackpot pool ${id}`, { fields: { id: `No jackpot pool ${id}` }, status: 404 });
      const [after] = await tx
        .update(jackpotPools)
        .set({ ...(patch.seed !== undefined ? { seed: patch.seed } : {}), ...(patch.contributionBps !== undefined ? { contributionBps: patch.contributionBps } : {}) })
        .where(eq(jackpotPools.id, id))
        .returning();
      const view = (pool: typeof row) => ({ seed: fmt(pool.seed, pool.currency), contribution_bps: pool.contributionBps });
      return { jackpot: row.jackpot, currency: row.currency, before: view(row), after: view(after) };
    });
    // Bets plan their shares from a few seconds' memory of the pools: start from the new share now.
    changed();
    return result;
  }

  return { listPools, pool, configure };
}

export type JackpotsAdmin = ReturnType<typeof createJackpotsAdmin>;
