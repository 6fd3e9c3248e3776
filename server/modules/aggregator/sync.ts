import { and, eq, inArray, max, sql } from 'drizzle-orm';
import { LOCALES } from '../../../contract/locales.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import { gameCategories, gameCategoryGames, gameProviders, games } from '../../db/schema.ts';
import { aggregatorGames } from '../../db/schema/aggregator.ts';
import { listedGameSchema, type ListedGame } from './operator-api.ts';

type GameType = 'slot' | 'casino' | 'live' | 'fast';

/** What one sync did, for the log and the tests. */
export type SyncSummary = { listed: number; added: number; updated: number; unchanged: number; disabled: number; skipped: Array<{ game_code: string; reason: string }> };

/** A catalogue name (sysname) from an aggregator's code or a studio's name: lower-case words joined by `-`. */
export const toSysname = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');

/**
 * The hall's game type from the aggregator's category name. Hub88's categories are free text
 * ("Video Slots", "Live Blackjack", "Scratch Cards"): a live-dealer game is `live`, a slot `slot`,
 * instant games `fast`, the rest (tables, cards) `casino`.
 */
export function typeOf(category: string): GameType {
  const name = category.toLowerCase();
  if (/\blive\b/.test(name)) return 'live';
  if (/slot/.test(name)) return 'slot';
  if (/scratch|instant|crash|dice|keno|lotter|bingo|arcade|wheel|coin|plinko|mines|fast/.test(name)) return 'fast';
  return 'casino';
}

/** "96.1", 96.1 or "96.10" → "96.10"; null when it is no percentage. */
export function rtpOf(value: ListedGame['rtp']): string | null {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0 || number > 100) return null;
  return number.toFixed(2);
}

/** Hub88 rates volatility 1 to 5; an unrated game shows as medium. */
export const volatilityOf = (value: ListedGame['volatility']): 'low' | 'medium' | 'high' => (!value ? 'medium' : value <= 2 ? 'low' : value === 3 ? 'medium' : 'high');

type Planned = {
  sysname: string;
  gameCode: string;
  provider: { sysname: string; name: string };
  values: Omit<typeof games.$inferInsert, 'id' | 'createdAt'> & { provider: string };
  /** The aggregator's release date: the `new` sort's date of a game added now. */
  released?: Date;
};

/**
 * Reads the aggregator's game list into the catalogue, as the games of their studios: each studio
 * (`product`) a provider row (integration `external`: it has no wallet secret of its own, its
 * games' sessions are the aggregator's), each game a catalogue game owned by the aggregator
 * (aggregator_games). Idempotent: a second run with the same list changes nothing. A game the list
 * no longer offers, or offers `enabled: false`, is hidden; one offered again comes back. What the
 * operators set in the back office (badges, popularity, categories, and a game they disabled while
 * it stayed listed) is left alone.
 */
