import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { HISTORY_PAGE_SIZE } from '../../../contract/constants.ts';
import { GAME_HISTORY_PAGE_SIZE, type GameHistoryPage } from '../../../contract/history.ts';
import type { BonusView, CashbackView } from '../../../contract/promotions.ts';
import { BonusHistory, CashbackHistory } from '../../features/bonuses/history-panels.tsx';
import type { Page } from '../../features/bonuses/rules.ts';
import { historyTab } from '../../features/cashier/form-rules.ts';
import { HistoryPageView, type HistoryData } from '../../features/cashier/history-page.tsx';
import { GameHistory, type GameHistoryData } from '../../features/games/game-history.tsx';
import { BetHistory, type BetHistoryData } from '../../features/betting/bet-history.tsx';
import { BETS_PAGE_SIZE } from '../../features/betting/bets-list.tsx';
import { loadOddsFormat } from '../../features/betting/odds-format.server.ts';
import type { BetsPage } from '../../../contract/betting.ts';
import type { HistoryPage } from '../../features/cashier/types.ts';
import { requestLocale } from '../../lib/locale.ts';
import { ApiError } from '../../lib/api-error.ts';
import { toPageError } from '../../lib/page-errors.ts';
import { serverApi } from '../../lib/server-bridge.ts';

type Loaded = HistoryData & { games?: GameHistoryData; bonuses?: Page<BonusView> | null; cashbacks?: Page<CashbackView> | null; bets?: BetHistoryData };

/**
 * /cashier/history?tab=deposit|withdrawal|bonuses|cashbacks|games|bets (default the first): the first
 * page of the tab. Bonuses are every bonus of the player (bonuses/get status all), cashbacks
 * theirs, HISTORY_PAGE_SIZE at a time; games is the player's real-money rounds
 * (games/getHistory), docs/game-page.md; bets the player's sports bets (betting/getBets, all),
 * docs/betting.md. A list the server could not read shows as failed.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<Loaded> {
  const tab = historyTab(new URL(request.url).searchParams.get('tab'));
  const locale = requestLocale(request);
  const soft = (error: unknown) => (error instanceof ApiError && error.status >= 500 ? null : toPageError(error));
  if (tab === 'games') {
    const page = await serverApi<GameHistoryPage>(context, 'games/getHistory', {
      query: { mode: 'real', offset: 0, count: GAME_HISTORY_PAGE_SIZE },
      locale,
    }).catch(soft);
    return { tab, page: null, games: { mode: 'real', page } };
  }
  if (tab === 'bonuses') {
    const bonuses = await serverApi<Page<BonusView>>(context, 'bonuses/get', { query: { status: 'all', offset: 0, count: HISTORY_PAGE_SIZE }, locale }).catch(soft);
    return { tab, page: null, bonuses };
  }
  if (tab === 'bets') {
    const [bets, oddsFormat] = await Promise.all([
      serverApi<BetsPage>(context, 'betting/getBets', { query: { status: 'all', offset: 0, count: BETS_PAGE_SIZE }, locale }).catch(soft),
      loadOddsFormat(context, locale),
    ]);
    return { tab, page: null, bets: { bets, oddsFormat } };
  }
  if (tab === 'cashbacks') {
    const cashbacks = await serverApi<Page<CashbackView>>(context, 'cashbacks/get', { query: { offset: 0, count: HISTORY_PAGE_SIZE }, locale }).catch(soft);
    return { tab, page: null, cashbacks };
  }
  try {
    const page = await serverApi<HistoryPage>(context, 'cashier/gethistory', {
      query: { type: tab, offset: 0, count: HISTORY_PAGE_SIZE },
      locale,
    });
    return { tab, page };
  } catch (error) {
    toPageError(error);
  }
}

export default function History() {
  const data = useLoaderData<typeof loader>();
  // Keyed by tab: opening a tab starts its list again from the loader's first page.
  const panel =
    data.tab === 'games' && data.games ? (
      <GameHistory key={data.games.mode} first={data.games} />
    ) : data.tab === 'bonuses' ? (
      <BonusHistory key="bonuses" first={data.bonuses ?? null} />
    ) : data.tab === 'bets' && data.bets ? (
      <BetHistory key="bets" data={data.bets} />
    ) : data.tab === 'cashbacks' ? (
      <CashbackHistory key="cashbacks" first={data.cashbacks ?? null} />
    ) : null;
  return <HistoryPageView data={data} panel={panel} />;
}
