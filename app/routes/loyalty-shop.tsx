import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import type { LoyaltyInfo, LoyaltyProductView, LoyaltyProgramView } from '../../contract/loyalty.ts';
import { ShopPage, type ShopPageData } from '../features/loyalty/shop-page.tsx';
import { ApiError } from '../lib/api-error.ts';
import { requestLocale } from '../lib/locale.ts';
import { toPageError } from '../lib/page-errors.ts';
import { bridgeOf, serverApi } from '../lib/server-bridge.ts';

export default function Page() {
  return <ShopPage data={useLoaderData<typeof loader>()} />;
}

/** /loyalty/shop: the products (for everyone), the player's points and level, the levels to name the gates. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<ShopPageData> {
  const locale = requestLocale(request);
  const call = <T,>(method: string) => serverApi<T>(context, method, { locale });
  const soft = (error: unknown) => (error instanceof ApiError && (error.status >= 500 || error.status === 404) ? null : toPageError(error));
  const signedIn = await bridgeOf(context).isSignedIn();
  try {
    const [products, info, programs] = await Promise.all([
      call<{ items: LoyaltyProductView[] }>('loyalty/getproducts'),
      signedIn ? call<LoyaltyInfo>('loyalty/getinfo').catch(soft) : null,
      signedIn ? null : call<{ items: LoyaltyProgramView[] }>('loyalty/getPrograms').catch(soft),
    ]);
    return { products: products.items, info, levels: programs?.items[0]?.levels ?? [] };
  } catch (error) {
    toPageError(error);
  }
}
