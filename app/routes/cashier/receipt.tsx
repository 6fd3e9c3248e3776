import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ReceiptPage } from '../../features/cashier/receipt-page.tsx';
import type { Transaction } from '../../features/cashier/types.ts';
import { ApiError } from '../../lib/api-error.ts';
import { requestLocale } from '../../lib/locale.ts';
import { notFound, toPageError } from '../../lib/page-errors.ts';
import { serverApi } from '../../lib/server-bridge.ts';

/** /cashier/receipt?id=...: the receipt of one of the player's transactions; an unknown id is a 404. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<{ transaction: Transaction | null }> {
  const url = new URL(request.url);
  const id = url.searchParams.get('id');
  if (!id) return { transaction: null };
  try {
    return { transaction: await serverApi<Transaction>(context, 'cashier/getdepositinfo', { query: { id }, locale: requestLocale(request) }) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.type === 'InvalidParameterException')) notFound(url.pathname);
    toPageError(error);
  }
}

export default function Receipt() {
  return <ReceiptPage transaction={useLoaderData<typeof loader>().transaction} />;
}
