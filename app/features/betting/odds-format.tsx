import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { api } from '../../lib/api-client.ts';
import { DEFAULT_ODDS_FORMAT, formatOdds, isOddsFormat, type OddsFormat } from './odds.ts';

/**
 * The player's odds format (decimal, fractional or American), kept with the storage API so it
 * follows a signed-in player to every device and a guest through their visit. The route loaders
 * read it (ODDS_FORMAT_KEY), so the server's HTML already shows the chosen format.
 */
export const ODDS_FORMAT_KEY = 'betting_odds_format';

export const readOddsFormat = (stored: Record<string, string | null> | null | undefined): OddsFormat => {
  const value = stored?.[ODDS_FORMAT_KEY];
  return isOddsFormat(value) ? value : DEFAULT_ODDS_FORMAT;
};

type OddsFormatState = { format: OddsFormat; setFormat(format: OddsFormat): void };

const OddsFormatContext = createContext<OddsFormatState>({ format: DEFAULT_ODDS_FORMAT, setFormat: () => {} });

export function OddsFormatProvider({ initial, children }: { initial: OddsFormat; children: ReactNode }) {
  const [format, setLocal] = useState(initial);
  const setFormat = useCallback((next: OddsFormat) => {
    setLocal(next);
    // Best effort: the choice applies at once; a failed save only means it is not remembered.
    void api('storage/set', { body: { key: ODDS_FORMAT_KEY, value: next } }).catch(() => {});
  }, []);
  const value = useMemo(() => ({ format, setFormat }), [format, setFormat]);
  return <OddsFormatContext.Provider value={value}>{children}</OddsFormatContext.Provider>;
}

export const useOddsFormat = () => useContext(OddsFormatContext);

/** A price in the player's format. */
export function useShowOdds() {
  const { format } = useOddsFormat();
  return useCallback((decimal: string) => formatOdds(decimal, format), [format]);
}
