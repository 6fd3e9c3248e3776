import { and, asc, count, desc, eq, inArray, isNotNull, isNull, max, notInArray, sql, type SQL } from 'drizzle-orm';
import { formatMinor, isCurrency } from '../../../contract/money.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { freeSpinPacks, gameCategories, gameCategoryGames, gameProviders, games } from '../../db/schema.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { AdminGameRow, FreeSpinPackView, GameBadge } from '../../../contract/backoffice-games.ts';

/**
 * The operators' side of the catalogue (the back office's games screens, docs/backoffice.md
 * "Games catalogue"): what the seed JSON and ops commands did. Every write runs in one transaction
 * and then calls `changed`, which clears the catalogue's short caches in every process (decision
 * 008), so players see a change at their next page. Messages are written in English: the back
 * office translates them (server/backoffice/messages.ts).
 */

export type AdminGameQuery = {
  q?: string;
  provider?: string;
  category?: string;
  status?: 'active' | 'disabled';
  badge?: GameBadge;
  /** Games blocked in this country. */
  blocked_in?: string;
  sort: 'name' | 'popularity' | 'created_at' | 'position';
  dir: 'asc' | 'desc';
  offset: number;
  limit: number;
};

export type { AdminGameRow, FreeSpinPackView };

export type GamePatch = { is_active?: boolean; badges?: GameBadge[]; blocked_countries?: string[]; categories?: string[] };

const notFound = (field: string, message: string) => new AppError('InvalidParameterException', message, { fields: { [field]: message }, status: 404 });
/** The hall category of live-dealer games (spec: categories all, casino, slot, live, fast). */
export const LIVE_CATEGORY = 'live';

const invalid = (field: string, message: string) => new AppError('InvalidParameterException', message, { fields: { [field]: message } });

