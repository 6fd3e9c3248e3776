/**
 * The loyalty programme as the back office manages it (docs/backoffice.md, "Marketing: loyalty and
 * tournaments"): the active programme's levels (threshold, earn rate, perks), the characters and
 * the shop's products, each in both languages. Every change answers what it replaced, for the
 * audit row the back office's router writes; a refused change names its field and writes nothing.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LoyaltyAdminAnswer, LoyaltyCharacterForm, LoyaltyLevelForm, LoyaltyProductForm, LoyaltyRewardForm } from '../../../contract/backoffice-loyalty-tournaments.ts';
import { POINTS_ALIAS, type LoyaltyProductKind } from '../../../contract/loyalty.ts';
import { CURRENCIES, formatMinor, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import type { CampaignReward } from '../../../contract/promotions.ts';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { games, loyaltyCharacters, loyaltyLevels, loyaltyProducts, loyaltyPrograms, loyaltyPurchases, loyaltyTotals } from '../../db/schema.ts';
import { storedReward } from '../promotions/index.ts';
import { GAME_TYPE_FACTORS } from './rules.ts';

const sysname = z.string().trim().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64);
const id = z.number().int().min(1).max(2_147_483_647).optional();
const both = <T extends z.ZodType>(schema: T) => z.object({ en: schema, fr: schema });
const major = z.string().trim().regex(/^(0|[1-9][0-9]{0,11})\.[0-9]{2}$/);
const days = z.number().int().min(1).max(365);
const imageUrl = z.string().trim().max(500).regex(/^(\/|https:\/\/)/);

export const levelFormSchema = z.object({
  id,
  sysname,
  names: both(z.string().trim().min(1).max(40)),
  threshold: z.number().int().min(0).max(1_000_000_000),
  earn_rate: z.number().int().min(0).max(1000),
  perks: both(z.array(z.string().trim().min(1).max(120)).max(10)),
});

export const characterFormSchema = z.object({
  id,
  sysname,
  names: both(z.string().trim().min(1).max(40)),
  descriptions: both(z.string().trim().max(300)),
  image_url: imageUrl,
  position: z.number().int().min(0).max(10_000),
  is_active: z.boolean(),
});

const rewardFormSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fixed_bonus'), amount: major, wagering: z.number().min(0).max(100), max_bet: major.nullable(), days }),
  z.object({ type: z.literal('free_spins'), game: sysname, spins: z.number().int().min(1).max(1000), stake: major, days }),
  z.object({ type: z.literal('cashback'), percent: z.number().min(0.1).max(50), period_days: z.number().int().min(1).max(31), payout: z.enum(['request', 'auto']), claim_days: days }),
]);

export const productFormSchema = z.object({
  id,
  sysname,
  kind: z.enum(['bonus_money', 'free_spins', 'cashback_boost']),
  price: z.number().int().min(1).max(100_000_000),
  min_level: z.number().int().min(1).max(1000),
  currency: z.enum(Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]]),
  reward: rewardFormSchema,
  texts: both(z.object({ name: z.string().trim().min(1).max(80), description: z.string().trim().max(300) })),
  image_url: imageUrl.nullable(),
  position: z.number().int().min(0).max(10_000),
  is_active: z.boolean(),
});

type LevelInput = z.infer<typeof levelFormSchema>;
type CharacterInput = z.infer<typeof characterFormSchema>;
type ProductInput = z.infer<typeof productFormSchema>;

/** Which reward each kind of product grants (the shop's cards and the player's bonuses say the same). */
export const REWARD_OF_KIND: Record<LoyaltyProductKind, LoyaltyRewardForm['type']> = { bonus_money: 'fixed_bonus', free_spins: 'free_spins', cashback_boost: 'cashback' };

const invalid = (field: string, message: string, status?: number) => new AppError('InvalidParameterException', message, { fields: { [field]: message }, status });

type LevelRow = typeof loyaltyLevels.$inferSelect;
type CharacterRow = typeof loyaltyCharacters.$inferSelect;
type ProductRow = typeof loyaltyProducts.$inferSelect;

