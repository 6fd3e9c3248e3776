/**
 * Ordinary bets and wins settled several to a statement (decision 032). Each request's
 * settlement is one call of wallet_settle; while the wallet's settling statements run, the
 * requests that arrive meanwhile wait here and go together, in one call of
 * wallet_settle_many: one round trip, one transaction and one commit for all of them, where each
 * paid its own (the statement's fixed cost was about half of a bet's, docs/performance.md). A
 * request that finds no statement running goes at once, alone, as before: batching adds no wait
 * when the site is quiet, and the batches grow with the load.
 *
 * Inside a batch each item runs in a block of its own: one that fails is undone alone and
 * answers its SQLSTATE here, as its own statement would have failed. Items are ordered by the
 * player account they lock (arrival order within one account), so two batches take players'
 * rows in the same order and wait for each other instead of deadlocking. A request whose account
 * a running statement moves waits for the next statement rather than a parallel one.
 */

/** wallet_settle's answer for one item: a settled request, or null (the general path decides). */
export type SettleAnswer = unknown;

/** A failed item: carries its SQLSTATE as `code`, as the database driver's errors do. */
export class SettleItemError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'SettleItemError';
    this.code = code;
  }
}

/** One item's outcome from wallet_settle_many. */
export type BatchOutcome = { settled: SettleAnswer } | { error: string; message: string };

export type SettleBatchesOptions = {
  /** Settles one request alone (wallet_settle): its errors are the statement's. */
  one(payload: string): Promise<SettleAnswer>;
  /** Settles several in one statement (wallet_settle_many): one outcome per payload, in order. */
  many(payloads: string[]): Promise<BatchOutcome[]>;
  /** Settling statements at a time; requests beyond them wait and go together (default 2). */
  slots?: number;
  /** The most requests in one statement (default 32). */
  maxBatch?: number;
};

type Waiting = { payload: string; account: number; resolve(answer: SettleAnswer): void; reject(error: unknown): void };

export function createSettleBatches(options: SettleBatchesOptions) {
  const slots = Math.max(1, options.slots ?? 2);
  const maxBatch = Math.max(1, options.maxBatch ?? 32);
  const queue: Waiting[] = [];
  let busy = 0;
  /** Batches settled and the requests in them, for the bench and the operator's figures. */
  const figures = { statements: 0, requests: 0 };

  async function run(batch: Waiting[]) {
    figures.statements++;
    figures.requests += batch.length;
    if (batch.length === 1) {
      const [only] = batch;
      await options.one(only.payload).then(only.resolve, only.reject);
      return;
    }
    // Stable: one account's requests keep their arrival order.
    batch.sort((a, b) => a.account - b.account);
    let outcomes: BatchOutcome[];
    try {
      outcomes = await options.many(batch.map((item) => item.payload));
    } catch (error) {
      // The whole statement failed (a lost connection): nothing of it was committed.
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const outcome = outcomes[index];
      if (!outcome) item.reject(new Error('wallet_settle_many answered fewer items than it was given'));
      else if ('error' in outcome) item.reject(new SettleItemError(outcome.error, outcome.message));
      else item.resolve(outcome.settled);
    });
  }

  let gathering = false;
  /**
   * Starts statements while slots are free. With one already running, the requests that arrive in
   * this turn of the event loop go together: a statement's answers release their requests all at
   * once, and the next requests of those players come back within the same turn. Taking the first
   * of them alone cost a statement for one request (A/B, docs/performance.md). With none running,
   * a request goes at once.
   */
  function pump(gathered = false) {
    while (busy < slots && queue.length > 0) {
      if (busy > 0 && !gathered) {
        if (!gathering) {
          gathering = true;
          setImmediate(() => {
            gathering = false;
            pump(true);
          });
        }
        return;
      }
      gathered = false;
      const batch = takeBatch();
      // Every waiting request moves an account a running statement holds: they wait for it.
      if (batch.length === 0) return;
      busy++;
      for (const item of batch) held.set(item.account, (held.get(item.account) ?? 0) + 1);
      void run(batch).finally(() => {
        busy--;
        for (const item of batch) {
          const left = held.get(item.account)! - 1;
          if (left === 0) held.delete(item.account);
          else held.set(item.account, left);
        }
        pump();
      });
    }
  }

  /**
   * Accounts that running statements move, with their requests' count. A request for one of them
   * waits for the next statement instead of going in a parallel one: there it would wait for the
   * account's row lock until the running statement commits, and hold up every other request of
   * its statement meanwhile. One player's requests thus go together, statement after statement.
   * Without this the wallet bench's one-player rounds sometimes fell to 0.36 and 0.55 of the
   * spread ones (two runs in five); with it, 0.75 to 0.90 in six runs.
   */
  const held = new Map<number, number>();

  /** The next statement's requests: those whose account no running statement holds, in arrival order, up to maxBatch. */
  function takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    for (let index = 0; index < queue.length && batch.length < maxBatch; ) {
      if (held.has(queue[index].account)) index++;
      else batch.push(...queue.splice(index, 1));
    }
    return batch;
  }

  /**
   * Settles one request's payload (wallet_settle's parameter). `account` is the player account
   * it moves (the row it locks): a batch runs its items in the order of their accounts.
   */
  function settle(payload: string, account: number): Promise<SettleAnswer> {
    return new Promise((resolve, reject) => {
      queue.push({ payload, account, resolve, reject });
      pump();
    });
  }

  return { settle, figures: () => ({ ...figures }) };
}
