import type { ResponsibleGamingView } from '../../../contract/responsible-gaming.ts';
import type { DepositLimit } from '../cashier/types.ts';
import type { RouterContextProvider } from 'react-router';
import type { LocaleCode } from '../../../contract/locales.ts';
import { serverApi } from '../../lib/server-bridge.ts';
/** What the responsible-gaming page shows: the player's settings and their deposit limit (null when it could not be read). */
export type ResponsibleGamingData = { view: ResponsibleGamingView; depositLimit: DepositLimit | null };

/** The page's data, read by /responsible-game and the profile's section alike. */
export async function loadResponsibleGaming(context: Readonly<RouterContextProvider>, locale: LocaleCode): Promise<ResponsibleGamingData> {
  const [view, depositLimit] = await Promise.all([
    serverApi<ResponsibleGamingView>(context, 'responsibleGaming/get', { locale }),
    // The deposit limit is the cashier's: without it the page still shows the rest.
    serverApi<DepositLimit>(context, 'getDepositLimit', { locale }).catch(() => null),
  ]);
  return { view, depositLimit };
}
