import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { JACKPOT_REFRESH_MS, type JackpotList } from './types.ts';

/** When this page's loader data was read: it counts as fresh from then. */
const loadedAt = Date.now();

/**
 * The jackpots with live amounts: the loader's answer first, then jackpots/get again every few
 * seconds while the tab is visible (TanStack Query pauses in the background).
 */
export function useLiveJackpots(initial: JackpotList | null, id?: string): JackpotList | null {
  const currency = initial?.currency;
  const query = useQuery({
    queryKey: ['jackpots', currency ?? '', id ?? ''],
    queryFn: ({ signal }) => api<JackpotList>('jackpots/get', { query: { currency, id }, signal }),
    initialData: initial ?? undefined,
    initialDataUpdatedAt: loadedAt,
    enabled: !!initial,
    refetchInterval: JACKPOT_REFRESH_MS,
    staleTime: JACKPOT_REFRESH_MS,
  });
  return query.data ?? initial;
}
