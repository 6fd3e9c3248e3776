import { z } from 'zod';
import {
  ADMIN_GAME_SORTS,
  FREE_SPIN_PACK_STATUSES,
  GAME_BADGES,
  JACKPOT_MAX_BPS,
  JACKPOT_MAX_SEED_MAJOR,
  PACK_LIMITS,
  type AdminCategory,
  type AdminGamesPage,
  type AdminPoolView,
  type AdminProvider,
  type FreeSpinPacksPage,
} from '../../../contract/backoffice-games.ts';
import { LOCALES } from '../../../contract/locales.ts';
import { parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import { STAKE_LIMITS } from '../../../contract/studio.ts';
import { AppError } from '../../platform/errors.ts';
import { defineRead, defineWrite, type Endpoint, type EndpointContext } from '../endpoint.ts';

/**
 * The games catalogue screens (docs/backoffice.md, "Games catalogue"): games (on or off, badges,
 * categories and the order within each, countries they are blocked in), providers, jackpot pools
 * and free-spin packs. `games.read` sees them, `games.manage` changes them; each write is one audit
 * row and clears the catalogue's caches in every process (decision 008).
 */

const sysname = z.string().trim().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64);
const id = z.coerce.number().int().positive().max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(200).default(50);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

/** Two capital letters naming a country (ISO 3166-1 alpha-2): not a group of countries, not "unknown". */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'UK', 'QO']);
const country = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((code) => /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && regionNames.of(code) !== undefined);
/** A list as JSON or as comma-separated text (a form's field). */
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter(Boolean) : value), z.array(item).max(max));

const subject = {
  game: (name: string) => `game:${name}`,
  provider: (name: string) => `provider:${name}`,
  pool: (poolId: number) => `jackpot-pool:${poolId}`,
  pack: (packId: number) => `free-spin-pack:${packId}`,
};

const catalogueOf = (context: EndpointContext) => context.services.catalogue.admin;

// --- games ---------------------------------------------------------------------------------------

export const listGames = defineRead({
  name: 'games/list',
  access: 'games.read',
  summary:
    'Games of the catalogue, enabled or not: filters `q` (name or sysname), `provider`, `category`, `status` (active, disabled), `badge` (new, hot), `blocked_in` (a country); `sort` name, popularity, created_at or position (within `category`), `dir`, `page`, `limit`.',
  input: z.object({
    q: optional(z.string().trim().max(100)),
    provider: optional(sysname),
    category: optional(sysname),
    status: optional(z.enum(['active', 'disabled'])),
    badge: optional(z.enum(GAME_BADGES)),
    blocked_in: optional(country),
    sort: z.enum(ADMIN_GAME_SORTS).default('popularity'),
    dir: z.enum(['asc', 'desc']).default('asc'),
    page,
    limit,
  }),
  handler: (input, context): Promise<AdminGamesPage> => catalogueOf(context).listGames({ ...input, offset: (input.page - 1) * input.limit }),
});

export const listCategories = defineRead({
  name: 'games/categories',
  access: 'games.read',
  summary: 'The hall categories with their names and how many games each holds (`all`: every game).',
  input: z.object({}).strip(),
  handler: (_input, context): Promise<AdminCategory[]> => catalogueOf(context).listCategories(),
});

export const updateGame = defineWrite({
  name: 'games/update',
  access: 'games.manage',
  summary:
    'Changes a game (`sysname`): `is_active` (off: gone from the hall and refused at launch), `badges` (new, hot), `blocked_countries` (ISO codes whose players neither see nor launch it), `categories` (ids besides `all`; a category joined takes the game at its end). Players see it at their next page.',
  input: z
    .object({
      sysname,
      is_active: flag.optional(),
      badges: list(z.enum(GAME_BADGES), GAME_BADGES.length).optional(),
      blocked_countries: list(country, 250).optional(),
      categories: list(sysname, 50).optional(),
    })
    .refine((input) => ['is_active', 'badges', 'blocked_countries', 'categories'].some((key) => key in input && input[key as keyof typeof input] !== undefined), {
      path: ['is_active'],
    }),
  handler: async (input, context) => {
    const { sysname: game, ...patch } = input;
    const { before, after } = await catalogueOf(context).updateGame(game, patch);
    return { data: after, audit: { subject: subject.game(game), before, after } };
  },
});

