import type { ResponsibleGamingView } from '../../../contract/responsible-gaming.ts';
import type { DepositLimit } from '../cashier/types.ts';
import type { RouterContextProvider } from 'react-router';
import type { LocaleCode } from '../../../contract/locales.ts';
import { notFound } from '../../lib/page-errors.ts';
import { bridgeOf, serverApi } from '../../lib/server-bridge.ts';
/** What the responsible-gaming page shows: the player's settings and their deposit limit (null when it could not be read). */
export type ResponsibleGamingData = { view: ResponsibleGamingView; depositLimit: DepositLimit | null };

/**
 * The page's data, read by /responsible-game and the profile's section alike. While the site
 * configuration's functionalSettings.isResponsibleGamingEnable is off the page is not offered:
 * a 404 at `path` (the limits already set still apply everywhere; decision 035).
 */
export async function loadResponsibleGaming(context: Readonly<RouterContextProvider>, locale: LocaleCode, path: string): Promise<ResponsibleGamingData> {
  if (!(await bridgeOf(context).siteConfig(locale)).functionalSettings.isResponsibleGamingEnable) notFound(path);
  const [view, depositLimit] = await Promise.all([
    serverApi<ResponsibleGamingView>(context, 'responsibleGaming/get', { locale }),
    // The deposit limit is the cashier's: without it the page still shows the rest.
    serverApi<DepositLimit>(context, 'getDepositLimit', { locale }).catch(() => null),
  ]);
  return { view, depositLimit };
}
