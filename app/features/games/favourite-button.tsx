import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon.tsx';
import type { useLikes } from './use-likes.ts';

/**
 * The favourite heart of a game (a tile's corner, the game page's bar): pressed when the game is
 * a favourite; toggling it is useLikes' job. `className` gives the place its shape and colours.
 */
export function FavouriteButton(props: {
  likes: ReturnType<typeof useLikes>;
  sysname: string;
  name: string;
  size: number;
  className: (liked: boolean) => string;
  testId: string;
}) {
  const { t } = useTranslation('games');
  const { likes, sysname } = props;
  const liked = likes.isLiked(sysname);
  return (
    <button
      type="button"
      onClick={() => void likes.toggle(sysname)}
      disabled={!likes.ready || likes.pending === sysname}
      aria-pressed={liked}
      aria-label={t(liked ? 'tile.removeFavourite' : 'tile.addFavourite', { name: props.name })}
      className={clsx('grid place-items-center transition disabled:opacity-60', props.className(liked))}
      data-testid={props.testId}
    >
      <Icon name="heart" size={props.size} fill={liked ? 'currentColor' : 'none'} />
    </button>
  );
}
