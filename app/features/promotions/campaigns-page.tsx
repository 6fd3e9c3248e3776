import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../lib/locale.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Icon } from '../../ui/icon.tsx';
import { PageMeta } from '../pages/page-meta.tsx';
import { useClock } from '../tournaments/use-clock.ts';
import { CampaignCard } from './campaign-card.tsx';
import { PromoCodeForm } from './promo-code-form.tsx';
import type { CampaignList, CampaignSection } from './types.ts';

export type CampaignsData = { campaigns: CampaignList; now: number };

/**
 * /offers and /promotions: the running campaigns placed in that list, as cards. The offers page
 * also takes a promo code, since codes are how most offers are unlocked.
 */
export function CampaignsPage({ section, data }: { section: CampaignSection; data: CampaignsData }) {
  const { t } = useTranslation('promotions');
  const localize = useLocalizedPath();
  const now = useClock(data.now);
  const { items } = data.campaigns;
  const other: CampaignSection = section === 'offers' ? 'promotions' : 'offers';
  return (
    <div className="space-y-8 pb-8" data-testid={`page-${section}`}>
      <PageMeta title={t(`${section}.meta.title`)} description={t(`${section}.meta.description`)} />
      <header className="grid gap-6 laptop:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] laptop:items-end">
        <div>
          <p className="text-xs font-semibold tracking-widest text-gold-400 uppercase">{t(`${section}.kicker`)}</p>
          <h1 className="mt-1 text-3xl font-black tracking-tight tablet:text-4xl">{t(`${section}.title`)}</h1>
          <p className="mt-2 max-w-2xl text-ink-300">{t(`${section}.subtitle`)}</p>
        </div>
        {section === 'offers' && (
          <div className="rounded-2xl bg-ink-850 p-5 ring-1 ring-white/10">
            <p className="mb-3 flex items-center gap-2 font-bold">
              <Icon name="key" size={18} className="text-gold-400" />
              {t('code.haveCode')}
            </p>
            <PromoCodeForm />
          </div>
        )}
      </header>
      {items.length === 0 ? (
        <EmptyState
          icon={section === 'offers' ? 'percent' : 'gift'}
          title={t(`${section}.emptyTitle`)}
          text={t(`${section}.emptyText`)}
          action={
            <ButtonLink to={localize(`/${other}`)} variant="secondary" className="mt-2">
              {t(`${section}.emptyAction`)}
            </ButtonLink>
          }
        />
      ) : (
        <ul className="grid gap-5 tablet:grid-cols-2 desktop:grid-cols-3" data-testid="campaign-list">
          {items.map((campaign) => (
            <li key={campaign.id}>
              <CampaignCard campaign={campaign} now={now} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
