import type { LoaderFunctionArgs } from 'react-router';
import { redirect, useLoaderData } from 'react-router';
import { gamehallRedirect } from '../features/games/hall-redirect.ts';
import { GamehallPage, type GamehallData } from '../features/games/gamehall-page.tsx';
import { hallQuery, parseProviders, parseRefine, type GameCategory, type GameProvider, type GamesPage } from '../features/games/types.ts';
import { ApiError } from '../lib/api-error.ts';
import { requestLocale } from '../lib/locale.ts';
import { notFound, toPageError } from '../lib/page-errors.ts';
import { serverApi } from '../lib/server-bridge.ts';
import type { SeoTextView } from '../features/pages/seo-text.tsx';

export default function Page() {
  return <GamehallPage data={useLoaderData<typeof loader>()} />;
}

/**
 * The game hall: the category comes from the {id} segment or `?category=` (an unknown one is a
 * 404), the providers from `?providers=a,b`, the order and the narrowing from `?sort=`,
 * `volatility=`, `rtp=` and `feature=`; the first page of games comes with the page. A
 * tournament's own hall is routes/tournament-gamehall.tsx.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<GamehallData> {
  const url = new URL(request.url);
  const locale = requestLocale(request);
  const category = (params.id ?? url.searchParams.get('category') ?? 'all').toLowerCase();
  const providers = parseProviders(url.searchParams.get('providers'));
  const refine = parseRefine(url.searchParams);
  try {
    const [categories, providerList] = await Promise.all([
      serverApi<GameCategory[]>(context, 'games/getCategories', { locale }),
      serverApi<GameProvider[]>(context, 'games/getProviders', { locale }),
    ]);
    if (params.id) {
      const target = gamehallRedirect({ id: params.id, search: url.search, locale, categories: categories.map((entry) => entry.id), providers: providerList.map((entry) => entry.sysname) });
      if (target) throw redirect(target, 301);
    }
    if (!categories.some((entry) => entry.id === category)) notFound(url.pathname);
    // The hall's SEO text (docs/content.md) comes with the games; a content service that fails
    // answers null and the hall shows without it.
    const [page, seoText] = await Promise.all([
      serverApi<GamesPage>(context, 'games/get', { query: hallQuery({ category, providers, refine }, 0), locale }),
      serverApi<SeoTextView | null>(context, 'content/getseotext', { query: { path: category === 'all' ? '/gamehall' : `/gamehall/${category}` }, locale }),
    ]);
    return { base: '/gamehall', category, providers, refine, categories, providerList, page, seoText };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound(url.pathname);
    toPageError(error);
  }
}
