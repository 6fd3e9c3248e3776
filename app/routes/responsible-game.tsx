import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { stripLocale } from '../../contract/locales.ts';
import { AreaPage } from '../features/pages/area-page.tsx';
import { loadResponsibleGaming, type ResponsibleGamingData } from '../features/responsible-gaming/load.ts';
import { ResponsibleGamingPage } from '../features/responsible-gaming/responsible-gaming-page.tsx';
import { requestLocale } from '../lib/locale.ts';
import { toPageError } from '../lib/page-errors.ts';

/**
 * /responsible-game: the player's limits, reality check and breaks (docs/responsible-gaming.md).
 * The route table also sends /bets/* here, which keeps its placeholder until the sportsbook's own
 * page takes that address.
 */
export async function loader({ request, url, context }: LoaderFunctionArgs): Promise<ResponsibleGamingData | null> {
  if (stripLocale(url.pathname).startsWith('/bets')) return null;
  try {
    return await loadResponsibleGaming(context, requestLocale(request), url.pathname);
  } catch (error) {
    toPageError(error);
  }
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  if (!data) return <AreaPage area="responsibleGame" icon="shield" />;
  return <ResponsibleGamingPage data={data} />;
}
