import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../lib/local-link.tsx';
import { gameImage, gameName, providerLabel, type Game } from './types.ts';
import { useLikes } from './use-likes.ts';
import { FavouriteButton } from './favourite-button.tsx';

/**
 * One game: rounded 3:2 artwork that lifts on hover, its name and provider below, the RTP badge,
 * the operator's New / Hot badges over the artwork and, for a signed-in player, the favourite
 * heart. Links to the game page.
 */
export function GameTile({ game, providers, compact = false, eager = false, onSelect, view }: {
  game: Game;
  /** Provider names by sysname. */
  providers?: Record<string, string>;
  /** The small tile of the search results. */
  compact?: boolean;
  eager?: boolean;
  /** Called when the tile's link is followed (the search closes its dialog). */
  onSelect?: () => void;
  /** games.gamesItem.type as configured: `compact` lays the name over the artwork; any other value is this default tile (decision 035). */
  view?: string;
}) {
  const { t } = useTranslation('games');
  const likes = useLikes();
  const name = gameName(game);
  // Only the badges this site knows how to name (an older cached answer has none).
  const badges = (game.badges ?? []).filter((badge): badge is 'new' | 'hot' => badge === 'new' || badge === 'hot');
  // games.gamesItem.type `compact`: the artwork alone, the name over its lower edge (denser rows).
  const overlay = view === 'compact' && !compact;
  return (
    <div className="group relative transition duration-200 hover:-translate-y-1" data-testid="game-tile" data-sysname={game.sysname} data-view={overlay ? 'compact' : undefined}>
      <LocalLink to={`/game/${game.sysname}`} onClick={onSelect} className="relative block rounded-2xl outline-none focus-visible:ring-2 focus-visible:ring-gold-400">
        <div className="relative aspect-[3/2] overflow-hidden rounded-2xl bg-ink-800 shadow-lg shadow-black/30 ring-1 ring-white/10 transition duration-200 group-hover:shadow-xl group-hover:shadow-violet-900/40 group-hover:ring-gold-400/60">
          <img
            src={gameImage(game)}
            alt={name}
            width={288}
            height={192}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
          />
          {!compact && !!badges.length && (
            <span className="absolute top-2 left-2 flex gap-1">
              {badges.map((badge) => (
                <span
                  key={badge}
                  className={clsx(
                    'rounded-md px-1.5 py-0.5 text-[10px] font-extrabold tracking-wider uppercase shadow-md shadow-black/40',
                    badge === 'hot' ? 'bg-rose-500 text-white' : 'bg-gold-400 text-ink-950',
                  )}
                  data-testid={`game-badge-${badge}`}
                >
                  {t(`tile.badge.${badge}`)}
                </span>
              ))}
            </span>
          )}
        </div>
        <div className={clsx(overlay ? 'absolute inset-x-0 bottom-0 rounded-b-2xl bg-gradient-to-t from-ink-950 from-55% to-transparent px-2.5 pt-5 pb-2' : 'px-0.5', compact ? 'mt-1.5' : !overlay && 'mt-2')}>
          <p className={clsx('truncate font-semibold text-white', compact ? 'text-xs' : 'text-sm')}>{name}</p>
          {!compact && !overlay && (
            <p className="flex items-center justify-between gap-2 text-xs text-ink-400">
              <span className="truncate">{providerLabel(game.provider, providers)}</span>
              {game.rtp && (
                <span className="shrink-0 rounded-md bg-emerald-400/10 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-emerald-300 ring-1 ring-emerald-400/20" data-testid="game-rtp">
                  {t('tile.rtp', { value: game.rtp })}
                </span>
              )}
            </p>
          )}
        </div>
      </LocalLink>
      {likes.enabled && !compact && (
        <FavouriteButton
          likes={likes}
          sysname={game.sysname}
          name={name}
          size={16}
          className={(liked) =>
            clsx('absolute top-2 right-2 h-8 w-8 rounded-full bg-black/55 ring-1 ring-white/15 hover:scale-110 hover:bg-black/75', liked ? 'text-rose-400' : 'text-white')
          }
          testId="favourite-toggle"
        />
      )}
    </div>
  );
}

