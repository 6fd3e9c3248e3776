import { randomUUID } from 'node:crypto';
import type { Db } from './database.ts';
import type { Logger } from '../logger.ts';

/**
 * Where a read goes when READ_DATABASE_URL names a replica of the primary (docs/operations.md,
 * "Read replica"). The rule is in the types of what modules are given: money modules (the ledger,
 * the wallet, payments, bonuses) are created with the primary only and never see this; the
 * read-only modules that may use the replica get it here, and say per read which kind it is:
 *
 * - `shared`: reads that no one's just-made change is waiting for (the catalogue's lists, which
 *   players already see up to a few seconds old through the catalogue cache);
 * - `forPlayer(userId)`: a player's own read model (game history): the replica, unless this
 *   player's data changed in the last PIN_MS anywhere on the site, when it is the primary, so a
 *   player always sees their own change at once (read-your-writes).
 *
 * Writers of what those reads show call `wrote(userId)` before they write (the wallet, for every
 * bet, win and rollback of a player). The mark pins the player in this process at once and in
 * every other one through the bus, so the next request lands on whichever process it may.
 * Without a replica, every read is the primary's and marks cost nothing.
 */
export type ReadRouting = {
  /** The replica (or the primary without one), for reads no one's own change is waiting for. */
  readonly shared: Db;
  /** The replica, unless `userId` changed something in the last PIN_MS: then the primary. */
  forPlayer(userId: number): Db;
  /** The player's data is about to change: their reads go to the primary for PIN_MS, in every process. */
  wrote(userId: number): void;
  readonly hasReplica: boolean;
  close(): void;
};

/**
 * How long a player's reads stay on the primary after a change of theirs: far above a healthy
 * replica's lag (milliseconds; docs/operations.md says what to watch), far below what would load
 * the primary with every active player's reads.
 */
export const PIN_MS = 5_000;

export const WROTE_CHANNEL = 'reads.wrote';

/** The part of the process bus (server/platform/bus) the pins travel on. */
type PinBus = {
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, listener: (message: unknown) => void): () => void;
};

export function createReadRouting(options: { primary: Db; replica?: Db | null; bus?: PinBus; logger?: Logger; pinMs?: number; now?: () => number }): ReadRouting {
  const { primary } = options;
  const replica = options.replica ?? null;
  if (!replica) return { shared: primary, forPlayer: () => primary, wrote: () => {}, hasReplica: false, close: () => {} };

  const pinMs = options.pinMs ?? PIN_MS;
  const now = options.now ?? (() => Date.now());
  /** Player id -> until when their reads go to the primary. */
  const pinned = new Map<number, number>();
  const pin = (userId: number) => {
    pinned.set(userId, now() + pinMs);
    // Expired pins are dropped now and then, so the map holds about the players of the last PIN_MS.
    if (pinned.size > 10_000) for (const [id, until] of pinned) if (until <= now()) pinned.delete(id);
  };

  /** Our own messages come back through the bus: already applied. */
  const origin = randomUUID();
  const unsubscribe = options.bus?.subscribe(WROTE_CHANNEL, (message) => {
    const { users, from } = (message ?? {}) as { users?: unknown; from?: unknown };
    if (from === origin || !Array.isArray(users)) return;
    for (const id of users) if (Number.isInteger(id)) pin(id as number);
  });
  // Marks made in one turn of the event loop go out as one message.
  let outgoing: Set<number> | null = null;
  const flush = () => {
    const users = [...(outgoing ?? [])];
    outgoing = null;
    // 500 ids keep a message well under the bus's 7,900 bytes.
    for (let start = 0; start < users.length && options.bus; start += 500) {
      options.bus.publish(WROTE_CHANNEL, { users: users.slice(start, start + 500), from: origin }).catch((error: unknown) => {
        // The write itself goes on: only another process's read within PIN_MS may be a moment old.
        options.logger?.warn({ err: error, users: users.length }, 'read-your-writes mark could not be published');
      });
    }
  };

  return {
    shared: replica,
    forPlayer(userId) {
      const until = pinned.get(userId);
      if (until === undefined) return replica;
      if (until > now()) return primary;
      pinned.delete(userId);
      return replica;
    },
    wrote(userId) {
      pin(userId);
      if (!options.bus) return;
      if (!outgoing) {
        outgoing = new Set();
        setImmediate(flush);
      }
      outgoing.add(userId);
    },
    hasReplica: true,
    close() {
      unsubscribe?.();
    },
  };
}
