import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import type { GameProvider, GamesPage } from '../features/games/types.ts';
import { tournamentGamesQuery } from '../features/tournaments/format.ts';
import { TournamentGamehall, type TournamentHallData } from '../features/tournaments/tournament-gamehall.tsx';
import type { TournamentList } from '../features/tournaments/use-tournaments.ts';
import { ApiError } from '../lib/api-error.ts';
import { requestLocale } from '../lib/locale.ts';
import { notFound, toPageError } from '../lib/page-errors.ts';
import { requireParam } from '../lib/params.ts';
import { serverApi } from '../lib/server-bridge.ts';

export default function Page() {
  return <TournamentGamehall data={useLoaderData<typeof loader>()} />;
}

/** A tournament's own game hall (/tournaments/{sysname}/gamehall): its eligible games; an unknown tournament is a 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<TournamentHallData> {
  const sysname = requireParam(request, params.id);
  const locale = requestLocale(request);
  const path = new URL(request.url).pathname;
  let tournaments: TournamentList;
  let page: GamesPage;
  let providerList: GameProvider[];
  try {
    [tournaments, page, providerList] = await Promise.all([
      serverApi<TournamentList>(context, 'tournaments/get', { query: { sysname }, locale }),
      serverApi<GamesPage>(context, 'games/get', { query: tournamentGamesQuery(sysname, 0), locale }),
      serverApi<GameProvider[]>(context, 'games/getProviders', { locale }),
    ]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound(path);
    toPageError(error);
  }
  if (!tournaments.items.length) notFound(path);
  return { tournament: tournaments.items[0], page, providerList, now: Date.now() };
}
