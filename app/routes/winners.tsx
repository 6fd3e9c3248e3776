import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { BIG_WIN_AMOUNT, type JackpotList, type Leaderboard, type WinnerList } from '../features/jackpots/types.ts';
import { WinnersPage, type WinnersData } from '../features/jackpots/winners-page.tsx';
import { requestLocale } from '../lib/locale.ts';
import { serverApi } from '../lib/server-bridge.ts';

export default function Page() {
  return <WinnersPage data={useLoaderData<typeof loader>()} />;
}

/** A part that fails to load is left out rather than failing the page. */
const orNull = <T,>(promise: Promise<T>) => promise.catch(() => null);

/** Recent big wins and jackpots, the week's leaderboard by amount, and the live jackpots. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<WinnersData> {
  const locale = requestLocale(request);
  const [winners, leaderboard, jackpots] = await Promise.all([
    orNull(serverApi<WinnerList>(context, 'jackpots/getWinners', { query: { type: 'all', count: 20 }, locale })),
    orNull(serverApi<Leaderboard>(context, 'leaderboard/get', { query: { period: 'week', by: 'amount', count: 10 }, locale })),
    orNull(serverApi<JackpotList>(context, 'jackpots/get', { locale })),
  ]);
  return { winners, leaderboard, jackpots, bigWin: BIG_WIN_AMOUNT, now: Date.now() };
}
