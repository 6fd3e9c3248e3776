import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { api } from '../../lib/api-client.ts';
import { GameTile } from '../games/game-tile.tsx';
import { ROW_SIZE, type GamesPage } from '../games/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import type { DialogComponentProps } from '../dialogs/types.ts';

const MIN_QUERY = 2;
const DEBOUNCE_MS = 250;

type SearchResult = { query: string; page: GamesPage | null };
type SearchState = { status: 'idle' } | { status: 'loading' } | { status: 'done'; query: string; page: GamesPage } | { status: 'failed' };

/** Game search: games/get by name, debounced, from two characters on; results as small tiles. */
export default function GamesSearchPopup({ dialogId }: DialogComponentProps) {
  const { t } = useTranslation();
  const { t: tg } = useTranslation('games');
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<SearchResult | null>(null);
  const term = query.trim();
  const searching = term.length >= MIN_QUERY;

  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<GamesPage>('games/get', { query: { query: term, count: ROW_SIZE }, signal: controller.signal })
        .then((page) => setResult({ query: term, page }))
        .catch(() => {
          if (!controller.signal.aborted) setResult({ query: term, page: null });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, searching]);

  const state: SearchState = !searching
    ? { status: 'idle' }
    : result?.query !== term
      ? { status: 'loading' }
      : result.page
        ? { status: 'done', query: term, page: result.page }
        : { status: 'failed' };

  return (
    <div data-testid="games-search">
      <h2 className="mb-4 text-lg font-bold">{t('search.title')}</h2>
      <label className="flex h-12 items-center gap-3 rounded-xl bg-ink-900 px-4 ring-1 ring-white/10 focus-within:ring-gold-400">
        <Icon name="search" className="text-ink-400" />
        <span className="sr-only">{t('search.placeholder')}</span>
        <input
          autoFocus
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('search.placeholder')}
          className="h-full flex-1 bg-transparent text-base outline-none placeholder:text-ink-400"
          maxLength={64}
          data-testid="games-search-input"
        />
      </label>
      <div className="mt-6 min-h-40" aria-live="polite">
        {state.status === 'idle' && <EmptyState icon="search" title={tg('search.hintTitle')} text={tg('search.hintText', { count: MIN_QUERY })} compact />}
        {state.status === 'loading' && <p className="py-8 text-center text-sm text-ink-400">{tg('search.searching')}</p>}
        {state.status === 'failed' && <p className="py-8 text-center text-sm text-rose-300">{tg('search.failed')}</p>}
        {state.status === 'done' &&
          (state.page.items.length === 0 ? (
            <EmptyState icon="dice" title={tg('search.noneTitle', { query: state.query })} text={tg('search.noneText')} compact />
          ) : (
            <>
              <p className="mb-3 text-xs text-ink-400">{tg('search.found', { count: state.page.total })}</p>
              <ul className="grid max-h-[55vh] grid-cols-3 gap-3 overflow-y-auto pr-1 tablet:grid-cols-4" data-testid="games-search-results">
                {state.page.items.map((game) => (
                  <li key={game.sysname}>
                    <GameTile game={game} compact onSelect={() => useDialogs.getState().close(dialogId, { immediate: true })} />
                  </li>
                ))}
              </ul>
            </>
          ))}
      </div>
    </div>
  );
}
