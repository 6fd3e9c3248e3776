import { z } from 'zod';
import { SLUG_PATTERN } from '../../modules/content/index.ts';
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
