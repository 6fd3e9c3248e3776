import type { RouterContextProvider } from 'react-router';
import type { LocaleCode } from '../../../contract/locales.ts';
import { serverApi } from '../../lib/server-bridge.ts';
import type { OddsFormat } from './odds.ts';
import { ODDS_FORMAT_KEY, readOddsFormat } from './odds-format.tsx';

/** The player's odds format, for a loader (storage/get); decimal when unset or unreadable. */
export async function loadOddsFormat(context: Readonly<RouterContextProvider>, locale: LocaleCode): Promise<OddsFormat> {
  const stored = await serverApi<Record<string, string | null>>(context, 'storage/get', { query: { keys: ODDS_FORMAT_KEY }, locale }).catch(() => null);
  return readOddsFormat(stored);
}
