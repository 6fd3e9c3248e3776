import { and, count, desc, eq, sql } from 'drizzle-orm';
import { CURRENCIES, formatMinor, isCurrency, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import type { AffiliateInput, AffiliateLinkInput, AffiliateLinkView, AffiliateView, PlayerAttributionView, PostbackView } from '../../../contract/backoffice-affiliates.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { randomToken } from '../../platform/crypto.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/errors.ts';
import { affiliateLinks, affiliatePostbacks, affiliates, playerAttributions } from '../../db/schema/affiliates.ts';
import { unknownPlaceholders } from './postbacks.ts';

/**
 * The back office's affiliate forms (docs/affiliates.md): every field checked, all bad fields
 * named at once with a message the member can act on (French in server/backoffice/messages.ts),
 * nothing written on any error.
 */

type Problems = Record<string, string>;

function refuse(problems: Problems): never {
  throw new AppError('InvalidParameterException', `Invalid parameter: ${Object.keys(problems).join(', ')}`, { fields: problems });
}

function notFound(field: string, message: string): never {
  throw new AppError('InvalidParameterException', message, { status: 404, fields: { [field]: message } });
}

/** A percentage like 25 or 25.5 (two decimals at most) from 0 to 100, as basis points. */
function basisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0') || '0');
  return bp <= 10_000 ? bp : null;
}

/**
 * A host the server must not be sent to by an operator's template (its own network): loopback,
 * private and link-local addresses, and bare names. DNS can still point a public name inward;
 * production egress rules are the real fence, this catches the plain mistakes.
 */
function privateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || !host.includes('.') && !host.includes(':')) return true;
  if (/^(127\.|10\.|0\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(host)) return true;
  return host.includes(':') && (host === '::1' || host.startsWith('fc') || host.startsWith('fd') || host.startsWith('fe80'));
}

type Checked = { name: string; contactEmail: string; status: 'active' | 'disabled'; revenueShareBp: number; cpaAmount: bigint; cpaCurrency: CurrencyCode | null; postbackUrl: string | null };

function checkAffiliate(input: AffiliateInput, options: { production: boolean }): Checked {
  const problems: Problems = {};
  const invalid = (field: string, message: string) => void (problems[field] ??= message);
  const name = input.name.trim();
  if (name.length < 2 || name.length > 80) invalid('name', 'A name of 2 to 80 characters');
  const contactEmail = input.contact_email.trim().toLowerCase();
  if (!/^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(contactEmail) || contactEmail.length > 254) invalid('contact_email', 'An e-mail address like partner@example.com');
  const revenueShareBp = input.revenue_share.trim() === '' ? 0 : basisPoints(input.revenue_share);
  if (revenueShareBp === null) invalid('revenue_share', 'A percentage from 0 to 100, like 25 or 25.5');
  let cpaCurrency: CurrencyCode | null = null;
  if (input.cpa_currency) {
    if (isCurrency(input.cpa_currency)) cpaCurrency = input.cpa_currency;
    else invalid('cpa_currency', 'One of the site’s currencies');
  }
  let cpaAmount = 0n;
  if (input.cpa_amount.trim() !== '') {
    const parsed = parseMajor(input.cpa_amount, cpaCurrency ?? 'EUR');
    if (parsed === null || parsed > 100_000_000n) invalid('cpa_amount', 'An amount like 50 or 50.00, at most 1,000,000');
    else cpaAmount = parsed;
  }
  if (cpaAmount > 0n && !cpaCurrency && !problems.cpa_currency) invalid('cpa_currency', 'Choose the currency the CPA is paid in');
  if (revenueShareBp === 0 && cpaAmount === 0n && !problems.revenue_share && !problems.cpa_amount) invalid('revenue_share', 'Give a revenue share, a CPA amount, or both');
  const postbackUrl = input.postback_url.trim() || null;
  if (postbackUrl) {
    let url: URL | null = null;
    try {
      // Placeholders stand where values will be: the template with them filled must be a URL.
      url = new URL(postbackUrl.replace(/\{[a-z_0-9]+\}/g, 'x'));
    } catch {
      invalid('postback_url', 'A full address like https://partner.example/postback?click={click_id}');
    }
    const unknown = unknownPlaceholders(postbackUrl);
    if (postbackUrl.length > 1000) invalid('postback_url', 'At most 1000 characters');
    else if (url && url.protocol !== 'https:' && (options.production || url.protocol !== 'http:')) invalid('postback_url', 'The address must start with https://');
    else if (url && (url.username || url.password)) invalid('postback_url', 'No user name or password in the address');
    else if (postbackUrl.includes('#')) invalid('postback_url', 'No # part in the address');
    else if (url && options.production && privateHost(url.hostname)) invalid('postback_url', 'The address must be a public host');
    else if (unknown.length) invalid('postback_url', `Unknown placeholder ${unknown[0]}`);
  }
  if (Object.keys(problems).length) refuse(problems);
  return { name, contactEmail, status: input.status, revenueShareBp: revenueShareBp!, cpaAmount, cpaCurrency, postbackUrl };
}

