import { usePaymentForms } from '../../features/cashier/cashier-idle.tsx';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { CampaignView } from '../../../contract/promotions.ts';
import { DepositPage, type DepositData } from '../../features/cashier/deposit-page.tsx';
import type { DepositLimit, DepositSettings, HistoryPage } from '../../features/cashier/types.ts';
import { requestLocale } from '../../lib/locale.ts';
import { notFound, toPageError } from '../../lib/page-errors.ts';
import { requireParam } from '../../lib/params.ts';
import { serverApi } from '../../lib/server-bridge.ts';

/**
 * /cashier/deposit and /cashier/deposit/{sysname}: the methods and presets, the deposit limit,
 * whether the player has a successful deposit (for the registration hint), and the deposit
 * offers to pick from. A sysname that is no deposit method is a 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<DepositData> {
  const locale = requestLocale(request);
  const sysname = params.sysname === undefined ? null : requireParam(request, params.sysname);
  let settings: DepositSettings;
  let limit: DepositLimit | null;
  let deposits: HistoryPage | null;
  let offers: { items: CampaignView[] } | null;
  try {
    [settings, limit, deposits, offers] = await Promise.all([
      serverApi<DepositSettings>(context, 'cashier/getdepositsettings', { locale }),
      // Both are extras of the page: without them it still takes deposits.
      serverApi<DepositLimit>(context, 'getDepositLimit', { locale }).catch(() => null),
      serverApi<HistoryPage>(context, 'cashier/gethistory', { query: { type: 'deposit', statuses: 'success', count: 1 }, locale }).catch(() => null),
      // Deposit offers (spec 2 section 7: offset 0); without them the page takes deposits without a bonus.
      serverApi<{ items: CampaignView[] }>(context, 'campaigns/getoffers', { query: { trigger: 'deposit', offset: 0, count: 50 }, locale }).catch(() => null),
    ]);
  } catch (error) {
    toPageError(error);
  }
  if (sysname !== null && !settings.methods.some((method) => method.sysname === sysname)) notFound(new URL(request.url).pathname);
  return { settings, limit, method: sysname, hasDeposit: (deposits?.total ?? 0) > 0, offers: offers?.items ?? [], now: Date.now() };
}

export default function Deposit() {
  // A payment form left idle past user_inactivity_pp_time is dropped with what was typed (cashier-idle.tsx).
  const generation = usePaymentForms((state) => state.generation);
  return <DepositPage key={generation} data={useLoaderData<typeof loader>()} />;
}
