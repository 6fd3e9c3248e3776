import { z } from 'zod';
import type { CampaignView } from '../../../contract/promotions.ts';
import { BONUS_KINDS, BONUS_STATUSES, CAMPAIGN_STATUSES } from '../../../contract/promotions.ts';
import { LOCALES } from '../../../contract/locales.ts';
import { AppError } from '../../platform/errors.ts';
import {
  campaignSpecSchema,
  cashbackCampaigns,
  cashbackRuns,
  createOperatorCampaign,
  createOperatorCode,
  createOperatorCodes,
  disableOperatorCode,
  listGivenBonuses,
  listOperatorCampaigns,
  listOperatorCodes,
  operatorCampaign,
  operatorCodeUses,
  operatorCodesCsv,
  publishOperatorCampaign,
  updateOperatorCampaign,
} from '../../modules/promotions/index.ts';
import { defineRead, defineWrite, type Endpoint, type EndpointContext } from '../endpoint.ts';

/**
 * The marketing screens (docs/backoffice.md, "Marketing: campaigns and promo codes"): campaigns
 * in the operator's format of `npm run ops -- campaign:create` (one schema checks both), their
 * preview as the site shows them, promo codes one by one or in bulk, who used them, the bonuses
 * given and the cashback runs. Reading takes `marketing.read`, changing `marketing.manage`.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
const blank = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));
const day = z.iso.date().transform((value) => new Date(`${value}T00:00:00Z`));
const maxUses = z.number().int().min(1).max(1_000_000).nullable().default(null);
const expiresAt = z.iso
  .datetime({ offset: true })
  .nullable()
  .default(null)
  .transform((value) => (value ? new Date(value) : null));
const db = (context: EndpointContext) => context.services.database.db;
const subject = (campaignId: number) => `campaign:${campaignId}`;

// --- campaigns ------------------------------------------------------------------------------------

export const listCampaigns = defineRead({
  name: 'marketing/campaigns/list',
  access: 'marketing.read',
  summary: 'Every campaign, newest first (`status`, `q`: part of its address or English title), with whether it runs now and how many codes and bonuses it has.',
  input: z.object({ status: blank(z.enum(CAMPAIGN_STATUSES)), q: z.string().trim().max(100).optional() }),
  handler: (input, context) => listOperatorCampaigns(db(context), input),
});

export const getCampaign = defineRead({
  name: 'marketing/campaigns/get',
  access: 'marketing.read',
  summary: 'One campaign in the operator format the form edits (amounts in major units), with its status.',
  input: z.object({ id }),
  handler: (input, context) => operatorCampaign(db(context), input.id),
});

export const previewCampaign = defineRead({
  name: 'marketing/campaigns/preview',
  access: 'marketing.read',
  summary: "A campaign as the site shows it to a guest in `language` (the API's CampaignView), whatever its status: the preview renders it with the site's own card, banner and popup.",
  input: z.object({ id, language: z.enum(LOCALES).default('en') }),
  handler: async (input, context): Promise<CampaignView> => {
    const view = await context.services.promotions.previewCampaign(input.id, input.language);
    if (!view) throw new AppError('InvalidParameterException', `No campaign with id ${input.id}`, { status: 404, fields: { id: `No campaign with id ${input.id}` } });
    return view;
  },
});

export const createCampaign = defineWrite({
  name: 'marketing/campaigns/create',
  access: 'marketing.manage',
  summary:
    'Creates a campaign as a draft from the operator format (sysname, texts per language, currency, trigger, reward of any type, audience, placements, starts_at, ends_at, priority), checked by the schema of `campaign:create`: each bad field named (`reward.percent`, `texts.en.title`) and nothing written.',
  input: campaignSpecSchema,
  handler: async (input, context) => {
    const created = await createOperatorCampaign(db(context), input);
    return { data: created, audit: { action: 'campaign.create', subject: subject(created.id), after: created.spec } };
  },
});

export const updateCampaign = defineWrite({
  name: 'marketing/campaigns/update',
  access: 'marketing.manage',
  summary: 'Replaces a campaign (`id` and the whole operator format, as create); its status stays. Audited with before and after.',
  input: z.object({ id }).and(campaignSpecSchema),
  handler: async (input, context) => {
    const { before, after } = await updateOperatorCampaign(db(context), input.id, input);
    return { data: after, audit: { action: 'campaign.update', subject: subject(input.id), before: before.spec, after: after.spec } };
  },
});

export const publishCampaign = defineWrite({
  name: 'marketing/campaigns/publish',
  access: 'marketing.manage',
  summary: 'Publishes a draft or paused campaign (`id`): players see it inside its window. Refused when its end is past.',
  input: z.object({ id }),
  handler: async (input, context) => {
    const { before, after } = await publishOperatorCampaign(db(context), input.id, true);
    return { data: after, audit: { action: 'campaign.publish', subject: subject(input.id), before: { status: before }, after: { status: after.status } } };
  },
});

export const unpublishCampaign = defineWrite({
  name: 'marketing/campaigns/unpublish',
  access: 'marketing.manage',
  summary: 'Unpublishes a campaign (`id`, paused): players no longer see or take it; bonuses already given keep running.',
  input: z.object({ id }),
  handler: async (input, context) => {
    const { before, after } = await publishOperatorCampaign(db(context), input.id, false);
    return { data: after, audit: { action: 'campaign.unpublish', subject: subject(input.id), before: { status: before }, after: { status: after.status } } };
  },
});

// --- promo codes --------------------------------------------------------------------------------

const codeFilter = {
  campaign_id: blank(id),
  q: z.string().trim().max(64).optional(),
  status: blank(z.enum(['active', 'paused', 'ended'])),
};

export const listCodes = defineRead({
  name: 'marketing/codes/list',
  access: 'marketing.read',
  summary: 'Promo codes, newest first, by `campaign_id`, beginning of the code (`q`) and `status`, with uses and limits: {items, total}.',
  input: z.object({ ...codeFilter, page, limit: limit(200, 50) }),
  handler: (input, context) => listOperatorCodes(db(context), { campaignId: input.campaign_id, q: input.q, status: input.status, offset: (input.page - 1) * input.limit, limit: input.limit }),
});

export const codesCsv = defineRead({
  name: 'marketing/codes/csv',
  access: 'marketing.read',
  summary: 'The same codes as CSV (code, campaign, status, uses, max_uses, expires_at, created_at): {filename, csv, rows}.',
  input: z.object(codeFilter),
  handler: async (input, context) => {
    const { csv, rows } = await operatorCodesCsv(db(context), { campaignId: input.campaign_id, q: input.q, status: input.status });
    return { filename: `promo-codes${input.campaign_id ? `-campaign-${input.campaign_id}` : ''}-${new Date().toISOString().slice(0, 10)}.csv`, csv, rows };
  },
});

export const createCode = defineWrite({
  name: 'marketing/codes/create',
  access: 'marketing.manage',
  summary: 'One promo code (`code`, 3 to 64 letters, digits, - or _, stored upper case) for a campaign (`campaign_id`), with an optional `max_uses` and `expires_at`.',
  input: z.object({ campaign_id: id, code: z.string().trim().regex(/^[A-Za-z0-9_-]{3,64}$/), max_uses: maxUses, expires_at: expiresAt }),
  handler: async (input, context) => {
    const code = await createOperatorCode(db(context), { campaignId: input.campaign_id, code: input.code, maxUses: input.max_uses, expiresAt: input.expires_at });
    return { data: code, audit: { action: 'promo.create', subject: `promo:${code.code}`, after: code } };
  },
});

export const BULK_CODES_MAX = 5_000;

export const createCodes = defineWrite({
  name: 'marketing/codes/bulk',
  access: 'marketing.manage',
  summary: `Up to ${BULK_CODES_MAX.toLocaleString('en')} new unique codes \`PREFIX-XXXXXXXX\` (\`prefix\` up to 20 letters, digits, - or _; \`count\`) for a campaign, each with \`max_uses\` (default 1) and \`expires_at\`; all or none. Answers the codes and their CSV.`,
  input: z.object({
    campaign_id: id,
    prefix: z.string().trim().regex(/^[A-Za-z0-9_-]{0,20}$/),
    count: z.number().int().min(1).max(BULK_CODES_MAX),
    max_uses: z.number().int().min(1).max(1_000_000).nullable().default(1),
    expires_at: expiresAt,
  }),
  handler: async (input, context) => {
    const made = await createOperatorCodes(db(context), { campaignId: input.campaign_id, prefix: input.prefix, count: input.count, maxUses: input.max_uses, expiresAt: input.expires_at });
    const filename = `promo-codes-${made.campaign}-${new Date().toISOString().slice(0, 10)}.csv`;
    return {
      data: { count: made.codes.length, codes: made.codes, filename, csv: made.csv },
      audit: {
        action: 'promo.bulk-create',
        subject: subject(input.campaign_id),
        details: { prefix: input.prefix, count: made.codes.length, max_uses: input.max_uses, expires_at: input.expires_at?.toISOString() ?? null, first: made.codes[0], last: made.codes.at(-1) },
      },
    };
  },
});

export const disableCode = defineWrite({
  name: 'marketing/codes/disable',
  access: 'marketing.manage',
  summary: 'Disables a promo code (`id`): players can no longer use it; its uses and the bonuses given stay.',
  input: z.object({ id }),
  handler: async (input, context) => {
    const { before, after } = await disableOperatorCode(db(context), input.id);
    return { data: after, audit: { action: 'promo.disable', subject: `promo:${after.code}`, before: { status: before.status }, after: { status: after.status } } };
  },
});

export const codeUses = defineRead({
  name: 'marketing/codes/uses',
  access: 'marketing.read',
  summary: 'Who used which code when, newest first, by `code_id` or `campaign_id`: {items, total}.',
  input: z.object({ code_id: blank(id), campaign_id: blank(id), page, limit: limit(200, 50) }),
  handler: (input, context) => operatorCodeUses(db(context), { codeId: input.code_id, campaignId: input.campaign_id, offset: (input.page - 1) * input.limit, limit: input.limit }),
});

// --- bonuses given and cashback --------------------------------------------------------------------

export const listBonuses = defineRead({
  name: 'marketing/bonuses/list',
  access: 'marketing.read',
  summary: 'Bonuses given to players, newest first, by `campaign_id`, `status`, `kind` and the day given (`from`, `to`, the end day included): {items, total}.',
  input: z.object({
    campaign_id: blank(id),
    status: blank(z.enum(BONUS_STATUSES)),
    kind: blank(z.enum(BONUS_KINDS)),
    from: blank(day),
    to: blank(day),
    user_id: blank(id),
    page,
    limit: limit(200, 50),
  }),
  handler: (input, context) =>
    listGivenBonuses(db(context), {
      campaignId: input.campaign_id,
      status: input.status,
      kind: input.kind,
      from: input.from,
      to: input.to ? new Date(input.to.getTime() + 86_400_000) : undefined,
      userId: input.user_id,
      offset: (input.page - 1) * input.limit,
      limit: input.limit,
    }),
});

export const listCashbackRuns = defineRead({
  name: 'marketing/cashback/runs',
  access: 'marketing.read',
  summary: 'Cashback runs: each computed period of each cashback campaign with its players, net loss, cashback, paid and statuses, newest first (`campaign_id`), and the cashback campaigns with the period a run now would compute.',
  input: z.object({ campaign_id: blank(id), page, limit: limit(200, 50) }),
  handler: async (input, context) => ({
    ...(await cashbackRuns(db(context), { campaignId: input.campaign_id, offset: (input.page - 1) * input.limit, limit: input.limit })),
    campaigns: await cashbackCampaigns(db(context), new Date()),
  }),
});

/** A run may look back, never ahead: a period that has not ended has no final losses. */
const CLOCK_SKEW_MS = 60_000;

