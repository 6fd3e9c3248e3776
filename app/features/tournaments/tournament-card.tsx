import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { TournamentView } from '../../../contract/tournaments.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { money } from '../jackpots/format.ts';
import { Countdown } from './countdown.tsx';

/** The look of each scoring rule: art and colours, so the three kinds read apart at a glance. */
export const SCORING_LOOK: Record<TournamentView['scoring'], { icon: IconName; art: string }> = {
  total_win: { icon: 'trophy', art: 'from-fuchsia-600/70 via-violet-700/60 to-indigo-900/40' },
  biggest_multiplier: { icon: 'bolt', art: 'from-amber-500/70 via-orange-600/60 to-rose-800/40' },
  wagered: { icon: 'coins', art: 'from-emerald-500/60 via-teal-700/60 to-cyan-900/40' },
};

export function StatusBadge({ status }: { status: TournamentView['status'] }) {
  const { t } = useTranslation('tournaments');
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-[11px] font-extrabold tracking-widest uppercase',
        status === 'active' ? 'bg-jade-400/15 text-jade-300 ring-1 ring-jade-400/40' : status === 'upcoming' ? 'bg-gold-400/15 text-gold-300 ring-1 ring-gold-400/40' : 'bg-white/10 text-ink-300 ring-1 ring-white/15',
      )}
      data-testid="tournament-status"
    >
      {status === 'active' && <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-jade-400 motion-reduce:animate-none" />}
      {t(`status.${status}`)}
    </span>
  );
}

/** A tournament of the list: prize pool, time left, buy-in and players; the whole card links to its page. */
export function TournamentCard({ tournament, now }: { tournament: TournamentView; now: number }) {
  const { t } = useTranslation('tournaments');
  const look = SCORING_LOOK[tournament.scoring];
  return (
    <LocalLink
      to={`/tournaments/${tournament.sysname}`}
      className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-ink-850 p-6 ring-1 ring-white/10 transition duration-200 hover:-translate-y-0.5 hover:ring-gold-400/60 focus-visible:ring-2"
      data-testid="tournament-card"
      data-tournament={tournament.sysname}
    >
      <div className={clsx('absolute inset-0 bg-gradient-to-br opacity-60', look.art)} />
      <Icon name={look.icon} size={150} strokeWidth={1.1} className="absolute -top-6 -right-6 rotate-12 text-white/10 transition duration-300 group-hover:scale-105" />
      <div className="relative flex flex-wrap items-center gap-2">
        <StatusBadge status={tournament.status} />
        <span className="text-xs font-semibold text-ink-200">{t(`scoring.${tournament.scoring}`)}</span>
      </div>
      <h3 className="relative mt-4 text-2xl font-black tracking-tight">{tournament.name}</h3>
      <p className="relative mt-1 line-clamp-2 text-sm text-ink-200">{tournament.description}</p>
      <p className="relative mt-5 text-xs font-semibold tracking-widest text-ink-300 uppercase">{t('facts.prizePool')}</p>
      <p className="relative text-4xl leading-tight font-black text-gold-300">{money(tournament.total_prize, tournament.currency)}</p>
      <dl className="relative mt-4 grid grid-cols-3 gap-2 text-xs">
        <Fact label={t('facts.buyIn')} value={Number(tournament.buy_in) > 0 ? money(tournament.buy_in, tournament.currency) : t('facts.free')} />
        <Fact label={t('facts.players')} value={String(tournament.total_participants)} />
        <Fact label={t('facts.games')} value={tournament.all_games ? t('facts.allShort') : String(tournament.games_count)} />
      </dl>
      <div className="relative mt-auto flex items-center justify-between gap-3 pt-6 text-sm">
        <Countdown tournament={tournament} now={now} />
        <span className="flex shrink-0 items-center gap-1 font-semibold text-gold-400 group-hover:text-gold-300">
          {t('list.details')}
          <Icon name="chevronRight" size={16} />
        </span>
      </div>
    </LocalLink>
  );
}

export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-black/35 px-3 py-2 ring-1 ring-white/10">
      <dt className="text-ink-400">{label}</dt>
      <dd className="mt-0.5 truncate font-bold text-white">{value}</dd>
    </div>
  );
}
