import { Outlet, useLoaderData, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { BETTING_METHODS, type SportView } from '../../../contract/betting.ts';
import { BettingLayout, type BettingLayoutData } from '../../features/betting/betting-layout.tsx';
import { loadOddsFormat } from '../../features/betting/odds-format.server.ts';
import { requestLocale } from '../../lib/locale.ts';
import { toPageError } from '../../lib/page-errors.ts';
import { serverApi } from '../../lib/server-bridge.ts';

/** The sportsbook's frame (docs/betting.md): the sports menu's counts and the player's odds format. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<BettingLayoutData> {
  const locale = requestLocale(request);
  try {
    const [sports, oddsFormat] = await Promise.all([
      serverApi<{ items: SportView[] }>(context, BETTING_METHODS.sports, { locale }),
      loadOddsFormat(context, locale),
    ]);
    return { sports: sports.items, oddsFormat };
  } catch (error) {
    toPageError(error);
  }
}

/** The menu's counts are read again only on a full revalidation (after a placement action), not on every move inside the book. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? defaultShouldRevalidate : false;
}

export default function BettingRoutes() {
  return (
    <BettingLayout data={useLoaderData<typeof loader>()}>
      <Outlet />
    </BettingLayout>
  );
}
