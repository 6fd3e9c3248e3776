import { z } from 'zod';
import { CONTENT_IMAGE_PATH } from '../../../contract/content-markdown.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import type { SeoMeta, SeoRecord } from '../../../contract/seo.ts';

/** A section of a page or SEO text: an optional heading, an optional uploaded image and its paragraphs (plain text, never HTML). */
export const contentSectionSchema = z.object({
  heading: z.string().optional(),
  image: z.object({ src: z.string().regex(CONTENT_IMAGE_PATH), alt: z.string().max(300) }).optional(),
  paragraphs: z.array(z.string()),
});
export type ContentSection = z.infer<typeof contentSectionSchema>;

/** A generic content page (/{slug}) in one locale. `updatedAt` feeds the sitemap's lastmod. */
export type ContentPage = { slug: string; locale: string; title: string; description: string; body: ContentSection[]; updatedAt?: string };

/** The SEO text block under a listing page's grid (the game hall, a hall category). */
export type SeoText = { path: string; locale: string; heading: string; body: ContentSection[]; updatedAt?: string };

/**
 * A published page as the sitemap lists it: its slug and the locales it exists in, each with its
 * date of change when the source knows one.
 */
export type ContentListing = { slug: string; locales: Partial<Record<LocaleCode, string | undefined>> };

/** Lower-case words joined by hyphens: the only slugs a content page may have (no dots, no slashes). */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

/** A listing page's path without the locale prefix: '/gamehall', '/gamehall/slot'. */
export const SEO_PATH_PATTERN = /^\/[a-z0-9-]{1,80}(?:\/[a-z0-9-]{1,80}){0,3}$/;

/** A page's path without the locale prefix, as its SEO record is keyed: '/', '/gamehall', '/game/golden-croupier'. */
export const SEO_RECORD_PATH_PATTERN = /^\/(?:[a-z0-9][a-z0-9_.-]{0,79}(?:\/[a-z0-9][a-z0-9_.-]{0,79}){0,3})?$/;

/** A host name as the domain's SEO settings are keyed ('*' stands for any host). */
export const SEO_HOST_PATTERN = /^(?:\*|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::\d{1,5})?)$/;

/**
 * Where content comes from (docs/content.md): the built-in database store or a Strapi server,
 * picked by CONTENT_SOURCE. Reads fall back to English when the locale has no published copy.
 */
export interface ContentSource {
  readonly name: 'database' | 'strapi';
  findPage(slug: string, locale: LocaleCode): Promise<ContentPage | null>;
  findSeoText(path: string, locale: LocaleCode): Promise<SeoText | null>;
  /** Every published page, for the sitemap. */
  listPages(): Promise<ContentListing[]>;
  /** A page's SEO record (spec 2 section 3) by its path without the locale prefix, replacements made; or null. */
  findSeoRecord(path: string, locale: LocaleCode): Promise<SeoRecord | null>;
  /** The meta tags every page of `host` carries (`domain-seo-settings`); empty when none. */
  findDomainMeta(host: string, locale: LocaleCode): Promise<SeoMeta[]>;
}

/** The locales to try for a read in `locale`: itself, then English. */
export function fallbackChain(locale: LocaleCode, defaultLocale: LocaleCode): LocaleCode[] {
  return locale === defaultLocale ? [locale] : [locale, defaultLocale];
}