const view = (row: typeof affiliates.$inferSelect, figures: { links: number; signups: number; ftds: number }): AffiliateView => ({
  id: row.id,
  name: row.name,
  contact_email: row.contactEmail,
  status: row.status,
  revenue_share: (row.revenueShareBp / 100).toFixed(2),
  cpa_amount: row.cpaCurrency ? formatMinor(row.cpaAmount, row.cpaCurrency as CurrencyCode) : '0.00',
  cpa_currency: row.cpaCurrency,
  postback_url: row.postbackUrl,
  postback_secret: row.postbackSecret,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  links: figures.links,
  signups: figures.signups,
  first_deposits: figures.ftds,
});

/** What the audit trail keeps of an affiliate: everything but the postback secret. */
export const auditable = (affiliate: AffiliateView) => {
  const { postback_secret: _secret, links: _links, signups: _signups, first_deposits: _ftds, ...rest } = affiliate;
  return rest;
};

async function figures(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { links: number; signups: number; ftds: number }>();
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ id: number; links: number; signups: number; ftds: number }>(
    db,
    sql`
    select a.id,
      (select count(*)::int from affiliate_links l where l.affiliate_id = a.id) as links,
      (select count(*)::int from player_attributions p where p.affiliate_id = a.id) as signups,
      (select count(*)::int from player_attributions p where p.affiliate_id = a.id and p.first_deposit_at is not null) as ftds
    from affiliates a where a.id in (${idList})`,
  );
  return new Map(rows.map((row) => [Number(row.id), { links: Number(row.links), signups: Number(row.signups), ftds: Number(row.ftds) }]));
}

export async function listAffiliates(db: Db, input: { status?: 'active' | 'disabled'; q?: string }): Promise<AffiliateView[]> {
  const conditions = [];
  if (input.status) conditions.push(eq(affiliates.status, input.status));
  if (input.q) conditions.push(sql`lower(${affiliates.name}) like ${`%${input.q.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`}`);
  const rows = await db
    .select()
    .from(affiliates)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(affiliates.id))
    .limit(500);
  const counts = await figures(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => view(row, counts.get(row.id) ?? { links: 0, signups: 0, ftds: 0 }));
}

export async function getAffiliate(db: Db, id: number): Promise<AffiliateView> {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.id, id));
  if (!row) notFound('id', `No affiliate with id ${id}`);
  return view(row, (await figures(db, [id])).get(id)!);
}

const nameTaken = (error: unknown): never => {
  if (pgErrorCode(error) === UNIQUE_VIOLATION) refuse({ name: 'Another affiliate has this name' });
  throw error;
};

export async function createAffiliate(db: Db, input: AffiliateInput, options: { production: boolean }): Promise<AffiliateView> {
  const checked = checkAffiliate(input, options);
  const [row] = await db
    .insert(affiliates)
    .values({ ...checked, postbackSecret: randomToken(24) })
    .returning()
    .catch(nameTaken);
  return getAffiliate(db, row.id);
}

export async function updateAffiliate(db: Db, id: number, input: AffiliateInput, options: { production: boolean }): Promise<{ before: AffiliateView; after: AffiliateView }> {
  const before = await getAffiliate(db, id);
  const checked = checkAffiliate(input, options);
  await db
    .update(affiliates)
    .set({ ...checked, updatedAt: new Date() })
    .where(eq(affiliates.id, id))
    .catch(nameTaken);
  return { before, after: await getAffiliate(db, id) };
}

/** A new postback secret (the partner must be given it): the old one stops signing at once. */
export async function rotateSecret(db: Db, id: number): Promise<AffiliateView> {
  await getAffiliate(db, id);
  await db.update(affiliates).set({ postbackSecret: randomToken(24), updatedAt: new Date() }).where(eq(affiliates.id, id));
  return getAffiliate(db, id);
}

// --- links --------------------------------------------------------------------------------------

const linkView = (row: typeof affiliateLinks.$inferSelect, signups: number): AffiliateLinkView => ({
  id: row.id,
  affiliate_id: row.affiliateId,
  code: row.code,
  landing_path: row.landingPath,
  track_id: row.trackId,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  signups,
});

