import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { TournamentView } from '../../../contract/tournaments.ts';
import { Icon } from '../../ui/icon.tsx';
import { Countdown } from './countdown.tsx';
import { SCORING_LOOK, StatusBadge } from './tournament-card.tsx';

/**
 * The head of a tournament's pages (its page, its game hall): the scoring rule's art, the status
 * and the countdown, then `children` (title, text, facts) and `aside` beside them on a laptop.
 */
export function TournamentHero({ tournament, now, large = false, children, aside }: { tournament: TournamentView; now: number; large?: boolean; children: ReactNode; aside?: ReactNode }) {
  const look = SCORING_LOOK[tournament.scoring];
  return (
    <section className="relative overflow-hidden rounded-3xl bg-ink-850 ring-1 ring-white/10">
      <div className={clsx('absolute inset-0 bg-gradient-to-br', large ? 'opacity-70' : 'opacity-60', look.art)} />
      <Icon name={look.icon} size={large ? 260 : 200} strokeWidth={1} className={clsx('absolute rotate-12 text-white/10', large ? '-top-10 -right-10' : '-top-8 -right-8')} />
      <div className={clsx('relative grid p-6 laptop:grid-cols-[minmax(0,1fr)_auto] laptop:items-end', large ? 'gap-6 tablet:p-10' : 'gap-5 tablet:p-8')}>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge status={tournament.status} />
            <Countdown tournament={tournament} now={now} />
          </div>
          {children}
        </div>
        {aside}
      </div>
    </section>
  );
}
