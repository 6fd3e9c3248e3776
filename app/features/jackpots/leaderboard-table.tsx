import clsx from 'clsx';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { money } from './format.ts';
import { GameThumb } from './game-thumb.tsx';
import { LEADERBOARD_PERIODS, LEADERBOARD_SORTS, type Leaderboard, type LeaderboardPeriod, type LeaderboardSort } from './types.ts';

const MEDALS = ['bg-gold-500 text-ink-950', 'bg-ink-200 text-ink-950', 'bg-amber-700 text-white'];

/** Each player's best real-money win of the last 24 hours, 7 or 30 days, ranked by amount or multiplier. */
export function LeaderboardTable({ initial }: { initial: Leaderboard | null }) {
  const { t } = useTranslation('jackpots');
  const [period, setPeriod] = useState<LeaderboardPeriod>(initial?.period ?? 'week');
  const [by, setBy] = useState<LeaderboardSort>(initial?.by ?? 'amount');
  const currency = initial?.currency;
  const isInitial = !!initial && period === initial.period && by === initial.by;
  const query = useQuery({
    queryKey: ['leaderboard', period, by, currency ?? ''],
    queryFn: ({ signal }) => api<Leaderboard>('leaderboard/get', { query: { period, by, currency, count: 10 }, signal }),
    initialData: isInitial ? initial : undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const board = query.data ?? null;

  return (
    <section aria-labelledby="leaderboard-title" className="rounded-3xl border border-white/5 bg-ink-850/70 p-4 tablet:p-6" data-testid="leaderboard">
      <div className="mb-5 flex flex-col gap-4 laptop:flex-row laptop:items-end laptop:justify-between">
        <div>
          <h2 id="leaderboard-title" className="text-xl font-extrabold tablet:text-2xl">
            {t('leaderboard.title')}
          </h2>
          <p className="mt-1 text-sm text-ink-300">{t('leaderboard.subtitle', { currency: board?.currency ?? currency ?? '' })}</p>
        </div>
        <div className="flex flex-col gap-2 tablet:flex-row">
          <Segmented
            label={t('leaderboard.period')}
            value={period}
            onChange={setPeriod}
            options={LEADERBOARD_PERIODS.map((value) => ({ value, label: t(`leaderboard.${value}`) }))}
            className="tablet:w-72"
            testId="leaderboard-period"
          />
          <Segmented
            label={t('leaderboard.by')}
            value={by}
            onChange={setBy}
            options={LEADERBOARD_SORTS.map((value) => ({ value, label: t(`leaderboard.${value}`) }))}
            className="tablet:w-56"
            testId="leaderboard-by"
          />
        </div>
      </div>

      {query.isError && !board ? (
        <p className="py-8 text-center text-sm text-rose-300">{t('leaderboard.loadFailed')}</p>
      ) : !board?.items.length ? (
        <p className="py-10 text-center text-sm text-ink-400" data-testid="leaderboard-empty">
          {t('leaderboard.empty')}
        </p>
      ) : (
        <div className={clsx('-mx-4 overflow-x-auto px-4 transition-opacity tablet:mx-0 tablet:px-0', query.isPlaceholderData && 'opacity-60')}>
          <table className="w-full min-w-[34rem] text-sm">
            <thead>
              <tr className="text-left text-xs tracking-wide text-ink-400 uppercase">
                <th scope="col" className="w-12 pb-3 font-semibold">{t('leaderboard.rank')}</th>
                <th scope="col" className="pb-3 font-semibold">{t('leaderboard.player')}</th>
                <th scope="col" className="pb-3 font-semibold">{t('leaderboard.game')}</th>
                <th scope="col" className="pb-3 text-right font-semibold">{t('leaderboard.multiplier')}</th>
                <th scope="col" className="pb-3 text-right font-semibold">{t('leaderboard.win')}</th>
              </tr>
            </thead>
            <tbody>
              {board.items.map((entry) => (
                <tr key={entry.rank} className="border-t border-white/5" data-testid="leaderboard-row">
                  <td className="py-2.5">
                    <span className={clsx('grid h-7 w-7 place-items-center rounded-full text-xs font-extrabold', MEDALS[entry.rank - 1] ?? 'bg-ink-700 text-ink-200')}>{entry.rank}</span>
                  </td>
                  <td className="py-2.5 font-semibold text-white">{entry.name}</td>
                  <td className="py-2.5">
                    {entry.game ? (
                      <LocalLink to={`/game/${entry.game.sysname}`} className="flex items-center gap-2.5 text-ink-200 hover:text-white">
                        <GameThumb winner={{ game: entry.game, jackpot: null }} size="sm" />
                        <span className="truncate">{entry.game.name}</span>
                      </LocalLink>
                    ) : null}
                  </td>
                  <td className={clsx('py-2.5 text-right tabular-nums', by === 'multiplier' ? 'font-bold text-gold-300' : 'text-ink-300')}>
                    {entry.multiplier ? t('winners.multiplier', { value: Number(entry.multiplier).toLocaleString('en-US') }) : '—'}
                  </td>
                  <td className={clsx('py-2.5 text-right tabular-nums', by === 'amount' ? 'font-bold text-gold-300' : 'text-ink-200')}>{money(entry.amount, entry.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
