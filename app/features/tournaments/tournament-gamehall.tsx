import { useTranslation } from 'react-i18next';
import type { TournamentView } from '../../../contract/tournaments.ts';
import { api } from '../../lib/api-client.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Icon } from '../../ui/icon.tsx';
import { GameGrid } from '../games/gamehall-page.tsx';
import type { GameProvider, GamesPage } from '../games/types.ts';
import { money } from '../jackpots/format.ts';
import { PageMeta } from '../pages/page-meta.tsx';
import { TournamentHero } from './hero.tsx';
import { tournamentGamesQuery } from './format.ts';
import { Fact } from './tournament-card.tsx';
import { useClock } from './use-clock.ts';

export type TournamentHallData = { tournament: TournamentView; page: GamesPage; providerList: GameProvider[]; now: number };

/**
 * /tournaments/{sysname}/gamehall: the tournament's own hall, only the games whose rounds score in
 * it (every in-house game when it names none), 12 first then "Load more", under its name and
 * countdown with the way back to it.
 */
export function TournamentGamehall({ data }: { data: TournamentHallData }) {
  const { t } = useTranslation('tournaments');
  const now = useClock(data.now);
  const { tournament } = data;
  const names = Object.fromEntries(data.providerList.map((provider) => [provider.sysname, provider.name]));
  return (
    <div className="space-y-8 pb-8" data-testid="page-tournament-gamehall" data-tournament={tournament.sysname}>
      <PageMeta title={t('hall.metaTitle', { name: tournament.name })} description={t('hall.metaDescription', { name: tournament.name })} />
      <LocalLink to={`/tournaments/${tournament.sysname}`} className="inline-flex items-center gap-1 text-sm font-semibold text-ink-300 hover:text-white" data-testid="tournament-hall-back">
        <Icon name="chevronLeft" size={16} />
        {t('hall.back', { name: tournament.name })}
      </LocalLink>
      <TournamentHero
        tournament={tournament}
        now={now}
        aside={
          <dl className="grid grid-cols-2 gap-2 text-xs laptop:w-72">
            <Fact label={t('facts.prizePool')} value={money(tournament.total_prize, tournament.currency)} />
            <Fact label={t('facts.games')} value={tournament.all_games ? t('facts.allGames') : String(tournament.games_count)} />
          </dl>
        }
      >
        <p className="mt-4 text-xs font-semibold tracking-widest text-gold-300 uppercase">{t('hall.kicker')}</p>
        <h1 className="mt-1 text-3xl font-black tracking-tight tablet:text-4xl" data-testid="tournament-hall-title">
          {tournament.name}
        </h1>
        <p className="mt-2 max-w-2xl text-sm text-ink-100">
          {t(`scoringRule.${tournament.scoring}`)} {t('hall.minBet', { amount: money(tournament.min_bet, tournament.currency) })}
        </p>
      </TournamentHero>
      <GameGrid initial={data.page} names={names} more={(offset) => api<GamesPage>('games/get', { query: tournamentGamesQuery(tournament.sysname, offset) })} />
    </div>
  );
}
