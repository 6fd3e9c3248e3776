import { useQuery } from '@tanstack/react-query';
import { isLoggedIn } from '../../../contract/api.ts';
import type { LoyaltyInfo, LoyaltyProductView } from '../../../contract/loyalty.ts';
import { api } from '../../lib/api-client.ts';
import { useRootData } from '../../lib/locale.ts';
import { loyaltyKeys } from './rules.ts';

const loadedAt = Date.now();

/** The signed-in player's uid, or null for a guest. */
export function usePlayerUid(): number | null {
  const user = useRootData()?.user;
  return user && isLoggedIn(user) ? user.uid : null;
}

/**
 * The player's loyalty as the loader read it, then kept fresh: read again after a purchase, a
 * character change or when the live channel says it moved (the notices host invalidates
 * ['loyalty']). Null for a guest, or when the server could not answer.
 */
export function useLoyaltyInfo(initial: LoyaltyInfo | null): LoyaltyInfo | null {
  const uid = usePlayerUid();
  const result = useQuery({
    queryKey: loyaltyKeys.info(uid ?? 0),
    queryFn: ({ signal }) => api<LoyaltyInfo>('loyalty/getinfo', { signal }),
    enabled: uid !== null,
    initialData: initial ?? undefined,
    initialDataUpdatedAt: loadedAt,
    staleTime: 5_000,
  });
  return uid === null ? null : (result.data ?? initial);
}

/** The shop's products (with can_buy for the player), kept fresh like the info. */
export function useLoyaltyProducts(initial: LoyaltyProductView[]): LoyaltyProductView[] {
  const uid = usePlayerUid();
  const result = useQuery({
    queryKey: loyaltyKeys.products(uid ?? 0),
    queryFn: ({ signal }) => api<{ items: LoyaltyProductView[] }>('loyalty/getproducts', { signal }).then((answer) => answer.items),
    initialData: initial,
    initialDataUpdatedAt: loadedAt,
    staleTime: 5_000,
  });
  return result.data ?? initial;
}
