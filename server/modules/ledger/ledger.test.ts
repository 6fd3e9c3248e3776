import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../platform/db/database.ts';
import { createTestDatabase } from '../../platform/testing/test-db.ts';
import { users } from '../../db/schema.ts';
import { createLedger, IdempotencyConflictError, type Ledger } from './index.ts';

let database: Database;
let ledger: Ledger;
beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedger(database.db);
});
afterAll(() => database.close());

let nextKey = 0;
const key = (label: string) => `${label}-${++nextKey}`;

async function newPlayer(): Promise<number> {
  const [row] = await database.db.insert(users).values({ passwordHash: 'x', currency: 'EUR', locale: 'en' }).returning({ id: users.id });
  return row.id;
}

const deposit = (player: number, amount: bigint, idempotencyKey = key('deposit')) =>
  ledger.transfer({
    key: idempotencyKey,
    kind: 'deposit',
    currency: 'EUR',
    legs: [
      { account: { house: 'payment_clearing' }, amount: -amount },
      { account: { player, kind: 'main' }, amount },
    ],
  });

const reserve = (player: number, amount: bigint, idempotencyKey = key('reserve')) =>
  ledger.transfer({
    key: idempotencyKey,
    kind: 'withdrawal_reserve',
    currency: 'EUR',
    legs: [
      { account: { player, kind: 'main' }, amount: -amount },
      { account: { player, kind: 'withdrawal_hold' }, amount },
    ],
  });

