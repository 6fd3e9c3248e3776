import { usePaymentForms } from '../../features/cashier/cashier-idle.tsx';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { OPEN_REQUESTS_COUNT, WithdrawPage, type WithdrawData } from '../../features/cashier/withdraw-page.tsx';
import type { HistoryPage, WithdrawSettings } from '../../features/cashier/types.ts';
import { requestLocale } from '../../lib/locale.ts';
import { toPageError } from '../../lib/page-errors.ts';
import { serverApi } from '../../lib/server-bridge.ts';

/** /cashier/withdraw: withdrawal methods and limits, and the requests still open (cancellable). */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<WithdrawData> {
  const locale = requestLocale(request);
  try {
    const [settings, open] = await Promise.all([
      serverApi<WithdrawSettings>(context, 'cashier/getwithdrawsettings', { locale }),
      serverApi<HistoryPage>(context, 'cashier/gethistory', { query: { type: 'withdrawal', statuses: 'requested', count: OPEN_REQUESTS_COUNT }, locale }).catch(() => null),
    ]);
    return { settings, open };
  } catch (error) {
    toPageError(error);
  }
}

export default function Withdraw() {
  // A payment form left idle past user_inactivity_pp_time is dropped with what was typed (cashier-idle.tsx).
  const generation = usePaymentForms((state) => state.generation);
  return <WithdrawPage key={generation} data={useLoaderData<typeof loader>()} />;
}
