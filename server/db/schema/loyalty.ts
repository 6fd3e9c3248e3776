import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

// --- loyalty: programmes, levels, characters, the points journal, the shop, notices (docs/loyalty.md) ---
export const loyaltyPrograms = pgTable(
  'loyalty_programs',
  {
    id: serial('id').primaryKey(),
    /** Its address: /loyalty/{sysname}. */
    sysname: text('sysname').notNull(),
    /** Per locale: {"en": {name, summary, body}, "fr": {...}}. */
    texts: jsonb('texts').notNull().default(sql`'{}'::jsonb`),
    imageUrl: text('image_url'),
    /** The active programme is the one players earn in (the first by id when several are). */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('loyalty_programs_sysname_unique').on(table.sysname)],
);

/** A level of a programme: from a threshold of lifetime points, with its earn rate and perks. */
export const loyaltyLevels = pgTable(
  'loyalty_levels',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => loyaltyPrograms.id),
    /** 1 for the first level (threshold 0). */
    number: integer('number').notNull(),
    sysname: text('sysname').notNull(),
    /** Per locale: {"en": "Gold", "fr": "Or"}. */
    names: jsonb('names').notNull().default(sql`'{}'::jsonb`),
    /** Lifetime points (whole) from which the level holds. */
    threshold: integer('threshold').notNull(),
    /** Points per 10.00 staked on a slot (other game types in proportion, docs/loyalty.md). */
    earnRate: integer('earn_rate').notNull(),
    /** Per locale: {"en": ["...", ...], "fr": [...]}. */
    perks: jsonb('perks').notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [
    uniqueIndex('loyalty_levels_number_unique').on(table.programId, table.number),
    uniqueIndex('loyalty_levels_sysname_unique').on(table.programId, table.sysname),
    check('loyalty_levels_config', sql`${table.number} >= 1 and ${table.threshold} >= 0 and ${table.earnRate} >= 0`),
  ],
);

/** A character a player may pick (spec 1 showCharacterSelect, loyalty/setcharacter). */
export const loyaltyCharacters = pgTable(
  'loyalty_characters',
  {
    id: serial('id').primaryKey(),
    sysname: text('sysname').notNull(),
    names: jsonb('names').notNull().default(sql`'{}'::jsonb`),
    descriptions: jsonb('descriptions').notNull().default(sql`'{}'::jsonb`),
    imageUrl: text('image_url').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [uniqueIndex('loyalty_characters_sysname_unique').on(table.sysname)],
);

/**
 * One row per player, created lazily (first read, sign-up with a character, first purchase): the
 * character, and the row a purchase locks. It holds no balance: points are the sum of the journal.
 */
export const loyaltyAccounts = pgTable('loyalty_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  characterId: integer('character_id').references(() => loyaltyCharacters.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The points journal: one row per movement, written once (a trigger refuses update and delete),
 * unique by key (earn:<event id>, purchase:<purchase id>, adjust:<uuid>). Amounts are thousandths
 * of a point, so a small stake earns its share exactly; answers show whole points.
 */
export const loyaltyPoints = pgTable(
  'loyalty_points',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    kind: text('kind', { enum: ['earn', 'purchase', 'adjust'] }).notNull(),
    /** Signed, thousandths of a point. */
    milliPoints: bigint('milli_points', { mode: 'bigint' }).notNull(),
    /** The outbox event an earn comes from. */
    eventId: bigint('event_id', { mode: 'number' }),
    /** The purchase a spend pays for. */
    purchaseId: integer('purchase_id'),
    /** What else explains it: game and stake of an earn, reason and operator of an adjustment. */
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loyalty_points_key_unique').on(table.key),
    // Covers the sums (balance, lifetime) with an index-only scan.
    index('loyalty_points_user_idx').on(table.userId, table.kind, table.milliPoints),
    check(
      'loyalty_points_sign',
      sql`(${table.kind} = 'earn' and ${table.milliPoints} > 0) or (${table.kind} = 'purchase' and ${table.milliPoints} < 0) or (${table.kind} = 'adjust' and ${table.milliPoints} <> 0)`,
    ),
  ],
);

/**
 * A player's points journal summed, in slots: `balance_milli` (every row) and `lifetime_milli`
 * (every row but purchases: spending never lowers a level). A trigger on each journal insert adds
 * the row to the slot of the inserting connection (its backend pid modulo 16, migration 0025), so
 * two runner batches earning for one player update different rows and do not wait on each other;
 * a player's totals are the sum of their few slots. A bet's earn and a page read those rows
 * instead of summing a journal that grows with every bet. No row means no points.
 */
export const loyaltyTotals = pgTable(
  'loyalty_totals',
  {
    userId: integer('user_id').notNull(),
    slot: integer('slot').notNull(),
    balanceMilli: bigint('balance_milli', { mode: 'bigint' }).notNull().default(sql`0`),
    lifetimeMilli: bigint('lifetime_milli', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [primaryKey({ columns: [table.userId, table.slot] })],
);

/** What the shop sells for points: a promotions reward (docs/loyalty.md). */
export const loyaltyProducts = pgTable(
  'loyalty_products',
  {
    id: serial('id').primaryKey(),
    sysname: text('sysname').notNull(),
    kind: text('kind', { enum: ['bonus_money', 'free_spins', 'cashback_boost'] }).notNull(),
    /** Whole points. */
    price: integer('price').notNull(),
    /** The lowest level number that may buy it. */
    minLevel: integer('min_level').notNull().default(1),
    currency: text('currency').notNull(),
    /** The promotions reward it grants (a CampaignReward, minor units as strings). */
    reward: jsonb('reward').notNull(),
    /** Per locale: {"en": {name, description}, "fr": {...}}. */
    texts: jsonb('texts').notNull().default(sql`'{}'::jsonb`),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [uniqueIndex('loyalty_products_sysname_unique').on(table.sysname), check('loyalty_products_price', sql`${table.price} > 0 and ${table.minLevel} >= 1`)],
);

export const loyaltyPurchases = pgTable(
  'loyalty_purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => loyaltyProducts.id),
    price: integer('price').notNull(),
    /** The promotions bonus it granted (source loyalty:<purchase id>). */
    bonusId: integer('bonus_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('loyalty_purchases_user_idx').on(table.userId, table.createdAt)],
);

/** Loyalty notices (spec 2 section 4): shown once as toasts, then marked seen. */
export const loyaltyNotifications = pgTable(
  'loyalty_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    trigger: text('trigger', { enum: ['quest', 'register', 'profile', 'confirm', 'product', 'level'] }).notNull(),
    type: text('type', { enum: ['credit', 'other'] }).notNull(),
    /** The level reached, for a level-up: unique per player, so it is written once. */
    level: integer('level'),
    /** Per locale: {"en": {title, message}, "fr": {...}}. */
    texts: jsonb('texts').notNull().default(sql`'{}'::jsonb`),
    amount: integer('amount'),
    amountType: text('amount_type', { enum: ['points', 'money'] }),
    image: text('image'),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loyalty_notifications_level_unique').on(table.userId, table.level).where(sql`${table.level} is not null`),
    index('loyalty_notifications_unseen_idx').on(table.userId, table.id).where(sql`${table.seenAt} is null`),
  ],
);
