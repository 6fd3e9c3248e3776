/**
 * What operators do with promotions (`npm run ops -- campaign:... | promo:... | bonus:... |
 * cashback:run`): every change is written to operator_audit with who did it, in the same
 * transaction as the change.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES } from '../../../contract/locales.ts';
import { CURRENCIES, formatMinor, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import { CAMPAIGN_PLACEMENTS, CAMPAIGN_TRIGGERS, type CampaignReward } from '../../../contract/promotions.ts';
import type { Db } from '../../platform/db/database.ts';
import { campaigns, operatorAudit, playerBonuses, promoCodes } from '../../db/schema.ts';
import { auditAs } from '../staff/index.ts';
import { audienceSchema, rewardSchema } from './rules.ts';
import type { Cashback } from './cashback.ts';
import { normalizeCode } from './service.ts';

const sysname = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters, digits and dashes').max(64);
const major = z.string().regex(/^(0|[1-9][0-9]{0,11})\.[0-9]{2}$/, 'an amount like 10.00');
const texts = z.object({
  title: z.string().min(1).max(120),
  summary: z.string().max(300).default(''),
  body: z.string().max(5000).default(''),
  terms: z.string().max(5000).default(''),
  button: z.string().max(40).optional(),
});
const wagering = { wagering: z.number().min(0).max(100), max_bet: major.nullable().default(null), days: z.number().int().min(1).max(365) };

/** A reward as an operator writes it: amounts in major units ("10.00"). */
export const rewardSpec = z.discriminatedUnion('type', [
  z.object({ type: z.literal('deposit_match'), percent: z.number().int().min(1).max(500), cap: major, min_deposit: major, ...wagering }),
  z.object({ type: z.literal('fixed_bonus'), amount: major, ...wagering }),
  z.object({ type: z.literal('free_spins'), game: sysname, spins: z.number().int().min(1).max(1000), stake: major, days: z.number().int().min(1).max(365) }),
  z.object({ type: z.literal('free_bet'), amount: major, days: z.number().int().min(1).max(365) }),
  z.object({ type: z.literal('odds_boost'), boost_percent: z.number().int().min(1).max(100), days: z.number().int().min(1).max(365) }),
  z.object({
    type: z.literal('cashback'),
    percent: z.number().min(0.1).max(50),
    period_days: z.number().int().min(1).max(31).default(7),
    payout: z.enum(['request', 'auto']).default('request'),
    claim_days: z.number().int().min(1).max(365).default(7),
  }),
]);

/** A campaign as an operator writes it (`campaign:create <file>`), times in ISO 8601. */
export const campaignSpecSchema = z
  .object({
    sysname,
    texts: z.partialRecord(z.enum(LOCALES), texts).refine((all) => !!all.en, 'English texts are needed'),
    image_url: z.string().min(1).max(500).nullable().default(null),
    currency: z.enum(Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]]),
    trigger: z.enum(CAMPAIGN_TRIGGERS),
    reward: rewardSpec,
    audience: audienceSchema.default({}),
    placements: z.array(z.enum(CAMPAIGN_PLACEMENTS)).default(['offers', 'promotions']),
    status: z.enum(['draft', 'active', 'paused']).default('active'),
    starts_at: z.iso.datetime({ offset: true }).optional(),
    ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
    priority: z.number().int().min(-1000).max(1000).default(0),
  })
  .superRefine((spec, ctx) => {
    if (spec.ends_at && new Date(spec.ends_at) <= new Date(spec.starts_at ?? Date.now())) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after starts_at' });
    const cashback = spec.reward.type === 'cashback';
    if (cashback !== (spec.trigger === 'cashback')) ctx.addIssue({ code: 'custom', path: ['trigger'], message: 'a cashback reward goes with the cashback trigger, and only it' });
    if (spec.reward.type === 'deposit_match' && spec.trigger !== 'deposit' && spec.trigger !== 'promo_code') {
      ctx.addIssue({ code: 'custom', path: ['trigger'], message: 'a deposit match is given with a deposit' });
    }
    if (spec.trigger === 'promo_code' && spec.reward.type === 'deposit_match') {
      ctx.addIssue({ code: 'custom', path: ['trigger'], message: 'use trigger deposit with audience.requires_code for a deposit match unlocked by a code' });
    }
  });
