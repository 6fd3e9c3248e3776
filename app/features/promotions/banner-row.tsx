import { useTranslation } from 'react-i18next';
import { localizePath, type LocaleCode } from '../../../contract/locales.ts';
import type { CampaignView } from '../../../contract/promotions.ts';
import { Icon } from '../../ui/icon.tsx';
import { CampaignArt } from './campaign-art.tsx';
import { RewardBadge } from './campaign-card.tsx';
import { campaignPath } from './reward.ts';

/**
 * The home page's banner row (banners/get): each running banner campaign as a wide card linking
 * to its page. Rendered to HTML by the home loader (banners.server.tsx), never in the browser:
 * plain links, outside any router.
 */
export function BannerRow({ banners, locale }: { banners: CampaignView[]; locale: LocaleCode }) {
  const { t } = useTranslation('promotions');
  return (
    <section aria-labelledby="banners-title" data-testid="home-banners">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id="banners-title" className="text-xl font-extrabold tablet:text-2xl">
          {t('banners.title')}
        </h2>
        <a href={localizePath('/promotions', locale)} className="flex shrink-0 items-center gap-1 text-sm font-semibold text-gold-400 hover:text-gold-300">
          {t('banners.all')}
          <Icon name="chevronRight" size={16} />
        </a>
      </div>
      <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-px-4 px-4 pb-3 [scrollbar-width:thin]">
        {banners.map((banner) => (
          <li key={banner.id} className="w-[88%] shrink-0 snap-start tablet:w-[70%] laptop:w-[calc(50%-0.5rem)]">
            <a
              href={localizePath(campaignPath(banner), locale)}
              className="group grid h-full overflow-hidden rounded-3xl bg-ink-850 ring-1 ring-white/10 transition hover:ring-gold-400/60 tablet:grid-cols-[minmax(0,1fr)_minmax(0,0.9fr)]"
              data-testid="home-banner"
              data-campaign={banner.sysname}
            >
              <CampaignArt campaign={banner} size="banner" className="aspect-[2/1] tablet:order-2 tablet:aspect-auto tablet:min-h-52" />
              <div className="flex flex-col gap-3 p-5 tablet:p-6">
                <h3 className="text-xl leading-tight font-black tracking-tight">{banner.title}</h3>
                {banner.summary && <p className="line-clamp-2 text-sm text-ink-300">{banner.summary}</p>}
                <RewardBadge campaign={banner} />
                <span className="mt-auto flex items-center gap-1 pt-1 text-sm font-semibold text-gold-400 group-hover:text-gold-300">
                  {banner.button || t('card.details')}
                  <Icon name="chevronRight" size={16} />
                </span>
              </div>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
