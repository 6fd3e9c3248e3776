import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../lib/local-link.tsx';
import { useLocale } from '../../lib/locale.ts';
import { money, timeAgo } from './format.ts';
import { GameThumb } from './game-thumb.tsx';
import { tierOf } from './tiers.ts';
import type { Winner } from './types.ts';

/** One win of a winners list: the game's artwork, the masked player, the amount, the jackpot or multiplier, and when. */
export function WinnerRow({ winner, now }: { winner: Winner; now: number | null }) {
  const { t } = useTranslation('jackpots');
  const locale = useLocale();
  const ago = now === null ? null : timeAgo(winner.won_at, now, locale);
  return (
    <li className="flex min-w-0 items-center gap-3 rounded-2xl bg-ink-850/80 p-2.5 pr-3 ring-1 ring-white/5 tablet:pr-4" data-testid="winner-row">
      <GameThumb winner={winner} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm">
          <span className="font-semibold text-white" data-testid="winner-name">
            {winner.name}
          </span>{' '}
          <span className="text-ink-400">{t('winners.won')}</span>
        </p>
        <p className="truncate text-xs text-ink-400">
          {winner.game ? (
            <LocalLink to={`/game/${winner.game.sysname}`} className="hover:text-white">
              {winner.game.name}
            </LocalLink>
          ) : null}
          {winner.game && now !== null && <span aria-hidden="true"> · </span>}
          {now !== null && <time dateTime={winner.won_at}>{ago ?? t('winners.justNow')}</time>}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className="text-sm font-extrabold text-gold-300 tabular-nums" data-testid="winner-amount">
          {money(winner.amount, winner.currency)}
        </p>
        {winner.jackpot ? (
          <span className={clsx('mt-0.5 inline-block rounded-md px-1.5 py-0.5 text-[10px] font-bold tracking-wide whitespace-nowrap uppercase', tierOf(winner.jackpot.id).badge)}>
            {t('winners.jackpotBadge', { name: winner.jackpot.name })}
          </span>
        ) : winner.multiplier ? (
          <span className="text-xs font-semibold text-ink-300 tabular-nums">{t('winners.multiplier', { value: Number(winner.multiplier).toLocaleString('en-US') })}</span>
        ) : null}
      </div>
    </li>
  );
}
