import { z } from 'zod';
import {
  PLAYER_SORTS,
  PLAYER_STATUSES,
  PLAYER_TAGS_MAX,
  type AdjustmentView,
  type LinkedPlayerView,
  type PlayerView,
} from '../../../contract/backoffice-players.ts';
import { formatMinor, isCurrency, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import { AppError } from '../../platform/errors.ts';
import {
  addPlayerNote,
  allTags,
  changePlayerStatus,
  endPlayerSessions,
  playerAccount,
  playerNotesOf,
  playerSessions,
  playersSharingSessions,
  playerSummaries,
  searchPlayers,
  setPlayerFlag,
  setPlayerTags,
} from '../../modules/accounts/index.ts';
import {
  accountStatement,
  accountStatementCsv,
  adjustmentState,
  applyAdjustment,
  createAdjustment,
  listAdjustments,
  lockAdjustment,
  rejectAdjustment,
  assertPending,
  type AdjustmentRow,
} from '../../modules/ledger/index.ts';
import { playersByRequisite, playersSharingRequisites } from '../../modules/payments/index.ts';
import { excludedPlayerIds } from '../../modules/responsible-gaming/index.ts';
import { approve } from '../../modules/staff/index.ts';
import type { StaffSession } from '../../modules/staff/index.ts';
import { defineRead, defineWrite, signedIn, type Endpoint, type EndpointContext } from '../endpoint.ts';
import { fourEyesAbove } from './money.ts';

/**
 * The players screens (docs/backoffice.md, "Players"): search, the player page and its sections,
 * and the actions on an account. Reads and writes go through the modules that own the data
 * (accounts, ledger, payments, promotions, responsible gaming, verification ...); each write
 * answers what its one audit row records.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes')]);
const yesNo = z.enum(['yes', 'no']).optional().or(z.literal('').transform(() => undefined));
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
const day = z.iso.date().transform((value) => new Date(`${value}T00:00:00Z`));
const reason = z.string().trim().min(3).max(500);
const ACCOUNTS = ['main', 'bonus', 'betting_bonus', 'withdrawal_hold'] as const;

const subjectOf = (userId: number) => `user:${userId}`;
const db = (context: EndpointContext) => context.services.database.db;
const memberName = (staff: StaffSession) => `${staff.displayName} <${staff.email}>`;
const currencyOf = (text: string): CurrencyCode => (isCurrency(text) ? text : 'EUR');


// --- search ------------------------------------------------------------------------------------

export const searchPlayersEndpoint = defineRead({
  name: 'players/search',
  access: 'players.read',
  summary:
    'Players by id, e-mail or phone (by their beginning), display name (by its beginning), an address they came from, or the IBAN or wallet they withdraw to (`q`); filters `country`, `status`, `registered_from`/`registered_to` (dates, the end excluded), `verified`, `excluded` (a running time-out or self-exclusion), `tag`, `test` (yes|no); `sort`, `dir`, `page`, `limit` (up to 200): {items, total}.',
  input: z.object({
    q: z.string().trim().max(200).optional(),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    status: z.enum(PLAYER_STATUSES).optional().or(z.literal('').transform(() => undefined)),
    registered_from: day.optional().or(z.literal('').transform(() => undefined)),
    registered_to: day.optional().or(z.literal('').transform(() => undefined)),
    verified: yesNo,
    excluded: yesNo,
    tag: z.string().trim().toLowerCase().max(32).optional(),
    test: yesNo,
    sort: z.enum(PLAYER_SORTS).default('registered_at'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    page,
    limit: limit(200, 50),
  }),
  handler: async (input, context) => {
    const q = input.q || undefined;
    const [requisiteIds, excluded] = await Promise.all([
      q ? playersByRequisite(db(context), q) : Promise.resolve([]),
      input.excluded ? excludedPlayerIds(db(context)) : Promise.resolve(null),
    ]);
    const to = input.registered_to ? new Date(input.registered_to.getTime() + 86_400_000) : undefined;
    return searchPlayers(db(context), {
      q,
      requisiteIds,
      country: input.country,
      status: input.status,
      registeredFrom: input.registered_from,
      registeredTo: to,
      verified: input.verified === undefined ? undefined : input.verified === 'yes',
      excluded: excluded ? { ids: excluded, include: input.excluded === 'yes' } : undefined,
      tag: input.tag || undefined,
      testAccount: input.test === undefined ? undefined : input.test === 'yes',
      sort: input.sort,
      dir: input.dir,
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
    });
  },
});

export const listPlayerTags = defineRead({
  name: 'players/tags-in-use',
  access: 'players.read',
  summary: 'Every tag given to a player, for the search filter.',
  input: z.object({}).strip(),
  handler: (_input, context) => allTags(db(context)),
});

// --- the player page -----------------------------------------------------------------------------

export const getPlayer = defineRead({
  name: 'players/get',
  access: 'players.read',
  summary: 'The player page: profile and contacts, status and flags, balances (main, bonus, betting bonus, held for withdrawals), verification, loyalty, tags.',
  input: z.object({ id }),
  handler: async (input, context): Promise<PlayerView> => {
    const { services } = context;
    const account = await playerAccount(db(context), input.id);
    const { user } = account;
    const currency = currencyOf(user.currency);
    const [balances, verification, loyalty] = await Promise.all([
      services.ledger.balances(user.id, currency),
      services.verification.view(user.id, currency).catch(() => null),
      services.loyalty.info(user.id, context.locale).catch(() => null),
    ]);
    const money = (minor: bigint) => formatMinor(minor, currency);
    return {
      id: user.id,
      login: account.login,
      fakename: user.fakename,
      status: user.status,
      currency,
      locale: user.locale,
      country: user.countryCode,
      registered_at: user.registeredAt.toISOString(),
      signup_ip: account.signupIp,
      last_seen_at: account.lastSeenAt,
      is_verified: user.isVerified,
      is_on_verification: user.isOnVerification,
      is_kyc_block_enabled: user.isKycBlockEnabled,
      is_test_account: user.isTestAccount,
      two_factor: user.twoFactorEnabled,
      profile: user.profile as Record<string, unknown>,
      contacts: account.contacts,
      tags: account.tags,
      balances: { main: money(balances.main), bonus: money(balances.bonus), betting_bonus: money(balances.betting_bonus), withdrawal_hold: money(balances.withdrawal_hold) },
      verification: verification ? { status: verification.status, reason: verification.reason } : null,
      loyalty: loyalty ? { points: loyalty.points, lifetime_points: loyalty.lifetime_points, level: loyalty.level?.name ?? null } : null,
      four_eyes_threshold: formatMinor(fourEyesAbove(context, currency), currency),
    };
  },
});

const currencyOfPlayer = async (context: EndpointContext, userId: number): Promise<CurrencyCode> => {
  const state = await context.services.accounts.playerState(userId);
  if (!state) throw new AppError('InvalidParameterException', 'No such player', { status: 404, fields: { id: 'No such player' } });
  return currencyOf(state.currency);
};

export const playerLedger = defineRead({
  name: 'players/ledger',
  access: 'players.read',
  summary: "Movements of one of the player's accounts (`account`: main, bonus, betting_bonus, withdrawal_hold), newest first, each with the balance after it; `page`, `limit` (up to 200).",
  input: z.object({ id, account: z.enum(ACCOUNTS).default('main'), page, limit: limit(200, 50) }),
  handler: async (input, context) =>
    accountStatement(db(context), {
      userId: input.id,
      currency: await currencyOfPlayer(context, input.id),
      kind: input.account,
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
    }),
});

export const LEDGER_CSV_MAX = 10_000;

export const playerLedgerCsv = defineRead({
  name: 'players/ledger-csv',
  access: 'players.read',
  summary: `The same movements as CSV (the newest ${LEDGER_CSV_MAX.toLocaleString('en')}): {filename, csv, rows}.`,
  input: z.object({ id, account: z.enum(ACCOUNTS).default('main') }),
  handler: async (input, context) => {
    const currency = await currencyOfPlayer(context, input.id);
    const { csv, rows } = await accountStatementCsv(db(context), { userId: input.id, currency, kind: input.account, max: LEDGER_CSV_MAX });
    return { filename: `player-${input.id}-${input.account}-${new Date().toISOString().slice(0, 10)}.csv`, csv, rows };
  },
});

export const playerPayments = defineRead({
  name: 'players/payments',
  access: 'players.read',
  summary: 'Deposits and withdrawals (`type`: all, deposit, withdrawal), newest first: {items, total}.',
  input: z.object({ id, type: z.enum(['all', 'deposit', 'withdrawal']).default('all'), page, limit: limit(100, 20) }),
  handler: (input, context) => context.services.payments.history(input.id, { type: input.type, offset: (input.page - 1) * input.limit, count: input.limit }),
});

export const playerRounds = defineRead({
  name: 'players/rounds',
  access: 'players.read',
  summary: 'Casino rounds in real money, newest first (stake, win, status, provably fair seeds): {items, total}.',
  input: z.object({ id, page, limit: limit(100, 20) }),
  handler: (input, context) => context.services.history.rounds(input.id, { mode: 'real' }, { offset: (input.page - 1) * input.limit, count: input.limit }, context.locale),
});

export const playerBets = defineRead({
  name: 'players/bets',
  access: 'players.read',
  summary: 'Sports bets, newest first: {items, total}.',
  input: z.object({ id, page, limit: limit(100, 20) }),
  handler: (input, context) => context.services.betting.bets.list(input.id, { status: 'all', offset: (input.page - 1) * input.limit, count: input.limit }, context.locale),
});

export const playerBonuses = defineRead({
  name: 'players/bonuses',
  access: 'players.read',
  summary: 'Bonuses, free spins and betting bonuses with their wagering, newest first: {items, total}.',
  input: z.object({ id, page, limit: limit(100, 20) }),
  handler: (input, context) => context.services.promotions.listBonuses(input.id, { status: 'all', offset: (input.page - 1) * input.limit, count: input.limit }, context.locale),
});

export const playerTournamentList = defineRead({
  name: 'players/tournaments',
  access: 'players.read',
  summary: 'Tournaments the player joined, newest first, with their rank, points and prize: {items, total}.',
  input: z.object({ id, page, limit: limit(100, 20) }),
  handler: (input, context) => context.services.tournaments.playerTournaments(input.id, { offset: (input.page - 1) * input.limit, count: input.limit }, context.locale),
});

export const playerSessionList = defineRead({
  name: 'players/sessions',
  access: 'players.read',
  summary: 'Sessions newest first: address, browser (user agent), started, last seen, ended; the 100 latest.',
  input: z.object({ id }),
  handler: (input, context) => playerSessions(db(context), input.id),
});

export const playerProtection = defineRead({
  name: 'players/protection',
  access: 'rg.read',
  summary: 'Responsible gaming: limits with what is used, pending loosenings, the reality check, and every time-out or self-exclusion (read only here).',
  input: z.object({ id }),
  handler: async (input, context) => {
    const currency = await currencyOfPlayer(context, input.id);
    const [view, exclusions] = await Promise.all([
      context.services.responsibleGaming.view({ userId: input.id, currency }),
      context.services.responsibleGaming.exclusionsOf(input.id),
    ]);
    return {
      ...view,
      exclusions: exclusions.map((row) => ({ kind: row.kind, length: row.length, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString() })),
    };
  },
});

export const playerNotes = defineRead({
  name: 'players/notes',
  access: 'players.read',
  summary: 'Staff notes on the player, newest first.',
  input: z.object({ id }),
  handler: (input, context) => playerNotesOf(db(context), input.id),
});

export const linkedPlayers = defineRead({
  name: 'players/linked',
  access: 'players.read',
  summary: 'Other accounts that came from one of its addresses (`address`), from the same address and browser (`device`), or used one of its IBANs or wallets (`requisites`).',
  input: z.object({ id }),
  handler: async (input, context): Promise<LinkedPlayerView[]> => {
    const [sessions, requisites] = await Promise.all([playersSharingSessions(db(context), input.id), playersSharingRequisites(db(context), input.id)]);
    const reasons = new Map<number, LinkedPlayerView['reasons']>(sessions);
    for (const [userId, values] of requisites) reasons.set(userId, [...(reasons.get(userId) ?? []), ...values.map((value) => ({ kind: 'requisites' as const, value }))]);
    const ids = [...reasons.keys()].slice(0, 100);
    const summaries = await playerSummaries(db(context), ids);
    return ids.map((userId) => ({ id: userId, login: summaries.get(userId)?.login ?? null, status: summaries.get(userId)?.status ?? 'active', reasons: reasons.get(userId) ?? [] }));
  },
});

// --- account actions -------------------------------------------------------------------------------

const statusAction = (name: 'ban' | 'unban' | 'close', summary: string) =>
  defineWrite({
    name: `players/${name}`,
    access: 'players.block',
    summary,
    input: z.object({ id, reason }),
    handler: async (input, context) => {
      const { before, after } = await changePlayerStatus(db(context), context.services.sessions, input.id, name);
      return { data: after, audit: { subject: subjectOf(input.id), before, after, details: { reason: input.reason } } };
    },
  });

export const banPlayer = statusAction('ban', 'Bans the player, with a reason: every session ends, and their calls answer UserBannedException.');
export const unbanPlayer = statusAction('unban', 'Lifts a ban, with a reason.');
export const closePlayer = statusAction('close', 'Closes the account (status `deleted`), with a reason: every session ends, and their calls answer UserDeletedException.');

export const endSessions = defineWrite({
  name: 'players/end-sessions',
  access: 'players.sessions',
  summary: "Ends every session of the player (they sign in again).",
  input: z.object({ id }),
  handler: async (input, context) => {
    const { before, after } = await endPlayerSessions(db(context), context.services.sessions, input.id);
    return { data: after, audit: { subject: subjectOf(input.id), before, after } };
  },
});

export const kycBlock = defineWrite({
  name: 'players/kyc-block',
  access: 'players.kyc-block',
  summary: 'Turns the KYC block on or off (`on`): while on, an unverified player cannot withdraw.',
  input: z.object({ id, on: flag }),
  handler: async (input, context) => {
    const { before, after } = await setPlayerFlag(db(context), input.id, 'kyc_block', input.on);
    return { data: after, audit: { subject: subjectOf(input.id), before, after } };
  },
});

export const testAccount = defineWrite({
  name: 'players/test-account',
  access: 'players.test-account',
  summary: "Marks the player as the operator's test account, or not (`on`): test accounts are left out of reports.",
  input: z.object({ id, on: flag }),
  handler: async (input, context) => {
    const { before, after } = await setPlayerFlag(db(context), input.id, 'test_account', input.on);
    return { data: after, audit: { subject: subjectOf(input.id), before, after } };
  },
});

export const addNote = defineWrite({
  name: 'players/note',
  access: 'players.notes',
  summary: 'Adds a staff note (`body`, up to 4,000 characters); notes are never edited.',
  input: z.object({ id, body: z.string().trim().min(1).max(4000) }),
  handler: async (input, context) => {
    const staff = signedIn(context);
    const note = await addPlayerNote(db(context), input.id, { staffId: staff.staffId, name: memberName(staff) }, input.body);
    return { data: note, audit: { action: 'players.note', subject: subjectOf(input.id), after: { note: note.id, body: note.body } } };
  },
});

export const setTags = defineWrite({
  name: 'players/tags',
  access: 'players.notes',
  summary: `Replaces the player's tags (\`tags\`: a list or a comma-separated text; lower-case letters, digits and dashes; up to ${PLAYER_TAGS_MAX}).`,
  input: z.object({
    id,
    tags: z
      .union([z.array(z.string().max(64)), z.string().max(2000).transform((text) => text.split(','))])
      .transform((tags) => tags.map((tag) => tag.trim()).filter(Boolean))
      .refine((tags) => tags.length <= PLAYER_TAGS_MAX, `At most ${PLAYER_TAGS_MAX} tags`),
  }),
  handler: async (input, context) => {
    const { before, after } = await setPlayerTags(db(context), input.id, input.tags);
    return { data: after, audit: { subject: subjectOf(input.id), before, after } };
  },
});

// --- bonuses granted by hand ------------------------------------------------------------------------

export const grantableCampaigns = defineRead({
  name: 'players/grantable-campaigns',
  access: 'players.bonus',
  summary:
    "Campaigns whose reward can be granted to this player by hand: in the player's currency, not ended, and not paid with a deposit or by period (bonus money, free spins, a free bet or odds boost).",
  input: z.object({ id }),
  handler: async (input, context) => context.services.promotions.grantableCampaigns(await currencyOfPlayer(context, input.id), context.locale),
});

export const grantBonus = defineWrite({
  name: 'players/grant-bonus',
  access: 'players.bonus',
  summary:
    "Grants a campaign's reward to the player (`campaign_id`, `reason` required), once per player and campaign: bonus money and free bets wait for the player to activate them, free spins start at once. The campaign's audience is not checked: the member decides.",
  input: z.object({ id, campaign_id: id, reason }),
  handler: async (input, context) => {
    await currencyOfPlayer(context, input.id);
    const bonus = await context.services.promotions.grantByOperator(input.id, input.campaign_id, context.locale);
    return {
      data: bonus,
      audit: {
        subject: subjectOf(input.id),
        after: { bonus: bonus.id, kind: bonus.kind, status: bonus.status, amount: bonus.amount, currency: bonus.currency, campaign: input.campaign_id },
        details: { reason: input.reason },
      },
    };
  },
});

// --- manual balance adjustments (four eyes above BACKOFFICE_FOUR_EYES) ------------------------------

const ADJUST_MAX_MAJOR = 1_000_000n;

/** "600", "+600", "-25.50" in the currency's decimals, not zero, up to a million. */
function signedAmount(text: string, currency: CurrencyCode): bigint {
  const match = /^\s*([+-]?)\s*(.+?)\s*$/.exec(text);
  const minor = match ? parseMajor(match[2], currency) : null;
  const bad = (message: string) => new AppError('InvalidParameterException', message, { fields: { amount: message } });
  if (minor === null || minor === 0n) throw bad('An amount like 600, +25.50 or -25.50 (not zero)');
  if (minor > ADJUST_MAX_MAJOR * 100n) throw bad('At most 1,000,000 at a time');
  return match![1] === '-' ? -minor : minor;
}

async function adjustmentViews(context: EndpointContext, rows: AdjustmentRow[]): Promise<AdjustmentView[]> {
  const [summaries, approvers] = await Promise.all([
    playerSummaries(
      db(context),
      [...new Set(rows.map((row) => row.userId))],
    ),
    context.services.staff.approversOf(rows.map((row) => `adjustment:${row.id}`)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    user_id: row.userId,
    login: summaries.get(row.userId)?.login ?? null,
    amount: formatMinor(row.amount, currencyOf(row.currency)),
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    requested_by: row.requestedBy,
    requested_by_name: row.requestedByName,
    decided_by_name: row.decidedByName,
    decided_at: row.decidedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    transaction_id: row.transactionId,
    approvers: approvers.get(`adjustment:${row.id}`) ?? [],
  }));
}

export const requestAdjustment = defineWrite({
  name: 'players/adjust',
  access: 'players.adjust',
  summary:
    "A manual adjustment of the main balance through the ledger (`amount`: signed, in the account currency; `reason` required). Up to BACKOFFICE_FOUR_EYES it moves at once; above, it waits for a second member's `players/adjust-approve`.",
  input: z.object({ id, amount: z.union([z.string().max(40), z.number().transform(String)]), reason }),
  handler: async (input, context) => {
    const staff = signedIn(context);
    const member = { id: staff.staffId, name: memberName(staff) };
    const currency = await currencyOfPlayer(context, input.id);
    const amount = signedAmount(input.amount, currency);
    const needsSecond = (amount < 0n ? -amount : amount) > fourEyesAbove(context, currency);
    const { ledger } = context.services;
    const before = await ledger.balances(input.id, currency);
    const row = await db(context).transaction(async (tx) => {
      const created = await createAdjustment(tx, { userId: input.id, currency, amount, reason: input.reason, requestedBy: member });
      // The request is the first pair of eyes.
      await approve(tx, `adjustment:${created.id}`, staff.staffId);
      return needsSecond ? created : applyAdjustment(tx, ledger, created, member);
    });
    const after = await ledger.balances(input.id, currency);
    const [view] = await adjustmentViews(context, [row]);
    return {
      data: view,
      audit: {
        subject: subjectOf(input.id),
        before: { main: formatMinor(before.main, currency) },
        after: { main: formatMinor(after.main, currency), adjustment: adjustmentState(row) },
        details: { reason: input.reason, four_eyes: needsSecond },
      },
    };
  },
});

export const approveAdjustment = defineWrite({
  name: 'players/adjust-approve',
  access: 'players.adjust-approve',
  summary: "Approves a waiting adjustment (`id`): the second member's approval moves the money, once. The member who asked cannot approve it.",
  input: z.object({ id }),
  handler: async (input, context) => {
    const staff = signedIn(context);
    const member = { id: staff.staffId, name: memberName(staff) };
    const { ledger } = context.services;
    const { row, before, approvers } = await db(context).transaction(async (tx) => {
      const locked = await lockAdjustment(tx, input.id);
      assertPending(locked);
      if (locked.requestedBy === staff.staffId) {
        const message = 'You asked for this adjustment: another member approves it';
        throw new AppError('AccessDeniedException', message, { fields: { id: message }, details: { rule: 'four-eyes' } });
      }
      const state = await approve(tx, `adjustment:${locked.id}`, staff.staffId);
      const balances = await ledger.balances(locked.userId, locked.currency, tx);
      const distinct = new Set(state.approvers);
      // The requester's approval came with the request; this member makes two.
      const done = distinct.size >= 2 ? await applyAdjustment(tx, ledger, locked, member) : locked;
      return { row: done, before: balances.main, approvers: state.approvers };
    });
    const currency = currencyOf(row.currency);
    const after = await ledger.balances(row.userId, currency);
    const [view] = await adjustmentViews(context, [row]);
    return {
      data: view,
      audit: {
        subject: subjectOf(row.userId),
        before: { main: formatMinor(before, currency), adjustment: { ...adjustmentState(row), status: 'pending', transaction_id: null } },
        after: { main: formatMinor(after.main, currency), adjustment: adjustmentState(row) },
        details: { adjustment: row.id, approvers },
      },
    };
  },
});

export const rejectAdjustmentEndpoint = defineWrite({
  name: 'players/adjust-reject',
  access: 'players.adjust-approve',
  summary: 'Rejects a waiting adjustment (`id`, optional `reason`): nothing moves.',
  input: z.object({ id, reason: z.string().trim().max(500).optional() }),
  handler: async (input, context) => {
    const staff = signedIn(context);
    const row = await db(context).transaction(async (tx) => rejectAdjustment(tx, await lockAdjustment(tx, input.id), { id: staff.staffId, name: memberName(staff) }));
    const [view] = await adjustmentViews(context, [row]);
    return {
      data: view,
      audit: {
        subject: subjectOf(row.userId),
        before: { adjustment: { ...adjustmentState(row), status: 'pending' } },
        after: { adjustment: adjustmentState(row) },
        details: { adjustment: row.id, reason: input.reason ?? null },
      },
    };
  },
});

export const adjustmentList = defineRead({
  name: 'players/adjustments',
  access: 'players.read',
  summary: 'Manual adjustments newest first, by `status` (pending, applied, rejected) and player (`user_id`), with who approved them so far.',
  input: z.object({
    status: z.enum(['pending', 'applied', 'rejected']).optional().or(z.literal('').transform(() => undefined)),
    user_id: id.optional(),
    limit: limit(200, 50),
  }),
  handler: async (input, context) => adjustmentViews(context, await listAdjustments(db(context), { status: input.status, userId: input.user_id, limit: input.limit })),
});

/** The players screens' endpoints (docs/backoffice.md). */
export const PLAYER_ENDPOINTS: Endpoint[] = [
  searchPlayersEndpoint,
  listPlayerTags,
  getPlayer,
  playerLedger,
  playerLedgerCsv,
  playerPayments,
  playerRounds,
  playerBets,
  playerBonuses,
  playerTournamentList,
  playerSessionList,
  playerProtection,
  playerNotes,
  linkedPlayers,
  banPlayer,
  unbanPlayer,
  closePlayer,
  endSessions,
  kycBlock,
  testAccount,
  addNote,
  setTags,
  grantableCampaigns,
  grantBonus,
  requestAdjustment,
  approveAdjustment,
  rejectAdjustmentEndpoint,
  adjustmentList,
] as Endpoint[];