export const moveGame = defineWrite({
  name: 'games/move',
  access: 'games.manage',
  summary: 'Moves a game within a category (`category`, `sysname`): `move` up, down, or a position (1 first). The hall lists the category in this order.',
  input: z.object({
    category: sysname.refine((value) => value !== 'all'),
    sysname,
    move: z.union([z.enum(['up', 'down']), z.coerce.number().int().min(1).max(100_000)]),
  }),
  handler: async (input, context) => {
    const moved = await catalogueOf(context).moveGame(input);
    return { data: { category: input.category, sysname: input.sysname, position: moved.after }, audit: { subject: subject.game(input.sysname), before: { [input.category]: moved.before }, after: { [input.category]: moved.after } } };
  },
});

// --- providers -----------------------------------------------------------------------------------

export const listProviders = defineRead({
  name: 'games/providers',
  access: 'games.read',
  summary: 'Game providers with their switch and how many games each has (and how many are on).',
  input: z.object({}).strip(),
  handler: (_input, context): Promise<AdminProvider[]> => catalogueOf(context).listProviders(),
});

export const setProviderActive = defineWrite({
  name: 'games/provider-active',
  access: 'games.manage',
  summary: 'Turns a provider (`sysname`) on or off (`is_active`): off hides every game of it from players and refuses their launch; the games keep their own switches.',
  input: z.object({ sysname, is_active: flag }),
  handler: async (input, context) => {
    const { before, after } = await catalogueOf(context).setProviderActive(input.sysname, input.is_active);
    return { data: { sysname: input.sysname, ...after }, audit: { subject: subject.provider(input.sysname), before, after } };
  },
});

// --- jackpot pools -------------------------------------------------------------------------------

export const listPools = defineRead({
  name: 'games/jackpots',
  access: 'games.read',
  summary: 'Jackpot pools: amount now, seed of the next cycle, share of each bet (basis points), odds, eligible games and the latest hits.',
  input: z.object({}).strip(),
  handler: (_input, context): Promise<AdminPoolView[]> => context.services.jackpots.admin.listPools(),
});

const majorText = z.string().trim().max(20);

export const configurePool = defineWrite({
  name: 'games/jackpot-configure',
  access: 'games.manage',
  summary: `Sets a pool's (\`id\`) \`seed\` (major units of its currency, 0 to ${JACKPOT_MAX_SEED_MAJOR}: what the next cycle starts with; the current amount stays) and \`contribution_bps\` (0 to ${JACKPOT_MAX_BPS}, from the next bet). Moves no money: a seed is funded from game_house through the ledger when its cycle starts.`,
  input: z
    .object({ id, seed: majorText.optional(), contribution_bps: z.coerce.number().int().min(0).max(JACKPOT_MAX_BPS).optional() })
    .refine((input) => input.seed !== undefined || input.contribution_bps !== undefined, { path: ['seed'] }),
  handler: async (input, context) => {
    const jackpots = context.services.jackpots.admin;
    const pool = await jackpots.pool(input.id);
    let seed: bigint | undefined;
    if (input.seed !== undefined) {
      seed = parseMajor(input.seed, pool.currency as CurrencyCode) ?? undefined;
      const most = parseMajor(JACKPOT_MAX_SEED_MAJOR, pool.currency as CurrencyCode)!;
      if (seed === undefined || seed < 0n || seed > most) {
        const message = `A seed from 0 to ${JACKPOT_MAX_SEED_MAJOR} ${pool.currency}, like 5000 or 5000.00`;
        throw new AppError('InvalidParameterException', message, { fields: { seed: message } });
      }
    }
    const result = await jackpots.configure(input.id, { seed, contributionBps: input.contribution_bps });
    return {
      data: { id: input.id, ...result.after },
      audit: { subject: subject.pool(input.id), before: result.before, after: result.after, details: { jackpot: result.jackpot, currency: result.currency } },
    };
  },
});

// --- free-spin packs -----------------------------------------------------------------------------

export const listPacks = defineRead({
  name: 'games/free-spins',
  access: 'games.read',
  summary: 'Free-spin packs, newest first: filters `user_id`, `game`, `status`, `source` (bonus: issued by a campaign bonus; operator: given here); `page`, `limit`.',
  input: z.object({
    user_id: optional(id),
    game: optional(sysname),
    status: optional(z.enum(FREE_SPIN_PACK_STATUSES)),
    source: optional(z.enum(['bonus', 'operator'])),
    page,
    limit,
  }),
  handler: (input, context): Promise<FreeSpinPacksPage> => catalogueOf(context).listPacks({ ...input, offset: (input.page - 1) * input.limit }),
});