export async function syncGameList(db: Db, input: { aggregator: string; list: unknown[]; logger: Logger; now?: Date }): Promise<SyncSummary> {
  const now = input.now ?? new Date();
  const summary: SyncSummary = { listed: input.list.length, added: 0, updated: 0, unchanged: 0, disabled: 0, skipped: [] };
  const skip = (code: unknown, reason: string) => summary.skipped.push({ game_code: typeof code === 'string' ? code : String(code), reason });

  const [foreignGames, foreignProviders, owned] = await Promise.all([
    db.select({ sysname: games.sysname }).from(games).where(sql`${games.sysname} not in (select ${aggregatorGames.game} from ${aggregatorGames})`),
    db.select({ sysname: gameProviders.sysname, integration: gameProviders.integration }).from(gameProviders),
    db.select().from(aggregatorGames).where(eq(aggregatorGames.aggregator, input.aggregator)),
  ]);
  const takenGames = new Set(foreignGames.map((row) => row.sysname));
  // Studios of the demo catalogue and our own provider are not the aggregator's to rename or feed.
  const takenProviders = new Set(foreignProviders.filter((row) => row.integration !== 'external' || row.sysname === input.aggregator).map((row) => row.sysname));
  const ownedByCode = new Map(owned.map((row) => [row.gameCode, row]));

  const planned: Planned[] = [];
  const seenCodes = new Set<string>();
  for (const raw of input.list) {
    const parsed = listedGameSchema.safeParse(raw);
    const code = (raw as { game_code?: unknown } | null)?.game_code;
    if (!parsed.success) {
      skip(code, `unreadable: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
      continue;
    }
    const game = parsed.data;
    if (seenCodes.has(game.game_code)) {
      skip(game.game_code, 'listed twice');
      continue;
    }
    seenCodes.add(game.game_code);
    if (!game.enabled) continue; // disabled there: hidden below, like a game no longer listed
    const sysname = ownedByCode.get(game.game_code)?.game ?? toSysname(game.game_code);
    const provider = toSysname(game.product);
    const rtp = rtpOf(game.rtp);
    const image = game.url_thumb ?? game.url_background;
    if (!sysname || !provider) skip(game.game_code, 'no usable name');
    else if (takenGames.has(sysname)) skip(game.game_code, `${sysname} is another game of the catalogue`);
    else if (takenProviders.has(provider)) skip(game.game_code, `${provider} is a provider of the catalogue`);
    else if (!rtp) skip(game.game_code, 'no RTP');
    else if (!image) skip(game.game_code, 'no image');
    else {
      const description = Object.fromEntries(LOCALES.map((locale) => [locale, { name: game.name, img_288_192: image }]));
      const released = game.release_date && !Number.isNaN(Date.parse(game.release_date)) ? new Date(game.release_date) : undefined;
      planned.push({
        sysname,
        gameCode: game.game_code,
        provider: { sysname: provider, name: game.product },
        values: {
          sysname,
          name: game.name,
          provider,
          type: typeOf(game.category),
          tags: [],
          rtp,
          volatility: volatilityOf(game.volatility),
          hasDemo: game.demo_game_support,
          imageUrl: image,
          description,
          isInHouse: false,
          engine: null,
          blockedCountries: game.blocked_countries,
        },
        released,
      });
    }
  }

  await db.transaction(async (tx) => {
    // The aggregator itself: the wallet partner its games' sessions name (its secret signs their calls).
    await tx
      .insert(gameProviders)
      .values({ sysname: input.aggregator, name: input.aggregator, integration: 'external', position: 1000 })
      .onConflictDoNothing();
    const studios = new Map(planned.map((game) => [game.provider.sysname, game.provider.name]));
    for (const [sysname, name] of studios) {
      await tx
        .insert(gameProviders)
        .values({ sysname, name, integration: 'external', position: 500 })
        .onConflictDoUpdate({ target: gameProviders.sysname, set: { name } });
    }

    const existing = planned.length ? await tx.select().from(games).where(inArray(games.sysname, planned.map((game) => game.sysname))) : [];
    const bySysname = new Map(existing.map((row) => [row.sysname, row]));
    const categories = new Set((await tx.select({ id: gameCategories.id }).from(gameCategories)).map((row) => row.id));
    for (const game of planned) {
      const before = bySysname.get(game.sysname);
      const relisted = ownedByCode.get(game.gameCode)?.listed === false;
      const fields = game.values;
      if (!before) {
        await tx.insert(games).values({ ...fields, isActive: true, ...(game.released ? { createdAt: game.released } : {}) });
        summary.added += 1;
      } else if (changed(before, fields) || (relisted && !before.isActive)) {
        await tx
          .update(games)
          .set({ ...fields, ...(relisted ? { isActive: true } : {}) })
          .where(eq(games.sysname, game.sysname));
        summary.updated += 1;
      } else summary.unchanged += 1;
      await tx
        .insert(aggregatorGames)
        .values({ game: game.sysname, aggregator: input.aggregator, gameCode: game.gameCode, listed: true, syncedAt: now })
        .onConflictDoUpdate({ target: aggregatorGames.game, set: { listed: true, syncedAt: now } });
      // A new game sits at the end of its type's category; one the operators moved stays where it is.
      if (!before && categories.has(game.values.type)) {
        const [{ last }] = await tx.select({ last: max(gameCategoryGames.position) }).from(gameCategoryGames).where(eq(gameCategoryGames.categoryId, game.values.type));
        await tx
          .insert(gameCategoryGames)
          .values({ categoryId: game.values.type, game: game.sysname, position: (last ?? 0) + 1 })
          .onConflictDoNothing();
      }
    }

    // Games of this aggregator the list no longer offers (dropped, disabled, or now unreadable).
    const kept = new Set(planned.map((game) => game.sysname));
    const gone = owned.filter((row) => row.listed && !kept.has(row.game)).map((row) => row.game);
    if (gone.length) {
      await tx.update(games).set({ isActive: false }).where(inArray(games.sysname, gone));
      await tx
        .update(aggregatorGames)
        .set({ listed: false, syncedAt: now })
        .where(and(eq(aggregatorGames.aggregator, input.aggregator), inArray(aggregatorGames.game, gone)));
      summary.disabled = gone.length;
    }
  });
  if (summary.skipped.length) input.logger.warn({ aggregator: input.aggregator, skipped: summary.skipped }, 'aggregator games left out of the catalogue');
  return summary;
}

/** Whether the list changed anything the catalogue shows of a game. */
function changed(before: typeof games.$inferSelect, after: Planned['values']): boolean {
  return (
    before.name !== after.name ||
    before.provider !== after.provider ||
    before.type !== after.type ||
    before.rtp !== after.rtp ||
    before.volatility !== after.volatility ||
    before.hasDemo !== after.hasDemo ||
    before.imageUrl !== after.imageUrl ||
    JSON.stringify(before.blockedCountries) !== JSON.stringify(after.blockedCountries) ||
    canonical(before.description) !== canonical(after.description)
  );
}

/** JSON with object keys sorted: jsonb answers keys in its own order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
