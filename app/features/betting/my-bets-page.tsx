import clsx from 'clsx';
import type { BetsPage } from '../../../contract/betting.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { PageMeta } from '../pages/page-meta.tsx';
import { BetsList } from './bets-list.tsx';
import { useBettingT } from './i18n.ts';
import type { OddsFormat } from './odds.ts';
import { OddsFormatProvider } from './odds-format.tsx';

export const MY_BETS_TABS = ['open', 'settled'] as const;
export type MyBetsTab = (typeof MY_BETS_TABS)[number];
export const myBetsTab = (value: string | null): MyBetsTab => (value === 'settled' ? 'settled' : 'open');

export type MyBetsData = { tab: MyBetsTab; bets: BetsPage | null; oddsFormat: OddsFormat };

/** /profile/bets: the open bets (with cash-out) and the settled ones, a tab each (?tab=open|settled). */
export function MyBetsPage({ data }: { data: MyBetsData }) {
  const { t } = useBettingT();
  return (
    <OddsFormatProvider initial={data.oddsFormat}>
      <div className="space-y-5" data-testid="page-profile-bets">
        <PageMeta title={t('bets.title')} description={t('bets.subtitle')} />
        <header>
          <h1 className="text-2xl font-black tracking-tight">{t('bets.title')}</h1>
          <p className="mt-1 text-sm text-ink-300">{t('bets.subtitle')}</p>
        </header>
        <div role="tablist" aria-label={t('bets.title')} className="flex gap-2">
          {MY_BETS_TABS.map((tab) => (
            <LocalLink
              key={tab}
              to={`/profile/bets?tab=${tab}`}
              role="tab"
              aria-selected={tab === data.tab}
              preventScrollReset
              className={clsx(
                'flex h-10 items-center rounded-full px-4 text-sm font-semibold ring-1 transition',
                tab === data.tab ? 'bg-gold-500/15 text-gold-300 ring-gold-400/50' : 'bg-ink-850 text-ink-300 ring-white/10 hover:text-white',
              )}
              data-testid={`bets-tab-${tab}`}
            >
              {t(`bets.tabs.${tab}`)}
            </LocalLink>
          ))}
        </div>
        <div role="tabpanel" data-testid={`bets-panel-${data.tab}`}>
          <BetsList key={data.tab} filter={data.tab} first={data.bets} />
        </div>
      </div>
    </OddsFormatProvider>
  );
}
