import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useLocalizedPath } from '../../lib/locale.ts';
import { PageHeading, PageMeta } from '../pages/page-meta.tsx';
import { SeoTextBlock, type SeoTextView } from '../pages/seo-text.tsx';
import { contentViewType, gamehallType, type GamehallType } from '../../../contract/site-switches.ts';
import { useRootData } from '../../lib/locale.ts';
import { Icon } from '../../ui/icon.tsx';
import { GameTile } from './game-tile.tsx';
import { canLoadMore, listLimited, reachedListLimit } from './list-limit.ts';
import {
  gameImage,
  gameName,
  HALL_FEATURES,
  HALL_RTP_STEPS,
  HALL_SORTS,
  HALL_VOLATILITIES,
  hallHref,
  hallQuery,
  hasLiveGames,
  LIVE_CATEGORY,
  NO_REFINE,
  offeredCategories,
  parseRefine,
  providerLabel,
  toggled,
  type Game,
  type GameCategory,
  type GameProvider,
  type GamesPage,
  type HallFeature,
  type HallRefine,
  type HallSort,
  type HallVolatility,
} from './types.ts';

export type GamehallData = {
  /** The hall's own address (/gamehall); its filters' links start with it. */
  base: string;
  category: string;
  providers: string[];
  /** Order and narrowing (the general hall only). */
  refine?: HallRefine;
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
  const filterKey = `${data.category}|${data.providers.join(',')}|${JSON.stringify(data.refine ?? NO_REFINE)}`;
  // A category has its own title ("Slots · Game hall"), so each hall address is told apart.
  const categoryName = data.category === 'all' ? null : data.categories.find((entry) => entry.id === data.category)?.name;
  const games = useRootData()?.config.games;
  // games.gamehall.type: the filters above the games or in a column beside them; games.providers.isVisible: the provider filter at all.
  const hallType = gamehallType(games?.gamehall.type);
  const providersShown = (games?.providers.isVisible ?? true) && data.providerList.length > 0;
  // The live casino's address answers without a live game too (a link from before, the spec's
  // category): it says no live table is open rather than showing RNG tables under its name.
  const liveClosed = data.category === LIVE_CATEGORY && !hasLiveGames(data.categories);
  return (
    <div className="pb-8" data-testid="page-gamehall">
      <PageMeta title={categoryName ? `${categoryName} · ${t('hall.title')}` : t('hall.title')} description={t('hall.subtitle')} />
      <PageHeading title={t('hall.title')} subtitle={t('hall.subtitle')} />

      <HallLayout
        type={hallType}
        filters={(column) => (
          <>
            <CategoryNav data={data} column={column} />
            {providersShown && <ProviderFilter data={data} column={column} />}
          </>
        )}
      >
      {data.refine && <HallRefineBar data={data} refine={data.refine} />}
      <GameGrid
        key={filterKey}
        initial={data.page}
        names={names}
        more={(offset) => api<GamesPage>('games/get', { query: hallQuery(data, offset) })}
        resetTo={data.base}
        empty={liveClosed ? { title: t('hall.liveClosedTitle'), text: t('hall.liveClosedText'), testId: 'live-closed' } : undefined}
      />
      </HallLayout>
      {data.seoText && !liveClosed && <SeoTextBlock text={data.seoText} />}
    </div>
  );
}

/**
 * The hall's grid of game tiles, its first page from the loader, then "Load more" asks `more` for
 * the next page (the general hall, a tournament's hall). Empty: a message and, with `resetTo`, a
 * way back to every game.
 */