export function createCatalogueAdmin(db: Db, changed: () => Promise<void>) {
  async function membership(sysnames: string[]): Promise<Map<string, Array<{ id: string; position: number }>>> {
    const found = new Map<string, Array<{ id: string; position: number }>>();
    if (!sysnames.length) return found;
    const rows = await db
      .select()
      .from(gameCategoryGames)
      .where(inArray(gameCategoryGames.game, sysnames))
      .orderBy(asc(gameCategoryGames.categoryId));
    for (const row of rows) found.set(row.game, [...(found.get(row.game) ?? []), { id: row.categoryId, position: row.position }]);
    return found;
  }

  async function listGames(query: AdminGameQuery): Promise<{ items: AdminGameRow[]; total: number }> {
    const conditions: (SQL | undefined)[] = [];
    const text = query.q?.trim();
    if (text) conditions.push(sql`(${games.name} ilike ${containsPattern(text)} or ${games.sysname} ilike ${containsPattern(text)})`);
    if (query.provider) conditions.push(eq(games.provider, query.provider));
    if (query.status) conditions.push(eq(games.isActive, query.status === 'active'));
    if (query.badge) conditions.push(sql`${query.badge} = any(${games.badges})`);
    if (query.blocked_in) conditions.push(sql`${query.blocked_in} = any(${games.blockedCountries})`);
    const inCategory = query.category && query.category !== 'all';
    if (inCategory) conditions.push(isNotNull(gameCategoryGames.position));
    const where = and(...conditions);
    const by = query.dir === 'asc' ? asc : desc;
    const order =
      query.sort === 'name' ? by(sql`lower(${games.name})`)
      : query.sort === 'created_at' ? by(games.createdAt)
      : query.sort === 'position' && inCategory ? by(gameCategoryGames.position)
      : by(games.popularity);
    // One category's position joins in when a category is chosen (its order is sortable then).
    const base = () =>
      db
        .select({ game: games, providerName: gameProviders.name, providerActive: gameProviders.isActive })
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.sysname, games.provider))
        .leftJoin(gameCategoryGames, and(eq(gameCategoryGames.game, games.sysname), eq(gameCategoryGames.categoryId, query.category ?? '')));
    const [rows, [{ total }]] = await Promise.all([
      base().where(where).orderBy(order, asc(games.sysname)).limit(query.limit).offset(query.offset),
      db
        .select({ total: count() })
        .from(games)
        .leftJoin(gameCategoryGames, and(eq(gameCategoryGames.game, games.sysname), eq(gameCategoryGames.categoryId, query.category ?? '')))
        .where(where),
    ]);
    const categories = await membership(rows.map((row) => row.game.sysname));
    return {
      items: rows.map(({ game, providerName, providerActive }) => ({
        sysname: game.sysname,
        name: game.name,
        provider: game.provider,
        provider_name: providerName,
        provider_active: providerActive,
        type: game.type,
        engine: game.engine,
        rtp: game.rtp,
        is_active: game.isActive,
        badges: game.badges as GameBadge[],
        blocked_countries: game.blockedCountries,
        categories: categories.get(game.sysname) ?? [],
        image_url: game.imageUrl,
        created_at: game.createdAt.toISOString(),
      })),
      total,
    };
  }

  async function gameState(sysname: string) {
    const [row] = await db.select().from(games).where(eq(games.sysname, sysname));
    if (!row) throw notFound('sysname', `No game ${sysname}`);
    const categories = (await membership([sysname])).get(sysname) ?? [];
    return { is_active: row.isActive, badges: row.badges as GameBadge[], blocked_countries: row.blockedCountries, categories: categories.map((entry) => entry.id) };
  }

  /** Changes what `patch` names of a game; answers the game's state before and after (for the audit). */
  async function updateGame(sysname: string, patch: GamePatch) {
    const before = await gameState(sysname);
    if (patch.categories) {
      const wanted = [...new Set(patch.categories)];
      const known = wanted.length ? await db.select({ id: gameCategories.id }).from(gameCategories).where(inArray(gameCategories.id, wanted)) : [];
      const unknown = wanted.filter((id) => id === 'all' || !known.some((row) => row.id === id));
      if (unknown.length) throw invalid('categories', `No category ${unknown.join(', ')} (every game is in “all” already)`);
      // The live casino holds only what its provider says is a live-dealer game: no operator label
      // makes an RNG table "live" (issue 29).
      if (wanted.includes(LIVE_CATEGORY) && !before.categories.includes(LIVE_CATEGORY)) {
        const [game] = await db.select({ type: games.type }).from(games).where(eq(games.sysname, sysname));
        if (game && game.type !== 'live') throw invalid('categories', `${sysname} is not a live-dealer game`);
      }
    }
    await db.transaction(async (tx) => {
      const set: Partial<typeof games.$inferInsert> = {};
      if (patch.is_active !== undefined) set.isActive = patch.is_active;
      if (patch.badges) set.badges = [...new Set(patch.badges)].sort();
      if (patch.blocked_countries) set.blockedCountries = [...new Set(patch.blocked_countries)].sort();
      if (Object.keys(set).length) await tx.update(games).set(set).where(eq(games.sysname, sysname));
      if (patch.categories) {
        const wanted = [...new Set(patch.categories)];
        await tx
          .delete(gameCategoryGames)
          .where(and(eq(gameCategoryGames.game, sysname), wanted.length ? notInArray(gameCategoryGames.categoryId, wanted) : undefined));
        // A category the game joins takes it at its end.
        for (const category of wanted.filter((id) => !before.categories.includes(id))) {
          const [{ last }] = await tx.select({ last: max(gameCategoryGames.position) }).from(gameCategoryGames).where(eq(gameCategoryGames.categoryId, category));
          await tx.insert(gameCategoryGames).values({ categoryId: category, game: sysname, position: (last ?? 0) + 1 });
        }
      }
    });
    await changed();
    return { before, after: await gameState(sysname) };
  }

  /**
   * Moves a game within a category: one place up or down, or to a position (1 first; past the
   * end is the end). The category is renumbered 1..n, so positions stay without gaps.
   */
  async function moveGame(input: { category: string; sysname: string; move: 'up' | 'down' | number }) {
    const moved = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(gameCategoryGames)
        .where(eq(gameCategoryGames.categoryId, input.category))
        .orderBy(asc(gameCategoryGames.position), asc(gameCategoryGames.game))
        .for('update');
      const from = rows.findIndex((row) => row.game === input.sysname);
      if (from < 0) throw notFound('sysname', `${input.sysname} is not in category ${input.category}`);
      const target = input.move === 'up' ? from - 1 : input.move === 'down' ? from + 1 : input.move - 1;
      const to = Math.min(Math.max(target, 0), rows.length - 1);
      const order = rows.map((row) => row.game);
      order.splice(to, 0, ...order.splice(from, 1));
      for (const [index, game] of order.entries()) {
        const row = rows.find((entry) => entry.game === game)!;
        if (row.position !== index + 1) {
          await tx
            .update(gameCategoryGames)
            .set({ position: index + 1 })
            .where(and(eq(gameCategoryGames.categoryId, input.category), eq(gameCategoryGames.game, game)));
        }
      }
      return { before: from + 1, after: to + 1 };
    });
    await changed();
    return moved;
  }

  /** The hall categories with how many games each holds (active or not). */
  async function listCategories() {
    const [rows, counts, [{ all }]] = await Promise.all([
      db.select().from(gameCategories).orderBy(asc(gameCategories.position), asc(gameCategories.id)),
      db.select({ id: gameCategoryGames.categoryId, total: count() }).from(gameCategoryGames).groupBy(gameCategoryGames.categoryId),
      db.select({ all: count() }).from(games),
    ]);
    const byId = new Map(counts.map((row) => [row.id, row.total]));
    return rows.map((row) => ({ id: row.id, names: row.names as Record<string, string>, games_count: row.id === 'all' ? all : (byId.get(row.id) ?? 0) }));
  }

  async function listProviders() {
    const [rows, counts] = await Promise.all([
      db.select().from(gameProviders).orderBy(asc(gameProviders.position), asc(gameProviders.sysname)),
      db
        .select({ provider: games.provider, total: count(), active: sql<number>`count(*) filter (where ${games.isActive})::int` })
        .from(games)
        .groupBy(games.provider),
    ]);
    const byProvider = new Map(counts.map((row) => [row.provider, row]));
    return rows.map((row) => ({
      sysname: row.sysname,
      name: row.name,
      integration: row.integration,
      is_active: row.isActive,
      games_count: byProvider.get(row.sysname)?.total ?? 0,
      active_games: byProvider.get(row.sysname)?.active ?? 0,
    }));
  }

  /** Turns a provider on or off: off hides all its games (each keeps its own switch for when it is back). */
  async function setProviderActive(sysname: string, active: boolean) {
    const [row] = await db.select({ isActive: gameProviders.isActive }).from(gameProviders).where(eq(gameProviders.sysname, sysname));
    if (!row) throw notFound('sysname', `No provider ${sysname}`);
    await db.update(gameProviders).set({ isActive: active }).where(eq(gameProviders.sysname, sysname));
    await changed();
    return { before: { is_active: row.isActive }, after: { is_active: active } };
  }

  // --- free-spin packs -------------------------------------------------------------------------

  async function listPacks(input: {
    packId?: number;
    user_id?: number;
    game?: string;
    status?: 'active' | 'used' | 'expired' | 'cancelled';
    source?: 'bonus' | 'operator';
    offset: number;
    limit: number;
  }) {
    const where = and(
      input.packId !== undefined ? eq(freeSpinPacks.id, input.packId) : undefined,
      input.user_id !== undefined ? eq(freeSpinPacks.userId, input.user_id) : undefined,
      input.game ? eq(freeSpinPacks.game, input.game) : undefined,
      input.status ? eq(freeSpinPacks.status, input.status) : undefined,
      input.source === 'bonus' ? isNotNull(freeSpinPacks.bonusId) : input.source === 'operator' ? isNull(freeSpinPacks.bonusId) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(freeSpinPacks).where(where).orderBy(desc(freeSpinPacks.createdAt), desc(freeSpinPacks.id)).limit(input.limit).offset(input.offset),
      db.select({ total: count() }).from(freeSpinPacks).where(where),
    ]);
    return { items: rows.map(packView), total };
  }

  /** Free spins are played by the studio's slot engine: the pack's game must be an active one of those. */
  async function assertSpinGame(game: string) {
    const [row] = await db.select({ engine: games.engine, isActive: games.isActive }).from(games).where(eq(games.sysname, game));
    if (!row) throw notFound('game', `No game ${game}`);
    if (row.engine !== 'slot') throw invalid('game', 'Free spins are played on slot games of the studio only');
    if (!row.isActive) throw invalid('game', `${game} is disabled`);
  }

  /**
   * Gives a player a pack outside any bonus (`bonus_id` null): its wins are paid to the main
   * balance by the studio, each through the ledger under the key freespin:{pack}:{spin}
   * (docs/studio.md); creating the pack moves no money.
   */
  async function givePack(input: { userId: number; currency: string; game: string; spins: number; stake: bigint; expiresAt: Date; titles: Record<string, string> }) {
    await assertSpinGame(input.game);
    const [row] = await db
      .insert(freeSpinPacks)
      .values({
        userId: input.userId,
        game: input.game,
        totalCount: input.spins,
        remainingCount: input.spins,
        betAmount: input.stake,
        currency: input.currency,
        expiresAt: input.expiresAt,
        description: Object.fromEntries(Object.entries(input.titles).map(([locale, title]) => [locale, { title }])),
      })
      .returning();
    return packView(row);
  }

  /**
   * Edits a pack given from here: validity while it is active; game, spins and bet only before its
   * first spin (a spin already played keeps the stake it was played at); `cancel` ends it. A
   * bonus's pack follows its bonus and is not edited here.
   */
  async function editPack(id: number, patch: { game?: string; spins?: number; stake?: bigint; expiresAt?: Date; cancel?: boolean }) {
    if (patch.game) await assertSpinGame(patch.game);
    const result = await db.transaction(async (tx) => {
      const [pack] = await tx.select().from(freeSpinPacks).where(eq(freeSpinPacks.id, id)).for('update');
      if (!pack) throw notFound('id', `No free-spin pack ${id}`);
      if (pack.bonusId !== null) throw invalid('id', `Pack ${id} belongs to bonus ${pack.bonusId}: it changes with its bonus`);
      if (pack.status !== 'active') throw invalid('id', `Pack ${id} is ${pack.status}: only an active pack can be changed`);
      const started = pack.remainingCount < pack.totalCount;
      if (started && (patch.game !== undefined || patch.spins !== undefined || patch.stake !== undefined)) {
        throw invalid('spins', 'Spins were played already: only the validity can change, or cancel the pack');
      }
      const set: Partial<typeof freeSpinPacks.$inferInsert> = {};
      if (patch.game !== undefined) set.game = patch.game;
      if (patch.spins !== undefined) Object.assign(set, { totalCount: patch.spins, remainingCount: patch.spins });
      if (patch.stake !== undefined) set.betAmount = patch.stake;
      if (patch.expiresAt !== undefined) set.expiresAt = patch.expiresAt;
      if (patch.cancel) set.status = 'cancelled';
      const [after] = await tx.update(freeSpinPacks).set(set).where(eq(freeSpinPacks.id, id)).returning();
      return { before: packView(pack), after: packView(after) };
    });
    return result;
  }

  return { listGames, updateGame, moveGame, listCategories, listProviders, setProviderActive, listPacks, givePack, editPack };
}

export type CatalogueAdmin = ReturnType<typeof createCatalogueAdmin>;

export const packView = (row: typeof freeSpinPacks.$inferSelect): FreeSpinPackView => ({
  id: row.id,
  user_id: row.userId,
  game: row.game,
  total_count: row.totalCount,
  remaining_count: row.remainingCount,
  bet: isCurrency(row.currency) ? formatMinor(row.betAmount, row.currency) : row.betAmount.toString(),
  currency: row.currency,
  status: row.status,
  bonus_id: row.bonusId,
  expires_at: row.expiresAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});
