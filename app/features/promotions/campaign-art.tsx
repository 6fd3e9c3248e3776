import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../../../contract/promotions.ts';
import { Icon } from '../../ui/icon.tsx';
import { campaignLook, rewardFigure, say } from './reward.ts';

/**
 * A campaign's picture: the operator's image when it has one, otherwise art drawn from its
 * reward (colours and icon of the reward type, the big figure: "100%", "50 free spins"), so a
 * campaign without an image still looks designed. Decorative: the title is always beside it.
 */
export function CampaignArt({ campaign, size = 'card', className }: { campaign: CampaignView; size?: 'card' | 'hero' | 'banner'; className?: string }) {
  const { t } = useTranslation('promotions');
  if (campaign.image_url) {
    return (
      <div className={clsx('relative overflow-hidden bg-ink-800', className)}>
        <img src={campaign.image_url} alt="" loading={size === 'hero' ? 'eager' : 'lazy'} decoding="async" className="absolute inset-0 h-full w-full object-cover" />
      </div>
    );
  }
  const look = campaignLook(campaign);
  const { figure, caption } = rewardFigure(campaign.reward, campaign.currency);
  return (
    <div className={clsx('relative isolate overflow-hidden bg-gradient-to-br', look.art, className)} aria-hidden="true" data-testid="campaign-art">
      <div className={clsx('absolute -top-1/3 -left-1/4 -z-10 aspect-square w-3/4 rounded-full blur-3xl', look.glow)} />
      <svg viewBox="0 0 200 200" className="absolute -right-10 -bottom-16 -z-10 h-[140%] text-white/15" fill="none" stroke="currentColor">
        <circle cx="100" cy="100" r="96" strokeWidth="2" />
        <circle cx="100" cy="100" r="72" strokeWidth="10" strokeDasharray="14 12" />
        <circle cx="100" cy="100" r="46" strokeWidth="2" />
      </svg>
      <Icon name={look.icon} size={size === 'hero' ? 220 : 120} strokeWidth={1} className="absolute top-3 right-3 -z-10 rotate-12 text-white/15" />
      <div className={clsx('flex h-full flex-col justify-end', size === 'hero' ? 'p-8 tablet:p-10' : 'p-5')}>
        <span
          className={clsx(
            'leading-none font-black tracking-tight text-white drop-shadow-[0_4px_18px_rgba(0,0,0,0.35)]',
            size === 'hero' ? 'text-6xl tablet:text-8xl' : size === 'banner' ? 'text-5xl' : 'text-4xl tablet:text-5xl',
          )}
        >
          {figure}
        </span>
        <span className={clsx('mt-1 font-extrabold tracking-widest text-white/85 uppercase', size === 'hero' ? 'text-sm tablet:text-base' : 'text-xs')}>
          {say(t, caption)}
        </span>
      </div>
    </div>
  );
}
