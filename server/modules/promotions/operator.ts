/**
 * What the back office's marketing screens do with promotions (docs/backoffice.md, "Marketing"):
 * campaigns read and written in the operator's format of `campaign:create` (the same schema
 * checks both, admin.ts), promo codes one by one or in bulk, the bonuses given, and the cashback
 * runs. Each write is one transaction and answers what its audit row records (the router writes
 * the row). Refusals are InvalidParameterException naming the field, in English: the back office
 * translates them (server/backoffice/messages.ts).
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  CampaignDetail,
  CampaignListItem,
  CampaignSpecInput,
  CashbackCampaignItem,
  CashbackRunItem,
  MarketingBonusItem,
  OperatorReward,
  OperatorRewardType,
  PromoCodeItem,
  PromoCodeUseItem,
} from '../../../contract/backoffice-marketing.ts';
import { formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import type { BonusKind, BonusStatus, CampaignPlacement, CampaignReward, CampaignStatus, CashbackStatus } from '../../../contract/promotions.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { campaigns, cashbacks, games, playerBonuses, promoCodes, promoCodeUses } from '../../db/schema.ts';
import { playerSummaries } from '../accounts/index.ts';
import { csvDocument } from '../history/index.ts';
import { campaignRow, type CampaignSpec } from './admin.ts';
import { lastPeriod } from './cashback.ts';
import { rewardSchema } from './rules.ts';
import { normalizeCode } from './service.ts';

type CampaignRow = typeof campaigns.$inferSelect;

const invalid = (field: string, message: string, status?: number) => new AppError('InvalidParameterException', message, { status, fields: { [field]: message } });
const currencyOf = (text: string): CurrencyCode => (isCurrency(text) ? text : 'EUR');
const iso = (date: Date | null) => date?.toISOString() ?? null;

// --- campaigns --------------------------------------------------------------------------------------

/** The operator's reward (major units) of a stored one: the inverse of admin.ts storedReward. */
export function operatorReward(reward: CampaignReward, currency: CurrencyCode): OperatorReward {
  const major = (minor: string) => formatMinor(BigInt(minor), currency);
  switch (reward.type) {
    case 'deposit_match':
      return { type: reward.type, percent: reward.percent, cap: major(reward.cap), min_deposit: major(reward.min_deposit), wagering: reward.multiplier, max_bet: reward.max_bet === null ? null : major(reward.max_bet), days: reward.days };
    case 'fixed_bonus':
      return { type: reward.type, amount: major(reward.amount), wagering: reward.multiplier, max_bet: reward.max_bet === null ? null : major(reward.max_bet), days: reward.days };
    case 'free_spins':
      return { type: reward.type, game: reward.game, spins: reward.spins, stake: major(reward.stake), days: reward.days };
    case 'betting_bonus':
      return reward.kind === 'free_bet' ? { type: 'free_bet', amount: major(reward.amount), days: reward.days } : { type: 'odds_boost', boost_percent: reward.boost_percent, days: reward.days };
    case 'cashback':
      return { type: 'cashback', percent: reward.percent, period_days: reward.period_days, payout: reward.payout, claim_days: reward.claim_days };
  }
}

const operatorRewardType = (row: Pick<CampaignRow, 'reward'>): OperatorRewardType => {
  const reward = rewardSchema.parse(row.reward);
  return reward.type === 'betting_bonus' ? reward.kind : reward.type;
};

/** A stored campaign in the operator's format, as the form edits it. */
export function campaignSpecOf(row: CampaignRow): CampaignSpecInput {
  const currency = currencyOf(row.currency);
  return {
    sysname: row.sysname,
    texts: row.texts as CampaignSpecInput['texts'],
    image_url: row.imageUrl,
    currency,
    trigger: row.trigger,
    reward: operatorReward(rewardSchema.parse(row.reward), currency),
    audience: (row.audience ?? {}) as CampaignSpecInput['audience'],
    placements: row.placements as CampaignPlacement[],
    starts_at: row.startsAt.toISOString(),
    ends_at: iso(row.endsAt),
    priority: row.priority,
  };
}

const isRunning = (row: Pick<CampaignRow, 'status' | 'startsAt' | 'endsAt'>, at: Date) => row.status === 'active' && row.startsAt <= at && (!row.endsAt || row.endsAt > at);

