import type { SeoRecord } from '../../../contract/seo.ts';
import { LOCALE_INFO, type LocaleCode } from '../../../contract/locales.ts';
import { absolute as absoluteUrl, type JsonLd } from './seo.ts';

/**
 * Schema.org records that only some pages carry, passed to PageMeta's `jsonLd` (docs/seo.md).
 * Kept apart from seo.ts so the home page's bundle does not carry them.
 */

const SCHEMA = 'https://schema.org';

export const videoGame = (input: { name: string; url: string; description?: string; image?: string; publisher?: string; genre?: string; locale: LocaleCode }): JsonLd => ({
  '@context': SCHEMA,
  '@type': 'VideoGame',
  name: input.name,
  url: input.url,
  inLanguage: LOCALE_INFO[input.locale].language,
  ...(input.description ? { description: input.description } : {}),
  ...(input.image ? { image: input.image } : {}),
  ...(input.genre ? { genre: input.genre } : {}),
  ...(input.publisher ? { publisher: { '@type': 'Organization', name: input.publisher } } : {}),
  gamePlatform: 'Web browser',
  applicationCategory: 'Game',
});

export const faqPage = (entries: { question: string; answer: string }[]): JsonLd => ({
  '@context': SCHEMA,
  '@type': 'FAQPage',
  mainEntity: entries.map((entry) => ({ '@type': 'Question', name: entry.question, acceptedAnswer: { '@type': 'Answer', text: entry.answer } })),
});


type RecordFields = SeoRecord;

/** An `Article` from a SEO record's schemaArticle (docs/seo.md). */
export const article = (input: NonNullable<RecordFields['schemaArticle']>, base: string): JsonLd => ({
  '@context': SCHEMA,
  '@type': 'Article',
  headline: input.headline,
  ...(input.description ? { description: input.description } : {}),
  ...(input.image ? { image: absoluteUrl(base, input.image) } : {}),
  ...(input.datePublished ? { datePublished: input.datePublished } : {}),
  ...(input.dateModified ? { dateModified: input.dateModified } : {}),
});

/** An `Organization` from a SEO record, with its contact point and profiles. */
export const recordOrganization = (input: NonNullable<RecordFields['organization']>, base: string): JsonLd => ({
  '@context': SCHEMA,
  '@type': 'Organization',
  name: input.name,
  url: absoluteUrl(base, input.url || '/'),
  ...(input.logo ? { logo: absoluteUrl(base, input.logo) } : {}),
  ...(input.contactPoint ? { contactPoint: { '@type': 'ContactPoint', ...input.contactPoint } } : {}),
  ...(input.sameAs?.length ? { sameAs: input.sameAs } : {}),
});

/** A `Product` from a SEO record (name, image, description, sku, brand). */
export const product = (input: NonNullable<RecordFields['product']>, base: string): JsonLd => ({
  '@context': SCHEMA,
  '@type': 'Product',
  name: input.name,
  ...(input.image ? { image: absoluteUrl(base, input.image) } : {}),
  ...(input.description ? { description: input.description } : {}),
  ...(input.sku ? { sku: input.sku } : {}),
  ...(input.brandName ? { brand: { '@type': 'Brand', name: input.brandName } } : {}),
});

/** The schema.org records a SEO record adds to its page: FAQPage, Article, Organization, Product. */
export function recordJsonLd(record: RecordFields, base: string): JsonLd[] {
  return [
    ...(record.schemaFaq?.length ? [faqPage(record.schemaFaq)] : []),
    ...(record.schemaArticle ? [article(record.schemaArticle, base)] : []),
    ...(record.organization ? [recordOrganization(record.organization, base)] : []),
    ...(record.product ? [product(record.product, base)] : []),
  ];
}
