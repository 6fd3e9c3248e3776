import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// --- ledger: double-entry money. Accounts, transactions (written once) and their postings ---
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** `player` accounts belong to a user; `house` accounts to the operator. */
    ownerType: text('owner_type', { enum: ['player', 'house'] }).notNull(),
    /** The user id for a player account, the house account's name otherwise. */
    ownerId: text('owner_id').notNull(),
    currency: text('currency').notNull(),
    /** main, bonus, betting_bonus, fun, withdrawal_hold for players; payment_clearing, game_house ... for the house. */
    kind: text('kind').notNull(),
    /**
     * Running balance in minor units, kept for player accounts only (they are checked against it
     * under a row lock). House accounts keep none, so they are never a hot row: their balance is
     * the sum of their postings.
     */
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    tracksBalance: boolean('tracks_balance').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_owner_unique').on(table.ownerType, table.ownerId, table.currency, table.kind),
    check('ledger_accounts_player_never_negative', sql`${table.ownerType} <> 'player' or ${table.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    /** One key, one movement: a repeat with the same content answers the first result. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of what the movement is (postings, kind): the same key with other content is refused. */
    contentHash: text('content_hash').notNull(),
    kind: text('kind').notNull(),
    /** Free context: payment id, game round, operator ... never money. */
    metadata: jsonb('metadata').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('ledger_transactions_idempotency_unique').on(table.idempotencyKey)],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed minor units: positive credits the account, negative debits it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
  },
  (table) => [
    // An account's postings in order with their amounts, from the index alone: the back office's
    // statement pages (offset over ids) and its running balance (the sum of the newer ones), and
    // every sum of an account's postings (a house account's balance, the ledger's verify).
    index('ledger_postings_account_idx').on(table.accountId, table.id, table.amount),
    index('ledger_postings_transaction_idx').on(table.transactionId),
  ],
);
