import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { RECENT_TRANSACTIONS } from '../../../contract/constants.ts';
import { WalletPage, type WalletData } from '../../features/cashier/wallet-page.tsx';
import type { Balances, HistoryPage } from '../../features/cashier/types.ts';
import { requestLocale } from '../../lib/locale.ts';
import { toPageError } from '../../lib/page-errors.ts';
import { serverApi } from '../../lib/server-bridge.ts';

/** /cashier/wallet: the four balances (getBalance) and the last RECENT_TRANSACTIONS transactions. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<WalletData> {
  const locale = requestLocale(request);
  try {
    const [balances, recent] = await Promise.all([
      serverApi<Balances>(context, 'getBalance', { locale }),
      serverApi<HistoryPage>(context, 'cashier/gethistory', { query: { type: 'all', offset: 0, count: RECENT_TRANSACTIONS }, locale }).catch(() => null),
    ]);
    return { balances, recent };
  } catch (error) {
    toPageError(error);
  }
}

export default function Wallet() {
  return <WalletPage data={useLoaderData<typeof loader>()} />;
}
