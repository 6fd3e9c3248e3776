import type { Limit, RateLimitStore } from './types.ts';

/**
 * A growing delay between attempts instead of a lock: the first failures pass freely; after them
 * attempts take turns, one per turn, and the turn lengthens as failures add up, to a longest
 * turn. Whoever keeps failing is held to about one try per turn, yet anyone (the owner of an
 * account under attack, say) waits for a turn, never for a whole window. Built on the stores'
 * fixed windows, so it behaves the same in the database and in Redis.
 */
export type Backoff = {
  /** Names the counters: the window's failures, and each turn length's turns. */
  name: string;
  /** Failures are counted per fixed window of this length; a turn's length looks at this window's and the previous one's. */
  windowSeconds: number;
  /** From `afterFailures` recent failures on, one attempt per turn of `turnSeconds`; ascending. */
  turns: readonly { afterFailures: number; turnSeconds: number }[];
};

export type Turn =
  | {
      allowed: true;
      /** The attempt succeeded: it is not a failure and it leaves its turn to the next one. */
      giveBack(): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

/** The turn length after `failures` recent failures; 0 while attempts are free. */
function turnSecondsAfter(backoff: Backoff, failures: number): number {
  return backoff.turns.findLast((turn) => failures >= turn.afterFailures)?.turnSeconds ?? 0;
}

const failuresOf = (backoff: Backoff): Limit => ({
  name: backoff.name,
  max: backoff.turns[0]?.afterFailures ?? Number.MAX_SAFE_INTEGER,
  windowSeconds: backoff.windowSeconds,
});

/**
 * Takes a turn for one attempt at `key`. The attempt counts as a failure from here on (so
 * parallel attempts see each other) until `giveBack` says it succeeded; a refused attempt is
 * not counted. A turn is a fixed window of the turn's length, and one attempt has it.
 */
export async function takeTurn(store: RateLimitStore, key: string, backoff: Backoff, now = new Date()): Promise<Turn> {
  const failures = failuresOf(backoff);
  const counted = await store.hit(key, failures, now);
  // The previous window's failures count too: otherwise the free attempts and the short turns
  // would come back at the top of every window, and a rolling hour could hold two ramps.
  const previous = await store.peek(key, failures, new Date(now.getTime() - backoff.windowSeconds * 1000));
  const turnSeconds = turnSecondsAfter(backoff, previous.count + counted.count - 1);
  const turn: Limit | null = turnSeconds > 0 ? { name: `${backoff.name}-turn-${turnSeconds}s`, max: 1, windowSeconds: turnSeconds } : null;
  if (turn) {
    const taken = await store.hit(key, turn, now);
    if (!taken.allowed) {
      await Promise.all([store.release(key, failures, now), store.release(key, turn, now)]);
      return { allowed: false, retryAfterSeconds: taken.retryAfterSeconds };
    }
  }
  return {
    allowed: true,
    async giveBack() {
      await Promise.all([store.release(key, failures, now), turn && store.release(key, turn, now)]);
    },
  };
}