const texts = (value: unknown) => {
  const all = (value ?? {}) as Record<string, string | undefined>;
  return { en: all.en ?? '', fr: all.fr ?? all.en ?? '' };
};

const levelForm = (row: LevelRow): Required<LoyaltyLevelForm> => {
  const perks = (row.perks ?? {}) as Record<string, string[] | undefined>;
  return { id: row.id, sysname: row.sysname, names: texts(row.names), threshold: row.threshold, earn_rate: row.earnRate, perks: { en: perks.en ?? [], fr: perks.fr ?? perks.en ?? [] } };
};

const characterForm = (row: CharacterRow): Required<LoyaltyCharacterForm> => ({
  id: row.id,
  sysname: row.sysname,
  names: texts(row.names),
  descriptions: texts(row.descriptions),
  image_url: row.imageUrl,
  position: row.position,
  is_active: row.isActive,
});

/** A stored reward (minor units) as the form writes it (major units). */
export function rewardFormOf(reward: CampaignReward, currency: CurrencyCode): LoyaltyRewardForm {
  const major_ = (minor: string) => formatMinor(BigInt(minor), currency);
  switch (reward.type) {
    case 'fixed_bonus':
      return { type: 'fixed_bonus', amount: major_(reward.amount), wagering: reward.multiplier, max_bet: reward.max_bet === null ? null : major_(reward.max_bet), days: reward.days };
    case 'free_spins':
      return { type: 'free_spins', game: reward.game, spins: reward.spins, stake: major_(reward.stake), days: reward.days };
    case 'cashback':
      return { type: 'cashback', percent: reward.percent, period_days: reward.period_days, payout: reward.payout, claim_days: reward.claim_days };
    default:
      throw new Error(`a shop product with a ${reward.type} reward`);
  }
}

const productForm = (row: ProductRow): Required<Omit<LoyaltyProductForm, 'image_url'>> & { image_url: string | null } => {
  const all = (row.texts ?? {}) as Record<string, { name?: string; description?: string } | undefined>;
  const text = (locale: 'en' | 'fr') => ({ name: all[locale]?.name ?? all.en?.name ?? '', description: all[locale]?.description ?? all.en?.description ?? '' });
  return {
    id: row.id,
    sysname: row.sysname,
    kind: row.kind,
    price: row.price,
    min_level: row.minLevel,
    currency: row.currency as CurrencyCode,
    reward: rewardFormOf(row.reward as CampaignReward, row.currency as CurrencyCode),
    texts: { en: text('en'), fr: text('fr') },
    image_url: row.imageUrl,
    position: row.position,
    is_active: row.isActive,
  };
};

