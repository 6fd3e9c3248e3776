import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../lib/local-link.tsx';
import { useRootData } from '../../lib/locale.ts';
import { Icon } from '../../ui/icon.tsx';
import { GameTile } from './game-tile.tsx';
import type { Game } from './types.ts';

/** A titled horizontal scroller of game tiles with a 'see all' link (the home page's rows). */
export function GameRow({ id, title, to, games, providers }: { id: string; title: string; to: string; games: Game[]; providers?: Record<string, string> }) {
  const { t } = useTranslation('games');
  const settings = useRootData()?.config;
  // functionalSettings.isTitleClickable: the row's title leads where its "see all" does.
  const titleLink = settings?.functionalSettings.isTitleClickable ?? true;
  if (!games.length) return null;
  return (
    <section aria-labelledby={`row-${id}`} data-testid={`game-row-${id}`}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={`row-${id}`} className="text-xl font-extrabold tablet:text-2xl">
          {titleLink ? (
            <LocalLink to={to} className="transition hover:text-gold-300" data-testid="row-title-link">
              {title}
            </LocalLink>
          ) : (
            title
          )}
        </h2>
        <LocalLink to={to} className="flex shrink-0 items-center gap-1 text-sm font-semibold text-gold-400 hover:text-gold-300" data-testid="see-all">
          {t('rows.seeAll')}
          <Icon name="chevronRight" size={16} />
        </LocalLink>
      </div>
      <ul className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 pt-1 pb-3 [scrollbar-width:thin] tablet:gap-4">
        {games.map((game) => (
          <li key={game.sysname} className="w-40 shrink-0 snap-start tablet:w-48 desktop:w-52">
            <GameTile game={game} providers={providers} view={settings?.games.gamesItem.type} />
          </li>
        ))}
      </ul>
    </section>
  );
}
