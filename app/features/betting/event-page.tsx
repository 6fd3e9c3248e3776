import clsx from 'clsx';
import { useMemo } from 'react';
import type { EventView, MarketType, MarketView } from '../../../contract/betting.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Icon } from '../../ui/icon.tsx';
import { PageMeta } from '../pages/page-meta.tsx';
import { LiveBadge, StartTime, resultLabel } from './event-parts.tsx';
import { useBettingT } from './i18n.ts';
import { useLiveEvents } from './live-book.ts';
import { PriceButton } from './price-button.tsx';
import { SportIcon } from './sport-icon.tsx';

/** Market groups in the order the big books show them. */
const GROUPS: Array<{ key: string; types: MarketType[] }> = [
  { key: 'result', types: ['1x2', 'match_winner'] },
  { key: 'totals', types: ['total'] },
  { key: 'handicaps', types: ['handicap'] },
];

/**
 * /betting/event/:id: the event's header (teams, score and clock when live, start time before)
 * and every market, grouped (result, totals, handicaps), each price a button to the slip. Odds,
 * suspensions, score and clock move with the live channel.
 */
export function EventPage({ event: initial }: { event: EventView }) {
  const { t } = useBettingT();
  const list = useMemo(() => [initial], [initial]);
  const [event] = useLiveEvents(list);
  const live = event.status === 'live';
  const closed = event.status === 'ended' || event.status === 'settled' || event.status === 'cancelled';
  return (
    <div className="space-y-6" data-testid="page-betting-event" data-event={event.id}>
      <PageMeta title={`${event.home} – ${event.away}`} description={t('event.description', { home: event.home, away: event.away, competition: event.competition.name })} />
      <LocalLink to={`/betting/${event.sport}`} className="inline-flex items-center gap-1 text-sm font-semibold text-ink-300 hover:text-gold-300">
        <Icon name="chevronLeft" size={16} />
        {event.competition.name}
      </LocalLink>
      <header className="relative overflow-hidden rounded-3xl border border-white/5 bg-[radial-gradient(100%_140%_at_50%_0%,rgba(245,184,46,0.14),transparent_60%)] bg-ink-850 px-4 py-6 tablet:px-8">
        <p className="flex items-center justify-center gap-2 text-xs font-semibold tracking-wider text-ink-400 uppercase">
          <SportIcon sport={event.sport} size={14} />
          {event.competition.country} · {event.competition.name}
        </p>
        <div className="mt-4 grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-3 tablet:gap-6">
          <Team name={event.home} />
          <div className="flex flex-col items-center gap-2" data-testid="event-state">
            {event.score && (live || closed) ? (
              <span className="text-3xl font-black tracking-tight text-white tabular-nums tablet:text-5xl" data-testid="event-score">
                {event.score.home} <span className="text-ink-500">:</span> {event.score.away}
              </span>
            ) : (
              <span className="text-2xl font-black text-ink-500">{t('event.versus')}</span>
            )}
            {live ? <LiveBadge event={event} /> : closed ? <span className="text-xs font-bold text-ink-400 uppercase">{t(`event.status.${event.status}`)}</span> : <StartTime iso={event.starts_at} className="text-sm" />}
          </div>
          <Team name={event.away} />
        </div>
      </header>

      {GROUPS.map((group) => {
        const markets = event.markets.filter((market) => group.types.includes(market.type));
        if (!markets.length) return null;
        return (
          <section key={group.key} aria-labelledby={`group-${group.key}`} className="space-y-3" data-testid={`market-group-${group.key}`}>
            <h2 id={`group-${group.key}`} className="text-lg font-extrabold">
              {t(`event.groups.${group.key}`)}
            </h2>
            <div className="grid gap-3 desktop:grid-cols-2">
              {markets.map((market) => (
                <MarketCard key={market.id} event={event} market={market} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function Team({ name }: { name: string }) {
  const initials = name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 3)
    .toUpperCase();
  return (
    <div className="flex min-w-0 flex-col items-center gap-2 text-center">
      <span className="grid h-14 w-14 place-items-center rounded-2xl bg-gradient-to-br from-ink-600 to-ink-800 text-sm font-black text-gold-200 ring-1 ring-white/10 tablet:h-16 tablet:w-16" aria-hidden="true">
        {initials}
      </span>
      <span className="w-full truncate text-sm font-bold text-white tablet:text-lg" data-testid="team">
        {name}
      </span>
    </div>
  );
}

function MarketCard({ event, market }: { event: EventView; market: MarketView }) {
  const { t } = useBettingT();
  const suspended = market.status === 'suspended';
  return (
    <div className="rounded-2xl border border-white/5 bg-ink-850/70 p-3" data-testid="market" data-market={market.id} data-status={market.status}>
      <h3 className="mb-2 flex items-center justify-between gap-2 text-sm font-bold text-ink-200">
        {market.name}
        {suspended && (
          <span className="flex items-center gap-1 rounded-md bg-white/5 px-1.5 py-0.5 text-[11px] font-bold text-ink-400" data-testid="market-suspended">
            <Icon name="lock" size={12} />
            {t('slip.suspended')}
          </span>
        )}
      </h3>
      <div className={clsx('grid gap-1.5', market.selections.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
        {market.selections.map((selection) => (
          <PriceButton
            key={selection.id}
            event={event}
            market={market}
            selection={selection}
            label={market.type === '1x2' || market.type === 'match_winner' ? `${resultLabel(selection.key)} · ${selection.name}` : selection.name}
          />
        ))}
      </div>
    </div>
  );
}
