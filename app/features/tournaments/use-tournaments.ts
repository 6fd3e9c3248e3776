import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { TournamentView } from '../../../contract/tournaments.ts';
import { api } from '../../lib/api-client.ts';
import { connectLive, useLiveEvent } from '../../lib/live.ts';
import { useRootData } from '../../lib/locale.ts';

export type TournamentList = { items: TournamentView[]; total: number };

/** While a tournament runs its leaderboard is read again this often, and at once when the live channel says it moved. */
export const TOURNAMENT_REFRESH_MS = 15_000;
const loadedAt = Date.now();

/**
 * Tournaments as the loader read them, then kept fresh: tournaments/get again every few seconds
 * while one is running (paused in a background tab), and at once when the live channel announces
 * that a leaderboard on the page moved.
 */
export function useTournaments(query: Record<string, string>, initial: TournamentList): TournamentList {
  const root = useRootData();
  const client = useQueryClient();
  const key = ['tournaments', root?.user.uid ?? 0, query] as const;
  const running = initial.items.some((item) => item.status === 'active');
  const result = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<TournamentList>('tournaments/get', { query, signal }),
    initialData: initial,
    initialDataUpdatedAt: loadedAt,
    refetchInterval: running ? TOURNAMENT_REFRESH_MS : false,
    staleTime: 2_000,
  });
  useEffect(() => connectLive(root?.user.uid || null), [root?.user.uid]);
  // The ids on the page, as a string: the handler changes only when they do.
  const shown = (result.data ?? initial).items.map((item) => item.id).join(',');
  const onMoved = useCallback(
    (data: unknown) => {
      const id = (data as { id?: number } | null)?.id;
      if (id !== undefined && shown.split(',').includes(String(id))) void client.invalidateQueries({ queryKey: ['tournaments'] });
    },
    [client, shown],
  );
  useLiveEvent('tournament', onMoved);
  return result.data ?? initial;
}
