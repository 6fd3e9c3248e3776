import { takeTurn, type Backoff, type Limit, type RateLimitStore } from '../../platform/rate-limit/index.ts';

/**
 * Guesses at an account's secrets (its password, the codes sent to it) are limited three ways, so
 * that guessing is slowed without anyone being able to lock the owner out (docs/accounts.md,
 * "Abuse limits"):
 * - per address, whatever the account: one address cannot try many accounts;
 * - per account and address together: one address hammering one account is refused for a while,
 *   and that refusal reaches nobody else;
 * - per account, from anywhere: a growing delay between attempts (a backoff, never a lock), which
 *   bounds what many addresses together can try, while the owner waits for a turn, not an hour.
 * A guess is counted before the secret is checked, so parallel requests cannot all slip under a
 * limit, and given back when the secret was right: the counts are of wrong guesses.
 */
export type GuessRules = { perAddress: Limit; perAccountAndAddress: Limit; perAccount: Backoff };

export type Guess =
  | {
      allowed: true;
      /** The secret was right: the guess was no failure, and this address's earlier ones at the account are forgiven. */
      succeeded(): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

/** One key per account and address; an address never contains `@`, so no two pairs share a key. */
const pairKey = (account: string, address: string) => `${account}@${address}`;

export function createGuessLimits(store: RateLimitStore) {
  /** Counts a guess at `account`'s secret from `address`, or says how long to wait. */
  async function admit(rules: GuessRules, account: string, address: string, now = new Date()): Promise<Guess> {
    const counted: [string, Limit][] = [];
    const uncount = () => Promise.all(counted.map(([key, limit]) => store.release(key, limit, now)));
    for (const [key, limit] of [
      [address, rules.perAddress],
      [pairKey(account, address), rules.perAccountAndAddress],
    ] as const) {
      const hit = await store.hit(key, limit, now);
      counted.push([key, limit]);
      if (!hit.allowed) {
        await uncount();
        return { allowed: false, retryAfterSeconds: hit.retryAfterSeconds };
      }
    }
    const turn = await takeTurn(store, account, rules.perAccount, now);
    if (!turn.allowed) {
      await uncount();
      return turn;
    }
    return {
      allowed: true,
      async succeeded() {
        // The address keeps its earlier wrong guesses: mixing in an account it knows must not
        // reopen its tries at others.
        await Promise.all([store.release(address, rules.perAddress, now), forgive(rules, account, address, now), turn.giveBack()]);
      },
    };
  }

  /** Forgets the wrong guesses `address` made at `account` (its owner proved who they are there). */
  function forgive(rules: GuessRules, account: string, address: string, now = new Date()): Promise<void> {
    return store.reset(pairKey(account, address), rules.perAccountAndAddress, now);
  }

  return { admit, forgive };
}
