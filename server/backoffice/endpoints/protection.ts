import { z } from 'zod';
import { BACKOFFICE_API } from '../../../contract/backoffice.ts';
import { LIMIT_PERIODS, OPERATOR_EXCLUSION_LENGTHS } from '../../../contract/responsible-gaming.ts';
import { VERIFICATION_STATUSES } from '../../../contract/verification.ts';
import { AppError } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { actorOf, defineRead, defineWrite, signedIn, type Endpoint } from '../endpoint.ts';

/**
 * The protection screens (docs/backoffice.md): the identity verification queue, a case with its
 * documents and the decisions (the same review `ops kyc:approve` / `kyc:reject` run), and
 * responsible gaming (players at or near their limits, running exclusions, a stricter limit or an
 * operator exclusion: never a looser one). Each module's tables are read by the module itself.
 */

const userId = z.coerce.number().int().positive().max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(200).default(50);
const notFound = (field: string, message: string) => new AppError('InvalidParameterException', message, { fields: { [field]: message }, status: 404 });

/** Who a player is, as the screens show them next to a case or a limit: login contact, language, account status. */
async function playerOf(services: Services, id: number) {
  const state = await services.accounts.playerState(id);
  if (!state) return null;
  const contact = await services.accounts.recipient(id);
  return { id, email: contact.email, phone: contact.phone, locale: contact.locale, status: state.status, currency: state.currency };
}

async function playersOf(services: Services, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map(async (id) => [id, await playerOf(services, id)] as const));
  return new Map(found);
}

async function requirePlayer(services: Services, id: number) {
  const player = await playerOf(services, id);
  if (!player) throw notFound('user_id', `No player with id ${id}`);
  return player;
}

export const documentUrl = (id: string) => `${BACKOFFICE_API}/verification/document?id=${encodeURIComponent(id)}`;

// --- identity verification ----------------------------------------------------------------------

const verificationQueue = defineRead({
  name: 'verification/queue',
  access: 'verification.read',
  summary:
    'Verification cases, oldest waiting first (as `ops kyc:pending`): `status` (pending by default, or `all`, approved, resubmission, rejected), `provider` (builtin or sumsub), `older_than` hours waiting; paged (`page`, `limit`): {items, total}.',
  input: z.object({
    status: z.enum([...VERIFICATION_STATUSES, 'all']).default('pending'),
    provider: z.enum(['builtin', 'sumsub']).optional(),
    older_than: z.coerce.number().int().min(1).max(24 * 365).optional(),
    page,
    limit,
  }),
  handler: async (input, { services }) => {
    const { items, total } = await services.verification.queue(
      { status: input.status, provider: input.provider, olderThanHours: input.older_than },
      { limit: input.limit, offset: (input.page - 1) * input.limit },
    );
    const players = await playersOf(
      services,
      items.map((item) => item.user_id),
    );
    return { items: items.map((item) => ({ ...item, player: players.get(item.user_id) ?? null })), total };
  },
});

const verificationCase = defineRead({
  name: 'verification/case',
  access: 'verification.read',
  summary: "A player's verification: status, reason, reviewer, every document (files through `verification/document`), the history of sending and decisions, Sumsub's webhooks.",
  input: z.object({ user_id: userId }),
  handler: async (input, { services }) => {
    const player = await requirePlayer(services, input.user_id);
    const found = await services.verification.staffCase(input.user_id);
    const subject = `user:${input.user_id}`;
    // Decisions: ops commands (kyc:approve, kyc:reject) and the back office (verification.*).
    const [ops, office] = await Promise.all([
      services.staff.listAudit({ subject, action: 'kyc' }, { limit: 100, offset: 0 }),
      services.staff.listAudit({ subject, action: 'verification.' }, { limit: 100, offset: 0 }),
    ]);
    const decisions = [...ops.items, ...office.items].map((entry) => {
      const after = (entry.after ?? entry.details ?? {}) as { status?: string; reason?: string | null };
      return { at: entry.at, event: entry.action, actor: entry.actor, status: after.status ?? null, reason: after.reason ?? null };
    });
    const uploads = found.documents.map((doc) => ({ at: doc.uploaded_at, event: 'upload', actor: 'player', status: null, reason: doc.name, kind: doc.kind }));
    const sent = found.submitted_at ? [{ at: found.submitted_at, event: 'submitted', actor: 'player', status: 'pending', reason: null }] : [];
    const webhooks = found.webhooks.map((hook) => ({ at: hook.received_at, event: `sumsub:${hook.type ?? '?'}`, actor: 'sumsub', status: hook.answer, reason: hook.comment }));
    const history = [...decisions, ...uploads, ...sent, ...webhooks].sort((a, b) => b.at.localeCompare(a.at));
    return {
      ...found,
      player,
      documents: found.documents.map((doc) => ({ ...doc, url: documentUrl(doc.id) })),
      can_decide: found.status === 'pending' && found.provider === 'builtin',
      history,
    };
  },
});