export type CampaignSpec = z.infer<typeof campaignSpecSchema>;

/** The stored reward (minor units) of an operator's reward. */
export function storedReward(reward: CampaignSpec['reward'], currency: CurrencyCode): CampaignReward {
  const minor = (amount: string) => parseMajor(amount, currency)!.toString();
  switch (reward.type) {
    case 'deposit_match':
      return { type: reward.type, percent: reward.percent, cap: minor(reward.cap), min_deposit: minor(reward.min_deposit), multiplier: reward.wagering, max_bet: reward.max_bet === null ? null : minor(reward.max_bet), days: reward.days };
    case 'fixed_bonus':
      return { type: reward.type, amount: minor(reward.amount), multiplier: reward.wagering, max_bet: reward.max_bet === null ? null : minor(reward.max_bet), days: reward.days };
    case 'free_spins':
      return { type: reward.type, game: reward.game, spins: reward.spins, stake: minor(reward.stake), days: reward.days };
    case 'free_bet':
      return { type: 'betting_bonus', kind: 'free_bet', amount: minor(reward.amount), days: reward.days };
    case 'odds_boost':
      return { type: 'betting_bonus', kind: 'odds_boost', boost_percent: reward.boost_percent, days: reward.days };
    case 'cashback':
      return { type: 'cashback', percent: reward.percent, period_days: reward.period_days, payout: reward.payout, claim_days: reward.claim_days };
  }
}

const problems = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('\n');

export const promoCodeSpecSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{3,64}$/, '3 to 64 letters, digits, - or _'),
  campaign: sysname,
  max_uses: z.number().int().min(1).nullable().default(null),
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
});

/** The stored row of a checked campaign spec (the demo seed writes its campaigns through it too). */
export function campaignRow(spec: CampaignSpec): typeof campaigns.$inferInsert {
  return {
    sysname: spec.sysname,
    texts: spec.texts,
    imageUrl: spec.image_url,
    currency: spec.currency,
    trigger: spec.trigger,
    reward: rewardSchema.parse(storedReward(spec.reward, spec.currency)),
    audience: spec.audience,
    placements: spec.placements,
    status: spec.status,
    startsAt: spec.starts_at ? new Date(spec.starts_at) : new Date(),
    endsAt: spec.ends_at ? new Date(spec.ends_at) : null,
    priority: spec.priority,
  };
}

