import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ENGINES } from '../../../contract/studio.ts';
import { users } from './accounts.ts';
import { freeSpinPacks } from './catalogue.ts';
import { gameSessions, walletGuests } from './wallet.ts';

// --- studio: the platform's own game server (provably fair rounds) ---
/**
 * Provably fair seed pairs (docs/games-math.md). An owner (a player, or a guest by wallet guest
 * id) has one active pair: the server seed stays secret, only its SHA-256 is shown, and `nonce`
 * counts the rounds played on it. Rotating reveals the server seed and starts a new pair.
 */
export const fairSeeds = pgTable(
  'fair_seeds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    guestId: integer('guest_id').references(() => walletGuests.id),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce the next round takes. */
    nonce: integer('nonce').notNull().default(0),
    status: text('status', { enum: ['active', 'revealed'] }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    check('fair_seeds_owner', sql`(${table.userId} is not null) <> (${table.guestId} is not null)`),
    uniqueIndex('fair_seeds_one_active_user').on(table.userId).where(sql`${table.status} = 'active' and ${table.userId} is not null`),
    uniqueIndex('fair_seeds_one_active_guest').on(table.guestId).where(sql`${table.status} = 'active' and ${table.guestId} is not null`),
    index('fair_seeds_user_idx').on(table.userId, table.id),
    index('fair_seeds_guest_idx').on(table.guestId, table.id),
  ],
);

/**
 * A round the studio played: its seeds (pair and nonce), the bet, the player's actions
 * (blackjack), the engine's state or outcome, and where it stands. Money moved through the wallet
 * under transaction ids `<round_id>:bet`, `<round_id>:bet:<n>` and `<round_id>:win`.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: serial('id').primaryKey(),
    /** Public id (a UUID): the wallet's round_id and what the verifier is given. */
    roundId: text('round_id').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id),
    userId: integer('user_id').references(() => users.id),
    guestId: integer('guest_id').references(() => walletGuests.id),
    game: text('game').notNull(),
    engine: text('engine', { enum: ENGINES }).notNull(),
    mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
    currency: text('currency').notNull(),
    seedId: integer('seed_id')
      .notNull()
      .references(() => fairSeeds.id),
    nonce: integer('nonce').notNull(),
    /** The engine's bet input, bigints as minor-unit strings. */
    bet: jsonb('bet').notNull(),
    /** Blackjack: the player's actions in order. */
    actions: jsonb('actions').notNull().default(sql`'[]'::jsonb`),
    /** The engine's outcome, or blackjack's full state (secret cards included) while open; canonical JSON. */
    state: jsonb('state'),
    /** Total staked and paid back, minor units. */
    staked: bigint('staked', { mode: 'bigint' }).notNull().default(sql`0`),
    win: bigint('win', { mode: 'bigint' }).notNull().default(sql`0`),
    /** pending: bet not confirmed yet; open: waiting for the player (blackjack); settled; void: no money moved. */
    status: text('status', { enum: ['pending', 'open', 'settled', 'void'] }).notNull(),
    /** Optimistic lock: every change checks and bumps it. */
    version: integer('version').notNull().default(0),
    /** A free spin of a pack (no stake; the win paid by the house's bonus funding): the pack and the spin's number, 1 first. */
    freeSpinPackId: integer('free_spin_pack_id').references(() => freeSpinPacks.id),
    freeSpinNumber: integer('free_spin_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('game_rounds_round_unique').on(table.roundId),
    uniqueIndex('game_rounds_seed_nonce_unique').on(table.seedId, table.nonce),
    index('game_rounds_user_idx').on(table.userId, table.createdAt),
    index('game_rounds_unfinished_idx').on(table.status).where(sql`${table.status} in ('pending', 'open')`),
    check('game_rounds_owner', sql`(${table.userId} is not null) <> (${table.guestId} is not null)`),
    // Each spin of a pack is played once. Partial: ordinary rounds add nothing to this index.
    uniqueIndex('game_rounds_free_spin_unique').on(table.freeSpinPackId, table.freeSpinNumber).where(sql`${table.freeSpinPackId} is not null`),
    check('game_rounds_free_spin', sql`(${table.freeSpinPackId} is null) = (${table.freeSpinNumber} is null)`),
  ],
);

/** A player's request for a CSV of their game history (games/createhistoryexportrequest). */
export const historyExports = pgTable(
  'history_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'ready', 'failed'] }).notNull().default('pending'),
    /** What was asked: {from, to, game?}. */
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    rowCount: integer('row_count'),
    /** The CSV itself (bounded by the export's row limit). */
    csv: text('csv'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('history_exports_user_idx').on(table.userId, table.createdAt)],
);
