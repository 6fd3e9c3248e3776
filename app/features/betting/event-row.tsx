import clsx from 'clsx';
import type { EventView } from '../../../contract/betting.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Icon } from '../../ui/icon.tsx';
import { LiveBadge, StartTime, mainMarket, resultLabel } from './event-parts.tsx';
import { useBettingT } from './i18n.ts';
import { PriceButton } from './price-button.tsx';

/**
 * One event of a list: the start time or the live badge with the clock, the two sides with the
 * score, the main market's prices as buttons, and a link to every market of the event.
 */
export function EventRow({ event }: { event: EventView }) {
  const { t } = useBettingT();
  const market = mainMarket(event);
  const live = event.status === 'live';
  const more = Math.max(event.markets_count - 1, 0);
  return (
    <li
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-3 px-3 py-3 tablet:px-4 llaptop:grid-cols-[minmax(0,1fr)_minmax(0,15rem)_3.5rem]"
      data-testid="event-row"
      data-event={event.id}
    >
      <LocalLink to={`/betting/event/${event.id}`} className="group col-span-2 min-w-0 llaptop:col-span-1" data-testid="event-link">
        <span className="mb-1 flex items-center gap-2">
          {live ? <LiveBadge event={event} /> : <StartTime iso={event.starts_at} />}
        </span>
        <Side name={event.home} score={live || event.score ? event.score?.home : undefined} />
        <Side name={event.away} score={live || event.score ? event.score?.away : undefined} />
      </LocalLink>
      {market ? (
        <div className={clsx('grid gap-1.5', market.selections.length === 3 ? 'grid-cols-3' : 'grid-cols-2')} data-testid="event-prices">
          {market.selections.map((selection) => (
            <PriceButton key={selection.id} event={event} market={market} selection={selection} label={resultLabel(selection.key)} />
          ))}
        </div>
      ) : (
        <span className="text-xs text-ink-500">{t('list.noPrices')}</span>
      )}
      <LocalLink
        to={`/betting/event/${event.id}`}
        className="flex h-12 items-center justify-center gap-0.5 rounded-xl text-xs font-bold text-ink-300 ring-1 ring-white/10 hover:text-gold-300 hover:ring-gold-400/40 max-llaptop:w-12"
        aria-label={t('list.allMarkets', { home: event.home, away: event.away })}
        data-testid="event-more"
      >
        {more ? `+${more}` : <Icon name="chevronRight" size={16} />}
      </LocalLink>
    </li>
  );
}

function Side({ name, score }: { name: string; score: number | undefined }) {
  return (
    <span className="flex items-center justify-between gap-3 py-0.5">
      <span className="truncate text-sm font-semibold text-white group-hover:text-gold-200">{name}</span>
      {score !== undefined && <span className="text-sm font-extrabold text-gold-300 tabular-nums" data-testid="score">{score}</span>}
    </span>
  );
}
