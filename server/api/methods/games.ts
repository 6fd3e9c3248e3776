import { z } from 'zod';
import { FREE_SPINS_FETCH_COUNT, GAME_CATEGORIES, GAMES_PAGE_SIZES } from '../../../contract/constants.ts';
import { FREE_SPIN_STATUSES, GAME_FIELDS, GAME_SORTS, GAME_TYPES, type GameSort } from '../../modules/catalogue/index.ts';
import { defineMethod, type ApiContext } from '../types.ts';
import { requireUserId } from './accounts.ts';

const sysname = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64);
/** A list as `x[]=a&x[]=b`, `x=a,b`, or a JSON array inside `options`. */
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter(Boolean) : value), z.array(item).max(max));
const direction = z.preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), z.enum(['asc', 'desc']));
const sortName = z.preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), z.enum(Object.keys(GAME_SORTS) as [GameSort, ...GameSort[]]));
/** `sort_options`: a sort name, or `{by, direction}` (also `{sort, order}` / `{field, order}`). */
const sortOptions = z.union([
  sortName.transform((by) => ({ by, direction: undefined })),
  z
    .object({ by: sortName.optional(), sort: sortName.optional(), field: sortName.optional(), direction: direction.optional(), order: direction.optional() })
    .transform((value) => ({ by: value.by ?? value.sort ?? value.field, direction: value.direction ?? value.order })),
]);
const idLike = z.union([z.string().max(64), z.number()]);

/**
 * The signed-in player's profile country: games the operator blocked there are left out of every
 * list (docs/backoffice.md, "Games catalogue"). A guest's country is not known: none are.
 */
async function viewerCountry(context: ApiContext): Promise<string | null> {
  if (context.viewer.userId === null) return null;
  return (await context.services.accounts.playerState(context.viewer.userId))?.country ?? null;
}

/**
 * The spec's client sends games/get's `options` as JSON text. Its keys (offset, count, fields,
 * sort_options, sysnames, order, and the filters, possibly nested once more under `options`) are
 * read as if they were query fields; they win over query fields of the same name.
 */
function flattenOptions(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const input: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  let options = input.options;
  if (typeof options === 'string') {
    try {
      options = JSON.parse(options);
    } catch {
      return input; // the schema refuses the text, naming `options`
    }
  }
  if (options === undefined || options === null) {
    delete input.options;
    return input;
  }
  if (typeof options !== 'object' || Array.isArray(options)) return { ...input, options };
  delete input.options;
  const { options: inner, ...rest } = options as Record<string, unknown>;
  Object.assign(input, rest);
  if (inner && typeof inner === 'object' && !Array.isArray(inner)) Object.assign(input, inner);
  return input;
}

const gamesQuery = z.preprocess(
  flattenOptions,
  z
    .object({
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
      count: z.coerce.number().int().min(1).max(Math.max(...GAMES_PAGE_SIZES)).default(GAMES_PAGE_SIZES[0]),
      fields: list(z.enum(GAME_FIELDS), GAME_FIELDS.length).optional(),
      sort_options: sortOptions.optional(),
      order: direction.optional(),
      sysnames: list(sysname, 300).optional(),
      /** The sportsbook asks for one game by `sysname`. */
      sysname: sysname.optional(),
      category: sysname.optional(),
      providers: list(sysname, 50).optional(),
      query: z.union([z.string().max(100), z.number()]).transform(String).optional(),
      types: list(z.enum(GAME_TYPES), GAME_TYPES.length).optional(),
      tags: list(sysname, 20).optional(),
      volatility: list(z.enum(['low', 'medium', 'high']), 3).optional(),
      rtp_min: z.coerce.number().min(0).max(100).optional(),
      /** The games of a tournament: `{id, type: 'tournament'}` (id or SEO name), or `tournament_id`. */
      id: idLike.optional(),
      type: z.string().max(32).optional(),
      tournament_id: idLike.optional(),
      tournament_type: z.string().max(32).optional(),
      /** Only present here when it was not an object: refused. */
      options: z.never().optional(),
    })
    .strip(),
);