export function GameGrid({
  initial,
  names,
  more,
  resetTo,
  empty,
}: {
  initial: GamesPage;
  names: Record<string, string>;
  more: (offset: number) => Promise<GamesPage>;
  resetTo?: string;
  /** What an empty grid says instead of "no games match these filters". */
  empty?: { title: string; text: string; testId: string };
}) {
  const { t } = useTranslation('games');
  const localize = useLocalizedPath();
  const games = useRootData()?.config.games.gamesItem;
  // games.gamesItem.contentViewType: tiles in a grid or one game per row; games.gamesItem.type goes to the tiles.
  const view = contentViewType(games?.contentViewType);
  const [items, setItems] = useState(initial.items);
  const [total, setTotal] = useState(initial.total);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  if (!items.length) {
    const reset = resetTo === undefined ? undefined : (
      <ButtonLink to={localize(resetTo)} variant="secondary" className="mt-2">
        {t('hall.reset')}
      </ButtonLink>
    );
    const state = <EmptyState icon={empty ? 'live' : 'dice'} title={empty?.title ?? t('hall.emptyTitle')} text={empty?.text ?? t('hall.emptyText')} action={reset} />;
    return empty ? <div data-testid={empty.testId}>{state}</div> : state;
  }

  async function loadMore() {
    setLoading(true);
    setFailed(false);
    try {
      const next = await more(items.length);
      setItems((current) => listLimited([...current, ...next.items.filter((game) => !current.some((seen) => seen.sysname === game.sysname))]));
      setTotal(next.total);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      {view === 'list' ? (
        <ul className="grid gap-2 laptop:grid-cols-2" data-testid="games-grid" data-view="list">
          {items.map((game, index) => (
            <li key={game.sysname}>
              <GameListItem game={game} providers={names} eager={index < 5} />
            </li>
          ))}
        </ul>
      ) : (
        <ul className="grid grid-cols-2 gap-x-3 gap-y-5 tablet:grid-cols-3 laptop:grid-cols-4 desktop:grid-cols-5" data-testid="games-grid" data-view="grid">
          {items.map((game, index) => (
            <li key={game.sysname}>
              <GameTile game={game} providers={names} eager={index < 5} view={games?.type} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8 flex flex-col items-center gap-3">
        <p className="text-sm text-ink-400" data-testid="games-count">
          {t('hall.shown', { count: items.length, total })}
        </p>
        {failed && <p className="text-sm text-rose-300">{t('hall.loadFailed')}</p>}
        {reachedListLimit(items.length, total) && <p className="text-sm text-ink-300" data-testid="games-limit">{t('hall.limitReached')}</p>}
        {canLoadMore(items.length, total) && (
          <Button variant="secondary" onClick={() => void loadMore()} disabled={loading} data-testid="load-more">
            {loading ? t('hall.loading') : t('hall.loadMore')}
          </Button>
        )}
      </div>
    </>
  );
}

/** The hall's frame for games.gamehall.type: `default` puts the filters above the games, `sidebar` beside them from laptop width (above them on smaller screens). */
function HallLayout({ type, filters, children }: { type: GamehallType; filters: (column: boolean) => ReactNode; children: ReactNode }) {
  if (type === 'default') {
    return (
      <div data-testid="gamehall-layout" data-type="default">
        {filters(false)}
        {children}
      </div>
    );
  }
  return (
    <div className="laptop:grid laptop:grid-cols-[220px_minmax(0,1fr)] laptop:items-start laptop:gap-8" data-testid="gamehall-layout" data-type="sidebar">
      <div className="laptop:hidden">{filters(false)}</div>
      <aside className="hidden space-y-6 laptop:sticky laptop:top-[calc(var(--header-height)+24px)] laptop:block" data-testid="gamehall-sidebar">
        {filters(true)}
      </aside>
      <div>{children}</div>
    </div>
  );
}

const columnItemClass = (active: boolean) =>
  clsx('flex w-full items-center justify-between gap-2 rounded-xl px-3 py-2 text-sm font-semibold transition', active ? 'bg-gold-500/15 text-gold-300' : 'text-ink-300 hover:bg-white/5 hover:text-white');

/** Category chips (a scrolling row), or in the sidebar a column of links. */
function CategoryNav({ data, column }: { data: GamehallData; column: boolean }) {
  const { t } = useTranslation('games');
  return (
    <nav aria-label={t('hall.categories')} className={column ? 'rounded-3xl border border-white/5 bg-ink-850/60 p-2' : '-mx-4 mb-4 overflow-x-auto px-4 pb-1'}>
      <ul className={column ? 'space-y-0.5' : 'flex gap-2'}>
        {offeredCategories(data.categories).map((category) => {
          const active = category.id === data.category;
          return (
            <li key={category.id}>
              <LocalLink
                to={hallHref(category.id, data.providers, data.base, data.refine)}
                className={column ? columnItemClass(active) : chipClass(active)}
                aria-current={active ? 'page' : undefined}
                data-testid={`category-${category.id}`}
              >
                {category.name}
                <span className="text-xs opacity-70">{category.games_count}</span>
              </LocalLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The provider filter: toggles in a row, or in the sidebar a column under its title. */
function ProviderFilter({ data, column }: { data: GamehallData; column: boolean }) {
  const { t } = useTranslation('games');
  const clear = data.providers.length > 0 && (
    <LocalLink to={hallHref(data.category, [], data.base, data.refine)} className="shrink-0 text-xs font-semibold text-gold-400 hover:text-gold-300" data-testid="providers-clear">
      {t('hall.clear')}
    </LocalLink>
  );
  return (
    <div className={column ? 'space-y-2 px-1' : 'mb-8 flex items-center gap-3'} data-testid="provider-filter">
      <div className={column ? 'flex items-center justify-between' : 'contents'}>
        <span className={clsx('shrink-0 text-xs font-semibold tracking-widest text-ink-400 uppercase', !column && 'hidden tablet:block')}>{t('hall.providers')}</span>
        {column && clear}
      </div>
      <ul className={column ? 'flex flex-wrap gap-1.5' : '-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 tablet:mx-0 tablet:px-0'}>
        {data.providerList.map((provider) => {
          const active = data.providers.includes(provider.sysname);
          return (
            <li key={provider.sysname}>
              <LocalLink
                to={hallHref(data.category, toggled(data.providers, provider.sysname), data.base, data.refine)}
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
      {!column && clear}
    </div>
  );
}

/**
 * The hall's order and narrowing: sort (popular, newest, A to Z), volatility, least RTP and a
 * feature, as selects that move to the matching address (so it can be shared and reloaded).
 */
function HallRefineBar({ data, refine }: { data: GamehallData; refine: HallRefine }) {
  const { t } = useTranslation('games');
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  // While a pick's page loads, the next pick builds on that pick, not on the page still shown
  // (which would drop it): the hall's address being loaded, when there is one.
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.location?.pathname === location.pathname ? navigation.location : null;
  const current = loading ? parseRefine(new URLSearchParams(loading.search)) : refine;
  const go = (change: Partial<HallRefine>) => navigate(localize(hallHref(data.category, data.providers, data.base, { ...current, ...change })), { preventScrollReset: true });
  const narrowed = refine.volatility !== null || refine.rtp !== null || refine.feature !== null;
  const select = 'h-10 w-full rounded-xl bg-ink-850 px-3 text-sm font-semibold text-ink-100 ring-1 ring-white/10 outline-none focus-visible:ring-2 focus-visible:ring-gold-400';
  const field = (label: string, testId: string, value: string, options: Array<[string, string]>, onChange: (value: string) => void) => (
    <label className="flex min-w-0 flex-col gap-1">
      <span className="text-[11px] font-semibold tracking-widest text-ink-400 uppercase">{label}</span>
      <select className={select} value={value} onChange={(event) => onChange(event.currentTarget.value)} data-testid={testId}>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="mb-6 grid grid-cols-2 items-end gap-3 tablet:grid-cols-[repeat(4,minmax(0,11rem))_auto]" data-testid="hall-refine">
      {field(t('refine.sort'), 'refine-sort', current.sort, HALL_SORTS.map((sort) => [sort, t(`refine.sorts.${sort}`)]), (value) => go({ sort: value as HallSort }))}
      {field(t('refine.volatility'), 'refine-volatility', current.volatility ?? '', [['', t('refine.any')], ...HALL_VOLATILITIES.map((level): [string, string] => [level, t(`refine.volatilities.${level}`)])], (value) =>
        go({ volatility: (value || null) as HallVolatility | null }),
      )}
      {field(t('refine.rtp'), 'refine-rtp', current.rtp === null ? '' : String(current.rtp), [['', t('refine.any')], ...HALL_RTP_STEPS.map((step): [string, string] => [String(step), t('refine.rtpAtLeast', { value: step })])], (value) =>
        go({ rtp: value ? Number(value) : null }),
      )}
      {field(t('refine.feature'), 'refine-feature', current.feature ?? '', [['', t('refine.any')], ...HALL_FEATURES.map((feature): [string, string] => [feature, t(`refine.features.${feature}`)])], (value) =>
        go({ feature: (value || null) as HallFeature | null }),
      )}
      {narrowed && (
        <LocalLink to={hallHref(data.category, data.providers, data.base, { ...NO_REFINE, sort: refine.sort })} className="col-span-2 pb-2.5 text-xs font-semibold text-gold-400 hover:text-gold-300 tablet:col-span-1" data-testid="refine-clear">
          {t('hall.clear')}
        </LocalLink>
      )}
    </div>
  );
}

/** games.gamesItem.contentViewType `list`: one game per row, its artwork small, name, provider and RTP, and the way in. */
function GameListItem({ game, providers, eager }: { game: Game; providers: Record<string, string>; eager: boolean }) {
  const { t } = useTranslation('games');
  const name = gameName(game);
  return (
    <LocalLink
      to={`/game/${game.sysname}`}
      className="group flex items-center gap-3 rounded-2xl bg-ink-850 p-2 pr-4 ring-1 ring-white/5 transition outline-none hover:bg-ink-800 hover:ring-gold-400/40 focus-visible:ring-2 focus-visible:ring-gold-400"
      data-testid="game-tile"
      data-sysname={game.sysname}
      data-view="list"
    >
      <img src={gameImage(game)} alt="" width={96} height={64} loading={eager ? 'eager' : 'lazy'} decoding="async" className="h-16 w-24 shrink-0 rounded-xl object-cover" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-white">{name}</span>
        <span className="block truncate text-xs text-ink-400">{providerLabel(game.provider, providers)}</span>
      </span>
      {game.rtp && <span className="hidden shrink-0 rounded-md bg-emerald-400/10 px-1.5 py-0.5 text-[10px] font-bold text-emerald-300 ring-1 ring-emerald-400/20 tablet:inline">{t('tile.rtp', { value: game.rtp })}</span>}
      <Icon name="chevronRight" size={18} className="shrink-0 text-ink-400 group-hover:text-gold-300" />
    </LocalLink>
  );
}
