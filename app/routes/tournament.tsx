import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { TournamentDetail, type TournamentData } from '../features/tournaments/tournament-detail.tsx';
import type { TournamentList } from '../features/tournaments/use-tournaments.ts';
import type { GameProvider, GamesPage } from '../features/games/types.ts';
import { tournamentGamesQuery } from '../features/tournaments/format.ts';
import { requestLocale } from '../lib/locale.ts';
import { notFound, toPageError } from '../lib/page-errors.ts';
import { requireParam } from '../lib/params.ts';
import { serverApi } from '../lib/server-bridge.ts';

export default function Page() {
  return <TournamentDetail data={useLoaderData<typeof loader>()} />;
}

/** One tournament by its SEO name (/tournaments/{sysname}); an unknown one is a 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<TournamentData> {
  const sysname = requireParam(request, params.id);
  const locale = requestLocale(request);
  let tournaments: TournamentList;
  let games: GamesPage;
  let providerList: GameProvider[];
  try {
    tournaments = await serverApi<TournamentList>(context, 'tournaments/get', { query: { sysname }, locale });
    if (!tournaments.items.length) notFound(new URL(request.url).pathname);
    // Its eligible games by name, as tiles: the first of them, the rest in its own hall.
    [games, providerList] = await Promise.all([
      serverApi<GamesPage>(context, 'games/get', { query: tournamentGamesQuery(sysname, 0), locale }),
      serverApi<GameProvider[]>(context, 'games/getProviders', { locale }),
    ]);
  } catch (error) {
    toPageError(error);
  }
  return { tournaments, games, providerList, sysname, now: Date.now() };
}
