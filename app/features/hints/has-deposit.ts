import type { RouterContextProvider } from 'react-router';
import type { LocaleCode } from '../../../contract/locales.ts';
import { bridgeOf, serverApi } from '../../lib/server-bridge.ts';

/**
 * For a loader: whether the signed-in player has a successful deposit, which ends the registration
 * hint and the home page's invitation to deposit (spec 1 section 4). A guest has none; when the
 * history cannot be read the invitation stays, as before the player's first deposit.
 */
export async function loadHasDeposit(context: Readonly<RouterContextProvider>, locale: LocaleCode): Promise<boolean> {
  if (!(await bridgeOf(context).isSignedIn())) return false;
  const page = await serverApi<{ total: number }>(context, 'cashier/gethistory', { query: { type: 'deposit', statuses: 'success', count: 1 }, locale }).catch(() => null);
  return (page?.total ?? 0) > 0;
}
