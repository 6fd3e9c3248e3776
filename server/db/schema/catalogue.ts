import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ENGINES } from '../../../contract/studio.ts';
import { users } from './accounts.ts';
import { playerBonuses } from './promotions.ts';

// --- catalogue: game providers, game hall categories, games, favourites, free spin packs ---
export const gameProviders = pgTable('game_providers', {
  sysname: text('sysname').primaryKey(),
  name: text('name').notNull(),
  /**
   * How the provider reaches the seamless wallet: `in_house` (our own engines), `demo` (a studio
   * of the demo catalogue; wallet secret derived from APP_SECRET), `external` (a real studio: its
   * secret must come from WALLET_SECRET_<PROVIDER>).
   */
  integration: text('integration', { enum: ['in_house', 'demo', 'external'] }).notNull(),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Game hall categories (spec 2 section 9: all, casino, slot, live, fast); `all` matches every game, the others a game type. */
export const gameCategories = pgTable('game_categories', {
  id: text('id').primaryKey(),
  position: integer('position').notNull().default(0),
  /** Display name per locale: {"en": "Slots", "fr": "Machines à sous"}. */
  names: jsonb('names').notNull().default(sql`'{}'::jsonb`),
});

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    sysname: text('sysname').notNull(),
    name: text('name').notNull(),
    provider: text('provider')
      .notNull()
      .references(() => gameProviders.sysname),
    type: text('type', { enum: ['slot', 'casino', 'live', 'fast'] }).notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Return to player as shown, e.g. '96.20'. */
    rtp: text('rtp').notNull(),
    volatility: text('volatility', { enum: ['low', 'medium', 'high'] }).notNull(),
    hasDemo: boolean('has_demo').notNull().default(false),
    imageUrl: text('image_url').notNull(),
    /** Per locale {name, img_288_192}; each overrides the plain name and image in that locale. */
    description: jsonb('description').notNull().default(sql`'{}'::jsonb`),
    /** The operator's popularity rank, 1 first: the order among games with as many recent players (players7d). */
    popularity: integer('popularity').notNull().default(1000),
    /**
     * Players who played the game with real money in the last 7 days, kept by the job
     * `catalogue.popularity` from the wallet's played games: the hall's "popular" order.
     */
    players7d: integer('players_7d').notNull().default(0),
    isInHouse: boolean('is_in_house').notNull().default(false),
    /**
     * The engine of games/ the game runs on, when the platform's own game server plays it (in-house
     * games, and the demo studios' games, which are themes on the same engines); null for a game
     * of an external provider.
     */
    engine: text('engine', { enum: ENGINES }),
    isActive: boolean('is_active').notNull().default(true),
    /** Badges the tiles show, set by operators (the back office's games screen): `new`, `hot`. */
    badges: text('badges').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Countries (ISO 3166-1 alpha-2) whose players neither see nor launch the game: the hall, the
     * game page and the launch leave it out for a player whose profile country is listed.
     */
    blockedCountries: text('blocked_countries').array().notNull().default(sql`'{}'::text[]`),
    /** Release date: the `new` sort shows the latest first. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('games_sysname_unique').on(table.sysname),
    index('games_provider_idx').on(table.provider),
    index('games_type_popularity_idx').on(table.type, table.popularity),
    // games/get sorts by rtp::numeric: only well-formed percentages get in.
    check('games_rtp_format', sql`${table.rtp} ~ '^[0-9]{1,3}[.][0-9]{2}$'`),
    check('games_badges_known', sql`${table.badges} <@ array['new', 'hot']::text[]`),
    // "Live" is a live-dealer game from its provider (through the aggregator), never a table the
    // platform's own RNG engines deal under a live label (issue 29, docs/studio.md).
    check('games_live_is_never_rng', sql`${table.type} <> 'live' or ${table.engine} is null`),
  ],
);

/**
 * Which games a hall category holds, and in what order (the operator's, from the back office):
 * `all` holds every visible game and has no rows here. Seeded from each game's type.
 */
export const gameCategoryGames = pgTable(
  'game_category_games',
  {
    categoryId: text('category_id')
      .notNull()
      .references(() => gameCategories.id),
    game: text('game')
      .notNull()
      .references(() => games.sysname),
    /** 1 first; the hall's popularity sort within a category follows it. */
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.game] }), index('game_category_games_order_idx').on(table.categoryId, table.position)],
);

/** A player's favourites (games/getLikes|addLike|removeLike). */
export const gameLikes = pgTable(
  'game_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    game: text('game').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.game] })],
);

/**
 * Free spin packs given to a player for one game (freespins/get): a campaign's free_spins reward
 * issues one when its bonus is activated, and the studio plays them (docs/studio.md).
 */
export const freeSpinPacks = pgTable(
  'free_spin_packs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The free_spins bonus that issued the pack (null: given otherwise); its end ends the pack. */
    bonusId: integer('bonus_id').references((): AnyPgColumn => playerBonuses.id),
    game: text('game').notNull(),
    totalCount: integer('total_count').notNull(),
    remainingCount: integer('remaining_count').notNull(),
    /** Stake of one spin in minor units of `currency`. */
    betAmount: bigint('bet_amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['active', 'used', 'expired', 'cancelled'] }).notNull().default('active'),
    description: jsonb('description').notNull().default(sql`'{}'::jsonb`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('free_spin_packs_user_idx').on(table.userId, table.status),
    // One pack per bonus: issuing it twice finds the first.
    uniqueIndex('free_spin_packs_bonus_unique').on(table.bonusId),
    check('free_spin_packs_counts', sql`${table.remainingCount} >= 0 and ${table.remainingCount} <= ${table.totalCount}`),
  ],
);
