import { z } from 'zod';
import type { TournamentAdminAnswer } from '../../../contract/backoffice-loyalty-tournaments.ts';
import { TOURNAMENT_STATUSES } from '../../../contract/tournaments.ts';
import { loginsOf } from '../../modules/accounts/index.ts';
import { characterFormSchema, levelFormSchema, productFormSchema } from '../../modules/loyalty/index.ts';
import { tournamentFormSchema } from '../../modules/tournaments/index.ts';
import { defineRead, defineWrite, type Endpoint } from '../endpoint.ts';

/**
 * Marketing: loyalty and tournaments (docs/backoffice.md). What the seeds and `npm run ops --
 * loyalty:* | tournament:*` did becomes screens: the modules' managers (loyalty/manage.ts,
 * tournaments/manage.ts) do the work and answer what changed; the router writes the audit row.
 * `marketing.read` sees, `marketing.manage` changes.
 */

const id = z.coerce.number().int().min(1).max(2_147_483_647);
/** How many ranks the back office's leaderboard shows. */
const STANDINGS = 50;

// --- loyalty ---------------------------------------------------------------------------------------

export const loyaltyOverview = defineRead({
  name: 'marketing/loyalty/overview',
  access: 'marketing.read',
  summary: "The active programme's levels (with players per level), the characters, the shop's products (with how many were sold) and the game-type shares of a stake.",
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.loyaltyManager.overview(),
});

export const saveLoyaltyLevel = defineWrite({
  name: 'marketing/loyalty/level/save',
  access: 'marketing.manage',
  summary: 'Adds a level after the last (no `id`) or changes one: `sysname`, `names` and `perks` in both languages, `threshold` (0 for level 1, rising with the number), `earn_rate` (points per 10.00 on a slot).',
  input: levelFormSchema,
  handler: async (input, context) => {
    const saved = await context.services.loyaltyManager.saveLevel(input);
    return { data: saved.after, audit: { action: saved.before ? 'loyalty.level.update' : 'loyalty.level.create', subject: `loyalty-level:${saved.number}`, before: saved.before, after: saved.after } };
  },
});

export const saveLoyaltyCharacter = defineWrite({
  name: 'marketing/loyalty/character/save',
  access: 'marketing.manage',
  summary: 'Adds (no `id`) or changes a character: names and descriptions in both languages, its picture, position, and whether players may pick it.',
  input: characterFormSchema,
  handler: async (input, context) => {
    const saved = await context.services.loyaltyManager.saveCharacter(input);
    return { data: saved.after, audit: { action: saved.before ? 'loyalty.character.update' : 'loyalty.character.create', subject: `loyalty-character:${saved.after.id}`, before: saved.before, after: saved.after } };
  },
});

export const saveLoyaltyProduct = defineWrite({
  name: 'marketing/loyalty/product/save',
  access: 'marketing.manage',
  summary:
    'Adds (no `id`) or changes a shop product: `kind` and its `reward` (major units), `price` in whole points, `min_level`, `currency`, name and description in both languages, picture, position, `is_active`.',
  input: productFormSchema,
  handler: async (input, context) => {
    const saved = await context.services.loyaltyManager.saveProduct(input);
    return { data: saved.after, audit: { action: saved.before ? 'loyalty.product.update' : 'loyalty.product.create', subject: `loyalty-product:${saved.after.id}`, before: saved.before, after: saved.after } };
  },
});

export const setLoyaltyProductActive = defineWrite({
  name: 'marketing/loyalty/product/active',
  access: 'marketing.manage',
  summary: 'Takes a product off the shop (`active: false`) or puts it back; bought products stay the players\u2019.',
  input: z.object({ id, active: z.boolean() }),
  handler: async (input, context) => {
    const changed = await context.services.loyaltyManager.setProductActive(input.id, input.active);
    return {
      data: { id: input.id, is_active: changed.after },
      audit: { action: input.active ? 'loyalty.product.enable' : 'loyalty.product.disable', subject: `loyalty-product:${input.id}`, before: { is_active: changed.before }, after: { is_active: changed.after }, details: { sysname: changed.sysname } },
    };
  },
});

// --- tournaments -----------------------------------------------------------------------------------

