import { describe, expect, it } from 'vitest';
import { pgErrorCode } from '../../platform/db/errors.ts';
import { createSettleBatches, type BatchOutcome } from './settle-batches.ts';

/**
 * How the wallet's single statements go to the database: alone while a slot is free, together
 * once the slots are busy. The database is a stand-in here that records what it was sent and
 * answers when the test says; wallet.test.ts runs the real statements.
 */
function fakeDatabase() {
  const sent: Array<{ kind: 'one' | 'many'; payloads: string[]; finish: (outcomes?: BatchOutcome[] | Error) => void }> = [];
  const settle = (payload: string) => ({ payload });
  return {
    sent,
    one: (payload: string) =>
      new Promise<unknown>((resolve, reject) => {
        sent.push({ kind: 'one', payloads: [payload], finish: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(settle(payload))) });
      }),
    many: (payloads: string[]) =>
      new Promise<BatchOutcome[]>((resolve, reject) => {
        sent.push({
          kind: 'many',
          payloads,
          finish: (outcomes) => (outcomes instanceof Error ? reject(outcomes) : resolve(outcomes ?? payloads.map((payload) => ({ settled: settle(payload) })))),
        });
      }),
  };
}

/** Two turns of the event loop: a statement's answers settle, then the turn its slot gathers requests in passes. */
const tick = async () => {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe('wallet settle batches', () => {
  it('send a request alone when no statement runs, and those that arrive while one runs together, in one statement', async () => {
    const database = fakeDatabase();
    const batches = createSettleBatches({ one: database.one, many: database.many, slots: 2 });
    const answers = ['a', 'b', 'c', 'd', 'e'].map((payload, index) => batches.settle(payload, index));
    await tick();
    // 'a' found nothing running; the others came in the same turn of the event loop, while it ran.
    expect(database.sent.map((statement) => [statement.kind, statement.payloads])).toEqual([
      ['one', ['a']],
      ['many', ['b', 'c', 'd', 'e']],
    ]);
    // Both slots busy: the next ones wait for a slot, and it takes all of them.
    answers.push(batches.settle('f', 5), batches.settle('g', 6));
    await tick();
    expect(database.sent).toHaveLength(2);
    database.sent[0].finish();
    await tick();
    expect(database.sent[2].payloads).toEqual(['f', 'g']);
    database.sent[1].finish();
    database.sent[2].finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((payload) => ({ payload })));
    expect(batches.figures()).toEqual({ statements: 3, requests: 7 });
    // Quiet again: a request goes at once, alone.
    const quiet = batches.settle('h', 7);
    expect(database.sent.map((statement) => [statement.kind, statement.payloads])[3]).toEqual(['one', ['h']]);
    database.sent[3].finish();
    await expect(quiet).resolves.toEqual({ payload: 'h' });
  });

  it("run a batch's requests in the order of the accounts they lock, one account's in arrival order", async () => {
    const database = fakeDatabase();
    const batches = createSettleBatches({ one: database.one, many: database.many, slots: 1 });
    const first = batches.settle('first', 5);
    const rest = [
      ['p9-1', 9],
      ['p3-1', 3],
      ['p9-2', 9],
      ['p1-1', 1],
      ['p3-2', 3],
    ].map(([payload, account]) => batches.settle(payload as string, account as number));
    await tick();
    database.sent[0].finish();
    await tick();
    expect(database.sent[1].payloads).toEqual(['p1-1', 'p3-1', 'p3-2', 'p9-1', 'p9-2']);
    database.sent[1].finish();
    // Each request gets its own answer, whatever its place in the statement.
    expect(await Promise.all([first, ...rest])).toEqual(['first', 'p9-1', 'p3-1', 'p9-2', 'p1-1', 'p3-2'].map((payload) => ({ payload })));
  });

  it('fail only the request whose item failed, with its SQLSTATE, and answer the others', async () => {
    const database = fakeDatabase();
    const batches = createSettleBatches({ one: database.one, many: database.many, slots: 1 });
    const alone = batches.settle('alone', 1);
    const together = ['x', 'y', 'z'].map((payload, index) => batches.settle(payload, index + 2));
    await tick();
    database.sent[0].finish();
    await tick();
    database.sent[1].finish([{ settled: { payload: 'x' } }, { error: '40P01', message: 'deadlock detected' }, { settled: null }]);
    await expect(alone).resolves.toEqual({ payload: 'alone' });
    await expect(together[0]).resolves.toEqual({ payload: 'x' });
    const failure = await together[1].catch((error: unknown) => error);
    // The wallet retries a deadlock victim by its code, as when its own statement failed.
    expect(pgErrorCode(failure)).toBe('40P01');
    expect((failure as Error).message).toBe('deadlock detected');
    // null: the general path decides this one.
    await expect(together[2]).resolves.toBeNull();
  });

  it('fail every request of a statement that failed whole, and go on with the next', async () => {
    const database = fakeDatabase();
    const batches = createSettleBatches({ one: database.one, many: database.many, slots: 1 });
    const first = batches.settle('first', 1);
    const lost = ['x', 'y'].map((payload) => batches.settle(payload, 2));
    await tick();
    database.sent[0].finish(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    database.sent[1].finish(new Error('connection lost'));
    for (const request of lost) await expect(request).rejects.toThrow('connection lost');
    const later = batches.settle('later', 3);
    await tick();
    database.sent[2].finish();
    await expect(later).resolves.toEqual({ payload: 'later' });
  });

  it("keep a request for an account a running statement moves for the next statement, without holding up other accounts'", async () => {
    const database = fakeDatabase();
    const batches = createSettleBatches({ one: database.one, many: database.many, slots: 2 });
    const first = batches.settle('p1-a', 1);
    const rest = [
      ['p1-b', 1],
      ['p2-a', 2],
      ['p1-c', 1],
      ['p3-a', 3],
    ].map(([payload, account]) => batches.settle(payload as string, account as number));
    await tick();
    // Player 1's row is held by the running statement: its requests would only wait there.
    expect(database.sent.map((statement) => statement.payloads)).toEqual([['p1-a'], ['p2-a', 'p3-a']]);
    database.sent[1].finish();
    await tick();
    // A free slot, but player 1's statement still runs: nothing to send.
    expect(database.sent).toHaveLength(2);
    database.sent[0].finish();
    await tick();
    expect(database.sent.map((statement) => statement.payloads)[2]).toEqual(['p1-b', 'p1-c']);
    database.sent[2].finish();
    expect(await Promise.all([first, ...rest])).toEqual(['p1-a', 'p1-b', 'p2-a', 'p1-c', 'p3-a'].map((payload) => ({ payload })));
  });

  it('put no more than maxBatch requests in one statement', async () => {
    const database = fakeDatabase();
    const batches = createSettleBatches({ one: database.one, many: database.many, slots: 1, maxBatch: 3 });
    const answers = Array.from({ length: 8 }, (_, index) => batches.settle(`r${index}`, index));
    for (let i = 0; i < 4; i++) {
      await tick();
      database.sent[i]?.finish();
    }
    await Promise.all(answers);
    expect(database.sent.map((statement) => statement.payloads.length)).toEqual([1, 3, 3, 1]);
  });
});
