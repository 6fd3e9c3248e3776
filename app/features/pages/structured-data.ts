import { LOCALE_INFO, type LocaleCode } from '../../../contract/locales.ts';
import type { JsonLd } from './seo.ts';

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

