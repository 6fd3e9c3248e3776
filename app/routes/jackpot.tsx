import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import type { GamesPage } from '../features/games/types.ts';
import { JackpotDetail, type JackpotDetailData } from '../features/jackpots/jackpot-detail.tsx';
import type { JackpotList, WinnerList } from '../features/jackpots/types.ts';
import { ApiError } from '../lib/api-error.ts';
import { requestLocale } from '../lib/locale.ts';
import { requireParam } from '../lib/params.ts';
import { notFound, toPageError } from '../lib/page-errors.ts';
import { serverApi } from '../lib/server-bridge.ts';

const GAME_FIELDS = ['name', 'image_url', 'description', 'provider', 'rtp'];

export default function Page() {
  return <JackpotDetail data={useLoaderData<typeof loader>()} />;
}

/**
 * One jackpot by its id (`/jackpots/mega`): an invalid or unknown id is a 404 'Page Not Found'.
 * Its eligible games and latest winners come with it (either may fail without failing the page).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<JackpotDetailData> {
  const path = new URL(request.url).pathname;
  const id = requireParam(request, params.id);
  const locale = requestLocale(request);
  let jackpots: JackpotList;
  try {
    jackpots = await serverApi<JackpotList>(context, 'jackpots/get', { query: { id: id.toLowerCase() }, locale });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) notFound(path);
    toPageError(error);
  }
  const jackpot = jackpots.items[0];
  if (!jackpot) notFound(path);
  const [games, winners] = await Promise.all([
    jackpot.games.length
      ? serverApi<GamesPage>(context, 'games/get', { query: { sysnames: jackpot.games.join(','), count: 300, fields: GAME_FIELDS }, locale })
          .then((page) => {
            const order = new Map(jackpot.games.map((sysname, index) => [sysname, index]));
            return [...page.items].sort((a, b) => (order.get(a.sysname) ?? 0) - (order.get(b.sysname) ?? 0));
          })
          .catch(() => [])
      : Promise.resolve([]),
    serverApi<WinnerList>(context, 'jackpots/getWinners', { query: { type: 'jackpot', id: jackpot.id, count: 6 }, locale }).catch(() => null),
  ]);
  return { jackpots, games, winners, now: Date.now() };
}
