import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../../contract/api.ts';
import type { TournamentView } from '../../../contract/tournaments.ts';
import { api } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useLocale, useRootData } from '../../lib/locale.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useRefreshBalance } from '../cashier/use-balance.ts';
import { GameRow } from '../games/game-row.tsx';
import type { GameProvider, GamesPage } from '../games/types.ts';
import { money } from '../jackpots/format.ts';
import { PageMeta } from '../pages/page-meta.tsx';
import { useAuthEntry } from '../shell/use-auth-entry.ts';
import { TournamentHero } from './hero.tsx';
import { Leaderboard, PrizeAmount } from './leaderboard.tsx';
import { Fact } from './tournament-card.tsx';
import { useClock } from './use-clock.ts';
import { useTournaments, type TournamentList } from './use-tournaments.ts';
import { Section } from '../../ui/section.tsx';

export type TournamentData = { tournaments: TournamentList; games: GamesPage; providerList: GameProvider[]; sysname: string; now: number };

/** /tournaments/{sysname}: time left, prizes, the live leaderboard with the player's own place, joining, rules. */
export function TournamentDetail({ data }: { data: TournamentData }) {
  const { t } = useTranslation('tournaments');
  const list = useTournaments({ sysname: data.sysname }, data.tournaments);
  const now = useClock(data.now);
  const tournament = list.items[0] ?? data.tournaments.items[0];
  const locale = useLocale();
  const when = (iso: string) => new Date(iso).toLocaleString(locale, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
  return (
    <div className="space-y-8 pb-8" data-testid="page-tournament" data-tournament={tournament.sysname}>
      <PageMeta title={tournament.name} description={tournament.description} />
      <LocalLink to="/tournaments" className="inline-flex items-center gap-1 text-sm font-semibold text-ink-300 hover:text-white">
        <Icon name="chevronLeft" size={16} />
        {t('detail.back')}
      </LocalLink>
      <TournamentHero tournament={tournament} now={now} large aside={<JoinPanel tournament={tournament} />}>
        <TournamentHeading tournament={tournament} />
      </TournamentHero>

      <div className="grid gap-8 laptop:grid-cols-[2fr_1fr]">
        <div className="min-w-0 space-y-8">
          <Section id="tournament-board" title={tournament.status === 'finished' && tournament.leaderboard.length ? t('detail.winners') : t('detail.leaderboard')}>
            <Leaderboard tournament={tournament} />
          </Section>
          {/* Its eligible games by name: the first of them, the rest in its own hall. */}
          <div data-testid="tournament-games">
            <GameRow
              id="tournament-games"
              title={tournament.all_games ? t('detail.eligibleAll') : t('detail.eligibleGames', { count: data.games.total })}
              to={`/tournaments/${tournament.sysname}/gamehall`}
              games={data.games.items}
              providers={Object.fromEntries(data.providerList.map((provider) => [provider.sysname, provider.name]))}
            />
          </div>
        </div>
        <div className="space-y-8">
          <Section id="tournament-prizes" title={t('detail.prizes')}>
            <PrizeList tournament={tournament} />
          </Section>
          <Section id="tournament-rules" title={t('detail.rules')}>
            <ul className="space-y-2 rounded-2xl bg-ink-850 p-5 text-sm text-ink-200 ring-1 ring-white/10">
              <li>{t('detail.window', { from: when(tournament.starts_at), to: when(tournament.ends_at) })}</li>
              <li>{t(`scoringRule.${tournament.scoring}`)}</li>
              <li>
                {t('facts.minBet')}: {money(tournament.min_bet, tournament.currency)}
              </li>
              <li>{t('detail.rulesJoin')}</li>
              <li>{t('detail.rulesTies')}</li>
              <li>{t('detail.rulesPayout')}</li>
              {tournament.prizes.some((prize) => prize.kind === 'bonus') && <li>{t('detail.rulesBonus')}</li>}
            </ul>
          </Section>
        </div>
      </div>
    </div>
  );
}

/** The title, text and facts in the head of a tournament's page (the back office's preview shows them too). */
export function TournamentHeading({ tournament }: { tournament: TournamentView }) {
  const { t } = useTranslation('tournaments');
  return (
    <>
      <h1 className="mt-4 text-3xl font-black tracking-tight tablet:text-5xl" data-testid="tournament-title">
        {tournament.name}
      </h1>
      <p className="mt-3 max-w-2xl text-ink-100">{tournament.description}</p>
      <dl className="mt-6 grid max-w-2xl grid-cols-2 gap-2 text-xs tablet:grid-cols-4">
        <Fact label={t('facts.prizePool')} value={money(tournament.total_prize, tournament.currency)} />
        <Fact label={t('facts.buyIn')} value={Number(tournament.buy_in) > 0 ? money(tournament.buy_in, tournament.currency) : t('facts.free')} />
        <Fact label={t('facts.players')} value={String(tournament.total_participants)} />
        <Fact label={t('facts.scoring')} value={t(`scoring.${tournament.scoring}`)} />
      </dl>
    </>
  );
}

/** The prize of each rank range (a bonus prize with its wagering). */
export function PrizeList({ tournament }: { tournament: TournamentView }) {
  const { t } = useTranslation('tournaments');
  return (
      <ul className="divide-y divide-white/5 overflow-hidden rounded-2xl bg-ink-850 ring-1 ring-white/10" data-testid="tournament-prizes">
        {tournament.prizes.map((prize) => (
          <li key={prize.from} className="flex items-center justify-between px-4 py-3 text-sm">
            <span className="text-ink-300">
              {t('detail.rank')} {prize.from === prize.to ? prize.from : t('detail.rankRange', { from: prize.from, to: prize.to })}
            </span>
            <span className="text-right">
              <PrizeAmount amount={prize.amount} kind={prize.kind} currency={tournament.currency} className="font-bold" />
              {prize.kind === 'bonus' && <span className="block text-xs text-ink-400">{t('detail.wagering', { count: prize.wagering ?? 0 })}</span>}
            </span>
          </li>
        ))}
      </ul>
  );
}

/** Joining: sign in first for a guest; a buy-in asks to confirm; once in, where to play. */
function JoinPanel({ tournament }: { tournament: TournamentView }) {
  const { t } = useTranslation('tournaments');
  const root = useRootData();
  const openAuth = useAuthEntry();
  const client = useQueryClient();
  const refreshBalance = useRefreshBalance();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const paid = Number(tournament.buy_in) > 0;
  const price = money(tournament.buy_in, tournament.currency);

  if (tournament.status === 'finished') return <p className="rounded-2xl bg-black/30 px-5 py-4 text-sm font-semibold text-ink-200">{t('detail.over')}</p>;
  if (tournament.user_info) {
    // One game: straight to it; more: the tournament's own hall.
    const playAt = tournament.games.length === 1 ? `/game/${tournament.games[0]}` : `/tournaments/${tournament.sysname}/gamehall`;
    return (
      <div className="rounded-2xl bg-black/35 p-5 ring-1 ring-jade-400/40 laptop:w-80" data-testid="tournament-joined">
        <p className="flex items-center gap-2 font-extrabold text-jade-300">
          <Icon name="check" size={18} />
          {t('detail.joined')}
        </p>
        <p className="mt-2 text-sm text-ink-200">{t('detail.joinedText')}</p>
        <p className="mt-3 text-sm">
          {t('detail.yourPlace')}: <strong data-testid="tournament-my-rank">{tournament.user_info.rank ?? '—'}</strong> ·{' '}
          {tournament.user_info.rank === null ? t('detail.noRank') : tournament.user_info.points}
        </p>
        <ButtonLink to={playAt} className="mt-4 w-full" data-testid="tournament-play">
          {t('detail.play')}
        </ButtonLink>
      </div>
    );
  }
  if (!isLoggedIn(root?.user)) {
    return (
      <Button size="lg" className="w-full laptop:w-auto" onClick={() => openAuth('sign_in')} data-testid="tournament-sign-in">
        {t('detail.signIn')}
      </Button>
    );
  }

  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      await api('tournaments/participate', { body: { tournament_id: String(tournament.id) } });
      setConfirming(false);
      // The player's own payment: the header shows it now, not when the live channel (at most once,
      // behind the job runner's dispatch) brings it.
      await Promise.all([client.invalidateQueries({ queryKey: ['tournaments'] }), paid ? refreshBalance() : undefined]);
    } catch (failure) {
      setError(isApiError(failure) ? (failure.fields?.tournament_id ?? failure.message) : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="laptop:w-80">
      {confirming ? (
        <div className="rounded-2xl bg-black/40 p-5 ring-1 ring-gold-400/40" role="group" aria-labelledby="tournament-confirm-title" data-testid="tournament-confirm">
          <p id="tournament-confirm-title" className="font-extrabold">
            {t('detail.confirmTitle', { amount: price })}
          </p>
          <p className="mt-2 text-sm text-ink-200">{t('detail.confirmText')}</p>
          <div className="mt-4 flex gap-2">
            <Button onClick={join} disabled={busy} data-testid="tournament-confirm-join">
              {t('detail.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {t('detail.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button size="lg" className="w-full" onClick={() => (paid ? setConfirming(true) : join())} disabled={busy} data-testid="tournament-join">
          {paid ? t('detail.joinFor', { amount: price }) : t('detail.join')}
        </Button>
      )}
      {error && (
        <p className="mt-3 text-sm font-semibold text-rose-300" role="alert" data-testid="tournament-join-error">
          {error}
        </p>
      )}
    </div>
  );
}

