import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { TournamentDetail, type TournamentData } from '../features/tournaments/tournament-detail.tsx';
import type { TournamentList } from '../features/tournaments/use-tournaments.ts';
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
  let tournaments: TournamentList;
  try {
    tournaments = await serverApi<TournamentList>(context, 'tournaments/get', { query: { sysname }, locale: requestLocale(request) });
  } catch (error) {
    toPageError(error);
  }
  if (!tournaments.items.length) notFound(new URL(request.url).pathname);
  return { tournaments, sysname, now: Date.now() };
}
