import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { GamehallPage, type GamehallData } from '../features/games/gamehall-page.tsx';
import { hallQuery, parseProviders, type GameCategory, type GameProvider, type GamesPage } from '../features/games/types.ts';
import { ApiError } from '../lib/api-error.ts';
import { requireParam } from '../lib/params.ts';
import { requestLocale } from '../lib/locale.ts';
import { notFound, toPageError } from '../lib/page-errors.ts';
import { serverApi } from '../lib/server-bridge.ts';

const TOURNAMENT_HALL = /\/tournaments\/[^/]+\/gamehall\/?$/;

export default function Page() {
  return <GamehallPage data={useLoaderData<typeof loader>()} />;
}

/**
 * The game hall: the category comes from the {id} segment or `?category=` (an unknown one is a
 * 404), the providers from `?providers=a,b`; the first page of games comes with the page. The
 * tournament's hall shows the same games for now (games/get does not filter by tournament yet).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<GamehallData> {
  const url = new URL(request.url);
  const locale = requestLocale(request);
  // The same page serves /tournaments/{id}/gamehall: there {id} is the tournament, not a category.
  const tournament = TOURNAMENT_HALL.test(url.pathname);
  if (tournament && params.id !== undefined) requireParam(request, params.id);
  const category = ((tournament ? undefined : params.id) ?? url.searchParams.get('category') ?? 'all').toLowerCase();
  const providers = parseProviders(url.searchParams.get('providers'));
  try {
    const [categories, providerList] = await Promise.all([
      serverApi<GameCategory[]>(context, 'games/getCategories', { locale }),
      serverApi<GameProvider[]>(context, 'games/getProviders', { locale }),
    ]);
    if (!categories.some((entry) => entry.id === category)) notFound(url.pathname);
    const page = await serverApi<GamesPage>(context, 'games/get', { query: hallQuery({ category, providers }, 0), locale });
    return { base: tournament ? `/tournaments/${params.id}/gamehall` : '/gamehall', category, providers, categories, providerList, page };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound(url.pathname);
    toPageError(error);
  }
}
