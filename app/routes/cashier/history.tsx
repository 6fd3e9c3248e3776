import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { HISTORY_PAGE_SIZE } from '../../../contract/constants.ts';
import { GAME_HISTORY_PAGE_SIZE, type GameHistoryPage } from '../../../contract/history.ts';
import { historyTab } from '../../features/cashier/form-rules.ts';
import { HistoryPageView, type HistoryData } from '../../features/cashier/history-page.tsx';
import { GameHistory, type GameHistoryData } from '../../features/games/game-history.tsx';
import type { HistoryPage } from '../../features/cashier/types.ts';
import { requestLocale } from '../../lib/locale.ts';
import { ApiError } from '../../lib/api-error.ts';
import { toPageError } from '../../lib/page-errors.ts';
import { serverApi } from '../../lib/server-bridge.ts';

/**
 * /cashier/history?tab=deposit|withdrawal|bonuses|cashbacks|games (default the first): the first
 * page of the tab. Bonuses and cashbacks have no module yet, so nothing is loaded for them; games
 * is the player's real-money rounds (games/getHistory), docs/game-page.md.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<HistoryData & { games?: GameHistoryData }> {
  const tab = historyTab(new URL(request.url).searchParams.get('tab'));
  if (tab === 'games') {
    const page = await serverApi<GameHistoryPage>(context, 'games/getHistory', {
      query: { mode: 'real', offset: 0, count: GAME_HISTORY_PAGE_SIZE },
      locale: requestLocale(request),
    }).catch((error: unknown) => (error instanceof ApiError && error.status >= 500 ? null : toPageError(error)));
    return { tab, page: null, games: { mode: 'real', page } };
  }
  if (tab !== 'deposit' && tab !== 'withdrawal') return { tab, page: null };
  try {
    const page = await serverApi<HistoryPage>(context, 'cashier/gethistory', {
      query: { type: tab, offset: 0, count: HISTORY_PAGE_SIZE },
      locale: requestLocale(request),
    });
    return { tab, page };
  } catch (error) {
    toPageError(error);
  }
}

export default function History() {
  const data = useLoaderData<typeof loader>();
  return <HistoryPageView data={data} gamesPanel={data.games ? <GameHistory key={data.games.mode} first={data.games} /> : null} />;
}
