import { useQuery } from '@tanstack/react-query';
import { isLoggedIn } from '../../../contract/api.ts';
import { FREE_SPINS_FETCH_COUNT } from '../../../contract/constants.ts';
import { api } from '../../lib/api-client.ts';
import { useRootData } from '../../lib/locale.ts';

/** A free spin pack as freespins/get answers it (docs/api.md). */
export type FreeSpinPackItem = {
  id: number;
  game: { sysname: string; name: string; image_url: string | null };
  total_count: number;
  remaining_count: number;
  bet: { amount: string; currency: string };
  status: string;
  expires_at: string | null;
};

/**
 * The signed-in player's active free spin packs (spec 2 section 4: loaded only when signed in,
 * status active, count 99). The game page lets a player with a pack for the game into real money
 * even on an empty balance: the spins cost nothing.
 */
export function useFreeSpinPacks() {
  const root = useRootData();
  const signedIn = isLoggedIn(root?.user);
  const query = useQuery({
    queryKey: ['games', 'free-spins', root?.user.uid ?? 0] as const,
    queryFn: () => api<{ items: FreeSpinPackItem[] }>('freespins/get', { query: { status: 'active', count: String(FREE_SPINS_FETCH_COUNT) } }).then((data) => data.items),
    enabled: signedIn,
  });
  return query.data ?? [];
}