/**
 * A document's file for reviewers: images and PDFs shown in the case page (`inline`), never
 * cached, never sniffed, sandboxed, framed only by this origin's pages.
 */
const verificationDocument = defineRead({
  name: 'verification/document',
  access: 'verification.read',
  summary: "A document's file (image or PDF) shown inline in the case page: staff with verification.read only; never cached, sandboxed.",
  input: z.object({ id: z.string().trim().min(1).max(64) }),
  handler: async (input, { services }) => {
    const file = await services.verification.staffFile(input.id);
    if (!file) throw notFound('id', 'No such document');
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        'Content-Type': file.contentType,
        'Content-Disposition': `inline; filename="${file.filename}"`,
        'Content-Length': String(file.bytes.length),
        'Cache-Control': 'no-store, private',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; img-src 'self'; frame-ancestors 'self'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-origin',
        'X-Frame-Options': 'SAMEORIGIN',
      },
    });
  },
});

const DECISIONS = ['approve', 'resubmission', 'reject'] as const;

const verificationDecide = defineWrite({
  name: 'verification/decide',
  access: 'verification.decide',
  summary:
    'Decides a case waiting for review: `approve`, `resubmission` (new documents asked for) or `reject` (final), the last two with a `reason` the player reads. The player is told by mail and live; answers the case.',
  input: z.object({
    user_id: userId,
    decision: z.enum(DECISIONS),
    reason: z.string().trim().max(1000).optional(),
  }),
  handler: async (input, context) => {
    const { services } = context;
    const staff = signedIn(context);
    if (input.decision !== 'approve' && !input.reason) throw new AppError('InvalidParameterException', 'Write the reason the player will read', { fields: { reason: 'Write the reason the player will read' } });
    await requirePlayer(services, input.user_id);
    const before = await services.verification.caseState(input.user_id);
    const decision = input.decision === 'approve' ? ({ approve: true } as const) : { approve: false as const, reason: input.reason!, final: input.decision === 'reject' };
    await services.verification.review(actorOf(staff), input.user_id, decision, { audited: false });
    const after = await services.verification.caseState(input.user_id);
    return {
      data: after,
      audit: { action: `verification.${input.decision}`, subject: `user:${input.user_id}`, before, after },
    };
  },
});

// --- responsible gaming -------------------------------------------------------------------------

const rgNearLimits = defineRead({
  name: 'rg/near-limits',
  access: 'rg.read',
  summary: 'Loss and wager limits whose running period (UTC day, ISO week, month) has used at least `near` percent (80 by default), fullest first; `kind`, `period`; paged: {items, total}.',
  input: z.object({
    near: z.coerce.number().int().min(1).max(100).default(80),
    kind: z.enum(['loss', 'wager']).optional(),
    period: z.enum(LIMIT_PERIODS).optional(),
    page,
    limit,
  }),
  handler: async (input, { services }) => {
    const { items, total } = await services.responsibleGaming.nearLimits(
      { nearPercent: input.near, kind: input.kind, period: input.period },
      { limit: input.limit, offset: (input.page - 1) * input.limit },
    );
    const players = await playersOf(
      services,
      items.map((item) => item.user_id),
    );
    return { items: items.map((item) => ({ ...item, player: players.get(item.user_id) ?? null })), total };
  },
});

const rgExclusions = defineRead({
  name: 'rg/exclusions',
  access: 'rg.read',
  summary: 'Time-outs, self-exclusions and operator exclusions running now, with their end dates, the latest to end first; `kind`; paged: {items, total}.',
  input: z.object({ kind: z.enum(['time_out', 'self_exclusion', 'operator_exclusion']).optional(), page, limit }),
  handler: async (input, { services }) => {
    const { items, total } = await services.responsibleGaming.runningExclusions({ kind: input.kind }, { limit: input.limit, offset: (input.page - 1) * input.limit });
    const players = await playersOf(
      services,
      items.map((item) => item.user_id),
    );
    return { items: items.map((item) => ({ ...item, player: players.get(item.user_id) ?? null })), total };
  },
});

