/**
 * The database schema, one section per module. Modules read and write only their own tables;
 * migrations in server/db/migrations are generated from this file (npm run db:generate).
 */
import { sql } from 'drizzle-orm';
import { ENGINES } from '../../contract/studio.ts';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';

// --- site-config: one configuration document per locale (spec 2, section 3) ---
export const siteConfigs = pgTable('site_configs', {
  locale: text('locale').primaryKey(),
  document: jsonb('document').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- site-settings: operator switches (maintenance, ...) as small JSON values by key ---
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- storage: small key/value store per visitor or per user (storage/get|getKeys|set) ---
export const storageEntries = pgTable(
  'storage_entries',
  {
    ownerKind: text('owner_kind', { enum: ['visitor', 'user'] }).notNull(),
    ownerId: text('owner_id').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    /** Bytes of key + value, kept so the quota check is one SUM over an index. */
    size: integer('size').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ownerKind, table.ownerId, table.key] })],
);

// --- content: generic content pages served at /{slug} ---
export const contentPages = pgTable(
  'content_pages',
  {
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Body as a list of sections; rendered as text, never as raw HTML. */
    body: jsonb('body').notNull().default(sql`'[]'::jsonb`),
    isPublished: boolean('is_published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.slug, table.locale] })],
);

// --- accounts: players, their contacts, sessions and one-time codes ---
export const users = pgTable('users', {
  /** The uid of spec 1 section 3. */
  id: serial('id').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  fakename: text('fakename'),
  currency: text('currency').notNull(),
  locale: text('locale').notNull(),
  countryCode: text('country_code'),
  status: text('status', { enum: ['active', 'banned', 'deleted'] }).notNull().default('active'),
  isSubscribed: boolean('is_subscribed').notNull().default(false),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  isKycBlockEnabled: boolean('is_kyc_block_enabled').notNull().default(false),
  isVerified: boolean('is_verified').notNull().default(false),
  isOnVerification: boolean('is_on_verification').notNull().default(false),
  isRegistrationCompleted: boolean('is_registration_completed').notNull().default(true),
  /** Set from the back office (players.test-account): the account is the operator's own, left out of reports. */
  isTestAccount: boolean('is_test_account').notNull().default(false),
  /** Personal data of the profile (first_name, last_name, sex, birth_date, address ...). */
  profile: jsonb('profile').notNull().default(sql`'{}'::jsonb`),
  /** What the player chose at sign-up: promo code, character, casino or betting. */
  signupChoices: jsonb('signup_choices').notNull().default(sql`'{}'::jsonb`),
  /** The browser's device fingerprint at sign-up (docs/devices.md); null when the browser sent none. */
  signupDeviceId: text('signup_device_id'),
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  // The back office's player search (server/modules/accounts/admin.ts): newest first, and display names by prefix.
  index('users_registered_at_idx').on(table.registeredAt),
  index('users_fakename_prefix_idx').on(sql`lower(${table.fakename}) text_pattern_ops`),
  // The risk rules and the player page find the accounts signed up from one device.
  index('users_signup_device_idx').on(table.signupDeviceId).where(sql`${table.signupDeviceId} is not null`),
  // The risk rule shared_address finds the accounts that gave one postal address (the function: migration 0051).
  index('users_postal_address_idx').on(sql`postal_address_key(${table.profile})`).where(sql`postal_address_key(${table.profile}) is not null`),
]);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['email', 'phone'] }).notNull(),
    /** Normalised: e-mail in lower case, phone in E.164 (+33612345678). */
    value: text('value').notNull(),
    phoneCountryCode: text('phone_country_code'),
    /** The contact the player signs in with. */
    isLogin: boolean('is_login').notNull().default(false),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    isSubscribed: boolean('is_subscribed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('contacts_type_value_unique').on(table.type, table.value),
    index('contacts_user_idx').on(table.userId),
    // The back office's player search finds e-mails and phones by their beginning.
    index('contacts_value_prefix_idx').on(table.value.op('text_pattern_ops')),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the token; the token itself lives only in the player's cookie. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The browser's device fingerprint when the session was opened (docs/devices.md); null when none came. */
    deviceId: text('device_id'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
    // The back office finds players by an address they came from, and accounts that shared one.
    index('sessions_ip_idx').on(table.ip),
    // The risk rules count the accounts seen on one device (docs/risk.md, shared_device).
    index('sessions_device_idx').on(table.deviceId).where(sql`${table.deviceId} is not null`),
  ],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: ['login', 'confirm_contact', 'restore', 'two_factor_change'] }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The contact the code was sent to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** What confirming the code does (e.g. {"enable": true} for two-factor changes). */
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    resendAt: timestamp('resend_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('one_time_codes_lookup_idx').on(table.userId, table.purpose, table.target)],
);

