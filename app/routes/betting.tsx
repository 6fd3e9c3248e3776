import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { BETTING_METHODS, SPORTS, type BettingEventsPage, type SportKey } from '../../contract/betting.ts';
import { stripLocale } from '../../contract/locales.ts';
import { BookPage, type BookData } from '../features/betting/book-page.tsx';
import { requestLocale } from '../lib/locale.ts';
import { notFound, toPageError } from '../lib/page-errors.ts';
import { serverApi } from '../lib/server-bridge.ts';

/** Events a list shows at most (the API's page). */
const LIST_COUNT = 50;

/**
 * /betting (every sport), /betting/live (in play only) and /betting/:sport: the events in play
 * and those to come, with their main prices (docs/betting.md). An unknown sport is a 404.
 */
export async function loader({ request, params, context, url }: LoaderFunctionArgs): Promise<BookData> {
  const locale = requestLocale(request);
  const view = stripLocale(url.pathname).replace(/\/+$/, '') === '/betting/live' ? 'live' : 'all';
  const sport = params.sport ?? null;
  if (sport !== null && !(SPORTS as readonly string[]).includes(sport)) notFound(url.pathname);
  const events = (when: 'live' | 'upcoming') =>
    serverApi<BettingEventsPage>(context, BETTING_METHODS.events, { query: { sport: sport ?? undefined, when, count: LIST_COUNT }, locale });
  try {
    const [live, upcoming] = await Promise.all([
      events('live'),
      view === 'live' ? null : events('upcoming'),
    ]);
    return { sport: sport as SportKey | null, view, live: live.items, upcoming: upcoming?.items ?? [] };
  } catch (error) {
    toPageError(error);
  }
}

export default function Page() {
  return <BookPage data={useLoaderData<typeof loader>()} />;
}