export function createLoyaltyManager(db: Db) {
  async function programOf(db_: Db | Tx, lock = false) {
    const query = db_.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.isActive, true)).orderBy(asc(loyaltyPrograms.id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  async function overview(): Promise<LoyaltyAdminAnswer> {
    const program = await programOf(db);
    const [levels, characters, products, sold] = await Promise.all([
      program ? db.select().from(loyaltyLevels).where(eq(loyaltyLevels.programId, program.id)).orderBy(asc(loyaltyLevels.number)) : Promise.resolve([]),
      db.select().from(loyaltyCharacters).orderBy(asc(loyaltyCharacters.position), asc(loyaltyCharacters.id)),
      db.select().from(loyaltyProducts).orderBy(asc(loyaltyProducts.position), asc(loyaltyProducts.id)),
      db.select({ productId: loyaltyPurchases.productId, n: count() }).from(loyaltyPurchases).groupBy(loyaltyPurchases.productId),
    ]);
    // Players with points per level, from their lifetime totals (a player without points is on level 1 and not counted).
    const perLevel = program
      ? await queryRows<{ number: number; n: number }>(
          db,
          sql`select l.number, count(*)::int as n
            from (select user_id, sum(lifetime_milli) / 1000 as lifetime from ${loyaltyTotals} group by user_id) t
            cross join lateral (select number from ${loyaltyLevels} where program_id = ${program.id} and threshold <= t.lifetime order by threshold desc limit 1) l
            group by l.number`,
        )
      : [];
    const players = new Map(perLevel.map((row) => [Number(row.number), Number(row.n)]));
    const soldOf = new Map(sold.map((row) => [row.productId, Number(row.n)]));
    return {
      program: program ? { id: program.id, sysname: program.sysname, name: ((program.texts ?? {}) as Record<string, { name?: string }>).en?.name ?? program.sysname } : null,
      levels: levels.map((row) => ({ ...levelForm(row), number: row.number, players: players.get(row.number) ?? 0 })),
      characters: characters.map(characterForm),
      products: products.map((row) => ({ ...productForm(row), sold: soldOf.get(row.id) ?? 0 })),
      game_factors: { ...GAME_TYPE_FACTORS },
      points_alias: POINTS_ALIAS,
    };
  }

  /**
   * Adds a level after the last (no id) or changes one. Thresholds must rise with the level's
   * number and the first stays at 0: a player's level is the highest threshold their lifetime
   * points reach, so an order that did not rise would skip a level. The programme's row is locked,
   * so two members editing levels at once are checked one after the other.
   */
  async function saveLevel(input: LevelInput): Promise<{ before: LoyaltyLevelForm | null; after: Required<LoyaltyLevelForm>; number: number }> {
    return db.transaction(async (tx) => {
      const program = await programOf(tx, true);
      if (!program) throw invalid('id', 'There is no active loyalty programme', 404);
      const levels = await tx.select().from(loyaltyLevels).where(eq(loyaltyLevels.programId, program.id)).orderBy(asc(loyaltyLevels.number));
      const current = input.id === undefined ? null : levels.find((level) => level.id === input.id);
      if (current === undefined) throw invalid('id', 'No such level', 404);
      const number = current?.number ?? (levels.at(-1)?.number ?? 0) + 1;
      if (levels.some((level) => level.sysname === input.sysname && level.id !== current?.id)) throw invalid('sysname', 'Another level has this name');
      const below = levels.filter((level) => level.number < number).at(-1);
      const above = levels.find((level) => level.number > number);
      if (number === 1 && input.threshold !== 0) throw invalid('threshold', 'The first level starts at 0 points');
      if (below && input.threshold <= below.threshold) throw invalid('threshold', `Above ${below.threshold}, the level below`);
      if (above && input.threshold >= above.threshold) throw invalid('threshold', `Below ${above.threshold}, the level above`);
      const values = { sysname: input.sysname, names: input.names, threshold: input.threshold, earnRate: input.earn_rate, perks: input.perks };
      const [row] = current
        ? await tx.update(loyaltyLevels).set(values).where(eq(loyaltyLevels.id, current.id)).returning()
        : await tx.insert(loyaltyLevels).values({ ...values, programId: program.id, number }).returning();
      return { before: current ? levelForm(current) : null, after: levelForm(row), number };
    });
  }

  async function saveCharacter(input: CharacterInput): Promise<{ before: LoyaltyCharacterForm | null; after: Required<LoyaltyCharacterForm> }> {
    return db.transaction(async (tx) => {
      const [current] = input.id === undefined ? [null] : await tx.select().from(loyaltyCharacters).where(eq(loyaltyCharacters.id, input.id)).for('update');
      if (current === undefined) throw invalid('id', 'No such character', 404);
      const [taken] = await tx
        .select({ id: loyaltyCharacters.id })
        .from(loyaltyCharacters)
        .where(and(eq(loyaltyCharacters.sysname, input.sysname), current ? ne(loyaltyCharacters.id, current.id) : undefined));
      if (taken) throw invalid('sysname', 'Another character has this name');
      const values = { sysname: input.sysname, names: input.names, descriptions: input.descriptions, imageUrl: input.image_url, position: input.position, isActive: input.is_active };
      const [row] = current ? await tx.update(loyaltyCharacters).set(values).where(eq(loyaltyCharacters.id, current.id)).returning() : await tx.insert(loyaltyCharacters).values(values).returning();
      return { before: current ? characterForm(current) : null, after: characterForm(row) };
    });
  }

  /**
   * Adds or changes a shop product. Its reward must be the kind's (bonus money a fixed bonus, free
   * spins free spins, a boost cashback), with amounts above zero in its currency and free spins on a
   * game of the catalogue; the lowest level that may buy it must exist. A purchase already made
   * keeps what it granted: only later purchases see the change.
   */
  async function saveProduct(input: ProductInput): Promise<{ before: LoyaltyProductForm | null; after: Required<Omit<LoyaltyProductForm, 'image_url'>> & { image_url: string | null } }> {
    if (REWARD_OF_KIND[input.kind] !== input.reward.type) throw invalid('reward.type', 'This kind of product grants another reward');
    const positive = (amount: string) => (parseMajor(amount, input.currency) ?? 0n) > 0n;
    if (input.reward.type === 'fixed_bonus') {
      if (!positive(input.reward.amount)) throw invalid('reward.amount', 'An amount above zero');
      if (input.reward.max_bet !== null && !positive(input.reward.max_bet)) throw invalid('reward.max_bet', 'An amount above zero');
    }
    if (input.reward.type === 'free_spins') {
      if (!positive(input.reward.stake)) throw invalid('reward.stake', 'An amount above zero');
      const [game] = await db.select({ sysname: games.sysname }).from(games).where(and(eq(games.sysname, input.reward.game), eq(games.isActive, true)));
      if (!game) throw invalid('reward.game', 'No active game with this name');
    }
    return db.transaction(async (tx) => {
      const program = await programOf(tx);
      const [level] = program ? await tx.select({ id: loyaltyLevels.id }).from(loyaltyLevels).where(and(eq(loyaltyLevels.programId, program.id), eq(loyaltyLevels.number, input.min_level))) : [];
      if (!level) throw invalid('min_level', 'No level with this number');
      const [current] = input.id === undefined ? [null] : await tx.select().from(loyaltyProducts).where(eq(loyaltyProducts.id, input.id)).for('update');
      if (current === undefined) throw invalid('id', 'No such product', 404);
      const [taken] = await tx
        .select({ id: loyaltyProducts.id })
        .from(loyaltyProducts)
        .where(and(eq(loyaltyProducts.sysname, input.sysname), current ? ne(loyaltyProducts.id, current.id) : undefined));
      if (taken) throw invalid('sysname', 'Another product has this name');
      const values = {
        sysname: input.sysname,
        kind: input.kind,
        price: input.price,
        minLevel: input.min_level,
        currency: input.currency,
        reward: storedReward(input.reward, input.currency),
        texts: input.texts,
        imageUrl: input.image_url,
        position: input.position,
        isActive: input.is_active,
      };
      const [row] = current ? await tx.update(loyaltyProducts).set(values).where(eq(loyaltyProducts.id, current.id)).returning() : await tx.insert(loyaltyProducts).values(values).returning();
      return { before: current ? productForm(current) : null, after: productForm(row) };
    });
  }

  /** Takes a product off the shop (or puts it back): players no longer see or buy it; what they bought stays theirs. */
  async function setProductActive(productId: number, active: boolean): Promise<{ sysname: string; before: boolean; after: boolean }> {
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(loyaltyProducts).where(eq(loyaltyProducts.id, productId)).for('update');
      if (!current) throw invalid('id', 'No such product', 404);
      if (current.isActive === active) throw invalid('active', active ? 'The product is in the shop already' : 'The product is out of the shop already', 409);
      await tx.update(loyaltyProducts).set({ isActive: active }).where(eq(loyaltyProducts.id, productId));
      return { sysname: current.sysname, before: current.isActive, after: active };
    });
  }

  return { overview, saveLevel, saveCharacter, saveProduct, setProductActive };
}

export type LoyaltyManager = ReturnType<typeof createLoyaltyManager>;
