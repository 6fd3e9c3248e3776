import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

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
