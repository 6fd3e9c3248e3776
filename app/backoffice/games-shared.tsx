import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, AdminProvider } from '../../contract/backoffice-games.ts';
import { backofficeApi } from './api.ts';
import type { BackofficeLocale } from './i18n.ts';

/** What the games catalogue screens share: their query keys, one write helper and names. */

export const GAMES_KEY = ['backoffice', 'games'] as const;
export const categoriesQuery = { queryKey: [...GAMES_KEY, 'categories'], queryFn: () => backofficeApi<AdminCategory[]>('games/categories'), staleTime: 30_000 };
export const providersQuery = { queryKey: [...GAMES_KEY, 'providers'], queryFn: () => backofficeApi<AdminProvider[]>('games/providers') };

/** A write of the games screens: on success every games query is read again (counts, lists, pools). */
export function useGamesWrite<T = unknown>(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => backofficeApi<T>(name, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GAMES_KEY }),
  });
}

const regions: Partial<Record<BackofficeLocale, Intl.DisplayNames>> = {};
/** A country's name in the member's language ("DE" → "Germany" / "Allemagne"). */
export function countryName(code: string, locale: BackofficeLocale): string {
  regions[locale] ??= new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  return regions[locale].of(code) ?? code;
}

export const categoryName = (category: AdminCategory | undefined, id: string, locale: BackofficeLocale) => category?.names[locale] ?? category?.names.en ?? id;