// --- messaging: the demo mailbox, used while no real e-mail or SMS transport is configured ---
export const demoMailbox = pgTable(
  'demo_mailbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    code: text('code'),
    locale: text('locale').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('demo_mailbox_recipient_idx').on(table.recipient)],
);

// --- rate limits: fixed-window counters (used when Redis is not configured) ---
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

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

// --- payments: deposits and withdrawals through payment providers ---
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** The transaction id players and providers see (random, not guessable). */
    publicId: text('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    direction: text('direction', { enum: ['deposit', 'withdrawal'] }).notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /**
     * deposit: created -> pending -> success | failed | cancelled;
     * withdrawal: requested -> approved (paid out) | declined | cancelled.
     */
    status: text('status').notNull(),
    /** Why a failed deposit failed, as its provider said: `declined` (by the bank) or `service_error` (the provider's own). */
    failure: text('failure', { enum: ['declined', 'service_error'] }),
    requisites: jsonb('requisites').notNull().default(sql`'{}'::jsonb`),
    campaignOfferId: integer('campaign_offer_id').notNull().default(-1),
    domain: text('domain'),
    /** The browser's device fingerprint the deposit was asked from (docs/devices.md); null when none came. */
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_public_id_unique').on(table.publicId),
    index('payments_user_idx').on(table.userId, table.direction, table.createdAt),
    // The back office finds players by the IBAN or wallet they withdraw to, and accounts that share one.
    index('payments_requisites_iban_idx').on(sql`(${table.requisites} ->> 'iban')`).where(sql`${table.requisites} ? 'iban'`),
    index('payments_requisites_wallet_idx').on(sql`lower(${table.requisites} ->> 'wallet_email')`).where(sql`${table.requisites} ? 'wallet_email'`),
    // A welcome offer taken from one device by several accounts (docs/risk.md, offer_per_device).
    index('payments_device_idx').on(table.deviceId).where(sql`${table.deviceId} is not null`),
    check('payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** Provider callbacks by event id: a replayed event is recognised and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    status: text('status').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_events_provider_event_unique').on(table.provider, table.eventId)],
);

