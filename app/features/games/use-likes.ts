import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { isLoggedIn } from '../../../contract/api.ts';
import { api } from '../../lib/api-client.ts';
import { useRootData } from '../../lib/locale.ts';
import { track } from '../../lib/analytics.ts';

const likesKey = (uid: number) => ['games', 'likes', uid] as const;

/**
 * The signed-in player's favourites (spec 2 section 4): shown only when signed in and the site
 * configuration's games.gamesItem.canVisibleFavoriteIcon is on. Toggling adds or removes the game
 * (addLike / removeLike), then reloads the list.
 */
export function useLikes() {
  const root = useRootData();
  const uid = root?.user.uid ?? 0;
  const enabled = isLoggedIn(root?.user) && (root?.config.games.gamesItem.canVisibleFavoriteIcon ?? false);
  const client = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const query = useQuery({
    queryKey: likesKey(uid),
    queryFn: () => api<{ sysnames: string[] }>('games/getLikes').then((data) => data.sysnames),
    enabled,
  });
  const likes = query.data ?? [];

  const toggle = useCallback(
    async (sysname: string) => {
      setPending(sysname);
      const liked = (client.getQueryData<string[]>(likesKey(uid)) ?? []).includes(sysname);
      try {
        await api(liked ? 'games/removeLike' : 'games/addLike', { body: { sysname } });
        track(liked ? 'favourite_remove' : 'favourite_add', { game: sysname });
      } catch {
        // the reload below shows the real state
      } finally {
        await client.invalidateQueries({ queryKey: likesKey(uid) });
        setPending(null);
      }
    },
    [client, uid],
  );

  return { enabled, ready: query.isSuccess, isLiked: (sysname: string) => likes.includes(sysname), toggle, pending };
}
