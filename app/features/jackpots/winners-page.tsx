import { useTranslation } from 'react-i18next';
import { useNow } from '../hints/use-now.ts';
import { PageMeta } from '../pages/page-meta.tsx';
import { money } from './format.ts';
import { JackpotTicker } from './jackpot-ticker.tsx';
import { LeaderboardTable } from './leaderboard-table.tsx';
import { WinnersList } from './winners-list.tsx';
import type { JackpotList, Leaderboard, WinnerList } from './types.ts';

export type WinnersData = { winners: WinnerList | null; leaderboard: Leaderboard | null; jackpots: JackpotList | null; bigWin: string; now: number };

/** /winners: the latest big wins and jackpots, and the leaderboard of the best wins. */
export function WinnersPage({ data }: { data: WinnersData }) {
  const { t } = useTranslation('jackpots');
  const now = useNow(data.now);
  const currency = data.leaderboard?.currency ?? data.jackpots?.currency ?? 'EUR';
  return (
    <div className="space-y-10 pb-8" data-testid="page-winners">
      <PageMeta title={t('winners.metaTitle')} description={t('winners.subtitle')} />
      <header>
        <p className="text-xs font-semibold tracking-widest text-gold-400 uppercase">{t('winners.kicker')}</p>
        <h1 className="mt-1 text-3xl font-black tracking-tight tablet:text-4xl">{t('winners.title')}</h1>
        <p className="mt-2 max-w-2xl text-ink-300">{t('winners.subtitle')}</p>
      </header>

      {data.jackpots && data.jackpots.items.length > 0 && <JackpotTicker initial={data.jackpots} />}

      <section aria-labelledby="winners-recent">
        <div className="mb-4">
          <h2 id="winners-recent" className="text-xl font-extrabold tablet:text-2xl">
            {t('winners.recent')}
          </h2>
          <p className="mt-1 text-sm text-ink-300">{t('winners.recentText', { amount: money(data.bigWin, currency) })}</p>
        </div>
        <WinnersList winners={data.winners?.items ?? []} now={now} />
      </section>

      <LeaderboardTable initial={data.leaderboard} />
    </div>
  );
}