/** Every campaign, newest first, filtered by `status` and a part of its address or English title. */
export async function listOperatorCampaigns(db: Db, input: { status?: CampaignStatus; q?: string }): Promise<CampaignListItem[]> {
  const q = input.q?.trim();
  const rows = await db
    .select({
      row: campaigns,
      // Qualified by hand: Drizzle writes a column in sql`` as its bare name, and inside the subquery
      // a bare "id" is the subquery's own table's (the counts were of rows whose campaign_id was their own id).
      codes: sql<number>`(select count(*)::int from ${promoCodes} where ${promoCodes}.campaign_id = ${campaigns}.id)`,
      bonuses: sql<number>`(select count(*)::int from ${playerBonuses} where ${playerBonuses}.campaign_id = ${campaigns}.id)`,
    })
    .from(campaigns)
    .where(and(input.status ? eq(campaigns.status, input.status) : undefined, q ? or(ilike(campaigns.sysname, `%${q}%`), sql`${campaigns.texts}->'en'->>'title' ilike ${`%${q}%`}`) : undefined))
    .orderBy(desc(campaigns.id))
    .limit(500);
  const now = new Date();
  return rows.map(({ row, codes, bonuses }) => ({
    id: row.id,
    sysname: row.sysname,
    title: ((row.texts as Record<string, { title?: string }>).en?.title ?? row.sysname) || row.sysname,
    trigger: row.trigger,
    reward_type: operatorRewardType(row),
    status: row.status,
    running: isRunning(row, now),
    currency: row.currency,
    starts_at: row.startsAt.toISOString(),
    ends_at: iso(row.endsAt),
    placements: row.placements as CampaignPlacement[],
    priority: row.priority,
    codes,
    bonuses,
    updated_at: row.updatedAt.toISOString(),
  }));
}

async function campaignById(db: Db, id: number, field = 'id'): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw invalid(field, `No campaign with id ${id}`, 404);
  return row;
}

const detailOf = (row: CampaignRow): CampaignDetail => ({
  id: row.id,
  status: row.status,
  running: isRunning(row, new Date()),
  spec: campaignSpecOf(row),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const operatorCampaign = async (db: Db, id: number): Promise<CampaignDetail> => detailOf(await campaignById(db, id));

/** What the schema cannot know: the address is free, a free-spins game exists. */
async function checkAgainstData(db: Db, spec: CampaignSpec, id: number | null) {
  const [taken] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.sysname, spec.sysname));
  if (taken && taken.id !== id) throw invalid('sysname', `A campaign ${spec.sysname} exists already`);
  if (spec.reward.type === 'free_spins') {
    const [game] = await db.select({ sysname: games.sysname }).from(games).where(eq(games.sysname, spec.reward.game));
    if (!game) throw invalid('reward.game', `No game ${spec.reward.game}`);
  }
}

/** A new campaign, always a draft: players see it only once it is published. */
export async function createOperatorCampaign(db: Db, spec: CampaignSpec): Promise<CampaignDetail> {
  await checkAgainstData(db, spec, null);
  const [row] = await db
    .insert(campaigns)
    .values({ ...campaignRow(spec), status: 'draft' })
    .onConflictDoNothing()
    .returning();
  // A twin created between the check and the insert.
  if (!row) throw invalid('sysname', `A campaign ${spec.sysname} exists already`);
  return detailOf(row);
}

/** Replaces a campaign's content and schedule; its status stays (publish and unpublish change it). */
export async function updateOperatorCampaign(db: Db, id: number, spec: CampaignSpec): Promise<{ before: CampaignDetail; after: CampaignDetail }> {
  const current = await campaignById(db, id);
  await checkAgainstData(db, spec, id);
  const values = campaignRow(spec);
  const [row] = await db
    .update(campaigns)
    .set({ ...values, status: current.status, startsAt: spec.starts_at ? values.startsAt : current.startsAt, updatedAt: new Date() })
    .where(eq(campaigns.id, id))
    .returning();
  return { before: detailOf(current), after: detailOf(row) };
}

/** Publish (active: players see it inside its window) or unpublish (paused). */
export async function publishOperatorCampaign(db: Db, id: number, publish: boolean): Promise<{ before: CampaignStatus; after: CampaignDetail }> {
  const current = await campaignById(db, id);
  if (publish) {
    if (current.status === 'active') throw invalid('id', 'This campaign is published already');
    if (current.status === 'ended') throw invalid('id', 'This campaign has ended: create a new one');
    if (current.endsAt && current.endsAt <= new Date()) throw invalid('id', 'Its end is past: change the schedule first');
  } else if (current.status !== 'active') {
    throw invalid('id', 'This campaign is not published');
  }
  const [row] = await db
    .update(campaigns)
    .set({ status: publish ? 'active' : 'paused', updatedAt: new Date() })
    .where(and(eq(campaigns.id, id), eq(campaigns.status, current.status)))
    .returning();
  if (!row) throw invalid('id', 'Someone changed this campaign meanwhile: reload it', 409);
  return { before: current.status, after: detailOf(row) };
}

