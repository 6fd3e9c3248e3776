import type { TournamentForm } from '../../../contract/backoffice-loyalty-tournaments.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { formatMinor, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import type { TournamentView } from '../../../contract/tournaments.ts';
import { SitePreview } from '../preview/site-preview.tsx';
import { TournamentHero } from './hero.tsx';
import { Leaderboard } from './leaderboard.tsx';
import { TournamentCard } from './tournament-card.tsx';
import { PrizeList, TournamentHeading } from './tournament-detail.tsx';

/**
 * What the site would answer for a tournament being written (tournaments/get's view), from the
 * back office's form in one language: the prize pool summed as the server sums it, the status
 * from the window, and the players and leaderboard of the saved tournament when there is one.
 */
export function draftTournamentView(form: TournamentForm, locale: LocaleCode, saved: TournamentView | null, now: number): TournamentView {
  const currency = form.currency as CurrencyCode;
  const minor = (amount: string) => parseMajor(amount, currency) ?? 0n;
  const starts = Date.parse(form.starts_at);
  const ends = Date.parse(form.ends_at);
  const prizes = form.prizes.map((prize) => ({
    from: prize.from,
    to: prize.to,
    amount: formatMinor(minor(prize.amount), currency),
    kind: prize.kind,
    ...(prize.kind === 'bonus' ? { wagering: prize.wagering ?? 0 } : {}),
  }));
  return {
    id: saved?.id ?? 0,
    sysname: form.sysname || 'new-tournament',
    name: form.names[locale] || form.names.en || form.sysname,
    description: form.descriptions[locale] || form.descriptions.en,
    image_url: form.image_url,
    status: saved?.status === 'finished' || ends <= now ? 'finished' : starts > now ? 'upcoming' : 'active',
    starts_at: Number.isNaN(starts) ? new Date(now).toISOString() : new Date(starts).toISOString(),
    ends_at: Number.isNaN(ends) ? new Date(now).toISOString() : new Date(ends).toISOString(),
    currency,
    scoring: form.scoring,
    min_bet: formatMinor(minor(form.min_bet), currency),
    buy_in: formatMinor(minor(form.buy_in), currency),
    prizes,
    total_prize: formatMinor(
      form.prizes.reduce((sum, prize) => sum + minor(prize.amount) * BigInt(Math.max(0, prize.to - prize.from + 1)), 0n),
      currency,
    ),
    games: form.games ?? [],
    all_games: form.games === null,
    games_count: form.games?.length ?? saved?.games_count ?? 0,
    total_participants: saved?.total_participants ?? 0,
    leaderboard: saved?.leaderboard ?? [],
    user_info: null,
  };
}

/** The tournament's card of the list and the head, leaderboard and prizes of its page, as the site shows them in `locale`. */
export function TournamentPreview({ tournament, locale, label, now }: { tournament: TournamentView; locale: LocaleCode; label: string; now: number }) {
  return (
    <SitePreview locale={locale} label={label}>
      <div className="grid gap-5 llaptop:grid-cols-[340px_minmax(0,1fr)]">
        <div className="max-w-[340px]">
          <TournamentCard tournament={tournament} now={now} />
        </div>
        <div className="min-w-0 space-y-5">
          <TournamentHero tournament={tournament} now={now}>
            <TournamentHeading tournament={tournament} />
          </TournamentHero>
          <div className="grid gap-5 desktop:grid-cols-[3fr_2fr]">
            <Leaderboard tournament={tournament} />
            <PrizeList tournament={tournament} />
          </div>
        </div>
      </div>
    </SitePreview>
  );
}
