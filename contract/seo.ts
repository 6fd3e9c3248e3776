import { z } from 'zod';

/**
 * SEO data from the content service (spec 2 sections 3, 7 and 9; docs/seo.md): a page's SEO record
 * (the `seos` collection), the domain's meta tags (`domain-seo-settings`) and the robots rules
 * that turn a Disallow into `noindex, follow`. Shared by the server, which reads and checks them,
 * and the pages' head, which writes them.
 */

/** Paths no crawler should index: robots.txt's Disallow lines, and `noindex, follow` on the pages. */
export const ROBOTS_DISALLOW = ['/cashier', '/profile', '/forms', '/platform/', '/api/', '/fr/cashier', '/fr/profile', '/fr/forms', '/fr/platform/'];

/** What a page under a Disallow rule (and an error page) says to crawlers. */
export const ROBOTS_NOINDEX = 'noindex, follow';

/**
 * Whether a robots.txt rule covers `pathWithQuery` (the path and its query). Rules match from the
 * start of the path; `*` is any run of characters, a trailing `$` anchors the end, and a wildcard
 * followed by `?` (`/*?`) therefore matches any path with a query (spec 2 section 9).
 */
export function robotsRuleMatches(rule: string, pathWithQuery: string): boolean {
  if (!rule) return false;
  const anchored = rule.endsWith('$');
  const body = anchored ? rule.slice(0, -1) : rule;
  const pattern = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}${anchored ? '$' : ''}`).test(pathWithQuery);
}

export const isDisallowed = (pathWithQuery: string, rules: readonly string[] = ROBOTS_DISALLOW) => rules.some((rule) => robotsRuleMatches(rule, pathWithQuery));

/** A `<meta>` of the record's or the domain's list; `charset` is the document's own and is not repeated. */
/**
 * A route's seoSettings url (spec 2 section 7): the pages of one kind (every game, every
 * promotion ...) share one SEO record, kept at `/seo-settings/<kind>`, which a page of that kind
 * gets when its own address has no record of its own (the page's own record is preferred). The
 * address is one no page has, so a kind's record never stands in for a list page.
 */
const SEO_SETTINGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/game\/[^/]+$/, '/seo-settings/game'],
  [/^\/gamehall\/[^/]+$/, '/seo-settings/gamehall'],
  [/^\/promotions\/[^/]+$/, '/seo-settings/promotion'],
  [/^\/offers\/[^/]+$/, '/seo-settings/offer'],
  [/^\/tournaments\/[^/]+(?:\/gamehall)?$/, '/seo-settings/tournament'],
  [/^\/jackpots\/[^/]+$/, '/seo-settings/jackpot'],
  [/^\/loyalty\/[^/]+$/, '/seo-settings/loyalty'],
  [/^\/betting\/event\/[^/]+$/, '/seo-settings/betting-event'],
  [/^\/betting\/[^/]+$/, '/seo-settings/betting-sport'],
];

/** The seoSettings url of a path without its locale prefix, or null when its route has none. */
export function seoSettingsUrl(path: string): string | null {
  return SEO_SETTINGS.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

export const seoMetaSchema = z
  .object({
    charset: z.string().max(40).optional(),
    name: z.string().max(200).optional(),
    property: z.string().max(200).optional(),
    httpEquiv: z.string().max(200).optional(),
    content: z.string().max(2000).optional(),
  })
  .strip();
export type SeoMeta = z.infer<typeof seoMetaSchema>;

const shortText = z.string().max(300);
const longText = z.string().max(5000);

/**
 * A page's SEO record as an operator writes it (the built-in store's JSON, or the fields of a
 * Strapi `seos` entry): everything is optional, and what is missing keeps the page's own value.
 */
export const seoRecordFieldsSchema = z
  .object({
    title: shortText.optional(),
    description: z.string().max(1000).optional(),
    openGraph: z.object({ title: shortText.optional(), description: z.string().max(1000).optional(), image: z.string().max(1000).optional(), type: z.string().max(40).optional() }).strip().optional(),
    meta: z.array(seoMetaSchema).max(50).default([]),
    schemaFaq: z.array(z.object({ question: shortText.min(1), answer: longText.min(1) }).strip()).max(100).default([]),
    schemaArticle: z
      .object({ headline: shortText.min(1), description: z.string().max(1000).optional(), image: z.string().max(1000).optional(), datePublished: z.string().max(40).optional(), dateModified: z.string().max(40).optional() })
      .strip()
      .optional(),
    organization: z
      .object({
        name: shortText.min(1),
        url: z.string().max(1000).optional(),
        logo: z.string().max(1000).optional(),
        contactPoint: z
          .object({ telephone: z.string().max(40).optional(), contactType: z.string().max(100).optional(), areaServed: z.string().max(100).optional(), availableLanguage: z.union([z.string().max(100), z.array(z.string().max(40)).max(20)]).optional() })
          .strip()
          .optional(),
        sameAs: z.array(z.string().max(1000)).max(20).optional(),
      })
      .strip()
      .optional(),
    product: z
      .object({ name: shortText.min(1), image: z.string().max(1000).optional(), description: z.string().max(1000).optional(), sku: z.string().max(100).optional(), brandName: z.string().max(200).optional() })
      .strip()
      .optional(),
    canonical: z.string().max(1000).optional(),
    robots: z.string().max(100).optional(),
    /** Each key found in the record's texts is replaced by its value (`{brand}` -> `Croupier`). */
    replacements: z.record(z.string().min(1).max(100), z.string().max(300)).default({}),
  })
  .strip();
export type SeoRecordFields = z.infer<typeof seoRecordFieldsSchema>;

/** A found record: its fields with the replacements already made, and where it was found. */
export type SeoRecord = Omit<SeoRecordFields, 'replacements'> & { path: string; locale: string; updatedAt?: string };

/** What a page's head gets (API `content/getseo`): the record, the domain's meta tags, the robots content. */
export type SeoHead = {
  /** The path asked about, with its locale prefix and without the query. */
  path: string;
  record: SeoRecord | null;
  domainMeta: SeoMeta[];
  /** `noindex, follow` under a Disallow rule, the record's robots text when it has one, else null. */
  robots: string | null;
};

/** Replaces every key of `replacements` in every string of `value`, deeply. */
export function applyReplacements<T>(value: T, replacements: Record<string, string>): T {
  const keys = Object.keys(replacements).filter(Boolean);
  if (!keys.length) return value;
  const replace = (input: unknown): unknown => {
    if (typeof input === 'string') return keys.reduce((text, key) => text.split(key).join(replacements[key]), input);
    if (Array.isArray(input)) return input.map(replace);
    if (input && typeof input === 'object') return Object.fromEntries(Object.entries(input).map(([key, entry]) => [key, replace(entry)]));
    return input;
  };
  return replace(value) as T;
}