/** A player's own deposit limit: one period at a time; an increase waits 24 hours. */
export const depositLimits = pgTable('deposit_limits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  /** A requested increase and when it takes effect. */
  pendingPeriod: text('pending_period', { enum: ['day', 'week', 'month'] }),
  pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
  pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- the demo payment provider's own books (it stands in for an external service) ---
export const demoPspPayments = pgTable(
  'demo_psp_payments',
  {
    ref: text('ref').primaryKey(),
    merchantPaymentId: text('merchant_payment_id').notNull(),
    kind: text('kind', { enum: ['payin', 'payout', 'refund', 'chargeback'] }).notNull(),
    /** For a refund or a chargeback: the ref of the pay-in it takes back. */
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('demo_psp_payments_merchant_unique').on(table.merchantPaymentId, table.kind)],
);

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

// --- jackpots: progressive pools fed by real-money bets (docs/jackpots.md) ---
/**
 * One pool per jackpot and currency (`mega` in EUR, `mega` in GBP ...). The configuration (seed,
 * share, odds, eligible games) is the operator's; `cycle` counts the pool's wins. The live amount
 * is `cycle_seed` plus the contributions of the current cycle: bets never update this row (they
 * append contributions under a key-share lock), only a win does, under its row lock.
 */
export const jackpotPools = pgTable(
  'jackpot_pools',
  {
    id: serial('id').primaryKey(),
    /** The jackpot (`mega`, `major`, `mini`): its address /jackpots/{jackpot}. */
    jackpot: text('jackpot').notNull(),
    currency: text('currency').notNull(),
    /** Display name per locale: {"en": "Mega", "fr": "Méga"}. */
    names: jsonb('names').notNull().default(sql`'{}'::jsonb`),
    position: integer('position').notNull().default(0),
    /** What a new cycle starts at, minor units; funded from the house's game_house account. */
    seed: bigint('seed', { mode: 'bigint' }).notNull(),
    /** Share of each eligible bet added to the pool, in basis points (100 = 1 %). */
    contributionBps: integer('contribution_bps').notNull(),
    /**
     * The odds: an eligible bet of b minor units wins the pool with probability
     * min(b, trigger_stake) / trigger_stake, so the pool drops once per trigger_stake wagered on average.
     */
    triggerStake: bigint('trigger_stake', { mode: 'bigint' }).notNull(),
    /** Smallest eligible bet, minor units. */
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull().default(sql`1`),
    /** Eligible games by sysname; null: every game the platform's engines play (games.engine set). */
    games: text('games').array(),
    isActive: boolean('is_active').notNull().default(true),
    /** Wins so far: contributions carry the cycle they fed. */
    cycle: integer('cycle').notNull().default(0),
    /** The seed the current cycle started with (the operator may change `seed` for the next one). */
    cycleSeed: bigint('cycle_seed', { mode: 'bigint' }).notNull(),
    cycleStartedAt: timestamp('cycle_started_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jackpot_pools_jackpot_currency_unique').on(table.jackpot, table.currency),
    check('jackpot_pools_config', sql`${table.seed} >= 0 and ${table.cycleSeed} >= 0 and ${table.contributionBps} between 0 and 10000 and ${table.minBet} >= 1`),
    // crypto.randomInt draws below 2^48.
    check('jackpot_pools_trigger_stake', sql`${table.triggerStake} between 1 and 281474976710655`),
  ],
);

/** A bet's share added to a pool: one row per pool and bet, written once (the pool row is never a hot row). */
export const jackpotContributions = pgTable(
  'jackpot_contributions',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => jackpotPools.id),
    cycle: integer('cycle').notNull(),
    /** The wallet bet: provider and transaction_uuid. */
    provider: text('provider').notNull(),
    transactionUuid: text('transaction_uuid').notNull(),
    /** Minor units of the pool's currency. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jackpot_contributions_bet_unique').on(table.poolId, table.provider, table.transactionUuid),
    // The live amount sums one cycle of one pool (index-only).
    index('jackpot_contributions_cycle_idx').on(table.poolId, table.cycle, table.amount),
    check('jackpot_contributions_amount', sql`${table.amount} > 0`),
  ],
);

/** A pool won: who, on which bet, how much. One per pool cycle. */
export const jackpotWins = pgTable(
  'jackpot_wins',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => jackpotPools.id),
    jackpot: text('jackpot').notNull(),
    cycle: integer('cycle').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    game: text('game').notNull(),
    provider: text('provider').notNull(),
    transactionUuid: text('transaction_uuid').notNull(),
    /** The winning bet, minor units. */
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    /** Paid to the player's main balance, minor units. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jackpot_wins_pool_cycle_unique').on(table.poolId, table.cycle),
    index('jackpot_wins_recent_idx').on(table.createdAt),
    index('jackpot_wins_jackpot_idx').on(table.jackpot, table.createdAt),
  ],
);

// --- platform events and jobs (docs/events.md) ---
/**
 * The transactional outbox: a row per settled money movement of interest (bet, win, rollback,
 * deposit, withdrawal...), written in the same database transaction as the movement, so an event
 * exists exactly when its movement committed. The dispatcher turns each row into one job per
 * subscribed handler and stamps `dispatched_at`; the bet path itself only inserts this row.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    /** The player the event is about (routes live notices to their topic), null for house events. */
    userId: integer('user_id'),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (table) => [index('outbox_events_pending_idx').on(table.id).where(sql`${table.dispatchedAt} is null`)],
);

/**
 * Work for the job runner: one row per (handler, event) and per run of a scheduled job, unique
 * by `key`, so fanning out or scheduling twice queues the work once. A worker claims due rows
 * with FOR UPDATE SKIP LOCKED; a handler's own writes commit with its row's completion.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The handler or scheduled job that runs it. */
    name: text('name').notNull(),
    /** Unique: `<handler>:<event id>` or `cron:<name>:<scheduled time>`. */
    key: text('key').notNull(),
    eventId: bigint('event_id', { mode: 'number' }),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Set when the attempts ran out: the job stays for an operator to look at and retry. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_key_unique').on(table.key),
    index('jobs_due_idx').on(table.runAt).where(sql`${table.completedAt} is null and ${table.failedAt} is null`),
  ],
);

