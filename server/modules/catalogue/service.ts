import type { Engine } from '../../../contract/studio.ts';
import { and, arrayOverlaps, asc, count, desc, eq, gt, inArray, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { LocaleCode } from '../../../contract/locales.ts';
import { formatMinor, isCurrency } from '../../../contract/money.ts';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import { containsPattern } from '../../platform/db/like.ts';
import { AppError } from '../../platform/errors.ts';
import { createReadCache } from '../../platform/read-cache.ts';
import type { CacheInvalidator } from '../../platform/cache-invalidation.ts';
import { freeSpinPacks, gameCategories, gameCategoryGames, gameLikes, gameProviders, games } from '../../db/schema.ts';
import { catalogueText } from './texts.ts';
import { createCatalogueAdmin } from './admin.ts';
import { GAME_BADGES, type GameBadge } from '../../../contract/backoffice-games.ts';

export const GAME_TYPES = ['slot', 'casino', 'live', 'fast'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** Fields of a game item (games/get `fields`); `sysname` is always answered. */
export const GAME_FIELDS = ['sysname', 'name', 'image_url', 'description', 'provider', 'type', 'tags', 'rtp', 'volatility', 'has_demo', 'engine', 'badges'] as const;
export type GameField = (typeof GAME_FIELDS)[number];

/**
 * Sorts of games/get and their natural direction: popularity rank 1 first, names A to Z, the
 * newest release first, the highest RTP first. `priority` (the tournament games' sort) is the
 * popularity rank.
 */
export const GAME_SORTS = { popularity: 'asc', priority: 'asc', name: 'asc', new: 'desc', rtp: 'desc' } as const;
export type GameSort = keyof typeof GAME_SORTS;

export const FREE_SPIN_STATUSES = ['active', 'used', 'expired', 'cancelled', 'all'] as const;

export type GameQuery = {
  offset: number;
  count: number;
  fields?: GameField[];
  sort: GameSort;
  order?: 'asc' | 'desc';
  sysnames?: string[];
  category?: string;
  providers?: string[];
  /** Search: case-insensitive, in the plain name, the caller locale's name and the provider's name. */
  query?: string;
  types?: GameType[];
  /** Features: games with any of these tags (free spins, jackpot, provably fair, ...). */
  tags?: string[];
  volatility?: Array<'low' | 'medium' | 'high'>;
  /** Only games whose stated RTP is at least this (percent). */
  rtpMin?: number;
  /** Only games the platform's own engines play (a tournament open to every in-house game). */
  inHouse?: boolean;
  /** The player's country (profile): games blocked there are left out. Unknown (a guest): none are. */
  country?: string | null;
};

export type GameItem = {
  sysname: string;
  name: string;
  image_url: string;
  description: { name: string; img_288_192: string };
  provider: string;
  type: GameType;
  tags: string[];
  rtp: string;
  volatility: 'low' | 'medium' | 'high';
  has_demo: boolean;
  /** The studio engine that plays the game (contract/studio.ts), or null for an external provider's game. */
  engine: Engine | null;
  /** Operator badges the tile shows: `new`, `hot`. */
  badges: GameBadge[];
};

export { GAME_BADGES, type GameBadge };

/** What other modules (the wallet) need to know about a game. */
export type GameInfo = {
  sysname: string;
  name: string;
  provider: string;
  type: GameType;
  hasDemo: boolean;
  isInHouse: boolean;
  isActive: boolean;
  engine: Engine | null;
  /** Countries whose players may not see or launch it. */
  blockedCountries: string[];
  /** Localised names: {en: {name}, fr: {name}}. */
  description: Record<string, { name?: string } | undefined>;
};
export type ProviderInfo = { sysname: string; name: string; integration: 'in_house' | 'demo' | 'external'; isActive: boolean };

type GameRow = typeof games.$inferSelect;
type LocalDescription = { name?: string; img_288_192?: string };


/**
 * How long a game list, the categories or the providers may be served from memory. Every page
 * shows them and they change only when operators edit the catalogue, so a change reaches players
 * within this time; favourites, free spins and single-game lookups (play, bets) always read the
 * database.
 */
export const CATALOGUE_CACHE_MS = 5000;

export const CATALOGUE_CACHE = 'catalogue';

export function createCatalogue(
  db: Db,
  options: {
    cacheMs?: number;
    now?: () => number;
    invalidator?: CacheInvalidator;
    /**
     * Where the cached lists (games, categories, providers) are read: the read replica when there
     * is one (ReadRouting.shared). They may be CATALOGUE_CACHE_MS old anyway; single-game lookups
     * (play, bets) and the operators' screens always read `db`, the primary.
     */
    listsDb?: Db;
  } = {},
) {
  const lists = options.listsDb ?? db;
  const cache = createReadCache({ name: 'catalogue', ttlMs: options.cacheMs ?? CATALOGUE_CACHE_MS, maxEntries: 500, now: options.now });
  // An operator's catalogue change (ops, back office) clears the lists in every process.
  options.invalidator?.register(CATALOGUE_CACHE, cache);
  const localized = (row: GameRow, locale: LocaleCode): LocalDescription => {
    const all = (row.description ?? {}) as Record<string, LocalDescription | undefined>;
    return all[locale] ?? all.en ?? {};
  };

  function view(row: GameRow, locale: LocaleCode, fields?: readonly GameField[]): Partial<GameItem> {
    const local = localized(row, locale);
    const item: GameItem = {
      sysname: row.sysname,
      name: row.name,
      image_url: row.imageUrl,
      description: { name: local.name ?? row.name, img_288_192: local.img_288_192 ?? row.imageUrl },
      provider: row.provider,
      type: row.type,
      tags: row.tags,
      rtp: row.rtp,
      volatility: row.volatility,
      has_demo: row.hasDemo,
      engine: row.engine,
      badges: row.badges.filter((badge): badge is GameBadge => (GAME_BADGES as readonly string[]).includes(badge)),
    };
    if (!fields?.length) return item;
    const wanted = new Set<GameField>(['sysname', ...fields]);
    return Object.fromEntries(Object.entries(item).filter(([key]) => wanted.has(key as GameField))) as Partial<GameItem>;
  }

  /** Games players can see: the game and its provider are active. */
  const visible = and(
    eq(games.isActive, true),
    inArray(games.provider, db.select({ sysname: gameProviders.sysname }).from(gameProviders).where(eq(gameProviders.isActive, true))),
  );
  /** ... and, for a player whose country is known, not blocked in that country. */
  const visibleIn = (country: string | null | undefined) => (country ? and(visible, not(sql`${country} = any(${games.blockedCountries})`)) : visible);
  /** The games of a category (`all`: every game); a category's games are its rows in game_category_games. */
  const inCategory = (category: string) =>
    inArray(games.sysname, db.select({ game: gameCategoryGames.game }).from(gameCategoryGames).where(eq(gameCategoryGames.categoryId, category)));
  /** A game's place in a category (the operator's order), for the popularity sort within it. */
  const categoryPosition = (category: string) =>
    sql`(select ${gameCategoryGames.position} from ${gameCategoryGames} where ${gameCategoryGames.categoryId} = ${category} and ${gameCategoryGames.game} = ${games.sysname})`;

  const localName = (locale: LocaleCode) => sql`coalesce(${games.description} -> ${locale} ->> 'name', ${games.name})`;

  async function assertCategory(id: string, locale: LocaleCode) {
    const [row] = await db.select({ id: gameCategories.id }).from(gameCategories).where(eq(gameCategories.id, id));
    if (!row) throw new AppError('InvalidParameterException', `No category ${id}`, { fields: { category: catalogueText(locale, 'unknownCategory') }, status: 404 });
  }

  function listGames(query: GameQuery, locale: LocaleCode): Promise<{ items: Partial<GameItem>[]; total: number }> {
    return cache.get(JSON.stringify(['games', query, locale]), () => queryGames(query, locale));
  }

  async function queryGames(query: GameQuery, locale: LocaleCode) {
    const conditions: (SQL | undefined)[] = [visibleIn(query.country)];
    const category = query.category && query.category !== 'all' ? query.category : undefined;
    if (category) {
      await assertCategory(category, locale);
      conditions.push(inCategory(category));
    }
    if (query.sysnames?.length) conditions.push(inArray(games.sysname, query.sysnames));
    if (query.inHouse) conditions.push(isNotNull(games.engine));
    if (query.providers?.length) conditions.push(inArray(games.provider, query.providers));
    if (query.types?.length) conditions.push(inArray(games.type, query.types));
    if (query.tags?.length) conditions.push(arrayOverlaps(games.tags, query.tags));
    if (query.volatility?.length) conditions.push(inArray(games.volatility, query.volatility));
    if (query.rtpMin !== undefined) conditions.push(sql`${games.rtp}::numeric >= ${query.rtpMin}`);
    const text = query.query?.trim();
    if (text) {
      // A bound parameter, with LIKE's own wildcards escaped: the text is only ever a literal.
      const pattern = containsPattern(text);
      const providerNamed = db.select({ sysname: gameProviders.sysname }).from(gameProviders).where(sql`${gameProviders.name} ilike ${pattern}`);
      conditions.push(or(sql`${games.name} ilike ${pattern}`, sql`${localName(locale)} ilike ${pattern}`, inArray(games.provider, providerNamed)));
    }
    const where = and(...conditions);
    const direction = query.order ?? GAME_SORTS[query.sort];
    const by = direction === 'asc' ? asc : desc;
    // Within a category, popularity (and priority) follow the operator's order of that category.
    const primary =
      query.sort === 'name' ? by(sql`lower(${localName(locale)})`)
      : query.sort === 'new' ? by(games.createdAt)
      : query.sort === 'rtp' ? by(sql`${games.rtp}::numeric`)
      : category ? by(categoryPosition(category))
      : // Popular: most players with real money in the last 7 days first, then the operator's rank.
        [direction === 'asc' ? desc(games.players7d) : asc(games.players7d), by(games.popularity)];
    const [rows, [{ total }]] = await Promise.all([
      lists.select().from(games).where(where).orderBy(...[primary].flat(), asc(games.popularity), asc(games.sysname)).limit(query.count).offset(query.offset),
      lists.select({ total: count() }).from(games).where(where),
    ]);
    return { items: rows.map((row) => view(row, locale, query.fields)), total };
  }

  /** Game items in the order of `sysnames`, leaving out unknown or hidden games (hidden in `country` too, when given). */
  async function gamesBySysnames(sysnames: string[], locale: LocaleCode, country?: string | null): Promise<GameItem[]> {
    if (!sysnames.length) return [];
    const rows = await db.select().from(games).where(and(visibleIn(country), inArray(games.sysname, sysnames)));
    const bySysname = new Map(rows.map((row) => [row.sysname, row]));
    return sysnames.flatMap((sysname) => {
      const row = bySysname.get(sysname);
      return row ? [view(row, locale) as GameItem] : [];
    });
  }

  async function findGame(sysname: string): Promise<GameInfo | null> {
    const [row] = await db
      .select({ game: games, providerActive: gameProviders.isActive })
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.sysname, games.provider))
      .where(eq(games.sysname, sysname));
    if (!row) return null;
    const game = row.game;
    return {
      sysname: game.sysname,
      name: game.name,
      provider: game.provider,
      type: game.type,
      hasDemo: game.hasDemo,
      isInHouse: game.isInHouse,
      isActive: game.isActive && row.providerActive,
      engine: game.engine,
      blockedCountries: game.blockedCountries,
      description: (game.description ?? {}) as GameInfo['description'],
    };
  }

  async function findProvider(sysname: string): Promise<ProviderInfo | null> {
    const [row] = await db.select().from(gameProviders).where(eq(gameProviders.sysname, sysname));
    return row ? { sysname: row.sysname, name: row.name, integration: row.integration, isActive: row.isActive } : null;
  }

  /** An active game, or a 404; with the player's `country`, a game blocked there is refused (403) as well. */
  async function requireGame(sysname: string, locale: LocaleCode, country?: string | null): Promise<GameInfo> {
    const game = await findGame(sysname);
    if (!game || !game.isActive) {
      throw new AppError('InvalidParameterException', `No game ${sysname}`, { fields: { sysname: catalogueText(locale, 'unknownGame') }, status: 404 });
    }
    if (country && game.blockedCountries.includes(country)) {
      throw new AppError('InvalidParameterException', `${sysname} is not offered in ${country}`, { fields: { sysname: catalogueText(locale, 'notInCountry') }, status: 403 });
    }
    return game;
  }

  /** The game hall categories with their names in the caller locale and how many games each holds (for a player of `country`). */
  function categories(locale: LocaleCode, country?: string | null) {
    return cache.get(JSON.stringify(['categories', locale, country ?? null]), () => queryCategories(locale, country));
  }

  async function queryCategories(locale: LocaleCode, country?: string | null) {
    const [rows, perCategory, [{ all }]] = await Promise.all([
      lists.select().from(gameCategories).orderBy(asc(gameCategories.position), asc(gameCategories.id)),
      lists
        .select({ category: gameCategoryGames.categoryId, total: count() })
        .from(gameCategoryGames)
        .innerJoin(games, eq(games.sysname, gameCategoryGames.game))
        .where(visibleIn(country))
        .groupBy(gameCategoryGames.categoryId),
      lists.select({ all: count() }).from(games).where(visibleIn(country)),
    ]);
    const counts = new Map<string, number>(perCategory.map((row) => [row.category, row.total]));
    return rows.map((row) => {
      const names = row.names as Partial<Record<LocaleCode, string>>;
      return { id: row.id, name: names[locale] ?? names.en ?? row.id, games_count: row.id === 'all' ? all : (counts.get(row.id) ?? 0) };
    });
  }

  /**
   * Active providers that offer at least one visible game (of `types` when given), in the
   * operator's order; `game_params` (when asked for in `fields`) says which types they offer and
   * how many games.
   */
  function providers(input: { types?: GameType[]; fields?: string[]; country?: string | null }) {
    return cache.get(JSON.stringify(['providers', input.types ?? [], input.fields ?? [], input.country ?? null]), () => queryProviders(input));
  }

  async function queryProviders(input: { types?: GameType[]; fields?: string[]; country?: string | null }) {
    const [rows, perType] = await Promise.all([
      lists.select().from(gameProviders).where(eq(gameProviders.isActive, true)).orderBy(asc(gameProviders.position), asc(gameProviders.sysname)),
      lists
        .select({ provider: games.provider, type: games.type, total: count() })
        .from(games)
        .where(and(visibleIn(input.country), input.types?.length ? inArray(games.type, input.types) : undefined))
        .groupBy(games.provider, games.type),
    ]);
    const offered = new Map<string, Map<GameType, number>>();
    for (const row of perType) {
      if (!offered.has(row.provider)) offered.set(row.provider, new Map());
      offered.get(row.provider)!.set(row.type, row.total);
    }
    const withParams = input.fields?.includes('game_params') ?? false;
    return rows.flatMap((row) => {
      const types = offered.get(row.sysname);
      if (!types) return [];
      const gamesCount = [...types.values()].reduce((sum, value) => sum + value, 0);
      const item: Record<string, unknown> = { sysname: row.sysname, name: row.name, games_count: gamesCount };
      if (withParams) item.game_params = { types: GAME_TYPES.filter((type) => types.has(type)), games_count: gamesCount, is_in_house: row.integration === 'in_house' };
      return [item];
    });
  }

  // --- favourites ------------------------------------------------------------------------------

  async function likes(userId: number): Promise<{ sysnames: string[] }> {
    const rows = await db.select({ game: gameLikes.game }).from(gameLikes).where(eq(gameLikes.userId, userId)).orderBy(desc(gameLikes.createdAt), asc(gameLikes.game));
    return { sysnames: rows.map((row) => row.game) };
  }

  async function addLike(userId: number, sysname: string, locale: LocaleCode): Promise<void> {
    await requireGame(sysname, locale);
    await db.insert(gameLikes).values({ userId, game: sysname }).onConflictDoNothing();
  }

  async function removeLike(userId: number, sysname: string, locale: LocaleCode): Promise<void> {
    const game = await findGame(sysname);
    // A favourite of a game since hidden can still be removed; a name that never was a game cannot.
    if (!game) throw new AppError('InvalidParameterException', `No game ${sysname}`, { fields: { sysname: catalogueText(locale, 'unknownGame') }, status: 404 });
    await db.delete(gameLikes).where(and(eq(gameLikes.userId, userId), eq(gameLikes.game, sysname)));
  }

  // --- free spin packs ---------------------------------------------------------------------------

  async function freeSpins(userId: number, input: { status: (typeof FREE_SPIN_STATUSES)[number]; offset: number; count: number; fields?: string[] }, locale: LocaleCode) {
    const now = new Date();
    const where = and(
      eq(freeSpinPacks.userId, userId),
      input.status === 'all' ? undefined : eq(freeSpinPacks.status, input.status),
      input.status === 'active' ? or(isNull(freeSpinPacks.expiresAt), gt(freeSpinPacks.expiresAt, now)) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(freeSpinPacks).where(where).orderBy(asc(freeSpinPacks.expiresAt), asc(freeSpinPacks.id)).limit(input.count).offset(input.offset),
      db.select({ total: count() }).from(freeSpinPacks).where(where),
    ]);
    const gameItems = new Map((await gamesBySysnames([...new Set(rows.map((row) => row.game))], locale)).map((item) => [item.sysname, item]));
    const withDescription = input.fields?.includes('description') ?? false;
    return {
      items: rows.map((row) => {
        const game = gameItems.get(row.game);
        const descriptions = row.description as Partial<Record<LocaleCode, unknown>>;
        return {
          id: row.id,
          game: { sysname: row.game, name: game?.name ?? row.game, image_url: game?.image_url ?? null },
          total_count: row.totalCount,
          remaining_count: row.remainingCount,
          bet: { amount: isCurrency(row.currency) ? formatMinor(row.betAmount, row.currency) : row.betAmount.toString(), currency: row.currency },
          status: row.status,
          expires_at: row.expiresAt?.toISOString() ?? null,
          ...(withDescription ? { description: descriptions[locale] ?? descriptions.en ?? null } : {}),
        };
      }),
      total,
    };
  }

  // The operators' writes (the back office) clear the lists here and, through the invalidator, in
  // every process and the guest page cache: a disabled game is gone from the next hall page.
  const admin = createCatalogueAdmin(db, async () => {
    cache.clear();
    await options.invalidator?.invalidate(CATALOGUE_CACHE);
  });

  /**
   * Each game's players of the last 7 days (the job `catalogue.popularity`, from the wallet's
   * played games): rows change only where the figure did, and the lists are cleared everywhere
   * when one did. Answers how many games moved.
   */
  async function refreshPopularity(players: Map<string, number>): Promise<number> {
    const figures = [...players.entries()].filter(([, count]) => count > 0);
    const recent = figures.length
      ? sql`(values ${sql.join(figures.map(([game, count]) => sql`(${game}, ${count}::int)`), sql`, `)}) as recent(game, players)`
      : sql`(select null::text as game, 0 as players where false) as recent`;
    const rows = await queryRows<{ sysname: string }>(
      db,
      sql`update games set players_7d = coalesce(recent.players, 0)
          from games g left join ${recent} on recent.game = g.sysname
          where games.sysname = g.sysname and games.players_7d <> coalesce(recent.players, 0)
          returning games.sysname`,
    );
    if (rows.length) {
      cache.clear();
      await options.invalidator?.invalidate(CATALOGUE_CACHE);
    }
    return rows.length;
  }

  /** Every game's declared RTP (percent) with its name: what the RTP watch holds the rounds against. */
  const declaredRtps = () => declaredRtpsOf(db);

  return { listGames, refreshPopularity, declaredRtps, gamesBySysnames, findGame, findProvider, requireGame, categories, providers, likes, addLike, removeLike, freeSpins, admin };
}

export type Catalogue = ReturnType<typeof createCatalogue>;

/** Each game's declared RTP (percent) and name, by sysname; in a transaction or not (a risk rule reads it in its job's). */
export async function declaredRtpsOf(db: Db | Tx): Promise<Map<string, { name: string; rtp: number }>> {
  const rows = await queryRows<{ sysname: string; name: string; rtp: string }>(db, sql`select sysname, name, rtp from games`);
  return new Map(rows.map((row) => [row.sysname, { name: row.name, rtp: Number(row.rtp) }]));
}
