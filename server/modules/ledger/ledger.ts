import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CURRENCIES, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import { preparedRows, queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import { CHECK_VIOLATION, pgErrorCode } from '../../platform/db/errors.ts';
import { sha256 } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { countMovement } from '../../platform/observability/metrics.ts';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema.ts';
import { createLedgerReports } from './reports.ts';
import { PLAYER_KINDS, type AccountRef, type HouseAccount, type Leg, type PlayerKind } from './accounts.ts';

/**
 * The money ledger: double entry, written once. Every movement is a transaction whose postings
 * sum to zero per currency (checked here and again by the database at commit), carries an
 * idempotency key (unique in the database), and never changes afterwards; a correction is a new
 * transaction. Amounts are bigint minor units.
 *
 * Player accounts keep a running balance that the database refuses to take below zero, updated
 * under their row lock in account-id order (no deadlocks). House accounts keep none: the house is
 * the other side of every player's movement, and a shared running balance would make every
 * deposit in the casino wait on one row.
 */

export type TransferInput = {
  /** Unique per movement; a repeat with the same content answers the first result. */
  key: string;
  kind: string;
  currency: CurrencyCode;
  legs: Leg[];
  metadata?: Record<string, unknown>;
  /** The error to throw when a player account would go below zero. */
  insufficientFunds?: () => AppError;
};

export type TransferResult = {
  transactionId: number;
  /** True when the key was already used with the same content: nothing moved this time. */
  replayed: boolean;
  /** Balance after the movement of a player account it touched (minor units), by player and kind. */
  balanceAfter(player: number, kind: PlayerKind): bigint | undefined;
};

/**
 * A movement made ready for a caller's own statement (the wallet's one-statement settle, migration
 * 0011): validated, its accounts resolved, and the arguments ledger_transfer takes.
 */
export type PreparedTransfer = {
  key: string;
  hash: string;
  kind: string;
  currency: CurrencyCode;
  metadata: Record<string, unknown>;
  legs: Array<{ a: number; m: string; p: boolean }>;
};

export type Balances = Record<Exclude<PlayerKind, 'withdrawal_hold'>, bigint> & { withdrawal_hold: bigint };

const refKey = (ref: AccountRef) => ('player' in ref ? `player:${ref.player}:${ref.kind}` : `house:${ref.house}`);

export class IdempotencyConflictError extends AppError {
  constructor(key: string) {
    super('InvalidRequestException', `Idempotency key ${key} was already used for a different movement`, { status: 409 });
  }
}

export function createLedger(db: Db) {
  /**
   * Account ids never change once created, so each process keeps them: a movement between known
   * accounts needs no lookup (bounded: a process holding more forgets the oldest).
   */
  const knownAccounts = new Map<string, number>();
  const ACCOUNT_CACHE_MAX = 200_000;

  /** Ids of the accounts, created on first use (concurrent creators agree through the unique index). */
  async function accountIds(tx: Db | Tx, currency: CurrencyCode, refs: AccountRef[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    const missing: AccountRef[] = [];
    for (const ref of refs) {
      const known = knownAccounts.get(`${currency}|${refKey(ref)}`);
      if (known === undefined) missing.push(ref);
      else ids.set(refKey(ref), known);
    }
    if (missing.length === 0) return ids;
    const rows = missing.map((ref) =>
      'player' in ref
        ? { ownerType: 'player' as const, ownerId: String(ref.player), currency, kind: ref.kind, tracksBalance: true }
        : { ownerType: 'house' as const, ownerId: ref.house, currency, kind: ref.house, tracksBalance: false },
    );
    const created = await tx.insert(ledgerAccounts).values(rows).onConflictDoNothing().returning({ id: ledgerAccounts.id });
    const createdHere = new Set(created.map((row) => row.id));
    const found = await tx
      .select({ id: ledgerAccounts.id, ownerType: ledgerAccounts.ownerType, ownerId: ledgerAccounts.ownerId, kind: ledgerAccounts.kind })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.currency, currency),
          sql`(${ledgerAccounts.ownerType}, ${ledgerAccounts.ownerId}, ${ledgerAccounts.kind}) in (${sql.join(
            rows.map((row) => sql`(${row.ownerType}, ${row.ownerId}, ${row.kind})`),
            sql`, `,
          )})`,
        ),
      );
    for (const row of found) {
      const key = row.ownerType === 'player' ? `player:${row.ownerId}:${row.kind}` : `house:${row.ownerId}`;
      ids.set(key, row.id);
      // An account this transaction created may still roll back: it is cached by a later lookup,
      // once committed. One found otherwise was committed by someone (uncommitted rows are
      // invisible here, and a racing insert waited for its creator).
      if (!createdHere.has(row.id)) {
        if (knownAccounts.size >= ACCOUNT_CACHE_MAX) knownAccounts.delete(knownAccounts.keys().next().value as string);
        knownAccounts.set(`${currency}|${key}`, row.id);
      }
    }
    return ids;
  }

  function validate(input: TransferInput) {
    if (!input.key || input.key.length > 200) throw new AppError('InvalidRequestException', 'A movement needs an idempotency key');
    if (!isCurrency(input.currency)) throw new AppError('InvalidParameterException', `Unknown currency ${input.currency}`, { fields: { currency: 'Unknown currency' } });
    if (input.legs.length < 2) throw new Error('A transaction needs at least two postings');
    let sum = 0n;
    for (const leg of input.legs) {
      if (leg.amount === 0n) throw new Error('A posting of zero moves nothing');
      sum += leg.amount;
    }
    if (sum !== 0n) throw new Error(`Postings of ${input.kind} sum to ${sum}, not zero`);
  }

  const contentHash = (input: TransferInput) =>
    sha256(
      JSON.stringify({
        kind: input.kind,
        currency: input.currency,
        legs: input.legs.map((leg) => [refKey(leg.account), leg.amount.toString()]).sort(),
      }),
    );

  const legsOf = (input: TransferInput, ids: Map<string, number>) =>
    input.legs.map((leg) => ({ a: ids.get(refKey(leg.account))!, m: leg.amount.toString(), p: 'player' in leg.account }));

  /**
   * A movement for a caller that runs ledger_transfer inside its own statement. Its accounts are
   * created here when new (committed at once: an account without postings is harmless).
   */
  async function prepare(input: TransferInput): Promise<PreparedTransfer> {
    validate(input);
    const ids = await accountIds(db, input.currency, input.legs.map((leg) => leg.account));
    return { key: input.key, hash: contentHash(input), kind: input.kind, currency: input.currency, metadata: input.metadata ?? {}, legs: legsOf(input, ids) };
  }

  /** The id of an account (created when new), e.g. to read its balance inside a caller's statement. */
  async function accountId(account: AccountRef, currency: CurrencyCode): Promise<number> {
    return (await accountIds(db, currency, [account])).get(refKey(account))!;
  }

  const TRANSFER_SQL = 'select o_id, o_replayed, o_status, o_balances from ledger_transfer($1, $2, $3, $4, $5::jsonb, $6::jsonb)';

  /**
   * Records one movement: one round trip to the database function ledger_transfer (migration
   * 0010, decision 009) once the accounts are known. Inside `tx` when given (so a caller's own
   * rows commit with it), in a transaction of its own otherwise.
   */
  async function transfer(input: TransferInput, tx?: Tx): Promise<TransferResult> {
    validate(input);
    const run = async (t: Db | Tx): Promise<TransferResult> => {
      const ids = await accountIds(t, input.currency, input.legs.map((leg) => leg.account));
      const legs = legsOf(input, ids);
      const [row] = await preparedRows<{ o_id: number | null; o_replayed: boolean; o_status: string; o_balances: Record<string, string> | string | null }>(
        t,
        'ledger_transfer',
        TRANSFER_SQL,
        [input.key, contentHash(input), input.kind, input.currency, JSON.stringify(input.metadata ?? {}), JSON.stringify(legs)],
      );
      if (row.o_status === 'conflict') throw new IdempotencyConflictError(input.key);
      if (row.o_status === 'insufficient') {
        throw input.insufficientFunds?.() ?? new AppError('InvalidParameterException', 'Insufficient funds', { fields: { amount: 'Insufficient funds' } });
      }
      // Counted when written (metrics): inside a caller's transaction that later rolls back, a
      // movement is counted that did not stay; that is rare (a failure after the money moved).
      if (!row.o_replayed) countMovement(input.kind);
      const balances = (typeof row.o_balances === 'string' ? JSON.parse(row.o_balances) : (row.o_balances ?? {})) as Record<string, string>;
      return {
        transactionId: Number(row.o_id),
        replayed: row.o_replayed,
        balanceAfter(player, kind) {
          const id = ids.get(refKey({ player, kind }));
          const value = id === undefined ? undefined : balances[String(id)];
          return value === undefined ? undefined : BigInt(value);
        },
      };
    };
    try {
      return tx ? await run(tx) : await db.transaction((t) => run(t));
    } catch (error) {
      if (pgErrorCode(error) === CHECK_VIOLATION) {
        throw input.insufficientFunds?.() ?? new AppError('InvalidParameterException', 'Insufficient funds', { fields: { amount: 'Insufficient funds' } });
      }
      throw error;
    }
  }

  /** A player's balances in one currency (zero where no account exists yet). */
  async function balances(userId: number, currency: string, tx: Db | Tx = db): Promise<Balances> {
    const rows = await tx
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerType, 'player'), eq(ledgerAccounts.ownerId, String(userId)), eq(ledgerAccounts.currency, currency)));
    const result = Object.fromEntries(PLAYER_KINDS.map((kind) => [kind, 0n])) as Balances;
    for (const row of rows) if ((PLAYER_KINDS as readonly string[]).includes(row.kind)) result[row.kind as PlayerKind] = row.balance;
    return result;
  }

  /**
   * A player account's balance with its row locked until `tx` ends, so a movement computed from
   * it (a chargeback taking what the main balance has) cannot be raced below zero. Zero when the
   * account does not exist yet.
   */
  async function lockedBalance(tx: Tx, userId: number, kind: PlayerKind, currency: CurrencyCode): Promise<bigint> {
    const [row] = await tx
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerType, 'player'), eq(ledgerAccounts.ownerId, String(userId)), eq(ledgerAccounts.currency, currency), eq(ledgerAccounts.kind, kind)))
      .for('update');
    return row?.balance ?? 0n;
  }

  /** Whether a player has ever had money in any currency (e.g. the currency can no longer change). */
  async function hasMovements(userId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: ledgerPostings.id })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(and(eq(ledgerAccounts.ownerType, 'player'), eq(ledgerAccounts.ownerId, String(userId)), inArray(ledgerAccounts.kind, ['main', 'withdrawal_hold'])))
      .limit(1);
    return !!row;
  }

  /** The balance of a house account: the sum of its postings. */
  async function houseBalance(name: HouseAccount, currency: CurrencyCode): Promise<bigint> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(and(eq(ledgerAccounts.ownerType, 'house'), eq(ledgerAccounts.ownerId, name), eq(ledgerAccounts.currency, currency)));
    return BigInt(row?.total ?? '0');
  }

  /**
   * Recomputes every running balance from the postings and checks that every transaction, and
   * so the whole ledger, sums to zero per currency. An empty `problems` list means the books hold.
   */
  async function verify(): Promise<{ accounts: number; transactions: number; postings: number; problems: string[] }> {
    const problems: string[] = [];
    const mismatched = await queryRows<{ id: number; balance: string; computed: string }>(db, sql`
      select a.id, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as computed
      from ${ledgerAccounts} a left join ${ledgerPostings} p on p.account_id = a.id
      where a.tracks_balance
      group by a.id, a.balance
      having a.balance <> coalesce(sum(p.amount), 0)`);
    for (const row of mismatched) problems.push(`account ${row.id}: balance ${row.balance} but postings sum to ${row.computed}`);
    const negative = await queryRows<{ id: number; balance: string }>(db, sql`
      select id, balance::text as balance from ${ledgerAccounts} where owner_type = 'player' and balance < 0`);
    for (const row of negative) problems.push(`player account ${row.id} is negative: ${row.balance}`);
    const unbalanced = await queryRows<{ transaction_id: number; currency: string; total: string }>(db, sql`
      select transaction_id, currency, sum(amount)::text as total from ${ledgerPostings}
      group by transaction_id, currency having sum(amount) <> 0`);
    for (const row of unbalanced) problems.push(`transaction ${row.transaction_id} (${row.currency}) sums to ${row.total}`);
    const totals = await queryRows<{ currency: string; total: string }>(db, sql`
      select currency, sum(amount)::text as total from ${ledgerPostings} group by currency having sum(amount) <> 0`);
    for (const row of totals) problems.push(`all postings in ${row.currency} sum to ${row.total}, not zero`);
    const counts = await queryRows<{ accounts: number; transactions: number; postings: number }>(db, sql`
      select (select count(*) from ${ledgerAccounts})::int as accounts,
             (select count(*) from ${ledgerTransactions})::int as transactions,
             (select count(*) from ${ledgerPostings})::int as postings`);
    return { ...counts[0], problems };
  }

  /** Postings of a player's account, newest first (for statements and tests). */
  async function postingsOf(userId: number, kind: PlayerKind, currency: CurrencyCode) {
    return db
      .select({ transactionId: ledgerPostings.transactionId, amount: ledgerPostings.amount, kind: ledgerTransactions.kind, createdAt: ledgerTransactions.createdAt })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(and(eq(ledgerAccounts.ownerType, 'player'), eq(ledgerAccounts.ownerId, String(userId)), eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.currency, currency)))
      .orderBy(asc(ledgerPostings.id));
  }

  return {
    transfer,
    prepare,
    accountId,
    balances,
    lockedBalance,
    hasMovements,
    houseBalance,
    verify,
    postingsOf,
    currencies: Object.keys(CURRENCIES) as CurrencyCode[],
    /** The back office's reads: house balances, clearing per day, the withdrawal queue's figures (reports.ts). */
    reports: createLedgerReports(db),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
