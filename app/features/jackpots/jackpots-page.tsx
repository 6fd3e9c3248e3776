import { useTranslation } from 'react-i18next';
import { useNow } from '../hints/use-now.ts';
import { PageMeta } from '../pages/page-meta.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { JackpotCard } from './jackpot-card.tsx';
import { useLiveJackpots } from './use-live-jackpots.ts';
import { WinnersList } from './winners-list.tsx';
import type { JackpotList, WinnerList } from './types.ts';

export type JackpotsData = { jackpots: JackpotList | null; winners: WinnerList | null; now: number };

/** /jackpots: the pools with live amounts (Mega first and largest), how they work, the latest jackpot winners. */
export function JackpotsPage({ data }: { data: JackpotsData }) {
  const { t } = useTranslation('jackpots');
  const live = useLiveJackpots(data.jackpots);
  const now = useNow(data.now);
  const [featured, ...others] = live?.items ?? [];
  return (
    <div className="space-y-10 pb-8" data-testid="page-jackpots">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <header className="flex flex-col gap-2 tablet:flex-row tablet:items-end tablet:justify-between">
        <div>
          <p className="text-xs font-semibold tracking-widest text-gold-400 uppercase">{t('list.kicker')}</p>
          <h1 className="mt-1 text-3xl font-black tracking-tight tablet:text-4xl">{t('list.title')}</h1>
          <p className="mt-2 max-w-2xl text-ink-300">{t('list.subtitle')}</p>
        </div>
        {live && <p className="text-xs text-ink-400">{t('list.currency', { currency: live.currency })}</p>}
      </header>

      {featured ? (
        <div className="grid gap-4 laptop:grid-cols-2" data-testid="jackpot-list">
          <div className="laptop:col-span-2">
            <JackpotCard jackpot={featured} featured />
          </div>
          {others.map((jackpot) => (
            <JackpotCard key={jackpot.id} jackpot={jackpot} />
          ))}
        </div>
      ) : (
        <EmptyState icon="crown" title={t('list.emptyTitle')} text={t('list.emptyText')} />
      )}

      <HowItWorks />

      <section aria-labelledby="jackpots-winners">
        <h2 id="jackpots-winners" className="mb-4 text-xl font-extrabold tablet:text-2xl">
          {t('list.winnersTitle')}
        </h2>
        <WinnersList winners={data.winners?.items ?? []} now={now} emptyText={t('list.noWinners')} />
      </section>
    </div>
  );
}