export async function listLinks(db: Db, affiliateId: number): Promise<AffiliateLinkView[]> {
  const rows = await db
    .select({ link: affiliateLinks, signups: sql<number>`(select count(*)::int from player_attributions p where p.link_id = ${affiliateLinks.id})` })
    .from(affiliateLinks)
    .where(eq(affiliateLinks.affiliateId, affiliateId))
    .orderBy(desc(affiliateLinks.id));
  return rows.map((row) => linkView(row.link, Number(row.signups)));
}

function checkLink(input: AffiliateLinkInput) {
  const problems: Problems = {};
  const invalid = (field: string, message: string) => void (problems[field] ??= message);
  const code = input.code.trim();
  if (!/^[A-Za-z0-9_-]{2,40}$/.test(code)) invalid('code', 'Letters, digits, dashes and underscores, 2 to 40');
  const landingPath = input.landing_path.trim() || '/';
  if (!/^\/[A-Za-z0-9/_.~-]{0,199}$/.test(landingPath) || landingPath.startsWith('//')) invalid('landing_path', 'A path of this site, like / or /fr/casino');
  const trackId = input.track_id.trim() || code;
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(trackId)) invalid('track_id', 'Letters, digits and . _ : -, up to 64');
  else if (trackId.startsWith('td_')) invalid('track_id', 'A track_id may not begin with td_ (kept for tracking parameters)');
  if (Object.keys(problems).length) refuse(problems);
  return { code, landingPath, trackId };
}

export async function createLink(db: Db, input: AffiliateLinkInput): Promise<AffiliateLinkView> {
  await getAffiliate(db, input.affiliate_id);
  const checked = checkLink(input);
  const [row] = await db
    .insert(affiliateLinks)
    .values({ affiliateId: input.affiliate_id, ...checked })
    .returning()
    .catch((error: unknown) => {
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      const constraint = (error as { constraint?: string; cause?: { constraint?: string } }).cause?.constraint ?? (error as { constraint?: string }).constraint ?? '';
      if (constraint.includes('track_id')) refuse({ track_id: 'Another link has this track_id' });
      refuse({ code: 'Another link has this code' });
    });
  return linkView(row, 0);
}

/** Turns a link off (its visits no longer attribute) or on again. */
export async function setLinkStatus(db: Db, id: number, status: 'active' | 'disabled'): Promise<{ before: AffiliateLinkView; after: AffiliateLinkView }> {
  const [row] = await db.select().from(affiliateLinks).where(eq(affiliateLinks.id, id));
  if (!row) notFound('id', `No affiliate link with id ${id}`);
  const [updated] = await db.update(affiliateLinks).set({ status }).where(eq(affiliateLinks.id, id)).returning();
  const [{ signups }] = await db.select({ signups: count() }).from(playerAttributions).where(eq(playerAttributions.linkId, id));
  return { before: linkView(row, Number(signups)), after: linkView(updated, Number(signups)) };
}

// --- postbacks ----------------------------------------------------------------------------------

export async function listPostbacks(db: Db, affiliateId: number): Promise<PostbackView[]> {
  const rows = await db.select().from(affiliatePostbacks).where(eq(affiliatePostbacks.affiliateId, affiliateId)).orderBy(desc(affiliatePostbacks.id)).limit(100);
  return rows.map((row) => ({
    id: row.id,
    user_id: row.userId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    last_status: row.lastStatus,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  }));
}

/** A player's attribution with its affiliate's name and link's code, or null for a player who came on their own. */
export async function playerAttribution(db: Db, userId: number): Promise<PlayerAttributionView | null> {
  const [row] = await db
    .select({ attribution: playerAttributions, affiliate: affiliates.name, linkCode: affiliateLinks.code })
    .from(playerAttributions)
    .leftJoin(affiliates, eq(affiliates.id, playerAttributions.affiliateId))
    .leftJoin(affiliateLinks, eq(affiliateLinks.id, playerAttributions.linkId))
    .where(eq(playerAttributions.userId, userId));
  if (!row) return null;
  const a = row.attribution;
  return {
    affiliate_id: a.affiliateId,
    affiliate: row.affiliate,
    link_code: row.linkCode,
    track_id: a.trackId,
    referrer: a.referrer,
    tracking: (a.tracking ?? {}) as Record<string, string>,
    first_seen_at: a.firstSeenAt?.toISOString() ?? null,
    registered_at: a.registeredAt.toISOString(),
    first_deposit_at: a.firstDepositAt?.toISOString() ?? null,
    first_deposit: a.firstDepositAmount !== null && isCurrency(a.firstDepositCurrency) ? `${formatMinor(a.firstDepositAmount, a.firstDepositCurrency)} ${a.firstDepositCurrency}` : null,
  };
}

export const CPA_CURRENCIES = Object.keys(CURRENCIES) as CurrencyCode[];
