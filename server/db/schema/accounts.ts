import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