/** Scheduled jobs (cron expressions): the process that moves `next_run_at` on queues the run, so it happens once. */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  cron: text('cron').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});

// --- tournaments: points from real play, prizes by rank (docs/tournaments.md) ---
/**
 * A tournament: its window, the games and minimum bet that count, how a round scores, what joining
 * costs, and the prize of each rank (`prizes`: [{from, to, amount}] in minor units of `currency`,
 * paid to the main balance). `finished_at` is set once, by the job that ranks and pays.
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: serial('id').primaryKey(),
    /** Its address: /tournaments/{sysname}. */
    sysname: text('sysname').notNull(),
    /** Per locale: {"en": ..., "fr": ...}. */
    names: jsonb('names').notNull().default(sql`'{}'::jsonb`),
    descriptions: jsonb('descriptions').notNull().default(sql`'{}'::jsonb`),
    imageUrl: text('image_url'),
    currency: text('currency').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Eligible games by sysname; null: every game the platform's engines play. */
    games: text('games').array(),
    scoring: text('scoring', { enum: ['total_win', 'biggest_multiplier', 'wagered'] }).notNull(),
    /** Smallest bet a round needs to count, minor units. */
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull().default(sql`1`),
    /** What joining costs, minor units (0: free), taken from the main balance. */
    buyIn: bigint('buy_in', { mode: 'bigint' }).notNull().default(sql`0`),
    prizes: jsonb('prizes').notNull().default(sql`'[]'::jsonb`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tournaments_sysname_unique').on(table.sysname),
    index('tournaments_unfinished_idx').on(table.endsAt).where(sql`${table.finishedAt} is null`),
    check('tournaments_config', sql`${table.endsAt} > ${table.startsAt} and ${table.minBet} >= 1 and ${table.buyIn} >= 0`),
  ],
);

/**
 * A player in a tournament: when they joined (only rounds bet after count); the points, rank and
 * prize they finished with, frozen when the tournament finishes. While it runs, standings are
 * computed from tournament_scores (docs/tournaments.md).
 */
export const tournamentPlayers = pgTable(
  'tournament_players',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    points: bigint('points', { mode: 'bigint' }),
    rank: integer('rank'),
    prize: bigint('prize', { mode: 'bigint' }),
  },
  (table) => [primaryKey({ columns: [table.tournamentId, table.userId] }), index('tournament_players_user_idx').on(table.userId)],
);

/**
 * What one money event scored in one tournament, with the event's time: written once per event
 * (a redelivered event scores nothing twice) and never changed, so scoring takes no lock a
 * player's other events wait on. Standings are the sum (or best) per player.
 */
export const tournamentScores = pgTable(
  'tournament_scores',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tournamentId, table.eventId] }), index('tournament_scores_player_idx').on(table.tournamentId, table.userId, table.points, table.createdAt)],
);

