import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { HISTORY_PAGE_SIZE } from '../../../contract/constants.ts';
import { historyTab } from '../../features/cashier/form-rules.ts';
import { HistoryPageView, type HistoryData } from '../../features/cashier/history-page.tsx';
import type { HistoryPage } from '../../features/cashier/types.ts';
import { requestLocale } from '../../lib/locale.ts';
import { toPageError } from '../../lib/page-errors.ts';
import { serverApi } from '../../lib/server-bridge.ts';

/**
 * /cashier/history?tab=deposit|withdrawal|bonuses|cashbacks (default the first): the first page
 * of the tab. Bonuses and cashbacks have no module yet, so nothing is loaded for them.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<HistoryData> {
  const tab = historyTab(new URL(request.url).searchParams.get('tab'));
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
  return <HistoryPageView data={useLoaderData<typeof loader>()} />;
}
