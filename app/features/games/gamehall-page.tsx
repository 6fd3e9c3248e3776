import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useLocalizedPath } from '../../lib/locale.ts';
import { PageHeading, PageMeta } from '../pages/page-meta.tsx';
import { SeoTextBlock, type SeoTextView } from '../pages/seo-text.tsx';
import { GameTile } from './game-tile.tsx';
import { hallHref, hallQuery, toggled, type GameCategory, type GameProvider, type GamesPage } from './types.ts';

export type GamehallData = {
  /** The hall's own address (/gamehall); its filters' links start with it. */
  base: string;
  category: string;
  providers: string[];
  categories: GameCategory[];
  providerList: GameProvider[];
  page: GamesPage;
  /** The SEO text under the grid (the general hall and its categories; not a tournament's hall). */
  seoText?: SeoTextView | null;
};

const chipClass = (active: boolean) =>
  clsx(
    'inline-flex h-10 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-semibold whitespace-nowrap ring-1 transition',
    active ? 'bg-gold-500 text-ink-950 ring-gold-400' : 'bg-ink-850 text-ink-200 ring-white/10 hover:bg-ink-800 hover:text-white',
  );

/** The game hall (spec 2 section 2): category chips, the provider filter and the paged grid. */
export function GamehallPage({ data }: { data: GamehallData }) {
  const { t } = useTranslation('games');
  const names = Object.fromEntries(data.providerList.map((provider) => [provider.sysname, provider.name]));
  const filterKey = `${data.category}|${data.providers.join(',')}`;
  // A category has its own title ("Slots · Game hall"), so each hall address is told apart.
  const categoryName = data.category === 'all' ? null : data.categories.find((entry) => entry.id === data.category)?.name;
  return (
    <div className="pb-8" data-testid="page-gamehall">
      <PageMeta title={categoryName ? `${categoryName} · ${t('hall.title')}` : t('hall.title')} description={t('hall.subtitle')} />
      <PageHeading title={t('hall.title')} subtitle={t('hall.subtitle')} />

      <nav aria-label={t('hall.categories')} className="-mx-4 mb-4 overflow-x-auto px-4 pb-1">
        <ul className="flex gap-2">
          {data.categories.map((category) => (
            <li key={category.id}>
              <LocalLink
                to={hallHref(category.id, data.providers, data.base)}
                className={chipClass(category.id === data.category)}
                aria-current={category.id === data.category ? 'page' : undefined}
                data-testid={`category-${category.id}`}
              >
                {category.name}
                <span className="text-xs opacity-70">{category.games_count}</span>
              </LocalLink>
            </li>
          ))}
        </ul>
      </nav>

      {data.providerList.length > 0 && (
        <div className="mb-8 flex items-center gap-3" data-testid="provider-filter">
          <span className="hidden shrink-0 text-xs font-semibold tracking-widest text-ink-400 uppercase tablet:block">{t('hall.providers')}</span>
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 tablet:mx-0 tablet:px-0">
            {data.providerList.map((provider) => {
              const active = data.providers.includes(provider.sysname);
              return (
                <li key={provider.sysname}>
                  <LocalLink
                    to={hallHref(data.category, toggled(data.providers, provider.sysname), data.base)}
                    className={clsx(
                      'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-3 text-xs font-semibold whitespace-nowrap ring-1 transition',
                      active ? 'bg-violet-600 text-white ring-violet-400' : 'bg-ink-900 text-ink-300 ring-white/10 hover:text-white',
                    )}
                    data-active={active || undefined}
                    data-testid={`provider-${provider.sysname}`}
                  >
                    {active && <span aria-hidden="true">✓</span>}
                    {provider.name}
                  </LocalLink>
                </li>
              );
            })}
          </ul>
          {data.providers.length > 0 && (
            <LocalLink to={hallHref(data.category, [], data.base)} className="shrink-0 text-xs font-semibold text-gold-400 hover:text-gold-300" data-testid="providers-clear">
              {t('hall.clear')}
            </LocalLink>
          )}
        </div>
      )}

      <GameGrid
        key={filterKey}
        initial={data.page}
        names={names}
        more={(offset) => api<GamesPage>('games/get', { query: hallQuery(data, offset) })}
        resetTo={data.base}
      />
      {data.seoText && <SeoTextBlock text={data.seoText} />}
    </div>
  );
}

/**
 * The hall's grid of game tiles, its first page from the loader, then "Load more" asks `more` for
 * the next page (the general hall, a tournament's hall). Empty: a message and, with `resetTo`, a
 * way back to every game.
 */
export function GameGrid({ initial, names, more, resetTo }: { initial: GamesPage; names: Record<string, string>; more: (offset: number) => Promise<GamesPage>; resetTo?: string }) {
  const { t } = useTranslation('games');
  const localize = useLocalizedPath();
  const [items, setItems] = useState(initial.items);
  const [total, setTotal] = useState(initial.total);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  if (!items.length) {
    return (
      <EmptyState
        icon="dice"
        title={t('hall.emptyTitle')}
        text={t('hall.emptyText')}
        action={
          resetTo === undefined ? undefined : (
            <ButtonLink to={localize(resetTo)} variant="secondary" className="mt-2">
              {t('hall.reset')}
            </ButtonLink>
          )
        }
      />
    );
  }

  async function loadMore() {
    setLoading(true);
    setFailed(false);
    try {
      const next = await more(items.length);
      setItems((current) => [...current, ...next.items.filter((game) => !current.some((seen) => seen.sysname === game.sysname))]);
      setTotal(next.total);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      <ul className="grid grid-cols-2 gap-x-3 gap-y-5 tablet:grid-cols-3 laptop:grid-cols-4 desktop:grid-cols-5" data-testid="games-grid">
        {items.map((game, index) => (
          <li key={game.sysname}>
            <GameTile game={game} providers={names} eager={index < 5} />
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col items-center gap-3">
        <p className="text-sm text-ink-400" data-testid="games-count">
          {t('hall.shown', { count: items.length, total })}
        </p>
        {failed && <p className="text-sm text-rose-300">{t('hall.loadFailed')}</p>}
        {items.length < total && (
          <Button variant="secondary" onClick={() => void loadMore()} disabled={loading} data-testid="load-more">
            {loading ? t('hall.loading') : t('hall.loadMore')}
          </Button>
        )}
      </div>
    </>
  );
}
