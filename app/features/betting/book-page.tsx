import type { EventView, SportKey } from '../../../contract/betting.ts';
import { useRootData } from '../../lib/locale.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Icon } from '../../ui/icon.tsx';
import { PageMeta } from '../pages/page-meta.tsx';
import { EventRow } from './event-row.tsx';
import { useBettingT } from './i18n.ts';
import { useLiveEvents } from './live-book.ts';
import { useSports } from './betting-layout.tsx';
import { SportIcon } from './sport-icon.tsx';

export type BookData = {
  /** null: every sport. */
  sport: SportKey | null;
  /** live: the live page (in play only). */
  view: 'all' | 'live';
  live: EventView[];
  upcoming: EventView[];
};

/**
 * /betting, /betting/live and /betting/:sport: the events in play first (live badge, score,
 * clock), then those to come, grouped by competition, each with its main prices. Prices, scores
 * and clocks move with the live channel.
 */
export function BookPage({ data }: { data: BookData }) {
  const { t } = useBettingT();
  const live = useLiveEvents(data.live);
  const upcoming = useLiveEvents(data.upcoming);
  const sports = useSports();
  // The operator's betting notice (functionalSettings.isVisibleNoticeBetting), off by default.
  const notice = useRootData()?.config.functionalSettings.isVisibleNoticeBetting ?? false;
  const sportName = data.sport ? (sports.find((sport) => sport.key === data.sport)?.name ?? data.sport) : null;
  const title = data.view === 'live' ? t('live.title') : (sportName ?? t('book.title'));
  // An event that went in play since the page was read leaves the upcoming list.
  const stillUpcoming = upcoming.filter((event) => event.status === 'scheduled');
  const inPlay = live.filter((event) => event.status === 'live');

  return (
    <div className="space-y-8" data-testid={data.view === 'live' ? 'page-betting-live' : 'page-betting'}>
      <PageMeta title={title} description={t('book.description')} />
      <header className="relative overflow-hidden rounded-3xl border border-white/5 bg-[radial-gradient(120%_140%_at_100%_0%,rgba(22,199,132,0.22),transparent_55%),radial-gradient(90%_120%_at_0%_100%,rgba(124,92,255,0.18),transparent_60%)] bg-ink-850 px-5 py-6 tablet:px-7">
        <p className="text-xs font-semibold tracking-widest text-jade-400 uppercase">{t('book.kicker')}</p>
        <h1 className="mt-1 flex items-center gap-3 text-3xl font-black tracking-tight tablet:text-4xl">
          <SportIcon sport={data.view === 'live' ? 'live' : (data.sport ?? 'all')} size={30} className={data.view === 'live' ? 'text-ruby-400' : 'text-jade-400'} />
          {title}
        </h1>
        <p className="mt-2 max-w-xl text-sm text-ink-300">{t(data.view === 'live' ? 'live.subtitle' : 'book.subtitle')}</p>
      </header>
      {notice && (
        <p className="flex items-start gap-3 rounded-2xl border border-gold-400/20 bg-gold-500/5 px-4 py-3 text-sm text-gold-200" role="note" data-testid="betting-notice">
          <Icon name="info" size={18} className="mt-0.5 shrink-0 text-gold-400" />
          {t('notice')}
        </p>
      )}

      {(data.view === 'live' || inPlay.length > 0) && (
        <EventSection id="live" title={t('live.now')} live events={inPlay} empty={t('live.empty')} />
      )}
      {data.view === 'all' && <EventSection id="upcoming" title={t('book.upcoming')} events={stillUpcoming} empty={t('book.empty')} />}
    </div>
  );
}

function EventSection({ id, title, events, empty, live }: { id: string; title: string; events: EventView[]; empty: string; live?: boolean }) {
  const groups = new Map<number, { name: string; country: string; events: EventView[] }>();
  for (const event of events) {
    const group = groups.get(event.competition.id) ?? { name: event.competition.name, country: event.competition.country, events: [] };
    group.events.push(event);
    groups.set(event.competition.id, group);
  }
  return (
    <section aria-labelledby={`events-${id}`} data-testid={`events-${id}`}>
      <h2 id={`events-${id}`} className="mb-3 flex items-center gap-2 text-xl font-extrabold">
        {live && <span className="h-2 w-2 animate-pulse rounded-full bg-ruby-400" aria-hidden="true" />}
        {title}
        <span className="text-sm font-semibold text-ink-500 tabular-nums">{events.length}</span>
      </h2>
      {events.length === 0 ? (
        <EmptyState icon={live ? 'live' : 'ball'} title={empty} compact />
      ) : (
        <div className="space-y-4">
          {[...groups.entries()].map(([competition, group]) => (
            <div key={competition} className="overflow-hidden rounded-3xl border border-white/5 bg-ink-850/70" data-testid="competition">
              <h3 className="flex items-center gap-2 border-b border-white/5 bg-white/[0.02] px-4 py-2.5 text-xs font-bold tracking-wider text-ink-300 uppercase">
                <span className="text-ink-500">{group.country}</span>
                <span aria-hidden="true">·</span>
                {group.name}
              </h3>
              <ul className="divide-y divide-white/5">
                {group.events.map((event) => (
                  <EventRow key={event.id} event={event} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
