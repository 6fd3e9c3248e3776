import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

// --- wallet: game sessions and the seamless wallet's transactions (docs/wallet-api.md) ---
/**
 * A guest's demo wallet, by visitor id. Its fun money lives in ledger player accounts whose owner
 * id is the negative guest id (users have positive ids), so guests never collide with players.
 */
export const walletGuests = pgTable(
  'wallet_guests',
  {
    id: serial('id').primaryKey(),
    visitorId: text('visitor_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('wallet_guests_visitor_unique').on(table.visitorId)],
);

/** A game session the platform issued: providers name it by its token in every wallet call. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').references(() => users.id),
    guestId: integer('guest_id').references(() => walletGuests.id),
    game: text('game').notNull(),
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bets and balance calls are refused after this; wins and rollbacks never are. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('game_sessions_token_unique').on(table.tokenHash),
    // Game history finds a player's rounds through their sessions.
    index('game_sessions_user_idx').on(table.userId, table.mode),
    check('game_sessions_owner', sql`(${table.userId} is not null) <> (${table.guestId} is not null)`),
    check('game_sessions_real_needs_user', sql`${table.mode} = 'demo' or ${table.userId} is not null`),
  ],
);

/**
 * Every bet, win and rollback a provider sent, by its transaction id: processed once, its answer
 * stored and given again to a repeat with the same content.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    transactionUuid: text('transaction_uuid').notNull(),
    kind: text('kind', { enum: ['bet', 'win', 'rollback'] }).notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id),
    roundId: text('round_id').notNull(),
    game: text('game').notNull(),
    /** Minor units; 0 for a losing round's win or a free bet. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** The bet a win or rollback refers to. */
    referenceTransactionUuid: text('reference_transaction_uuid'),
    /** SHA-256 of what the request asked (everything but request_uuid). */
    contentHash: text('content_hash').notNull(),
    status: text('status').notNull(),
    /** Whether money moved (a ledger transaction exists under wallet:<provider>:<transaction_uuid>). */
    moved: boolean('moved').notNull(),
    /**
     * A bet: the part of `amount` drawn from the bonus balance (main is drawn first), and the bonus
     * it belonged to; its wins and its rollback return that share the same way (docs/promotions.md).
     */
    bonusAmount: bigint('bonus_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    bonusId: integer('bonus_id'),
    answer: jsonb('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wallet_transactions_provider_uuid_unique').on(table.provider, table.transactionUuid),
    index('wallet_transactions_reference_idx').on(table.provider, table.referenceTransactionUuid),
    // A bet is reversed at most once, whatever rollback ids a provider sends.
    uniqueIndex('wallet_transactions_one_reversal')
      .on(table.provider, table.referenceTransactionUuid)
      .where(sql`${table.kind} = 'rollback' and ${table.moved}`),
    check('wallet_transactions_amount', sql`${table.amount} >= 0`),
    // Game history reads a player's rounds through their sessions.
    index('wallet_transactions_session_idx').on(table.sessionId, table.createdAt),
    // Recent big wins and the leaderboard (jackpots module) read paid wins by time.
    index('wallet_transactions_paid_wins_idx').on(table.createdAt).where(sql`${table.kind} = 'win' and ${table.moved}`),
  ],
);

/** Games a player has bet on, latest first (games/getRecent), kept by the wallet. */
export const playedGames = pgTable(
  'played_games',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    game: text('game').notNull(),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.game] }), index('played_games_recent_idx').on(table.userId, table.lastPlayedAt)],
);