export function createPromotionsAdmin(db: Db, options: { actor: string; cashback?: Cashback }) {
  const audit = auditAs(options.actor);

  /** Creates a campaign, or throws an Error naming each wrong field; nothing is written then. */
  async function createCampaign(input: unknown): Promise<{ id: number; sysname: string }> {
    const parsed = campaignSpecSchema.safeParse(input);
    if (!parsed.success) throw new Error(problems(parsed.error));
    const spec = parsed.data;
    const values = campaignRow(spec);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(campaigns)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: campaigns.id, sysname: campaigns.sysname });
      if (!row) throw new Error(`a campaign ${spec.sysname} exists already`);
      await audit(tx, 'campaign.create', `campaign:${row.sysname}`, { spec: input as Record<string, unknown> });
      return row;
    });
  }

  /** Schedules (new window), pauses, resumes or ends a campaign. */
  async function setCampaign(name: string, change: { status?: 'active' | 'paused' | 'ended'; startsAt?: Date; endsAt?: Date | null }): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(campaigns)
        .set({
          ...(change.status ? { status: change.status } : {}),
          ...(change.startsAt ? { startsAt: change.startsAt } : {}),
          ...(change.endsAt !== undefined ? { endsAt: change.endsAt } : {}),
          ...(change.status === 'ended' ? { endsAt: sql`least(coalesce(${campaigns.endsAt}, now()), now())` } : {}),
          updatedAt: new Date(),
        })
        .where(eq(campaigns.sysname, name))
        .returning({ id: campaigns.id });
      if (!row) throw new Error(`no campaign ${name}`);
      await audit(tx, 'campaign.update', `campaign:${name}`, {
        status: change.status,
        starts_at: change.startsAt?.toISOString(),
        ends_at: change.endsAt === undefined ? undefined : (change.endsAt?.toISOString() ?? null),
      });
    });
  }

  async function listCampaigns() {
    return db
      .select({ id: campaigns.id, sysname: campaigns.sysname, trigger: campaigns.trigger, status: campaigns.status, currency: campaigns.currency, startsAt: campaigns.startsAt, endsAt: campaigns.endsAt, placements: campaigns.placements })
      .from(campaigns)
      .orderBy(asc(campaigns.id));
  }

  async function createCode(input: unknown): Promise<{ code: string }> {
    const parsed = promoCodeSpecSchema.safeParse(input);
    if (!parsed.success) throw new Error(problems(parsed.error));
    const spec = parsed.data;
    return db.transaction(async (tx) => {
      const [campaign] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.sysname, spec.campaign));
      if (!campaign) throw new Error(`campaign: no campaign ${spec.campaign}`);
      const code = normalizeCode(spec.code);
      const [row] = await tx
        .insert(promoCodes)
        .values({ code, campaignId: campaign.id, maxUses: spec.max_uses, expiresAt: spec.expires_at ? new Date(spec.expires_at) : null })
        .onConflictDoNothing()
        .returning({ code: promoCodes.code });
      if (!row) throw new Error(`code: ${code} exists already`);
      await audit(tx, 'promo.create', `promo:${code}`, { ...spec, code });
      return row;
    });
  }

  async function setCode(code: string, status: 'active' | 'paused' | 'ended'): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx.update(promoCodes).set({ status }).where(eq(promoCodes.code, normalizeCode(code))).returning({ id: promoCodes.id });
      if (!row) throw new Error(`no promo code ${code}`);
      await audit(tx, 'promo.update', `promo:${normalizeCode(code)}`, { status });
    });
  }

  async function listCodes() {
    return db
      .select({ code: promoCodes.code, campaign: campaigns.sysname, status: promoCodes.status, uses: promoCodes.uses, maxUses: promoCodes.maxUses, expiresAt: promoCodes.expiresAt })
      .from(promoCodes)
      .innerJoin(campaigns, eq(campaigns.id, promoCodes.campaignId))
      .orderBy(asc(promoCodes.id));
  }

  /** A player's bonuses with their wagering, newest first. */
  async function playerBonusList(userId: number) {
    const rows = await db.select().from(playerBonuses).where(eq(playerBonuses.userId, userId)).orderBy(desc(playerBonuses.id));
    return rows.map((row) => {
      const money = (value: bigint | null) => (value === null ? null : formatMinor(value, row.currency as CurrencyCode));
      return {
        id: row.id,
        kind: row.kind,
        status: row.status,
        amount: money(row.amount),
        wagering: `${money(row.wageringDone)} / ${money(row.wageringRequired)}`,
        expiresAt: row.expiresAt.toISOString(),
        source: row.source,
        finish: row.finishReason,
      };
    });
  }

  /** Runs the cashback computation now (as the schedule would), audited. */
  async function runCashback(at?: Date): Promise<number> {
    if (!options.cashback) throw new Error('cashback is not wired');
    return db.transaction(async (tx) => {
      const created = await options.cashback!.run(tx, at);
      await audit(tx, 'cashback.run', 'cashback', { at: (at ?? new Date()).toISOString(), created });
      return created;
    });
  }

  /** The latest 100 operator changes, of one subject (e.g. campaign:welcome-bonus) or all. */
  async function auditTrail(subject?: string) {
    return db
      .select()
      .from(operatorAudit)
      .where(subject ? eq(operatorAudit.subject, subject) : undefined)
      .orderBy(desc(operatorAudit.id))
      .limit(100);
  }

  return { createCampaign, setCampaign, listCampaigns, createCode, setCode, listCodes, playerBonusList, runCashback, auditTrail };
}
