import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES } from '../../contract/locales.ts';
import { siteConfigSchema } from '../../contract/site-config.ts';
import { ENGINES } from '../../contract/studio.ts';
import type { Db } from '../platform/db/database.ts';
import { seoRecords, seoTexts } from './schema/content.ts';
import { seoRecordSpecSchema } from '../modules/content/index.ts';
import { campaigns, contentPages, gameCategories, gameCategoryGames, gameProviders, games, jackpotPools, loyaltyCharacters, loyaltyLevels, loyaltyProducts, loyaltyPrograms, promoCodes, siteConfigs, tournaments } from './schema.ts';
// The seed writes demo campaigns in the operator's own format, checked by the same schema as ops commands.
import { campaignRow, campaignSpecSchema, rewardSpec, storedReward } from '../modules/promotions/index.ts';
import { seedBetting } from '../modules/betting/index.ts';
import { CURRENCIES, parseMajor, type CurrencyCode } from '../../contract/money.ts';

const seedFile = (name: string) => new URL(`./seed/${name}`, import.meta.url);

/**
 * Demo content, inserted only where nothing is stored yet: running it again (every start does)
 * never overwrites what an operator changed.
 */
export async function seedDemoContent(db: Db): Promise<void> {
  for (const locale of LOCALES) {
    const document = siteConfigSchema.parse(JSON.parse(readFileSync(seedFile(`site-config.${locale}.json`), 'utf8')));
    await db.insert(siteConfigs).values({ locale, document }).onConflictDoNothing();
  }
  const pages = JSON.parse(readFileSync(seedFile('content-pages.json'), 'utf8')) as Array<typeof contentPages.$inferInsert>;
  await db.insert(contentPages).values(pages).onConflictDoNothing();
  const texts = JSON.parse(readFileSync(seedFile('seo-texts.json'), 'utf8')) as Array<typeof seoTexts.$inferInsert>;
  await db.insert(seoTexts).values(texts).onConflictDoNothing();
  // SEO records in the operator's own format (docs/seo.md), checked by the same schema as content:put.
  const records = seoRecordSpecSchema.array().parse(JSON.parse(readFileSync(seedFile('seo-records.json'), 'utf8')));
  await db
    .insert(seoRecords)
    .values(records.map(({ url, locale, published, ...record }) => ({ path: url, locale, record, isPublished: published ?? true })))
    .onConflictDoNothing();
  await seedGames(db);
  await seedJackpots(db);
  await seedTournaments(db);
  await seedPromotions(db);
  await seedLoyalty(db);
  await seedBetting(db);
}

const sysname = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64);

/** server/db/seed/games.json: the demo game catalogue (scripts/generate-game-art.ts draws its artwork). */
export const gameSeedSchema = z.object({
  providers: z.array(z.object({ sysname, name: z.string().min(1).max(80), integration: z.enum(['in_house', 'demo', 'external']), position: z.number().int() })),
  categories: z.array(z.object({ id: sysname, position: z.number().int(), names: z.record(z.enum(LOCALES), z.string().min(1)) })),
  games: z.array(
    z.object({
      sysname,
      name: z.string().min(1).max(80),
      /** Names in other locales; English is `name`. */
      names: z.partialRecord(z.enum(LOCALES), z.string().min(1).max(80)).optional(),
      provider: sysname,
      type: z.enum(['slot', 'casino', 'live', 'fast']),
      tags: z.array(sysname).max(10),
      rtp: z.string().regex(/^[0-9]{2}\.[0-9]{2}$/),
      volatility: z.enum(['low', 'medium', 'high']),
      has_demo: z.boolean(),
      popularity: z.number().int().min(1),
      created_at: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      /** The engine (games/) the platform's game server plays it on; absent for an external provider's game. */
      engine: z.enum(ENGINES).optional(),
    }),
  ),
});
export type GameSeed = z.infer<typeof gameSeedSchema>;

export const readGameSeed = (): GameSeed => gameSeedSchema.parse(JSON.parse(readFileSync(seedFile('games.json'), 'utf8')));

/** Providers, categories and games of the demo catalogue; each image is public/games/{sysname}.svg. */
export async function seedGames(db: Db): Promise<void> {
  const seed = readGameSeed();
  await db.insert(gameProviders).values(seed.providers).onConflictDoNothing();
  await db.insert(gameCategories).values(seed.categories).onConflictDoNothing();
  const inHouse = new Set(seed.providers.filter((provider) => provider.integration === 'in_house').map((provider) => provider.sysname));
  await db
    .insert(games)
    .values(
      seed.games.map((game) => {
        const image = `/games/${game.sysname}.svg`;
        const description = Object.fromEntries(LOCALES.map((locale) => [locale, { name: game.names?.[locale] ?? game.name, img_288_192: image }]));
        return {
          sysname: game.sysname,
          name: game.name,
          provider: game.provider,
          type: game.type,
          tags: game.tags,
          rtp: game.rtp,
          volatility: game.volatility,
          hasDemo: game.has_demo,
          imageUrl: image,
          description,
          popularity: game.popularity,
          isInHouse: inHouse.has(game.provider),
          engine: game.engine ?? null,
          createdAt: new Date(`${game.created_at}T12:00:00Z`),
        };
      }),
    )
    .onConflictDoNothing();
  // Each game sits in its type's category, in popularity order (operators reorder it later; a
  // second seed run keeps their order).
  const categoryIds = new Set(seed.categories.map((category) => category.id));
  const ranked = [...seed.games].sort((a, b) => a.popularity - b.popularity || a.sysname.localeCompare(b.sysname));
  const placed = new Map<string, number>();
  const members = ranked
    .filter((game) => categoryIds.has(game.type))
    .map((game) => {
      const position = (placed.get(game.type) ?? 0) + 1;
      placed.set(game.type, position);
      return { categoryId: game.type, game: game.sysname, position };
    });
  if (members.length) await db.insert(gameCategoryGames).values(members).onConflictDoNothing();
}

