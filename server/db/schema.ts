/**
 * The database schema, one section per module. Modules read and write only their own tables;
 * migrations in server/db/migrations are generated from this file (npm run db:generate).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  /** Personal data of the profile (first_name, last_name, sex, birth_date, address ...). */
  profile: jsonb('profile').notNull().default(sql`'{}'::jsonb`),
  /** What the player chose at sign-up: promo code, character, casino or betting. */
  signupChoices: jsonb('signup_choices').notNull().default(sql`'{}'::jsonb`),
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
});

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
  (table) => [uniqueIndex('contacts_type_value_unique').on(table.type, table.value), index('contacts_user_idx').on(table.userId)],
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
  },
  (table) => [uniqueIndex('sessions_token_hash_unique').on(table.tokenHash), index('sessions_user_idx').on(table.userId)],
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
  (table) => [index('ledger_postings_account_idx').on(table.accountId), index('ledger_postings_transaction_idx').on(table.transactionId)],
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
    requisites: jsonb('requisites').notNull().default(sql`'{}'::jsonb`),
    campaignOfferId: integer('campaign_offer_id').notNull().default(-1),
    domain: text('domain'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_public_id_unique').on(table.publicId),
    index('payments_user_idx').on(table.userId, table.direction, table.createdAt),
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
    kind: text('kind', { enum: ['payin', 'payout'] }).notNull(),
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('demo_psp_payments_merchant_unique').on(table.merchantPaymentId, table.kind)],
);
