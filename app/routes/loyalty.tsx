import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import type { LoyaltyCharacterView, LoyaltyInfo, LoyaltyProductView, LoyaltyProgramView } from '../../contract/loyalty.ts';
import { LoyaltyPage, type LoyaltyPageData } from '../features/loyalty/loyalty-page.tsx';
import { ApiError } from '../lib/api-error.ts';
import { requestLocale } from '../lib/locale.ts';
import { notFound, toPageError } from '../lib/page-errors.ts';
import { requireParam } from '../lib/params.ts';
import { bridgeOf, serverApi } from '../lib/server-bridge.ts';

export default function Page() {
  return <LoyaltyPage data={useLoaderData<typeof loader>()} />;
}

/** Characters shown in the programme's gallery. */
const GALLERY = 12;

/**
 * /loyalty and /loyalty/{sysname}: the programme (the one named, an unknown one is a 404; else
 * the first), the player's loyalty when signed in, the characters and the shop's products. Only
 * the programme decides the page; the other parts are left out when they cannot be read.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<LoyaltyPageData> {
  const sysname = params.sysname === undefined ? undefined : requireParam(request, params.sysname);
  const locale = requestLocale(request);
  const call = <T,>(method: string, query?: Record<string, unknown>) => serverApi<T>(context, method, { query, locale });
  const optional = <T,>(promise: Promise<T>) => promise.catch((error: unknown) => (error instanceof ApiError && error.status < 500 && error.status !== 404 ? toPageError(error) : null));

  const programFor = async (): Promise<LoyaltyProgramView | null> => {
    try {
      if (sysname) return await call<LoyaltyProgramView>('loyalty/getProgram', { sysname });
      return (await call<{ items: LoyaltyProgramView[] }>('loyalty/getPrograms')).items[0] ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        if (sysname) notFound(new URL(request.url).pathname);
        return null;
      }
      toPageError(error);
    }
  };
  const signedIn = await bridgeOf(context).isSignedIn();
  const [program, info, characters, products] = await Promise.all([
    programFor(),
    signedIn ? optional(call<LoyaltyInfo>('loyalty/getinfo')) : null,
    optional(call<{ items: LoyaltyCharacterView[] }>('loyalty/getcharacters', { offset: 0, limit: GALLERY })),
    optional(call<{ items: LoyaltyProductView[] }>('loyalty/getproducts')),
  ]);
  return { program, info, characters: characters?.items ?? [], products: products?.items ?? [] };
}