const count = async (table: string) => (await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

describe('ledger', () => {
  it('moves money between a house account and a player, and answers a replay with the first result', async () => {
    const player = await newPlayer();
    const first = await deposit(player, 10_000n, 'psp-event-1');
    expect(first.replayed).toBe(false);
    const again = await deposit(player, 10_000n, 'psp-event-1');
    expect(again).toMatchObject({ transactionId: first.transactionId, replayed: true });
    // The function answers the balance after the movement (a replay: the balance now).
    expect(first.balanceAfter(player, 'main')).toBe(10_000n);
    expect(again.balanceAfter(player, 'main')).toBe(10_000n);
    expect((await ledger.balances(player, 'EUR')).main).toBe(10_000n);
  });

  it('refuses the same key with different content', async () => {
    const player = await newPlayer();
    await deposit(player, 500n, 'psp-event-2');
    await expect(deposit(player, 501n, 'psp-event-2')).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect((await ledger.balances(player, 'EUR')).main).toBe(500n);
  });

  it('never takes a player below zero, and writes nothing when it refuses', async () => {
    const player = await newPlayer();
    await deposit(player, 100n);
    const before = await count('ledger_transactions');
    await expect(reserve(player, 101n)).rejects.toMatchObject({ type: 'InvalidParameterException', fields: { amount: 'Insufficient funds' } });
    expect(await count('ledger_transactions')).toBe(before);
    expect(await ledger.balances(player, 'EUR')).toMatchObject({ main: 100n, withdrawal_hold: 0n });
  });

  it('refuses movements that do not balance, or that move nothing', async () => {
    const player = await newPlayer();
    await expect(
      ledger.transfer({ key: key('bad'), kind: 'deposit', currency: 'EUR', legs: [{ account: { house: 'payment_clearing' }, amount: -5n }, { account: { player, kind: 'main' }, amount: 6n }] }),
    ).rejects.toThrow(/sum to 1/);
    await expect(
      ledger.transfer({ key: key('zero'), kind: 'deposit', currency: 'EUR', legs: [{ account: { house: 'payment_clearing' }, amount: 0n }, { account: { player, kind: 'main' }, amount: 0n }] }),
    ).rejects.toThrow(/zero/);
    await expect(
      ledger.transfer({ key: key('cur'), kind: 'deposit', currency: 'XXX' as 'EUR', legs: [{ account: { house: 'payment_clearing' }, amount: -5n }, { account: { player, kind: 'main' }, amount: 5n }] }),
    ).rejects.toMatchObject({ type: 'InvalidParameterException' });
  });

  it('is enforced by the database too: postings written once, transactions balanced, players never negative', async () => {
    const player = await newPlayer();
    await deposit(player, 700n);
    await expect(database.db.execute(sql`update ledger_postings set amount = amount + 1`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
    // A transaction whose postings do not sum to zero is refused at commit.
    await expect(
      database.db.transaction(async (tx) => {
        const [{ id }] = await queryRows<{ id: number }>(tx, sql`insert into ledger_transactions (idempotency_key, content_hash, kind) values ('raw', 'x', 'raw') returning id`);
        const [{ id: account }] = await queryRows<{ id: number }>(tx, sql`select id from ledger_accounts where owner_type = 'player' and owner_id = ${String(player)} and kind = 'main'`);
        await tx.execute(sql`insert into ledger_postings (transaction_id, account_id, amount, currency) values (${id}, ${account}, 5, 'EUR')`);
      }),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`update ledger_accounts set balance = -1 where owner_type = 'player' and owner_id = ${String(player)}`)).rejects.toThrow();
    expect((await ledger.verify()).problems).toEqual([]);
  });

  it('keeps every balance equal to its postings under concurrent movements, and two reservations cannot share the same funds', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => newPlayer()));
    await Promise.all(players.map((player) => deposit(player, 100n)));
    // 50 concurrent movements: deposits for everyone, and reservations racing for the same money.
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) => {
        const player = players[index % players.length];
        return index % 2 === 0 ? deposit(player, 10n) : reserve(player, 80n);
      }),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    for (const failure of refused) expect((failure as PromiseRejectedResult).reason).toMatchObject({ fields: { amount: 'Insufficient funds' } });
    for (const player of players) {
      const balance = await ledger.balances(player, 'EUR');
      // 100 + 5 deposits of 10 = 150 in total; reservations of 80 fit at most once.
      expect(balance.main + balance.withdrawal_hold).toBe(150n);
      expect(balance.withdrawal_hold % 80n).toBe(0n);
      expect(balance.withdrawal_hold).toBeLessThanOrEqual(80n);
      expect(balance.main).toBeGreaterThanOrEqual(0n);
    }
    const report = await ledger.verify();
    expect(report.problems).toEqual([]);
  });

  it('lets racing debits of one account take only the money there is, each answering the balance it left', async () => {
    // One player account and a house account: the one-statement movement (decision 031), whose
    // lock and update share a statement. 30 debits of 30 race for 100: exactly three can pass.
    const player = await newPlayer();
    await deposit(player, 100n);
    const debit = () =>
      ledger.transfer({
        key: key('stake'),
        kind: 'game_bet',
        currency: 'EUR',
        legs: [
          { account: { player, kind: 'main' }, amount: -30n },
          { account: { house: 'game_house' }, amount: 30n },
        ],
      });
    const results = await Promise.allSettled(Array.from({ length: 30 }, debit));
    const passed = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(passed).toHaveLength(3);
    for (const failure of results.filter((result) => result.status === 'rejected')) {
      expect((failure as PromiseRejectedResult).reason).toMatchObject({ fields: { amount: 'Insufficient funds' } });
    }
    // Each passed debit saw the balance the one before it left: 70, 40, 10 in some order.
    expect(passed.map((moved) => moved.balanceAfter(player, 'main')).sort()).toEqual([10n, 40n, 70n]);
    expect((await ledger.balances(player, 'EUR')).main).toBe(10n);
    expect((await ledger.verify()).problems).toEqual([]);
  });

  it('reports a running balance that no longer matches its postings', async () => {
    const player = await newPlayer();
    await deposit(player, 300n);
    await database.db.execute(sql`update ledger_accounts set balance = balance + 1 where owner_type = 'player' and owner_id = ${String(player)} and kind = 'main'`);
    const report = await ledger.verify();
    expect(report.problems).toEqual([expect.stringMatching(/balance 301 but postings sum to 300/)]);
    await database.db.execute(sql`update ledger_accounts set balance = balance - 1 where owner_type = 'player' and owner_id = ${String(player)} and kind = 'main'`);
    expect((await ledger.verify()).problems).toEqual([]);
  });

  it('keeps house accounts as the sum of their postings', async () => {
    const before = await ledger.houseBalance('payment_clearing', 'EUR');
    const player = await newPlayer();
    await deposit(player, 1234n);
    expect(await ledger.houseBalance('payment_clearing', 'EUR')).toBe(before - 1234n);
    expect(await ledger.hasMovements(player)).toBe(true);
    expect(await ledger.hasMovements(await newPlayer())).toBe(false);
  });
});
