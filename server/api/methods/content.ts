import { z } from 'zod';
import { SEO_PATH_PATTERN, SLUG_PATTERN } from '../../modules/content/index.ts';
import { AppError } from '../../platform/errors.ts';
import { defineMethod } from '../types.ts';

export const getContentPage = defineMethod({
  name: 'content/getpage',
  verb: 'GET',
  auth: false,
  summary: 'A generic content page by slug in the caller locale (English as fallback).',
  input: z.object({ slug: z.string().regex(SLUG_PATTERN) }),
  handler: async ({ slug }, { services, locale }) => {
    const page = await services.content.findPage(slug, locale);
    if (!page) throw new AppError('InvalidParameterException', `No page ${slug}`, { fields: { slug: 'Not found' }, status: 404 });
    return page;
  },
});

export const getSeoText = defineMethod({
  name: 'content/getseotext',
  verb: 'GET',
  auth: false,
  summary: "A listing page's SEO text by its path without the locale prefix (English as fallback); null when it has none.",
  input: z.object({ path: z.string().regex(SEO_PATH_PATTERN) }),
  handler: async ({ path }, { services, locale }) => services.content.findSeoText(path, locale),
});

export const getSeo = defineMethod({
  name: 'content/getseo',
  verb: 'GET',
  auth: false,
  summary: "What a page's head gets from SEO: its record (title, description, openGraph, meta, FAQ, Article, organization, product, canonical, robots), the domain's meta tags and the robots content.",
  input: z.object({ path: z.string().min(1).max(2000).regex(/^\//, 'a path starting with /'), host: z.string().max(260).default('') }),
  handler: ({ path, host }, { services }) => services.content.seoHead(path, host),
});