// --- promotions: campaigns, promo codes, player bonuses, cashback (docs/promotions.md) ---
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    /** Its address (/promotions/{sysname}, /offers/{sysname}) and its popup's name (?popup=). */
    sysname: text('sysname').notNull(),
    /** Per locale: {"en": {title, summary, body, terms, button}, "fr": {...}}. */
    texts: jsonb('texts').notNull().default(sql`'{}'::jsonb`),
    imageUrl: text('image_url'),
    currency: text('currency').notNull(),
    /** How a player gets the reward: with a deposit, a promo code, a button, or periodically (cashback). */
    trigger: text('trigger', { enum: ['deposit', 'promo_code', 'manual', 'cashback'] }).notNull(),
    /** What the player gets (contract/promotions.ts CampaignReward), amounts in minor units. */
    reward: jsonb('reward').notNull(),
    /** Who may take it (contract/promotions.ts CampaignAudience); {} is everyone. */
    audience: jsonb('audience').notNull().default(sql`'{}'::jsonb`),
    /** Where it shows: offers, promotions, banner (home), popup. */
    placements: text('placements').array().notNull().default(sql`'{offers,promotions}'::text[]`),
    status: text('status', { enum: ['draft', 'active', 'paused', 'ended'] }).notNull().default('active'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: until an operator ends it. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    priority: integer('priority').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('campaigns_sysname_unique').on(table.sysname),
    check('campaigns_window', sql`${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper case; players may type it in any case. */
    code: text('code').notNull(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    /** Null: no limit. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: text('status', { enum: ['active', 'paused', 'ended'] }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promo_codes_code_unique').on(table.code),
    check('promo_codes_uses', sql`${table.uses} >= 0 and (${table.maxUses} is null or ${table.uses} <= ${table.maxUses})`),
  ],
);

export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One use per player.
  (table) => [primaryKey({ columns: [table.promoCodeId, table.userId] })],
);

export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    campaignId: integer('campaign_id').references(() => campaigns.id),
    /** Why it exists, unique: a second grant for the same reason is the first (e.g. deposit:<payment>). */
    source: text('source').notNull(),
    kind: text('kind', { enum: ['bonus', 'free_spins', 'betting_bonus', 'cashback_boost'] }).notNull(),
    status: text('status', { enum: ['available', 'active', 'completed', 'expired', 'forfeited', 'removed'] }).notNull(),
    currency: text('currency').notNull(),
    /** Bonus money credited on activation, minor units (0 for tokens and boosts). */
    amount: bigint('amount', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Weighted stakes needed before the bonus money becomes main money, and done so far. */
    wageringRequired: bigint('wagering_required', { mode: 'bigint' }).notNull().default(sql`0`),
    wageringDone: bigint('wagering_done', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Largest bet while active, minor units (null: none). */
    maxBet: bigint('max_bet', { mode: 'bigint' }),
    /** Days the bonus runs once activated. */
    validDays: integer('valid_days').notNull(),
    /** Available: the last moment to activate it; active: when what is left is forfeited. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Title per locale, copied from the campaign (or the granting module) when granted. */
    titles: jsonb('titles').notNull().default(sql`'{}'::jsonb`),
    /** Kind-specific: free spins {game, spins, stake}, betting {type, amount | boost_bps}, boost {bps}, deposit {payment, deposit}. */
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Minor units moved to main on completion, or taken back on expiry or forfeit. */
    convertedAmount: bigint('converted_amount', { mode: 'bigint' }),
    forfeitedAmount: bigint('forfeited_amount', { mode: 'bigint' }),
    finishReason: text('finish_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('player_bonuses_source_unique').on(table.source),
    index('player_bonuses_user_idx').on(table.userId, table.status, table.createdAt),
    // One bonus with money at a time per currency: its balance is the player's bonus balance.
    uniqueIndex('player_bonuses_one_active').on(table.userId, table.currency).where(sql`${table.kind} = 'bonus' and ${table.status} = 'active'`),
    index('player_bonuses_due_idx').on(table.expiresAt).where(sql`${table.status} in ('available', 'active')`),
    check('player_bonuses_wagering', sql`${table.wageringDone} >= 0 and ${table.wageringDone} <= ${table.wageringRequired} and ${table.amount} >= 0`),
  ],
);

export const cashbacks = pgTable(
  'cashbacks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    /** The spec's end_date. */
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** Real-money stakes minus wins and rollbacks in the period, minor units (> 0: a loss). */
    netLoss: bigint('net_loss', { mode: 'bigint' }).notNull(),
    rateBps: integer('rate_bps').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['active', 'paid_out', 'expired'] }).notNull().default('active'),
    /** The last moment to ask for it (null: paid automatically). */
    receivingExpiredAt: timestamp('receiving_expired_at', { withTimezone: true }),
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Idempotency of the weekly job: one cashback per campaign, player and period.
    uniqueIndex('cashbacks_period_unique').on(table.campaignId, table.userId, table.periodStart),
    index('cashbacks_user_idx').on(table.userId, table.periodEnd),
    check('cashbacks_amount', sql`${table.amount} > 0 and ${table.periodEnd} > ${table.periodStart}`),
  ],
);

// --- operator audit: every change an operator makes, from the back office or an ops command (who, what, when);
// append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0029) ---
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: serial('id').primaryKey(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The back-office member's role when the change was made (null for ops commands and the system). */
    actorRole: text('actor_role'),
    /** The subject before and after the change, where it has a state to show. */
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (table) => [
    index('operator_audit_subject_idx').on(table.subject, table.createdAt),
    index('operator_audit_created_idx').on(table.createdAt),
    index('operator_audit_actor_idx').on(table.actor, table.createdAt),
  ],
);

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
