import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { hashServerSeed, newClientSeed, newServerSeed } from '../../../games/fairness/rng.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { fairSeeds, gameRounds } from '../../db/schema.ts';

/** Who plays: a player, or a guest by wallet guest id (docs/decisions/005). */
export type Owner = { userId: number; guestId: null } | { userId: null; guestId: number };
export type SeedRow = typeof fairSeeds.$inferSelect;

/** A client seed the player chooses: short, and free of the `:` that separates the HMAC message's parts. */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Revealed pairs games/getFairness lists. */
const REVEALED_SHOWN = 10;

export const ownerOf = (row: { userId: number | null; guestId: number | null }): Owner =>
  row.userId !== null ? { userId: row.userId, guestId: null } : { userId: null, guestId: row.guestId! };

const ownerIs = (owner: Owner) => (owner.userId !== null ? eq(fairSeeds.userId, owner.userId) : eq(fairSeeds.guestId, owner.guestId));
const activeOf = (owner: Owner) => and(ownerIs(owner), eq(fairSeeds.status, 'active'));

export class SeedPairBusyError extends Error {
  constructor() {
    super('A round is in play on the active seed pair');
  }
}

/**
 * Provably fair seed pairs (docs/games-math.md). The nonce is taken in the same transaction that
 * records the round, under the pair's row lock, and rotation takes that lock too before it
 * checks for unfinished rounds: a server seed is never revealed while a round on it is in play.
 */
export function createSeeds(db: Db) {
  async function active(owner: Owner, on: Db | Tx = db): Promise<SeedRow> {
    const [found] = await on.select().from(fairSeeds).where(activeOf(owner));
    if (found) return found;
    const serverSeed = newServerSeed();
    // A concurrent first call may win the one-active-pair index: then its pair is the one.
    await on
      .insert(fairSeeds)
      .values({ userId: owner.userId, guestId: owner.guestId, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: newClientSeed() })
      .onConflictDoNothing();
    const [created] = await on.select().from(fairSeeds).where(activeOf(owner));
    return created;
  }

  /**
   * Takes the next nonce of the owner's active pair and records the round with it, in one
   * transaction. Answers the pair (with the nonce taken) and what `record` returned.
   */
  async function withNextNonce<T>(owner: Owner, record: (tx: Tx, seed: SeedRow, nonce: number) => Promise<T>): Promise<{ seed: SeedRow; nonce: number; recorded: T }> {
    await active(owner);
    return db.transaction(async (tx) => {
      const [seed] = await tx
        .update(fairSeeds)
        .set({ nonce: sql`${fairSeeds.nonce} + 1` })
        .where(activeOf(owner))
        .returning();
      if (!seed) throw new Error('The active seed pair was rotated away: retry');
      const nonce = seed.nonce - 1;
      return { seed, nonce, recorded: await record(tx, seed, nonce) };
    });
  }

  /** Reveals the active pair and starts a new one (with `clientSeed`, or the old client seed). */
  async function rotate(owner: Owner, clientSeed?: string): Promise<{ revealed: SeedRow; active: SeedRow }> {
    await active(owner);
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(fairSeeds).where(activeOf(owner)).for('update');
      const [busy] = await tx
        .select({ id: gameRounds.id })
        .from(gameRounds)
        .where(and(eq(gameRounds.seedId, current.id), inArray(gameRounds.status, ['pending', 'open'])))
        .limit(1);
      if (busy) throw new SeedPairBusyError();
      const [revealed] = await tx
        .update(fairSeeds)
        .set({ status: 'revealed', revealedAt: new Date() })
        .where(eq(fairSeeds.id, current.id))
        .returning();
      const serverSeed = newServerSeed();
      const [next] = await tx
        .insert(fairSeeds)
        .values({ userId: owner.userId, guestId: owner.guestId, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: clientSeed ?? current.clientSeed })
        .returning();
      return { revealed, active: next };
    });
  }

  async function revealed(owner: Owner): Promise<SeedRow[]> {
    return db
      .select()
      .from(fairSeeds)
      .where(and(ownerIs(owner), eq(fairSeeds.status, 'revealed')))
      .orderBy(desc(fairSeeds.id))
      .limit(REVEALED_SHOWN);
  }

  async function byId(id: number, on: Db | Tx = db): Promise<SeedRow | null> {
    const [row] = await on.select().from(fairSeeds).where(eq(fairSeeds.id, id));
    return row ?? null;
  }

  return { active, withNextNonce, rotate, revealed, byId };
}

export type Seeds = ReturnType<typeof createSeeds>;
