import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { TournamentsPage, type TournamentsData } from '../features/tournaments/tournaments-page.tsx';
import type { TournamentList } from '../features/tournaments/use-tournaments.ts';
import { requestLocale } from '../lib/locale.ts';
import { toPageError } from '../lib/page-errors.ts';
import { serverApi } from '../lib/server-bridge.ts';

export default function Page() {
  return <TournamentsPage data={useLoaderData<typeof loader>()} />;
}

/** Every tournament the list shows: running, upcoming and the latest finished. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<TournamentsData> {
  try {
    const tournaments = await serverApi<TournamentList>(context, 'tournaments/get', { query: { count: '50' }, locale: requestLocale(request) });
    return { tournaments, now: Date.now() };
  } catch (error) {
    toPageError(error);
  }
}