export const getGames = defineMethod({
  name: 'games/get',
  verb: 'GET',
  auth: false,
  summary:
    "Games of the hall: {items, total}; filters category, providers, query (game and provider names), types, tags (features), volatility, rtp_min, sysnames, a tournament's games ({id, type: 'tournament'} or tournament_id); sort popularity, priority, name, new, rtp; paging offset/count.",
  input: gamesQuery,
  handler: async (input, context) => {
    let sysnames = [...(input.sysnames ?? []), ...(input.sysname ? [input.sysname] : [])];
    // A tournament's games: its eligible ones (null: every in-house game); an unknown one is a 404.
    const tournament = input.tournament_id ?? (input.type === 'tournament' ? input.id : undefined);
    let inHouse = false;
    if (tournament !== undefined) {
      const ref = /^[0-9]+$/.test(String(tournament)) ? { id: Number(tournament) } : { sysname: String(tournament) };
      const eligible = await context.services.tournaments.eligibleGames(ref, context.locale);
      if (eligible === null) inHouse = true;
      else {
        sysnames = sysnames.length ? sysnames.filter((name) => eligible.includes(name)) : eligible;
        if (!sysnames.length) return { items: [], total: 0 };
      }
    }
    return context.services.catalogue.listGames(
      {
        offset: input.offset,
        count: input.count,
        fields: input.fields,
        sort: input.sort_options?.by ?? 'popularity',
        order: input.order ?? input.sort_options?.direction,
        sysnames: sysnames.length ? sysnames : undefined,
        category: input.category,
        providers: input.providers,
        query: input.query,
        types: input.types,
        tags: input.tags,
        volatility: input.volatility,
        rtpMin: input.rtp_min,
        ...(inHouse ? { inHouse } : {}),
        country: await viewerCountry(context),
      },
      context.locale,
    );
  },
});

export const getCategories = defineMethod({
  name: 'games/getCategories',
  verb: 'GET',
  auth: false,
  summary: `Game hall categories (${GAME_CATEGORIES.join(', ')}): [{id, name, games_count}].`,
  input: z.object({}).strip(),
  handler: async (_input, context) => context.services.catalogue.categories(context.locale, await viewerCountry(context)),
});

export const getProviders = defineMethod({
  name: 'games/getProviders',
  verb: 'GET',
  auth: false,
  summary: 'Providers offering games (of `types` when given): [{sysname, name, games_count, game_params?}].',
  input: z.object({ fields: list(z.enum(['game_params']), 5).optional(), types: list(z.enum(GAME_TYPES), GAME_TYPES.length).optional() }).strip(),
  handler: async (input, context) => context.services.catalogue.providers({ ...input, country: await viewerCountry(context) }),
});

export const getLikes = defineMethod({
  name: 'games/getLikes',
  verb: 'GET',
  auth: true,
  summary: "The player's favourite games: {sysnames}, latest first.",
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.catalogue.likes(requireUserId(context)),
});

export const addLike = defineMethod({
  name: 'games/addLike',
  verb: 'POST',
  auth: true,
  summary: 'Adds a game to the favourites (again: no change). Answers 1.',
  input: z.object({ sysname }),
  handler: async (input, context) => {
    await context.services.catalogue.addLike(requireUserId(context), input.sysname, context.locale);
    await context.services.analytics.record(requireUserId(context), 'favourite_add', { game: input.sysname });
    return 1;
  },
});

export const removeLike = defineMethod({
  name: 'games/removeLike',
  verb: 'POST',
  auth: true,
  summary: 'Removes a game from the favourites (not there: no change). Answers 1.',
  input: z.object({ sysname }),
  handler: async (input, context) => {
    await context.services.catalogue.removeLike(requireUserId(context), input.sysname, context.locale);
    await context.services.analytics.record(requireUserId(context), 'favourite_remove', { game: input.sysname });
    return 1;
  },
});

export const getRecent = defineMethod({
  name: 'games/getRecent',
  verb: 'GET',
  auth: true,
  summary: 'Games the player has bet on, latest first: {items (game items with last_played_at), total}.',
  input: z.object({ offset: z.coerce.number().int().min(0).max(10_000).default(0), count: z.coerce.number().int().min(1).max(50).default(12) }).strip(),
  handler: async (input, context) => {
    const { rows, total } = await context.services.wallet.recentGames(requireUserId(context), input);
    const items = await context.services.catalogue.gamesBySysnames(rows.map((row) => row.game), context.locale, await viewerCountry(context));
    const playedAt = new Map(rows.map((row) => [row.game, row.lastPlayedAt.toISOString()]));
    return { items: items.map((item) => ({ ...item, last_played_at: playedAt.get(item.sysname) })), total };
  },
});

export const getFreeSpins = defineMethod({
  name: 'freespins/get',
  verb: 'GET',
  auth: true,
  summary: "The player's free spin packs: {items, total}; status active (default), used, expired, cancelled or all.",
  input: z
    .object({
      fields: list(z.enum(['description']), 5).optional(),
      status: z.enum(FREE_SPIN_STATUSES).default('active'),
      offset: z.coerce.number().int().min(0).max(10_000).default(0),
      count: z.coerce.number().int().min(1).max(FREE_SPINS_FETCH_COUNT).default(FREE_SPINS_FETCH_COUNT),
    })
    .strip(),
  handler: (input, context) => context.services.catalogue.freeSpins(requireUserId(context), input, context.locale),
});
