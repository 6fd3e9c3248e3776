import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { LocaleCode } from '../../../contract/locales.ts';
import { formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import type { BonusKind, BonusView, CampaignPlacement, CampaignReward, CampaignTrigger, CampaignView, PromoCodeError, RewardView } from '../../../contract/promotions.ts';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { OutboxEvent } from '../../platform/events/outbox.ts';
import type { EventHandler, ScheduledJob } from '../../platform/jobs/index.ts';
import type { Logger } from '../../platform/logger.ts';
import { campaigns, games, payments, playerBonuses, promoCodes, promoCodeUses } from '../../db/schema.ts';
import type { Ledger } from '../ledger/index.ts';
import { createBonusEngine, type BonusRow, type GrantInput, type Titles } from './engine.ts';
import { freeSpinsLeft } from '../catalogue/index.ts';
import { audienceSchema, inAudience, progressPercent, rewardSchema, type PlayerFacts } from './rules.ts';
import { promotionText, type PromotionTextKey } from './texts.ts';

type CampaignRow = typeof campaigns.$inferSelect;

export type PromotionsDeps = {
  db: Db;
  ledger: Ledger;
  logger: Logger;
  /** Called after a commit that wrote outbox rows (the runner delivers them at once). */
  outboxCommitted?: () => void;
  now?: () => Date;
};

export type CampaignQuery = { placement?: CampaignPlacement; trigger?: CampaignTrigger; sysname?: string; ids?: number[]; offset: number; count: number };
export type BonusQuery = { status: 'active' | 'available' | 'history' | 'all'; kind?: BonusKind | 'money'; offset: number; count: number };

const HISTORY: BonusRow['status'][] = ['completed', 'expired', 'forfeited', 'removed'];

export const normalizeCode = (code: string) => code.trim().toUpperCase();

export function createPromotions(deps: PromotionsDeps) {
  const { db, ledger } = deps;
  const now = deps.now ?? (() => new Date());
  const engine = createBonusEngine({ ledger });
  const committed = () => deps.outboxCommitted?.();

  const invalid = (field: string, message: string, details?: Record<string, unknown>) =>
    new AppError('InvalidParameterException', message, { fields: { [field]: message }, details });
  const text = (locale: LocaleCode, key: PromotionTextKey, values?: Record<string, string | number>) => promotionText(locale, key, values);
  const codeError = (locale: LocaleCode, code: PromoCodeError) => invalid('promo_code', text(locale, code), { code });

  // --- campaigns ----------------------------------------------------------------------------------

  /** Running: active, started, not ended (by the given time). */
  const runningAt = (at: Date): SQL =>
    and(eq(campaigns.status, 'active'), lte(campaigns.startsAt, at), or(isNull(campaigns.endsAt), gt(campaigns.endsAt, at)))!;

  const rewardOf = (row: Pick<CampaignRow, 'reward'>): CampaignReward => rewardSchema.parse(row.reward);
  const audienceOf = (row: Pick<CampaignRow, 'audience'>) => audienceSchema.parse(row.audience ?? {});
  const textsOf = (row: Pick<CampaignRow, 'texts'>, locale: LocaleCode) => {
    const all = (row.texts ?? {}) as Record<string, { title?: string; summary?: string; body?: string; terms?: string; button?: string } | undefined>;
    const own = all[locale] ?? all.en ?? {};
    return { title: own.title ?? '', summary: own.summary ?? '', body: own.body ?? '', terms: own.terms ?? '', button: own.button ?? null };
  };
  const titlesOf = (row: Pick<CampaignRow, 'texts'>): Titles =>
    Object.fromEntries(Object.entries((row.texts ?? {}) as Record<string, { title?: string }>).map(([locale, texts]) => [locale, texts?.title ?? '']));

  async function gameNames(sysnames: string[]): Promise<Map<string, string>> {
    if (!sysnames.length) return new Map();
    const rows = await db.select({ sysname: games.sysname, name: games.name }).from(games).where(inArray(games.sysname, sysnames));
    return new Map(rows.map((row) => [row.sysname, row.name]));
  }

  function rewardView(reward: CampaignReward, currency: CurrencyCode, names: Map<string, string>): RewardView {
    const money = (minor: string) => formatMinor(BigInt(minor), currency);
    switch (reward.type) {
      case 'deposit_match':
        return { type: reward.type, percent: reward.percent, cap: money(reward.cap), min_deposit: money(reward.min_deposit), wagering: reward.multiplier, max_bet: reward.max_bet === null ? null : money(reward.max_bet), days: reward.days };
      case 'fixed_bonus':
        return { type: reward.type, amount: money(reward.amount), wagering: reward.multiplier, max_bet: reward.max_bet === null ? null : money(reward.max_bet), days: reward.days };
      case 'free_spins':
        return { type: reward.type, game: reward.game, game_name: names.get(reward.game) ?? reward.game, spins: reward.spins, stake: money(reward.stake), days: reward.days };
      case 'betting_bonus':
        return reward.kind === 'free_bet'
          ? { type: reward.type, kind: 'free_bet', amount: money(reward.amount), boost_percent: null, days: reward.days }
          : { type: reward.type, kind: 'odds_boost', amount: null, boost_percent: reward.boost_percent, days: reward.days };
      case 'cashback':
        return { type: reward.type, percent: reward.percent, period_days: reward.period_days, payout: reward.payout };
    }
  }

  /** What the audience rules need to know about a player (excluding one deposit: the one being credited). */
  async function playerFacts(tx: Db | Tx, userId: number, campaignId: number, excludePayment?: number): Promise<PlayerFacts | null> {
    // Plain SQL with every column qualified: Drizzle writes a single table's columns unqualified,
    // and inside these subqueries "id" would name the subquery's own table.
    const [row] = await queryRows<{ registered_at: Date | string; country: string | null; locale: string; currency: string; has_deposit: boolean; used_code: boolean }>(
      tx,
      sql`select u.registered_at, u.country_code as country, u.locale, u.currency,
            exists (select 1 from payments p where p.user_id = u.id and p.direction = 'deposit' and p.status = 'success'
                    and p.id <> ${excludePayment ?? -1}) as has_deposit,
            exists (select 1 from promo_code_uses cu join promo_codes c on c.id = cu.promo_code_id
                    where cu.user_id = u.id and c.campaign_id = ${campaignId}) as used_code
          from users u where u.id = ${userId}`,
    );
    if (!row) return null;
    return {
      registeredAt: new Date(row.registered_at),
      country: row.country,
      locale: row.locale,
      currency: row.currency,
      hasDeposit: row.has_deposit,
      usedCode: row.used_code,
    };
  }

  /** Whether a player took a campaign already (its rewards are once per player). */
  async function takenBy(tx: Db | Tx, userId: number, campaignIds: number[]): Promise<Set<number>> {
    if (!campaignIds.length) return new Set();
    const rows = await tx
      .selectDistinct({ id: playerBonuses.campaignId })
      .from(playerBonuses)
      .where(and(eq(playerBonuses.userId, userId), inArray(playerBonuses.campaignId, campaignIds)));
    return new Set(rows.map((row) => row.id!));
  }

  /** Whether the player may take the campaign by its audience and currency, as of `at`. */
  async function inCampaignAudience(tx: Db | Tx, userId: number, campaign: CampaignRow, at: Date): Promise<boolean> {
    const facts = await playerFacts(tx, userId, campaign.id);
    return !!facts && facts.currency === campaign.currency && inAudience(audienceOf(campaign), facts, at);
  }

  /**
   * Gives the player a campaign's reward, once: the source key `campaign:<id>:user:<uid>` makes a
   * second grant, whatever raced it, answer the first (a campaign is taken once per player).
   */
  const grantCampaign = (tx: Tx, userId: number, campaign: CampaignRow, at: Date, extra: Partial<Pick<GrantInput, 'reward' | 'deposit' | 'activateNow'>> = {}) =>
    engine.grant(tx, {
      userId,
      currency: campaign.currency as CurrencyCode,
      source: `campaign:${campaign.id}:user:${userId}`,
      reward: extra.reward ?? rewardOf(campaign),
      campaignId: campaign.id,
      titles: titlesOf(campaign),
      now: at,
      deposit: extra.deposit,
      activateNow: extra.activateNow,
    });

  async function eligibility(tx: Db | Tx, row: CampaignRow, userId: number, taken: Set<number>): Promise<NonNullable<CampaignView['eligibility']>> {
    if (row.trigger !== 'cashback' && taken.has(row.id)) return { eligible: false, reason: 'taken' };
    const facts = await playerFacts(tx, userId, row.id);
    if (!facts) return { eligible: false, reason: 'audience' };
    if (facts.currency !== row.currency) return { eligible: false, reason: 'currency' };
    return inAudience(audienceOf(row), facts, now()) ? { eligible: true, reason: null } : { eligible: false, reason: 'audience' };
  }

  async function views(rows: CampaignRow[], viewer: number | null, locale: LocaleCode): Promise<CampaignView[]> {
    const names = await gameNames(rows.flatMap((row) => (row.reward as { type: string; game?: string }).type === 'free_spins' ? [(row.reward as { game: string }).game] : []));
    const taken = viewer === null ? new Set<number>() : await takenBy(db, viewer, rows.map((row) => row.id));
    return Promise.all(
      rows.map(async (row) => {
        const texts = textsOf(row, locale);
        const currency = row.currency as CurrencyCode;
        const elig = viewer === null ? null : await eligibility(db, row, viewer, taken);
        return {
          id: row.id,
          sysname: row.sysname,
          trigger: row.trigger,
          ...texts,
          image_url: row.imageUrl,
          currency,
          starts_at: row.startsAt.toISOString(),
          ends_at: row.endsAt?.toISOString() ?? null,
          placements: row.placements as CampaignPlacement[],
          reward: rewardView(rewardOf(row), currency, names),
          eligibility: elig,
          // Spec 2, section 4: deposit offers show for guests and for players who meet the conditions.
          trigger_info: { action: row.trigger, user_satisfies_params: elig?.eligible ?? true, params: { exclude_methods: [] } },
        };
      }),
    );
  }

  /** Running campaigns in a placement (or by trigger, sysname, ids), by priority then newest. */
  async function listCampaigns(input: CampaignQuery, viewer: number | null, locale: LocaleCode) {
    const at = now();
    const where = and(
      runningAt(at),
      input.placement ? sql`${input.placement} = any(${campaigns.placements})` : undefined,
      input.trigger ? eq(campaigns.trigger, input.trigger) : undefined,
      input.sysname ? eq(campaigns.sysname, input.sysname) : undefined,
      input.ids?.length ? inArray(campaigns.id, input.ids) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db.select().from(campaigns).where(where).orderBy(desc(campaigns.priority), desc(campaigns.startsAt), asc(campaigns.id)).limit(input.count).offset(input.offset),
      db.select({ total: count() }).from(campaigns).where(where),
    ]);
    return { items: await views(rows, viewer, locale), total: total.total };
  }

  /** One running campaign by its address, or null. */
  async function campaignBySysname(sysname: string, viewer: number | null, locale: LocaleCode): Promise<CampaignView | null> {
    const { items } = await listCampaigns({ sysname, offset: 0, count: 1 }, viewer, locale);
    return items[0] ?? null;
  }

  /**
   * Any campaign as the site would show it to a guest, whatever its status or window: the back
   * office previews a draft with the site's own components before publishing it. Null: no such id.
   */
  async function previewCampaign(id: number, locale: LocaleCode): Promise<CampaignView | null> {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    return row ? (await views([row], null, locale))[0] : null;
  }

  // --- promo codes --------------------------------------------------------------------------------

  async function findCode(tx: Db | Tx, code: string) {
    const [row] = await tx
      .select({ code: promoCodes, campaign: campaigns })
      .from(promoCodes)
      .innerJoin(campaigns, eq(campaigns.id, promoCodes.campaignId))
      .where(eq(promoCodes.code, normalizeCode(code)));
    return row ?? null;
  }

  function codeProblem(found: Awaited<ReturnType<typeof findCode>>, at: Date): PromoCodeError | null {
    if (!found) return 'NOT_FOUND';
    const { code, campaign } = found;
    if (code.status === 'ended' || (code.expiresAt && code.expiresAt <= at)) return 'EXPIRED';
    if (campaign.status === 'ended' || (campaign.endsAt && campaign.endsAt <= at)) return 'EXPIRED';
    if (code.status !== 'active' || campaign.status !== 'active' || campaign.startsAt > at) return 'INVALID';
    if (code.maxUses !== null && code.uses >= code.maxUses) return 'EXHAUSTED';
    return null;
  }

  /** Whether a code can be used now (by this player, when signed in); throws the spec's typed error otherwise. */
  async function checkCode(code: string, viewer: number | null, locale: LocaleCode): Promise<{ valid: true; promo_code: string; campaign: CampaignView }> {
    if (!normalizeCode(code) || normalizeCode(code).length > 64) throw codeError(locale, 'INVALID');
    const found = await findCode(db, code);
    const problem = codeProblem(found, now());
    if (problem) throw codeError(locale, problem);
    if (viewer !== null) {
      const [used] = await db.select({ at: promoCodeUses.createdAt }).from(promoCodeUses).where(and(eq(promoCodeUses.promoCodeId, found!.code.id), eq(promoCodeUses.userId, viewer)));
      if (used) throw codeError(locale, 'USED');
    }
    const [campaign] = await views([found!.campaign], viewer, locale);
    return { valid: true, promo_code: found!.code.code, campaign };
  }

  /**
   * Uses a promo code, once per player: the use is recorded, the code's count moves (never past
   * its maximum), and the campaign's reward is granted, or for a deposit campaign the offer is
   * unlocked for the player's next deposit. All or nothing.
   */
  async function activateCode(userId: number, code: string, locale: LocaleCode): Promise<{ promo_code: string; campaign: CampaignView; bonus: BonusView | null }> {
    if (!normalizeCode(code) || normalizeCode(code).length > 64) throw codeError(locale, 'INVALID');
    const at = now();
    const bonus = await db.transaction(async (tx) => {
      const found = await findCode(tx, code);
      const problem = codeProblem(found, at);
      if (problem) throw codeError(locale, problem);
      const { code: promo, campaign } = found!;
      const inserted = await tx.insert(promoCodeUses).values({ promoCodeId: promo.id, userId }).onConflictDoNothing().returning();
      if (!inserted.length) throw codeError(locale, 'USED');
      // The maximum holds under concurrency: the update counts only while below it.
      const counted = await tx
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1` })
        .where(and(eq(promoCodes.id, promo.id), or(isNull(promoCodes.maxUses), sql`${promoCodes.uses} < ${promoCodes.maxUses}`)))
        .returning({ id: promoCodes.id });
      if (!counted.length) throw codeError(locale, 'EXHAUSTED');
      if (!(await inCampaignAudience(tx, userId, campaign, at))) throw codeError(locale, 'NOT_ELIGIBLE');
      if (campaign.trigger === 'deposit' || campaign.trigger === 'cashback') return null;
      const taken = await takenBy(tx, userId, [campaign.id]);
      if (taken.has(campaign.id)) throw codeError(locale, 'USED');
      return (await grantCampaign(tx, userId, campaign, at)).bonus;
    });
    committed();
    const found = await findCode(db, code);
    const [campaign] = await views([found!.campaign], userId, locale);
    return { promo_code: found!.code.code, campaign, bonus: bonus ? (await bonusViews([bonus], locale))[0] : null };
  }

  // --- operator grants (back office) ---------------------------------------------------------------

  /**
   * Whether an operator may grant this campaign's reward by hand: not ended, and its reward is
   * one that stands alone (a deposit match needs its deposit; a cashback campaign pays by period).
   * Audience rules are for self-service and are not checked: the operator decides.
   */
  const grantableAt = (at: Date): SQL =>
    and(inArray(campaigns.status, ['active', 'paused', 'draft']), or(isNull(campaigns.endsAt), gt(campaigns.endsAt, at)), inArray(campaigns.trigger, ['promo_code', 'manual']))!;

  const standsAlone = (row: CampaignRow) => rewardOf(row).type !== 'deposit_match';

  /** Campaigns an operator may grant to a player of this currency, by priority then newest. */
  async function grantableCampaigns(currency: CurrencyCode, locale: LocaleCode): Promise<CampaignView[]> {
    const rows = await db
      .select()
      .from(campaigns)
      .where(and(grantableAt(now()), eq(campaigns.currency, currency)))
      .orderBy(desc(campaigns.priority), desc(campaigns.startsAt), asc(campaigns.id))
      .limit(200);
    return views(rows.filter(standsAlone), null, locale);
  }

  /**
   * Grants a campaign's reward to a player on an operator's decision (bonus money, free spins, a
   * free bet or an odds boost), once per player and campaign as every grant of a campaign is.
   */
  async function grantByOperator(userId: number, campaignId: number, locale: LocaleCode): Promise<BonusView> {
    const at = now();
    const bonus = await db.transaction(async (tx) => {
      const [campaign] = await tx.select().from(campaigns).where(and(eq(campaigns.id, campaignId), grantableAt(at)));
      if (!campaign || !standsAlone(campaign)) throw invalid('campaign_id', 'No campaign with this id can be granted: it has ended, or it pays with a deposit or by period');
      const facts = await playerFacts(tx, userId, campaign.id);
      if (!facts) throw invalid('id', 'No such player');
      if (facts.currency !== campaign.currency) throw invalid('campaign_id', `This campaign pays in ${campaign.currency}; the player's account is in ${facts.currency}`);
      const granted = await grantCampaign(tx, userId, campaign, at);
      if (!granted.created) throw invalid('campaign_id', 'The player has had this campaign already');
      return granted.bonus;
    });
    committed();
    return (await bonusViews([bonus], locale))[0];
  }

  // --- offers -------------------------------------------------------------------------------------

  async function requireRunning(tx: Db | Tx, campaignId: number, locale: LocaleCode): Promise<CampaignRow> {
    const [row] = await tx.select().from(campaigns).where(and(eq(campaigns.id, campaignId), runningAt(now())));
    if (!row) throw invalid('offer_id', text(locale, 'offerUnknown'));
    return row;
  }

  /** Takes an offer that a button gives (trigger manual): its reward is granted once. */
  async function takeOffer(userId: number, campaignId: number, locale: LocaleCode): Promise<BonusView> {
    const at = now();
    const bonus = await db.transaction(async (tx) => {
      const campaign = await requireRunning(tx, campaignId, locale);
      if (campaign.trigger === 'deposit') throw invalid('offer_id', text(locale, 'offerAtDeposit'));
      if (campaign.trigger !== 'manual') throw invalid('offer_id', text(locale, 'offerNotEligible'));
      if (!(await inCampaignAudience(tx, userId, campaign, at))) throw invalid('offer_id', text(locale, 'offerNotEligible'));
      const granted = await grantCampaign(tx, userId, campaign, at);
      if (!granted.created) throw invalid('offer_id', text(locale, 'offerTaken'));
      return granted.bonus;
    });
    committed();
    return (await bonusViews([bonus], locale))[0];
  }

  /**
   * Checks a deposit's chosen offer before the deposit is made (payments.makeDeposit): running,
   * a deposit offer, this player's to take, and the amount at least its minimum. -1 is none.
   */
  async function checkDepositOffer(userId: number, campaignId: number, amount: bigint, locale: LocaleCode): Promise<void> {
    if (campaignId <= 0) return;
    const campaign = await requireRunning(db, campaignId, locale).catch(() => {
      throw invalid('campaign_offer_id', text(locale, 'offerUnknown'));
    });
    if (campaign.trigger !== 'deposit') throw invalid('campaign_offer_id', text(locale, 'offerNotEligible'));
    const elig = await eligibility(db, campaign, userId, await takenBy(db, userId, [campaign.id]));
    if (!elig.eligible) throw invalid('campaign_offer_id', text(locale, elig.reason === 'taken' ? 'offerTaken' : 'offerNotEligible'));
    const reward = rewardOf(campaign);
    if (reward.type === 'deposit_match' && amount < BigInt(reward.min_deposit)) {
      throw invalid('campaign_offer_id', text(locale, 'offerMinDeposit', { amount: `${formatMinor(BigInt(reward.min_deposit), campaign.currency as CurrencyCode)} ${campaign.currency}` }));
    }
  }

  /**
   * A credited deposit that chose an offer gets its reward (once per player and campaign), in the
   * job that handles the deposit's event: the conditions are checked again as of now.
   */
  const depositOfferHandler: EventHandler = {
    name: 'promotions.deposit-offer',
    events: ['cashier.deposit'],
    async handle(event: OutboxEvent, tx: Tx) {
      const payload = event.payload as { paymentId?: number; status?: string };
      if (event.userId === null || payload.status !== 'success' || !payload.paymentId) return;
      const [payment] = await tx.select().from(payments).where(eq(payments.id, payload.paymentId));
      if (!payment || payment.campaignOfferId <= 0 || payment.status !== 'success') return;
      const at = now();
      const [campaign] = await tx.select().from(campaigns).where(and(eq(campaigns.id, payment.campaignOfferId), runningAt(at)));
      if (!campaign || campaign.trigger !== 'deposit' || campaign.currency !== payment.currency) {
        deps.logger.info({ payment: payment.publicId, campaign: payment.campaignOfferId }, 'deposit offer no longer running: no bonus');
        return;
      }
      const facts = await playerFacts(tx, event.userId, campaign.id, payment.id);
      if (!facts || !inAudience(audienceOf(campaign), facts, at)) return;
      const reward = rewardOf(campaign);
      if (reward.type === 'deposit_match' && payment.amount < BigInt(reward.min_deposit)) return;
      await grantCampaign(tx, event.userId, campaign, at, { reward, deposit: { paymentId: payment.id, amount: payment.amount }, activateNow: true });
    },
  };

  // --- bonuses ------------------------------------------------------------------------------------

  async function bonusViews(rows: BonusRow[], locale: LocaleCode): Promise<BonusView[]> {
    const balances = new Map<string, bigint>();
    for (const row of rows) {
      if (row.kind === 'bonus' && row.status === 'active' && !balances.has(`${row.userId}:${row.currency}`)) {
        balances.set(`${row.userId}:${row.currency}`, (await ledger.balances(row.userId, row.currency)).bonus);
      }
    }
    const names = await gameNames(rows.flatMap((row) => (row.kind === 'free_spins' ? [String((row.details as { game?: string }).game)] : [])));
    const spinsLeft = await freeSpinsLeft(db, rows.filter((row) => row.kind === 'free_spins').map((row) => row.id));
    return rows.map((row) => {
      const currency = (isCurrency(row.currency) ? row.currency : 'EUR') as CurrencyCode;
      const money = (value: bigint) => formatMinor(value, currency);
      const titles = (row.titles ?? {}) as Titles;
      const details = (row.details ?? {}) as Record<string, unknown>;
      return {
        id: row.id,
        kind: row.kind,
        status: row.status,
        title: titles[locale] || titles.en || '',
        description: describe(row, locale, names),
        currency,
        amount: money(row.amount),
        balance: row.kind === 'bonus' && row.status === 'active' ? money(balances.get(`${row.userId}:${row.currency}`) ?? 0n) : null,
        wagering:
          row.kind === 'bonus'
            ? { required: money(row.wageringRequired), done: money(row.wageringDone), percent: progressPercent(row.wageringDone, row.wageringRequired) }
            : null,
        max_bet: row.maxBet === null ? null : money(row.maxBet),
        expires_at: row.expiresAt.toISOString(),
        activated_at: row.activatedAt?.toISOString() ?? null,
        finished_at: row.finishedAt?.toISOString() ?? null,
        finish_reason: row.finishReason,
        converted: row.convertedAmount === null ? null : money(row.convertedAmount),
        forfeited: row.forfeitedAmount === null ? null : money(row.forfeitedAmount),
        details: {
          ...details,
          // A pack's spins left, as its slot counts them down.
          ...(row.kind === 'free_spins' ? { game_name: names.get(String(details.game)) ?? details.game, spins_left: spinsLeft.get(row.id)?.remaining ?? null } : {}),
        },
        created_at: row.createdAt.toISOString(),
      };
    });
  }

  function describe(row: BonusRow, locale: LocaleCode, names: Map<string, string>): string {
    const currency = (isCurrency(row.currency) ? row.currency : 'EUR') as CurrencyCode;
    const money = (value: bigint | string) => `${formatMinor(BigInt(value), currency)} ${currency}`;
    const details = (row.details ?? {}) as Record<string, string | number>;
    switch (row.kind) {
      case 'bonus': {
        const base = text(locale, 'fixedBonus', { amount: money(row.amount) });
        if (row.wageringRequired === 0n) return base;
        const multiplier = row.amount > 0n ? Number((row.wageringRequired * 100n) / row.amount) / 100 : 0;
        return `${base} · ${text(locale, 'wagering', { multiplier, days: row.validDays })}`;
      }
      case 'free_spins':
        return text(locale, 'freeSpins', { spins: details.spins ?? 0, game: names.get(String(details.game)) ?? String(details.game) });
      case 'betting_bonus':
        return details.type === 'free_bet' ? text(locale, 'freeBet', { amount: money(row.amount) }) : text(locale, 'oddsBoost', { percent: details.boost_percent ?? 0 });
      case 'cashback_boost':
        return text(locale, 'cashbackReward', { percent: details.percent ?? 0, days: row.validDays });
    }
  }

  /** A player's bonuses: active, available (to activate), history (finished), or all; newest first. */
  async function listBonuses(userId: number, input: BonusQuery, locale: LocaleCode) {
    const statuses: BonusRow['status'][] = input.status === 'history' ? HISTORY : input.status === 'all' ? [...HISTORY, 'active', 'available'] : [input.status];
    const kinds: BonusKind[] | undefined = input.kind === 'money' ? ['bonus', 'free_spins', 'cashback_boost'] : input.kind ? [input.kind] : undefined;
    const where = and(eq(playerBonuses.userId, userId), inArray(playerBonuses.status, statuses), kinds ? inArray(playerBonuses.kind, kinds) : undefined);
    const [rows, [total]] = await Promise.all([
      db.select().from(playerBonuses).where(where).orderBy(desc(playerBonuses.createdAt), desc(playerBonuses.id)).limit(input.count).offset(input.offset),
      db.select({ total: count() }).from(playerBonuses).where(where),
    ]);
    return { items: await bonusViews(rows, locale), total: total.total };
  }

  async function ownBonus(tx: Tx, userId: number, bonusId: number, locale: LocaleCode, kinds?: BonusKind[]): Promise<BonusRow> {
    const row = await engine.lockBonus(tx, bonusId);
    if (!row || row.userId !== userId || (kinds && !kinds.includes(row.kind))) throw invalid('bonus_id', text(locale, 'bonusUnknown'));
    return row;
  }

  /** Activates an available bonus (money, free bet, boost); bonus money needs no other active bonus. */
  async function activateBonus(userId: number, bonusId: number, locale: LocaleCode, kinds?: BonusKind[]): Promise<BonusView> {
    const at = now();
    const row = await db.transaction(async (tx) => {
      const bonus = await ownBonus(tx, userId, bonusId, locale, kinds);
      if (bonus.status !== 'available' || bonus.expiresAt <= at) throw invalid('bonus_id', text(locale, 'bonusNotAvailable'));
      if (bonus.kind === 'bonus' && (await engine.activeBonus(tx, userId, bonus.currency))) throw invalid('bonus_id', text(locale, 'anotherActive'));
      return engine.activate(tx, bonus, at);
    });
    committed();
    return (await bonusViews([row], locale))[0];
  }

  /**
   * Removes a bonus: an available one is dropped (nothing moved), an active one is forfeited (what
   * is left of its money returns to the house). Either way it is the player's own decision.
   */
  async function removeBonus(userId: number, bonusId: number, locale: LocaleCode, kinds?: BonusKind[], options: { activeOnly?: boolean } = {}): Promise<BonusView> {
    const at = now();
    const row = await db.transaction(async (tx) => {
      const bonus = await ownBonus(tx, userId, bonusId, locale, kinds);
      if (bonus.status === 'available' && !options.activeOnly) {
        const [removed] = await tx.update(playerBonuses).set({ status: 'removed', finishedAt: at, finishReason: 'removed by the player' }).where(eq(playerBonuses.id, bonus.id)).returning();
        return removed;
      }
      if (bonus.status !== 'active') throw invalid('bonus_id', text(locale, 'bonusNotActive'));
      return engine.finish(tx, bonus, 'forfeited', 'removed by the player', at);
    });
    committed();
    return (await bonusViews([row], locale))[0];
  }

  /**
   * Conversion of a wagered bonus (job runner): each real-money bet counts its own wagering in its
   * transaction (decision 015); a bet that met the requirement queues this job, which moves what is
   * left of the bonus to main money, once (docs/promotions.md). Other bets queue nothing.
   */
  const wageringHandler: EventHandler = {
    name: 'promotions.wagered',
    events: ['game.bet'],
    dispatchWhen: sql`exists (select 1 from ${playerBonuses} b where b.user_id = s.user_id and b.kind = 'bonus' and b.status = 'active' and b.wagering_done >= b.wagering_required)`,
    async handle(event: OutboxEvent, tx: Tx) {
      const payload = event.payload as { mode?: string; currency?: string };
      if (event.userId === null || payload.mode !== 'real' || !payload.currency) return;
      await engine.completeWagered(tx, event.userId, payload.currency);
    },
  };

  /**
   * Ends what is due, every minute, safe to run twice or in two processes at once (each bonus is
   * locked and its status checked): an available bonus not activated in time expires, an active
   * one whose time ran out forfeits what is left of its money.
   */
  async function expireDue(tx: Tx, at = now(), limit = 500): Promise<number> {
    const due = await tx
      .select({ id: playerBonuses.id })
      .from(playerBonuses)
      .where(and(inArray(playerBonuses.status, ['available', 'active']), lte(playerBonuses.expiresAt, at)))
      .orderBy(asc(playerBonuses.expiresAt))
      .limit(limit);
    let ended = 0;
    for (const { id } of due) {
      const bonus = await engine.lockBonus(tx, id);
      if (!bonus || bonus.expiresAt > at || (bonus.status !== 'available' && bonus.status !== 'active')) continue;
      if (bonus.status === 'available') await tx.update(playerBonuses).set({ status: 'expired', finishedAt: at, finishReason: 'not activated in time' }).where(eq(playerBonuses.id, id));
      // Wagered in time, its conversion job not run yet: the player earned it.
      else if (bonus.wageringDone >= bonus.wageringRequired) await engine.finish(tx, bonus, 'completed', 'wagered', at);
      else await engine.finish(tx, bonus, 'expired', 'time ran out', at);
      ended++;
    }
    return ended;
  }

  const expireJob: ScheduledJob = {
    name: 'promotions.expire-bonuses',
    cron: '* * * * *',
    run: async (tx) => void (await expireDue(tx)),
  };

  /**
   * Before a withdrawal is reserved (payments.makeWithdrawal, in its transaction): a player
   * wagering a bonus must confirm that the withdrawal removes it (the burn-bonuses confirm); with
   * `burn`, the bonus is forfeited in the same transaction as the reserve.
   */
  async function beforeWithdrawal(tx: Tx, userId: number, currency: string, burn: boolean, locale: LocaleCode): Promise<void> {
    const active = await engine.activeBonus(tx, userId, currency);
    if (!active) return;
    if (!burn) {
      const balance = await engine.lockedBonusBalance(tx, userId, currency);
      const money = `${formatMinor(balance, currency as CurrencyCode)} ${currency}`;
      const message = text(locale, 'burnBonuses', { balance: money, percent: progressPercent(active.wageringDone, active.wageringRequired) });
      throw new AppError('WithdrawalDeclinedException', message, {
        fields: { burn_bonuses: message },
        details: { burn_bonuses: true, bonus_id: active.id, bonus_balance: formatMinor(balance, currency as CurrencyCode) },
      });
    }
    await engine.finish(tx, active, 'forfeited', 'withdrawal requested', now());
  }

  return {
    listCampaigns,
    campaignBySysname,
    previewCampaign,
    checkCode,
    activateCode,
    takeOffer,
    checkDepositOffer,
    listBonuses,
    grantableCampaigns,
    grantByOperator,
    activateBonus,
    removeBonus,
    expireDue,
    beforeWithdrawal,
    /** Gives a reward to a player inside the caller's transaction, once per source (loyalty shop, tournaments). */
    grant: engine.grant,
    engine,
    handlers: [depositOfferHandler, wageringHandler],
    jobs: [expireJob],
  };
}

export type Promotions = ReturnType<typeof createPromotions>;