const majorAmount = z.string().regex(/^(0|[1-9][0-9]{0,11})\.[0-9]{2}$/);

/** server/db/seed/jackpots.json: the demo jackpots, one pool per jackpot and currency (docs/jackpots.md). */
export const jackpotSeedSchema = z.object({
  currencies: z.array(z.enum(Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]])).min(1),
  jackpots: z.array(
    z.object({
      jackpot: sysname,
      names: z.record(z.enum(LOCALES), z.string().min(1).max(40)),
      position: z.number().int(),
      /** Major units, the same figure in every currency. */
      seed: majorAmount,
      contribution_bps: z.number().int().min(0).max(10_000),
      trigger_stake: majorAmount,
      min_bet: majorAmount,
      /** null: every game the platform's engines play. */
      games: z.array(sysname).nullable(),
    }),
  ),
});
export type JackpotSeed = z.infer<typeof jackpotSeedSchema>;

export const readJackpotSeed = (): JackpotSeed => jackpotSeedSchema.parse(JSON.parse(readFileSync(seedFile('jackpots.json'), 'utf8')));

/** The jackpot pools, funded by the jackpots module when it starts (their seed moves through the ledger there). */
export async function seedJackpots(db: Db): Promise<void> {
  const seed = readJackpotSeed();
  const minor = (major: string, currency: CurrencyCode) => parseMajor(major, currency)!;
  await db
    .insert(jackpotPools)
    .values(
      seed.currencies.flatMap((currency) =>
        seed.jackpots.map((jackpot) => ({
          jackpot: jackpot.jackpot,
          currency,
          names: jackpot.names,
          position: jackpot.position,
          seed: minor(jackpot.seed, currency),
          cycleSeed: minor(jackpot.seed, currency),
          contributionBps: jackpot.contribution_bps,
          triggerStake: minor(jackpot.trigger_stake, currency),
          minBet: minor(jackpot.min_bet, currency),
          games: jackpot.games,
        })),
      ),
    )
    .onConflictDoNothing();
}

/** server/db/seed/tournaments.json: demo tournaments, their windows counted in days from the first seeding (docs/tournaments.md). */
export const tournamentSeedSchema = z.object({
  tournaments: z.array(
    z.object({
      sysname,
      names: z.record(z.enum(LOCALES), z.string().min(1).max(80)),
      descriptions: z.record(z.enum(LOCALES), z.string().min(1).max(500)),
      currency: z.enum(Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]]),
      starts_in_days: z.number().int().min(-30).max(30),
      days: z.number().int().min(1).max(60),
      games: z.array(sysname).nullable(),
      scoring: z.enum(['total_win', 'biggest_multiplier', 'wagered']),
      min_bet: majorAmount,
      buy_in: majorAmount,
      prizes: z.array(z.object({ from: z.number().int().min(1), to: z.number().int().min(1), amount: majorAmount })).min(1),
    }),
  ),
});

export const readTournamentSeed = () => tournamentSeedSchema.parse(JSON.parse(readFileSync(seedFile('tournaments.json'), 'utf8')));

export async function seedTournaments(db: Db, now = new Date()): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  // Whole hours, so a demo tournament starts and ends on the hour.
  const base = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const rows = readTournamentSeed().tournaments.map((tournament) => ({
    sysname: tournament.sysname,
    names: tournament.names,
    descriptions: tournament.descriptions,
    currency: tournament.currency,
    startsAt: new Date(base + tournament.starts_in_days * day),
    endsAt: new Date(base + (tournament.starts_in_days + tournament.days) * day),
    games: tournament.games,
    scoring: tournament.scoring,
    minBet: parseMajor(tournament.min_bet, tournament.currency)!,
    buyIn: parseMajor(tournament.buy_in, tournament.currency)!,
    prizes: tournament.prizes.map((prize) => ({ from: prize.from, to: prize.to, amount: parseMajor(prize.amount, tournament.currency)!.toString() })),
  }));
  await db.insert(tournaments).values(rows).onConflictDoNothing();
}

/**
 * server/db/seed/promotions.json: demo campaigns (in the format of `ops campaign:create`, with
 * their window in days from the first seeding) and promo codes (docs/promotions.md).
 */