const rgPlayer = defineRead({
  name: 'rg/player',
  access: 'rg.read',
  summary: "One player's limits (what each period holds, pending changes), reality check and every exclusion, by `user_id` or `login` (e-mail or phone).",
  input: z.object({ user_id: userId.optional(), login: z.string().trim().min(1).max(254).optional() }),
  handler: async (input, { services }) => {
    let id = input.user_id ?? null;
    if (id === null && input.login) {
      id = /^\d+$/.test(input.login) ? Number(input.login) : await services.accounts.uidOf(input.login);
      if (id === null) throw notFound('login', `No player signs in with ${input.login}`);
    }
    if (id === null) throw new AppError('InvalidParameterException', 'Give a player id or login', { fields: { login: 'Give a player id or login' } });
    const player = await requirePlayer(services, id);
    const view = await services.responsibleGaming.view({ userId: id, currency: player.currency });
    const exclusions = (await services.responsibleGaming.exclusionsOf(id)).map((row) => ({
      id: row.id,
      kind: row.kind,
      length: row.length,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
    }));
    return { player, ...view, exclusions };
  },
});

const limitState = (view: Awaited<ReturnType<Services['responsibleGaming']['view']>>, kind: string, period: string) => {
  const found = view.limits.find((item) => item.kind === kind && item.period === period);
  return found ? { kind, period, amount: found.amount, pending: found.pending } : { kind, period, amount: null };
};

const rgLimit = defineWrite({
  name: 'rg/limit',
  access: 'rg.restrict',
  summary:
    "Sets a stricter loss, wager or session-time limit for a player: a new one, or lower than the one in force (applies at once, drops a pending raise). A looser value is refused on `amount`. Money in whole units of the player's currency, sessions in minutes.",
  input: z.object({
    user_id: userId,
    kind: z.enum(['loss', 'wager', 'session']),
    period: z.enum(LIMIT_PERIODS).optional(),
    amount: z.union([z.string(), z.number()]).transform((value) => String(value).trim()),
    reason: z.string().trim().max(500).optional(),
  }),
  handler: async (input, { services, locale }) => {
    const player = await requirePlayer(services, input.user_id);
    const who = { userId: input.user_id, currency: player.currency };
    const period = input.kind === 'session' ? 'session' : (input.period ?? '');
    const before = await services.responsibleGaming.view(who);
    const after = await services.responsibleGaming.setLimit(who, { kind: input.kind, period: input.period, amount: input.amount }, locale, new Date(), { stricterOnly: true });
    return {
      data: after,
      audit: {
        action: 'rg.limit',
        subject: `user:${input.user_id}`,
        before: limitState(before, input.kind, period),
        after: limitState(after, input.kind, period),
        details: input.reason ? { reason: input.reason } : undefined,
      },
    };
  },
});

const rgExclude = defineWrite({
  name: 'rg/exclude',
  access: 'rg.restrict',
  summary:
    "Starts an operator exclusion of a player for `length` (24h, 7d, 6w, 6m, 1y, 2y, 5y) with the team's `reason`: sessions end; sign-in, play and deposits are refused until it ends. Refused when an exclusion already runs as long or longer; none can be shortened.",
  input: z.object({ user_id: userId, length: z.enum(OPERATOR_EXCLUSION_LENGTHS), reason: z.string().trim().min(1).max(500) }),
  handler: async (input, { services }) => {
    await requirePlayer(services, input.user_id);
    const { before, after } = await services.responsibleGaming.excludeByOperator(input.user_id, { length: input.length });
    return { data: after, audit: { action: 'rg.exclude', subject: `user:${input.user_id}`, before, after, details: { reason: input.reason } } };
  },
});

/** The protection screens' endpoints (docs/backoffice.md). */
export const PROTECTION_ENDPOINTS: Endpoint[] = [verificationQueue, verificationCase, verificationDocument, verificationDecide, rgNearLimits, rgExclusions, rgPlayer, rgLimit, rgExclude] as Endpoint[];