// --- promo codes ------------------------------------------------------------------------------------

const codeItem = (row: typeof promoCodes.$inferSelect, campaign: string): PromoCodeItem => ({
  id: row.id,
  code: row.code,
  campaign_id: row.campaignId,
  campaign,
  status: row.status,
  uses: row.uses,
  max_uses: row.maxUses,
  expires_at: iso(row.expiresAt),
  created_at: row.createdAt.toISOString(),
});

type CodeFilter = { campaignId?: number; q?: string; status?: 'active' | 'paused' | 'ended' };
const codeWhere = (input: CodeFilter): SQL | undefined =>
  and(
    input.campaignId ? eq(promoCodes.campaignId, input.campaignId) : undefined,
    input.q?.trim() ? ilike(promoCodes.code, `${normalizeCode(input.q).replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    input.status ? eq(promoCodes.status, input.status) : undefined,
  );

/** Codes, newest first, by campaign, beginning of the code and status. */
export async function listOperatorCodes(db: Db, input: CodeFilter & { offset: number; limit: number }): Promise<{ items: PromoCodeItem[]; total: number }> {
  const where = codeWhere(input);
  const [rows, [total]] = await Promise.all([
    db.select({ code: promoCodes, campaign: campaigns.sysname }).from(promoCodes).innerJoin(campaigns, eq(campaigns.id, promoCodes.campaignId)).where(where).orderBy(desc(promoCodes.id)).limit(input.limit).offset(input.offset),
    db.select({ total: count() }).from(promoCodes).where(where),
  ]);
  return { items: rows.map((row) => codeItem(row.code, row.campaign)), total: total.total };
}

type CodeTerms = { campaignId: number; maxUses: number | null; expiresAt: Date | null };

async function checkCodeTerms(db: Db, terms: CodeTerms): Promise<CampaignRow> {
  const campaign = await campaignById(db, terms.campaignId, 'campaign_id');
  if (campaign.status === 'ended') throw invalid('campaign_id', 'This campaign has ended');
  if (terms.expiresAt && terms.expiresAt <= new Date()) throw invalid('expires_at', 'Must be in the future');
  return campaign;
}

/** One code, typed by the operator (stored upper case). */
export async function createOperatorCode(db: Db, input: CodeTerms & { code: string }): Promise<PromoCodeItem> {
  const campaign = await checkCodeTerms(db, input);
  const code = normalizeCode(input.code);
  const [row] = await db.insert(promoCodes).values({ code, campaignId: campaign.id, maxUses: input.maxUses, expiresAt: input.expiresAt }).onConflictDoNothing().returning();
  if (!row) throw invalid('code', `The code ${code} exists already`);
  return codeItem(row, campaign.sysname);
}

/** No 0/O or 1/I: codes are read aloud and typed from paper. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SUFFIX_LENGTH = 8;
const randomSuffix = () => Array.from({ length: SUFFIX_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export const codesCsv = (items: Array<Pick<PromoCodeItem, 'code' | 'campaign' | 'status' | 'uses' | 'max_uses' | 'expires_at' | 'created_at'>>) =>
  csvDocument(
    ['code', 'campaign', 'status', 'uses', 'max_uses', 'expires_at', 'created_at'],
    items.map((item) => [item.code, item.campaign, item.status, item.uses, item.max_uses, item.expires_at, item.created_at]),
  );

/**
 * `count` new codes `PREFIX-XXXXXXXX`, all or none. The random part has 32^8 values; a clash with
 * a code that exists (the unique index) is simply drawn again, so every code answered is new.
 */
export async function createOperatorCodes(db: Db, input: CodeTerms & { prefix: string; count: number }): Promise<{ codes: string[]; csv: string; campaign: string }> {
  const campaign = await checkCodeTerms(db, input);
  const prefix = normalizeCode(input.prefix);
  const codes = await db.transaction(async (tx) => {
    const made: Array<typeof promoCodes.$inferSelect> = [];
    for (let round = 0; made.length < input.count; round++) {
      if (round > 20) throw new Error('could not draw unique promo codes');
      const wanted = new Set<string>();
      while (wanted.size < input.count - made.length) wanted.add(`${prefix ? `${prefix}-` : ''}${randomSuffix()}`);
      for (const chunk of chunks([...wanted], 500)) {
        const rows = await tx
          .insert(promoCodes)
          .values(chunk.map((code) => ({ code, campaignId: campaign.id, maxUses: input.maxUses, expiresAt: input.expiresAt })))
          .onConflictDoNothing()
          .returning();
        made.push(...rows);
      }
    }
    return made;
  });
  return { codes: codes.map((row) => row.code), csv: codesCsv(codes.map((row) => codeItem(row, campaign.sysname))), campaign: campaign.sysname };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

export const CODES_CSV_MAX = 20_000;

/** The codes of a filter as CSV (the newest CODES_CSV_MAX). */
export async function operatorCodesCsv(db: Db, input: CodeFilter): Promise<{ csv: string; rows: number }> {
  const { items } = await listOperatorCodes(db, { ...input, offset: 0, limit: CODES_CSV_MAX });
  return { csv: codesCsv(items), rows: items.length };
}

/** Disables a code: no player can use it any more (its uses stay). */
export async function disableOperatorCode(db: Db, id: number): Promise<{ before: PromoCodeItem; after: PromoCodeItem }> {
  const [current] = await db.select({ code: promoCodes, campaign: campaigns.sysname }).from(promoCodes).innerJoin(campaigns, eq(campaigns.id, promoCodes.campaignId)).where(eq(promoCodes.id, id));
  if (!current) throw invalid('id', `No promo code with id ${id}`, 404);
  if (current.code.status === 'ended') throw invalid('id', 'This code is disabled already');
  const [row] = await db.update(promoCodes).set({ status: 'ended' }).where(eq(promoCodes.id, id)).returning();
  return { before: codeItem(current.code, current.campaign), after: codeItem(row, current.campaign) };
}

/** Who used which code when, newest first, by code or campaign. */
export async function operatorCodeUses(db: Db, input: { codeId?: number; campaignId?: number; offset: number; limit: number }): Promise<{ items: PromoCodeUseItem[]; total: number }> {
  const where = and(input.codeId ? eq(promoCodeUses.promoCodeId, input.codeId) : undefined, input.campaignId ? eq(promoCodes.campaignId, input.campaignId) : undefined);
  const base = () => db.select().from(promoCodeUses).innerJoin(promoCodes, eq(promoCodes.id, promoCodeUses.promoCodeId)).innerJoin(campaigns, eq(campaigns.id, promoCodes.campaignId));
  const [rows, [total]] = await Promise.all([
    base().where(where).orderBy(desc(promoCodeUses.createdAt)).limit(input.limit).offset(input.offset),
    db.select({ total: count() }).from(promoCodeUses).innerJoin(promoCodes, eq(promoCodes.id, promoCodeUses.promoCodeId)).where(where),
  ]);
  const players = await playerSummaries(db, [...new Set(rows.map((row) => row.promo_code_uses.userId))]);
  return {
    items: rows.map((row) => ({
      code: row.promo_codes.code,
      campaign: row.campaigns.sysname,
      user_id: row.promo_code_uses.userId,
      player: players.get(row.promo_code_uses.userId)?.login ?? null,
      used_at: row.promo_code_uses.createdAt.toISOString(),
    })),
    total: total.total,
  };
}

// --- bonuses given ------------------------------------------------------------------------------------

export type BonusFilter = { campaignId?: number; status?: BonusStatus; kind?: BonusKind; from?: Date; to?: Date; userId?: number };

/** Player bonuses, newest first, by campaign, status, kind and the day they were given ([from, to)). */
export async function listGivenBonuses(db: Db, input: BonusFilter & { offset: number; limit: number }): Promise<{ items: MarketingBonusItem[]; total: number }> {
  const where = and(
    input.campaignId ? eq(playerBonuses.campaignId, input.campaignId) : undefined,
    input.status ? eq(playerBonuses.status, input.status) : undefined,
    input.kind ? eq(playerBonuses.kind, input.kind) : undefined,
    input.from ? gte(playerBonuses.createdAt, input.from) : undefined,
    input.to ? lt(playerBonuses.createdAt, input.to) : undefined,
    input.userId ? eq(playerBonuses.userId, input.userId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select({ bonus: playerBonuses, campaign: campaigns.sysname }).from(playerBonuses).leftJoin(campaigns, eq(campaigns.id, playerBonuses.campaignId)).where(where).orderBy(desc(playerBonuses.id)).limit(input.limit).offset(input.offset),
    db.select({ total: count() }).from(playerBonuses).where(where),
  ]);
  const players = await playerSummaries(db, [...new Set(rows.map((row) => row.bonus.userId))]);
  return {
    items: rows.map(({ bonus, campaign }) => {
      const money = (minor: bigint) => formatMinor(minor, currencyOf(bonus.currency));
      return {
        id: bonus.id,
        user_id: bonus.userId,
        player: players.get(bonus.userId)?.login ?? null,
        campaign_id: bonus.campaignId,
        campaign,
        source: bonus.source,
        kind: bonus.kind,
        status: bonus.status,
        currency: bonus.currency,
        amount: money(bonus.amount),
        wagering_required: money(bonus.wageringRequired),
        wagering_done: money(bonus.wageringDone),
        created_at: bonus.createdAt.toISOString(),
        expires_at: bonus.expiresAt.toISOString(),
        finished_at: iso(bonus.finishedAt),
        finish_reason: bonus.finishReason,
      };
    }),
    total: total.total,
  };
}

// --- cashback runs -----------------------------------------------------------------------------------

/**
 * The cashback runs: each computed period of each campaign with its totals (one cashback row per
 * player and period, so a period is a run's outcome however often it was started), newest first.
 */
export async function cashbackRuns(db: Db, input: { campaignId?: number; offset: number; limit: number }): Promise<{ items: CashbackRunItem[]; total: number }> {
  const filter = input.campaignId ? sql`where c.campaign_id = ${input.campaignId}` : sql``;
  const [rows, [total]] = await Promise.all([
    queryRows<{
      campaign_id: number;
      sysname: string;
      currency: string;
      period_start: Date | string;
      period_end: Date | string;
      computed_at: Date | string;
      players: number;
      net_loss: string;
      amount: string;
      paid: string;
      active: number;
      paid_out: number;
      expired: number;
    }>(
      db,
      sql`select c.campaign_id, k.sysname, c.currency, c.period_start, c.period_end, min(c.created_at) as computed_at,
            count(*)::int as players, sum(c.net_loss)::text as net_loss, sum(c.amount)::text as amount,
            coalesce(sum(c.amount) filter (where c.status = 'paid_out'), 0)::text as paid,
            (count(*) filter (where c.status = 'active'))::int as active,
            (count(*) filter (where c.status = 'paid_out'))::int as paid_out,
            (count(*) filter (where c.status = 'expired'))::int as expired
          from ${cashbacks} c join ${campaigns} k on k.id = c.campaign_id ${filter}
          group by c.campaign_id, k.sysname, c.currency, c.period_start, c.period_end
          order by c.period_end desc, c.campaign_id desc
          limit ${input.limit} offset ${input.offset}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from (select 1 from ${cashbacks} c ${filter} group by c.campaign_id, c.period_start) runs`),
  ]);
  return {
    items: rows.map((row) => {
      const money = (minor: string) => formatMinor(BigInt(minor), currencyOf(row.currency));
      return {
        campaign_id: row.campaign_id,
        campaign: row.sysname,
        currency: row.currency,
        period_start: new Date(row.period_start).toISOString(),
        period_end: new Date(row.period_end).toISOString(),
        computed_at: new Date(row.computed_at).toISOString(),
        players: row.players,
        net_loss: money(row.net_loss),
        amount: money(row.amount),
        paid: money(row.paid),
        statuses: { active: row.active, paid_out: row.paid_out, expired: row.expired } satisfies Record<CashbackStatus, number>,
      };
    }),
    total: total.total,
  };
}

/** The cashback campaigns, with the period a run at `at` would compute. */
export async function cashbackCampaigns(db: Db, at: Date): Promise<CashbackCampaignItem[]> {
  const rows = await db.select().from(campaigns).where(eq(campaigns.trigger, 'cashback')).orderBy(asc(campaigns.id));
  return rows.flatMap((row) => {
    const reward = rewardSchema.parse(row.reward);
    if (reward.type !== 'cashback') return [];
    const period = lastPeriod(row.startsAt, reward.period_days, at);
    return [
      {
        id: row.id,
        sysname: row.sysname,
        status: row.status,
        currency: row.currency,
        percent: reward.percent,
        period_days: reward.period_days,
        payout: reward.payout,
        due_period: period ? { start: period.start.toISOString(), end: period.end.toISOString() } : null,
      },
    ];
  });
}
