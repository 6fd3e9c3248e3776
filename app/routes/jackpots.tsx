import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { JackpotsPage, type JackpotsData } from '../features/jackpots/jackpots-page.tsx';
import type { JackpotList, WinnerList } from '../features/jackpots/types.ts';
import { requestLocale } from '../lib/locale.ts';
import { toPageError } from '../lib/page-errors.ts';
import { serverApi } from '../lib/server-bridge.ts';

export default function Page() {
  return <JackpotsPage data={useLoaderData<typeof loader>()} />;
}

/** The jackpots with their live amounts, and the latest jackpot winners (a failing list is left out). */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<JackpotsData> {
  const locale = requestLocale(request);
  try {
    const [jackpots, winners] = await Promise.all([
      serverApi<JackpotList>(context, 'jackpots/get', { locale }),
      serverApi<WinnerList>(context, 'jackpots/getWinners', { query: { type: 'jackpot', count: 8 }, locale }).catch(() => null),
    ]);
    return { jackpots, winners, now: Date.now() };
  } catch (error) {
    toPageError(error);
  }
}
