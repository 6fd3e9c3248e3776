import clsx from 'clsx';
import { Icon } from '../../ui/icon.tsx';
import type { Winner } from './types.ts';

/** The artwork of the game a win came from (a crown or a trophy when the game is gone). */
export function GameThumb({ winner, size = 'md' }: { winner: Pick<Winner, 'game' | 'jackpot'>; size?: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'h-9 w-[54px]' : 'h-11 w-[66px]';
  if (!winner.game) {
    return (
      <span className={clsx('grid shrink-0 place-items-center rounded-lg bg-ink-700 text-gold-300', box)}>
        <Icon name={winner.jackpot ? 'crown' : 'trophy'} size={18} />
      </span>
    );
  }
  return (
    <img
      src={winner.game.image_url}
      alt=""
      width={66}
      height={44}
      loading="lazy"
      decoding="async"
      className={clsx('shrink-0 rounded-lg object-cover ring-1 ring-white/10', box)}
    />
  );
}
