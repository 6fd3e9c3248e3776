import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { TournamentPrizeKind, TournamentView } from '../../../contract/tournaments.ts';
import { money } from '../jackpots/format.ts';

const RANK_STYLE: Record<number, string> = {
  1: 'bg-gradient-to-br from-gold-300 to-gold-500 text-ink-950',
  2: 'bg-gradient-to-br from-slate-200 to-slate-400 text-ink-950',
  3: 'bg-gradient-to-br from-amber-600 to-amber-800 text-white',
};

/** The first ranks, and the signed-in player's own place pinned under them when it is further down. */
export function Leaderboard({ tournament }: { tournament: TournamentView }) {
  const { t } = useTranslation('tournaments');
  const me = tournament.user_info;
  const mineShown = me?.rank != null && tournament.leaderboard.some((row) => row.rank === me.rank);
  if (!tournament.leaderboard.length && !me) return <p className="rounded-2xl bg-ink-850 p-6 text-ink-300 ring-1 ring-white/10">{t('detail.emptyBoard')}</p>;
  return (
    <div className="overflow-hidden rounded-2xl bg-ink-850 ring-1 ring-white/10">
      <table className="w-full text-sm" data-testid="tournament-leaderboard">
        <thead className="bg-black/30 text-left text-xs tracking-wider text-ink-400 uppercase">
          <tr>
            <th className="px-4 py-3 font-semibold">{t('detail.rank')}</th>
            <th className="px-4 py-3 font-semibold">{t('detail.player')}</th>
            <th className="px-4 py-3 text-right font-semibold">{t('detail.points')}</th>
            <th className="px-4 py-3 text-right font-semibold">{t('detail.prize')}</th>
          </tr>
        </thead>
        <tbody>
          {tournament.leaderboard.map((row) => {
            const mine = me?.rank === row.rank;
            return (
              <tr key={row.rank} className={clsx('border-t border-white/5', mine && 'bg-gold-400/10')} data-testid="leaderboard-row" data-mine={mine || undefined}>
                <td className="px-4 py-3">
                  <span className={clsx('inline-flex h-7 w-7 items-center justify-center rounded-full text-xs font-black tabular-nums', RANK_STYLE[row.rank] ?? 'text-ink-200')}>{row.rank}</span>
                </td>
                <td className="px-4 py-3 font-semibold">{mine ? `${row.name} · ${t('detail.you')}` : row.name}</td>
                <td className="px-4 py-3 text-right font-bold tabular-nums">{row.points}</td>
                <td className="px-4 py-3 text-right">{row.prize ? <PrizeAmount amount={row.prize} kind={row.prize_kind} currency={tournament.currency} /> : '—'}</td>
              </tr>
            );
          })}
          {me && !mineShown && (
            <tr className="border-t-2 border-gold-400/40 bg-gold-400/10" data-testid="leaderboard-mine">
              <td className="px-4 py-3 font-black tabular-nums">{me.rank ?? '—'}</td>
              <td className="px-4 py-3 font-semibold">{t('detail.yourPlace')}</td>
              <td className="px-4 py-3 text-right font-bold tabular-nums">{me.rank === null ? t('detail.noRank') : me.points}</td>
              <td className="px-4 py-3 text-right">{me.prize ? <PrizeAmount amount={me.prize} kind={me.prize_kind} currency={tournament.currency} /> : '—'}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A prize as the page shows it: "€100.00", or "€25.00 bonus" for bonus money. */
export function PrizeAmount({ amount, kind, currency, className }: { amount: string; kind: TournamentPrizeKind | null; currency: string; className?: string }) {
  const { t } = useTranslation('tournaments');
  const shown = money(amount, currency);
  return (
    <span className={clsx('text-gold-300 tabular-nums', className)} data-prize-kind={kind ?? undefined}>
      {kind === 'bonus' ? t('detail.bonusPrize', { amount: shown }) : shown}
    </span>
  );
}
