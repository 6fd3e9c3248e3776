import { useCallback, useState } from 'react';
import { api } from './api-client.ts';

export type Page<T> = { items: T[]; total: number };

/**
 * A list that starts with the loader's first page and loads the next ones on demand (payments,
 * bonuses, betting bonuses, cashbacks). `first` null means the loader could not read it: the list shows
 * as failed and "load more" tries the first page again. Rows already shown are not repeated when
 * the list moved underneath (a new row pushes the others one place down).
 */
export function usePagedList<T extends { id: number | string }>(method: string, query: Record<string, string | number>, first: Page<T> | null, pageSize: number) {
  const [items, setItems] = useState<T[]>(first?.items ?? []);
  const [total, setTotal] = useState(first?.total ?? 0);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(first === null);
  const queryKey = JSON.stringify(query);

  const loadMore = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    try {
      const page = await api<Page<T>>(method, { query: { ...(JSON.parse(queryKey) as Record<string, string | number>), offset: items.length, count: pageSize } });
      setItems((current) => {
        const seen = new Set(current.map((item) => item.id));
        return [...current, ...page.items.filter((item) => !seen.has(item.id))];
      });
      setTotal(page.total);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [method, queryKey, items.length, pageSize]);

  /** Puts a changed row in place (after an action), or drops it when it left this list. */
  const replace = useCallback((next: T, keep: boolean) => {
    setItems((current) => (keep ? current.map((item) => (item.id === next.id ? next : item)) : current.filter((item) => item.id !== next.id)));
    if (!keep) setTotal((count) => Math.max(0, count - 1));
  }, []);

  return { items, total, loading, failed, loadMore, replace, more: items.length < total || failed };
}