const spins = z.coerce.number().int().min(1).max(PACK_LIMITS.spins);
const validDays = z.coerce.number().int().min(1).max(PACK_LIMITS.validDays);
const expiryIn = (days: number) => new Date(Date.now() + days * 86_400_000);

/** A spin's stake in minor units: a slot stake of the studio (its minimum, maximum and step). */
function stakeOf(text: string, currency: string): bigint {
  const limits = STAKE_LIMITS.slot;
  const code = currency as CurrencyCode;
  const minor = parseMajor(text, code);
  const [min, max, step] = [limits.min, limits.max, limits.step].map((value) => parseMajor(value, code)!);
  if (minor === null || minor < min || minor > max || minor % step !== 0n) {
    const message = `A bet per spin from ${limits.min} to ${limits.max} ${currency}, in steps of ${limits.step}`;
    throw new AppError('InvalidParameterException', message, { fields: { bet: message } });
  }
  return minor;
}

export const createPack = defineWrite({
  name: 'games/free-spin-create',
  access: 'games.manage',
  summary: `Gives a player (\`user_id\`) a pack: \`game\` (a slot of the studio), \`spins\` (1 to ${PACK_LIMITS.spins}), \`bet\` per spin in the player's currency (the slot's stake limits), \`valid_days\` (1 to ${PACK_LIMITS.validDays}). Wins are paid to the main balance through the ledger, spin by spin.`,
  input: z.object({ user_id: id, game: sysname, spins, bet: majorText, valid_days: validDays }),
  handler: async (input, context) => {
    const player = await context.services.accounts.playerState(input.user_id);
    if (!player || player.status !== 'active') {
      const message = 'No active player with this id';
      throw new AppError('InvalidParameterException', message, { fields: { user_id: message }, status: 404 });
    }
    const stake = stakeOf(input.bet, player.currency);
    const titles = Object.fromEntries(LOCALES.map((locale) => [locale, locale === 'fr' ? `${input.spins} tours gratuits` : `${input.spins} free spins`]));
    const pack = await catalogueOf(context).givePack({ userId: input.user_id, currency: player.currency, game: input.game, spins: input.spins, stake, expiresAt: expiryIn(input.valid_days), titles });
    return { data: pack, audit: { subject: subject.pack(pack.id), after: pack, details: { user_id: input.user_id } } };
  },
});

export const updatePack = defineWrite({
  name: 'games/free-spin-update',
  access: 'games.manage',
  summary:
    'Changes a pack given here (`id`): `valid_days` (from now) while active; `game`, `spins`, `bet` before its first spin; `cancel: true` ends it. A campaign bonus’s pack follows its bonus and is refused.',
  input: z
    .object({ id, game: optional(sysname), spins: optional(spins), bet: optional(majorText), valid_days: optional(validDays), cancel: flag.optional() })
    .refine((input) => [input.game, input.spins, input.bet, input.valid_days, input.cancel].some((value) => value !== undefined), { path: ['valid_days'] }),
  handler: async (input, context) => {
    const admin = catalogueOf(context);
    const current = (await admin.listPacks({ offset: 0, limit: 1, packId: input.id })).items[0];
    if (!current) {
      const message = `No free-spin pack ${input.id}`;
      throw new AppError('InvalidParameterException', message, { fields: { id: message }, status: 404 });
    }
    const { before, after } = await admin.editPack(input.id, {
      game: input.game,
      spins: input.spins,
      stake: input.bet !== undefined ? stakeOf(input.bet, current.currency) : undefined,
      expiresAt: input.valid_days !== undefined ? expiryIn(input.valid_days) : undefined,
      cancel: input.cancel,
    });
    return { data: after, audit: { action: input.cancel ? 'games.free-spin-cancel' : 'games.free-spin-update', subject: subject.pack(input.id), before, after } };
  },
});

/** The games catalogue screens' endpoints (docs/backoffice.md). */
export const GAMES_ENDPOINTS: Endpoint[] = [
  listGames,
  listCategories,
  updateGame,
  moveGame,
  listProviders,
  setProviderActive,
  listPools,
  configurePool,
  listPacks,
  createPack,
  updatePack,
] as Endpoint[];