export const promotionSeedSchema = z.object({
  campaigns: z.array(
    z.looseObject({ sysname, starts_in_days: z.number().int(), days: z.number().int().min(1).nullable() }),
  ),
  codes: z.array(z.object({ code: z.string(), campaign: sysname, max_uses: z.number().int().min(1).nullable(), expires_in_days: z.number().int().nullable() })),
});

export const readPromotionSeed = () => promotionSeedSchema.parse(JSON.parse(readFileSync(seedFile('promotions.json'), 'utf8')));

async function seedPromotions(db: Db) {
  const day = 86_400_000;
  // Whole hours, like the tournaments: a demo campaign starts on the hour.
  const base = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const seed = readPromotionSeed();
  for (const entry of seed.campaigns) {
    const { starts_in_days: startsIn, days, ...rest } = entry;
    const startsAt = new Date(base + startsIn * day);
    const spec = campaignSpecSchema.parse({
      ...rest,
      starts_at: startsAt.toISOString(),
      ends_at: days === null ? null : new Date(startsAt.getTime() + days * day).toISOString(),
    });
    await db.insert(campaigns).values(campaignRow(spec)).onConflictDoNothing();
  }
  const ids = new Map((await db.select({ id: campaigns.id, sysname: campaigns.sysname }).from(campaigns)).map((row) => [row.sysname, row.id]));
  const codes = seed.codes.flatMap((code) => {
    const campaignId = ids.get(code.campaign);
    if (!campaignId) return [];
    return [{ code: code.code.toUpperCase(), campaignId, maxUses: code.max_uses, expiresAt: code.expires_in_days === null ? null : new Date(base + code.expires_in_days * day) }];
  });
  if (codes.length) await db.insert(promoCodes).values(codes).onConflictDoNothing();
}

const localeTexts = <T extends z.ZodType>(value: T) => z.partialRecord(z.enum(LOCALES), value).refine((all) => all.en !== undefined, 'English is needed');

/** server/db/seed/loyalty.json: the demo loyalty programme, its characters and shop (docs/loyalty.md). */
export const loyaltySeedSchema = z.object({
  programs: z.array(
    z.object({
      sysname,
      texts: localeTexts(z.object({ name: z.string().min(1), summary: z.string(), body: z.string() })),
      image_url: z.string().nullable(),
      levels: z
        .array(
          z.object({
            sysname,
            names: localeTexts(z.string().min(1)),
            threshold: z.number().int().min(0),
            earn_rate: z.number().int().min(0),
            perks: localeTexts(z.array(z.string().min(1))),
          }),
        )
        .min(1)
        .refine((levels) => levels[0].threshold === 0 && levels.every((level, i) => i === 0 || level.threshold > levels[i - 1].threshold), 'the first level starts at 0, thresholds rise'),
    }),
  ),
  characters: z.array(z.object({ sysname, names: localeTexts(z.string().min(1)), descriptions: localeTexts(z.string()) })),
  products: z.array(
    z.object({
      sysname,
      kind: z.enum(['bonus_money', 'free_spins', 'cashback_boost']),
      price: z.number().int().min(1),
      min_level: z.number().int().min(1),
      currency: z.enum(Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]]),
      reward: rewardSpec,
      texts: localeTexts(z.object({ name: z.string().min(1), description: z.string() })),
    }),
  ),
});

export const readLoyaltySeed = () => loyaltySeedSchema.parse(JSON.parse(readFileSync(seedFile('loyalty.json'), 'utf8')));

/** The character's artwork (scripts/generate-loyalty-art.ts draws it). */
export const characterImage = (sysname: string) => `/loyalty/characters/${sysname}.svg`;

export async function seedLoyalty(db: Db): Promise<void> {
  const seed = readLoyaltySeed();
  for (const program of seed.programs) {
    await db.insert(loyaltyPrograms).values({ sysname: program.sysname, texts: program.texts, imageUrl: program.image_url }).onConflictDoNothing();
    const [row] = await db.select({ id: loyaltyPrograms.id }).from(loyaltyPrograms).where(eq(loyaltyPrograms.sysname, program.sysname));
    await db
      .insert(loyaltyLevels)
      .values(program.levels.map((level, index) => ({ programId: row.id, number: index + 1, sysname: level.sysname, names: level.names, threshold: level.threshold, earnRate: level.earn_rate, perks: level.perks })))
      .onConflictDoNothing();
  }
  await db
    .insert(loyaltyCharacters)
    .values(seed.characters.map((character, index) => ({ sysname: character.sysname, names: character.names, descriptions: character.descriptions, imageUrl: characterImage(character.sysname), position: index })))
    .onConflictDoNothing();
  await db
    .insert(loyaltyProducts)
    .values(
      seed.products.map((product, index) => ({
        sysname: product.sysname,
        kind: product.kind,
        price: product.price,
        minLevel: product.min_level,
        currency: product.currency,
        reward: storedReward(product.reward, product.currency),
        texts: product.texts,
        imageUrl: `/loyalty/products/${product.kind}.svg`,
        position: index,
      })),
    )
    .onConflictDoNothing();
}