export const listTournaments = defineRead({
  name: 'marketing/tournaments/list',
  access: 'marketing.read',
  summary: 'Every tournament (`status`: active, upcoming, finished, or all), running first, then upcoming, then finished: window, players, prize pool.',
  input: z.object({ status: z.enum([...TOURNAMENT_STATUSES, 'all']).default('all') }),
  handler: (input, context) => context.services.tournamentManager.list(input.status),
});

export const getTournament = defineRead({
  name: 'marketing/tournaments/get',
  access: 'marketing.read',
  summary: 'One tournament (`id`): its form (to edit or copy), what the site answers for it in English and French, and its first 50 standings with the players.',
  input: z.object({ id }),
  handler: async (input, context): Promise<TournamentAdminAnswer> => {
    const { tournaments, tournamentManager } = context.services;
    const { row, form } = await tournamentManager.get(input.id);
    const query = { ids: [input.id], status: 'all' as const, offset: 0, count: 1 };
    const [en, fr, board] = await Promise.all([tournaments.list(query, null, 'en'), tournaments.list(query, null, 'fr'), tournaments.operatorBoard(input.id, STANDINGS)]);
    const logins = await loginsOf(context.services.database.db, board.map((entry) => entry.userId));
    return {
      row,
      form,
      views: { en: en.items[0], fr: fr.items[0] },
      standings: board.map(({ userId, ...entry }) => ({ ...entry, user_id: userId, login: logins.get(userId) ?? `#${userId}` })),
    };
  },
});

export const tournamentGames = defineRead({
  name: 'marketing/tournaments/games',
  access: 'marketing.read',
  summary: 'The games a tournament can count: the catalogue\u2019s active games, in-house first.',
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.tournamentManager.gameOptions(),
});

export const createTournament = defineWrite({
  name: 'marketing/tournaments/create',
  access: 'marketing.manage',
  summary:
    'Creates a tournament from the form (a copy of another\u2019s settings, or new): names in both languages, window (the end after the start and in the future), eligible games (null: every in-house game), scoring, minimum bet, buy-in, prize table (ranks rising without overlap, amounts above zero in its currency). Each bad field named, nothing written.',
  input: tournamentFormSchema,
  handler: async (input, context) => {
    const created = await context.services.tournamentManager.create(input);
    return { data: created, audit: { action: 'tournament.create', subject: `tournament:${created.sysname}`, after: created, details: { id: created.id } } };
  },
});

export const updateTournament = defineWrite({
  name: 'marketing/tournaments/update',
  access: 'marketing.manage',
  summary: 'Changes a tournament that has not started (`id` and the form); a running or finished one is refused with 409.',
  input: tournamentFormSchema.extend({ id }),
  handler: async ({ id: tournamentId, ...form }, context) => {
    const changed = await context.services.tournamentManager.update(tournamentId, form);
    return { data: { id: tournamentId, ...changed.after }, audit: { action: 'tournament.update', subject: `tournament:${changed.after.sysname}`, before: changed.before, after: changed.after, details: { id: tournamentId } } };
  },
});

export const endTournament = defineWrite({
  name: 'marketing/tournaments/end',
  access: 'marketing.manage',
  summary:
    'Ends a running tournament now (`id`): ranks frozen and prizes paid through the ledger in one transaction, each under its key, so they are paid once. Again (a double click, another member): 409, nothing paid; an upcoming one: 422.',
  input: z.object({ id }),
  handler: async (input, context) => {
    const ended = await context.services.tournamentManager.endNow(input.id);
    return { data: ended, audit: { action: 'tournament.end', subject: `tournament:${ended.sysname}`, after: { ends_at: ended.ends_at }, details: { id: ended.id, prizes_paid: ended.paid } } };
  },
});

/** The marketing screens' endpoints for loyalty and tournaments (docs/backoffice.md). */
export const MARKETING_LOYALTY_TOURNAMENT_ENDPOINTS: Endpoint[] = [
  loyaltyOverview,
  saveLoyaltyLevel,
  saveLoyaltyCharacter,
  saveLoyaltyProduct,
  setLoyaltyProductActive,
  listTournaments,
  getTournament,
  tournamentGames,
  createTournament,
  updateTournament,
  endTournament,
] as Endpoint[];
