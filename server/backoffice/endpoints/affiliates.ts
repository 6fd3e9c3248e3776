import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import {
  auditable,
  createAffiliate,
  createLink,
  getAffiliate,
  listAffiliates,
  listLinks,
  listPostbacks,
  playerAttribution,
  rotateSecret,
  setLinkStatus,
  updateAffiliate,
} from '../../modules/affiliates/index.ts';
import { defineRead, defineWrite, type Endpoint, type EndpointContext } from '../endpoint.ts';

/**
 * The affiliate screens (docs/affiliates.md): affiliates with their deal, their links and
 * postbacks, and the monthly report with its CSV. Reading takes `affiliates.read`, changing
 * `affiliates.manage`; every change is audited (the postback secret never is).
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const text = (max: number) => z.string().max(max).default('');
const db = (context: EndpointContext) => context.services.database.db;
const production = (context: EndpointContext) => ({ production: context.services.env.NODE_ENV === 'production' });
const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month like 2026-11')
  .default(() => new Date().toISOString().slice(0, 7));

const affiliateForm = z.object({
  name: text(200),
  contact_email: text(300),
  status: z.enum(['active', 'disabled']).default('active'),
  revenue_share: text(20),
  cpa_amount: text(30),
  cpa_currency: text(8),
  postback_url: text(2000),
});

export const listAffiliatesEndpoint = defineRead({
  name: 'affiliates/list',
  access: 'affiliates.read',
  summary: 'Affiliates, newest first (`status`, `q`: part of the name), with their deal, links, sign-ups and first-time depositors.',
  input: z.object({ status: z.enum(['active', 'disabled']).optional().or(z.literal('').transform(() => undefined)), q: z.string().trim().max(80).optional() }),
  handler: (input, context) => listAffiliates(db(context), input),
});

export const getAffiliateEndpoint = defineRead({
  name: 'affiliates/get',
  access: 'affiliates.read',
  summary: 'One affiliate with its links and its last 100 postbacks (status, attempts, last error).',
  input: z.object({ id }),
  handler: async (input, context) => {
    const affiliate = await getAffiliate(db(context), input.id);
    const [links, postbacks] = await Promise.all([listLinks(db(context), input.id), listPostbacks(db(context), input.id)]);
    return { affiliate, links, postbacks };
  },
});

export const createAffiliateEndpoint = defineWrite({
  name: 'affiliates/create',
  access: 'affiliates.manage',
  summary:
    'Creates an affiliate: `name`, `contact_email`, `status`, `revenue_share` (percent of NGR), `cpa_amount` with `cpa_currency` (per first-time depositor), `postback_url` (https; placeholders {click_id} {track_id} {event} {player} {amount} {currency} {td_…}). Each bad field named; a postback secret is made. Audited without the secret.',
  input: affiliateForm,
  handler: async (input, context) => {
    const created = await createAffiliate(db(context), input, production(context));
    return { data: created, audit: { action: 'affiliate.create', subject: `affiliate:${created.id}`, after: auditable(created) } };
  },
});

export const updateAffiliateEndpoint = defineWrite({
  name: 'affiliates/update',
  access: 'affiliates.manage',
  summary: 'Replaces an affiliate’s fields (`id` and the fields of create); `status: disabled` stops its links attributing new visitors. Audited with before and after.',
  input: z.object({ id }).and(affiliateForm),
  handler: async (input, context) => {
    const { before, after } = await updateAffiliate(db(context), input.id, input, production(context));
    return { data: after, audit: { action: 'affiliate.update', subject: `affiliate:${input.id}`, before: auditable(before), after: auditable(after) } };
  },
});

export const rotateSecretEndpoint = defineWrite({
  name: 'affiliates/rotate-secret',
  access: 'affiliates.manage',
  summary: 'Makes a new postback secret for the affiliate (`id`); postbacks are signed with it from now on. Audited without the secret.',
  input: z.object({ id }),
  handler: async (input, context) => {
    const after = await rotateSecret(db(context), input.id);
    return { data: after, audit: { action: 'affiliate.rotate-secret', subject: `affiliate:${input.id}` } };
  },
});

export const createLinkEndpoint = defineWrite({
  name: 'affiliates/links/create',
  access: 'affiliates.manage',
  summary: 'Adds a link to an affiliate: `code` (its address /go/{code}), `landing_path` (a path of the site), `track_id` (defaults to the code; unique). Audited.',
  input: z.object({ affiliate_id: id, code: text(100), landing_path: text(300), track_id: text(100) }),
  handler: async (input, context) => {
    const created = await createLink(db(context), input);
    return { data: created, audit: { action: 'affiliate.link-create', subject: `affiliate:${input.affiliate_id}`, after: created } };
  },
});

export const setLinkStatusEndpoint = defineWrite({
  name: 'affiliates/links/status',
  access: 'affiliates.manage',
  summary: 'Disables a link (`id`, `status: disabled`: its visits no longer attribute; players it brought stay attributed) or enables it again. Audited.',
  input: z.object({ id, status: z.enum(['active', 'disabled']) }),
  handler: async (input, context) => {
    const { before, after } = await setLinkStatus(db(context), input.id, input.status);
    if (before.status === after.status) throw new AppError('InvalidParameterException', `The link is ${after.status} already`, { status: 409, fields: { status: `The link is ${after.status} already` } });
    return { data: after, audit: { action: 'affiliate.link-status', subject: `affiliate:${after.affiliate_id}`, before: { link: before.id, status: before.status }, after: { link: after.id, status: after.status } } };
  },
});

export const reportEndpoint = defineRead({
  name: 'affiliates/report',
  access: 'affiliates.read',
  summary: 'The month’s figures per affiliate and currency (`month` YYYY-MM, UTC; `affiliate_id` for one): sign-ups, first-time depositors, deposits, GGR, bonus cost, cashback, NGR, revenue share and CPA owed. Test accounts left out.',
  input: z.object({ month, affiliate_id: id.optional().or(z.literal('').transform(() => undefined)) }),
  handler: (input, context) => context.services.affiliates.report(input.month, { affiliateId: input.affiliate_id }),
});

export const reportCsvEndpoint = defineRead({
  name: 'affiliates/report.csv',
  access: 'affiliates.read',
  summary: 'The same report as CSV: {filename, csv, rows}.',
  input: z.object({ month, affiliate_id: id.optional().or(z.literal('').transform(() => undefined)) }),
  handler: async (input, context) => context.services.affiliates.reportCsv(await context.services.affiliates.report(input.month, { affiliateId: input.affiliate_id })),
});

export const playerAttributionEndpoint = defineRead({
  name: 'affiliates/player-attribution',
  access: 'players.read',
  summary: 'Where a player (`user_id`) came from, copied at sign-up: affiliate and link, track_id, referrer, td_ parameters, first deposit; null for a player who came on their own.',
  input: z.object({ user_id: id }),
  handler: (input, context) => playerAttribution(db(context), input.user_id),
});

export const AFFILIATE_ENDPOINTS: Endpoint[] = [
  listAffiliatesEndpoint,
  getAffiliateEndpoint,
  createAffiliateEndpoint,
  updateAffiliateEndpoint,
  rotateSecretEndpoint,
  createLinkEndpoint,
  setLinkStatusEndpoint,
  reportEndpoint,
  reportCsvEndpoint,
  playerAttributionEndpoint,
] as Endpoint[];
