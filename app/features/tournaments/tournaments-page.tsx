import { useTranslation } from 'react-i18next';
import type { TournamentStatus, TournamentView } from '../../../contract/tournaments.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageMeta } from '../pages/page-meta.tsx';
import { TournamentCard } from './tournament-card.tsx';
import { useClock } from './use-clock.ts';
import { useTournaments, type TournamentList } from './use-tournaments.ts';

export type TournamentsData = { tournaments: TournamentList; now: number };

const SECTIONS: TournamentStatus[] = ['active', 'upcoming', 'finished'];

/** /tournaments: the running ones first, then those to come, then the last finished. */
export function TournamentsPage({ data }: { data: TournamentsData }) {
  const { t } = useTranslation('tournaments');
  const list = useTournaments({ count: '50' }, data.tournaments);
  const now = useClock(data.now);
  const by = (status: TournamentStatus) => list.items.filter((item: TournamentView) => item.status === status);
  return (
    <div className="space-y-10 pb-8" data-testid="page-tournaments">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <header>
        <p className="text-xs font-semibold tracking-widest text-gold-400 uppercase">{t('list.kicker')}</p>
        <h1 className="mt-1 text-3xl font-black tracking-tight tablet:text-4xl">{t('list.title')}</h1>
        <p className="mt-2 max-w-2xl text-ink-300">{t('list.subtitle')}</p>
      </header>
      {list.items.length === 0 && <EmptyState icon="trophy" title={t('list.emptyTitle')} text={t('list.emptyText')} />}
      {SECTIONS.map((status) => {
        const items = by(status);
        if (!items.length) return null;
        return (
          <section key={status} aria-labelledby={`tournaments-${status}`} data-testid={`tournaments-${status}`}>
            <h2 id={`tournaments-${status}`} className="mb-4 text-xl font-extrabold tablet:text-2xl">
              {t(`list.${status}`)}
            </h2>
            <div className="grid gap-4 tablet:grid-cols-2 desktop:grid-cols-3">
              {items.map((tournament) => (
                <TournamentCard key={tournament.id} tournament={tournament} now={now} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
