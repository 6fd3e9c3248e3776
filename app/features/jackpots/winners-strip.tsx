import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../lib/local-link.tsx';
import { Icon } from '../../ui/icon.tsx';
import { money } from './format.ts';
import { tierOf } from './tiers.ts';
import { GameThumb } from './game-thumb.tsx';
import type { Winner } from './types.ts';

/** The home page's strip of recent wins (big wins and jackpots); nothing when there are none yet. */
export function WinnersStrip({ winners }: { winners: Winner[] }) {
  const { t } = useTranslation('jackpots');
  if (!winners.length) return null;
  return (
    <section aria-labelledby="winners-strip-title" data-testid="winners-strip">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id="winners-strip-title" className="text-xl font-extrabold tablet:text-2xl">
          {t('ticker.winners')}
        </h2>
        <LocalLink to="/winners" className="flex shrink-0 items-center gap-1 text-sm font-semibold text-gold-400 hover:text-gold-300">
          {t('ticker.winnersAll')}
          <Icon name="chevronRight" size={16} />
        </LocalLink>
      </div>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto scroll-px-4 px-4 pb-2 [scrollbar-width:thin]">
        {winners.map((winner) => (
          <li key={`${winner.type}:${winner.won_at}:${winner.name}:${winner.amount}`} className="w-64 shrink-0 snap-start" data-testid="winners-strip-item">
            <LocalLink
              to={winner.game ? `/game/${winner.game.sysname}` : '/winners'}
              className="flex items-center gap-3 rounded-2xl bg-ink-850 p-2.5 ring-1 ring-white/5 transition hover:bg-ink-800 hover:ring-gold-400/40"
            >
              <GameThumb winner={winner} />
              <span className="min-w-0">
                <span className="block truncate text-xs text-ink-300">
                  <span className="font-semibold text-white">{winner.name}</span> {winner.game ? t('winners.onGame', { game: winner.game.name }) : ''}
                </span>
                <span className="flex items-center gap-2">
                  <span className="font-extrabold text-gold-300 tabular-nums">{money(winner.amount, winner.currency)}</span>
                  {winner.jackpot && (
                    <span className={clsx('rounded px-1 py-0.5 text-[9px] font-bold tracking-wide uppercase', tierOf(winner.jackpot.id).badge)}>{winner.jackpot.name}</span>
                  )}
                </span>
              </span>
            </LocalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
