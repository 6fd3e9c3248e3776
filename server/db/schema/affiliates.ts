import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Affiliates and tracking (module affiliates, docs/affiliates.md): the partners who send players,
 * their links, the visits the site's `/hit` reports, the first-touch attribution copied onto each
 * account at sign-up, and the postbacks owed to partners on sign-up and first deposit.
 */
export const affiliates = pgTable(
  'affiliates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Who to talk to at the partner: an e-mail address. */
    contactEmail: text('contact_email').notNull(),
    status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
    /** Revenue share in basis points of the month's NGR (2550 = 25.50 %). */
    revenueShareBp: integer('revenue_share_bp').notNull().default(0),
    /** Cost per acquisition: paid once per first-time depositor, minor units of `cpaCurrency`. */
    cpaAmount: bigint('cpa_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    cpaCurrency: text('cpa_currency'),
    /** The partner's postback address with placeholders ({track_id}, {event} ...); none: no postbacks. */
    postbackUrl: text('postback_url'),
    /** Signs each postback (HMAC-SHA256); given to the partner, never written to the audit trail. */
    postbackSecret: text('postback_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('affiliates_name_unique').on(sql`lower(${table.name})`),
    check('affiliates_revenue_share_range', sql`${table.revenueShareBp} between 0 and 10000`),
    check('affiliates_cpa_non_negative', sql`${table.cpaAmount} >= 0`),
  ],
);

/** An affiliate's link: `/go/<code>` lands on `landingPath` with `track_id`, which names the link. */
export const affiliateLinks = pgTable(
  'affiliate_links',
  {
    id: serial('id').primaryKey(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id),
    code: text('code').notNull(),
    landingPath: text('landing_path').notNull().default('/'),
    trackId: text('track_id').notNull(),
    status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('affiliate_links_code_unique').on(table.code),
    uniqueIndex('affiliate_links_track_id_unique').on(table.trackId),
    index('affiliate_links_affiliate_idx').on(table.affiliateId),
  ],
);

/**
 * One row per `/hit` the site's pages send: what the visit carried, under the visitor's opaque
 * cookie id. No address, no account, no query string of the referrer (it may hold personal data):
 * kept 90 days (affiliates.hits-retention).
 */
export const trackingHits = pgTable(
  'tracking_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitorId: text('visitor_id').notNull(),
    referrer: text('referrer'),
    trackId: text('track_id'),
    /** The `td_*` parameters, and a `td_`-prefixed track_id moved here (`tracking`), as the spec says. */
    tracking: jsonb('tracking').notNull().default(sql`'{}'::jsonb`),
    seonSession: text('seon_session'),
    affiliateId: integer('affiliate_id'),
    linkId: integer('link_id'),
    /** True when this hit wrote the visitor's first-touch cookie. */
    firstTouch: boolean('first_touch').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tracking_hits_created_idx').on(table.createdAt), index('tracking_hits_affiliate_idx').on(table.affiliateId, table.createdAt)],
);

/** The first-touch attribution of an account, copied from the visitor's cookie at sign-up; written once. */
export const playerAttributions = pgTable(
  'player_attributions',
  {
    userId: integer('user_id').primaryKey(),
    affiliateId: integer('affiliate_id'),
    linkId: integer('link_id'),
    trackId: text('track_id'),
    referrer: text('referrer'),
    tracking: jsonb('tracking').notNull().default(sql`'{}'::jsonb`),
    /** When the first touch happened (the cookie's birth), and when the account was made. */
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first credited deposit, set once by the postback handler (affiliates.first-deposit). */
    firstDepositAt: timestamp('first_deposit_at', { withTimezone: true }),
    firstDepositPaymentId: integer('first_deposit_payment_id'),
    firstDepositAmount: bigint('first_deposit_amount', { mode: 'bigint' }),
    firstDepositCurrency: text('first_deposit_currency'),
  },
  (table) => [
    index('player_attributions_affiliate_registered_idx').on(table.affiliateId, table.registeredAt),
    index('player_attributions_affiliate_ftd_idx').on(table.affiliateId, table.firstDepositAt),
  ],
);

/** A postback owed to a partner: one per affiliate, player and event, delivered by the job runner. */
export const affiliatePostbacks = pgTable(
  'affiliate_postbacks',
  {
    id: serial('id').primaryKey(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id),
    userId: integer('user_id').notNull(),
    event: text('event', { enum: ['signup', 'first_deposit'] }).notNull(),
    /** The values the URL template's placeholders take (track_id, amount, currency ...). */
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('affiliate_postbacks_once').on(table.affiliateId, table.userId, table.event), index('affiliate_postbacks_affiliate_idx').on(table.affiliateId, table.id)],
);