export const runCashback = defineWrite({
  name: 'marketing/cashback/run',
  access: 'marketing.manage',
  summary:
    "Runs the cashback computation as the schedule does, as of `at` (default now, never in the future): each cashback campaign's last period complete at that moment, paid through the ledger (automatic campaigns) or offered to the player. Idempotent: one cashback per campaign, player and period, so running twice pays once.",
  input: z.object({
    at: z.iso
      .datetime({ offset: true })
      .optional()
      .transform((value) => (value ? new Date(value) : new Date()))
      .refine((value) => value.getTime() <= Date.now() + CLOCK_SKEW_MS, 'not in the future'),
  }),
  handler: async (input, context) => {
    const created = await db(context).transaction((tx) => context.services.cashback.run(tx, input.at));
    return { data: { at: input.at.toISOString(), created }, audit: { action: 'cashback.run', subject: 'cashback', details: { at: input.at.toISOString(), created } } };
  },
});

/** The marketing screens' endpoints (docs/backoffice.md). */
export const MARKETING_ENDPOINTS: Endpoint[] = [
  listCampaigns,
  getCampaign,
  previewCampaign,
  createCampaign,
  updateCampaign,
  publishCampaign,
  unpublishCampaign,
  listCodes,
  codesCsv,
  createCode,
  createCodes,
  disableCode,
  codeUses,
  listBonuses,
  listCashbackRuns,
  runCashback,
] as Endpoint[];
