import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../../../contract/promotions.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Icon } from '../../ui/icon.tsx';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { CampaignAction } from './campaign-action.tsx';
import { CampaignArt } from './campaign-art.tsx';
import { RewardBadge, RewardTerms, TriggerChip } from './campaign-card.tsx';
import { campaignPath } from './reward.ts';

/**
 * The campaign popup (spec 2 section 2): a campaign's art, reward and call to action over the
 * page, opened by ?popup=<sysname> or queued after sign-in. In preview mode (#popup-preview) an
 * operator sees it as players will, with a Preview badge and nothing that acts.
 */
export default function CampaignPopup(props: DialogComponentProps) {
  const { dialogId, campaign, preview } = props as DialogComponentProps & { campaign: CampaignView; preview?: boolean };
  const { t } = useTranslation('promotions');
  const close = useDialogs((state) => state.close);
  const leave = () => close(dialogId, { immediate: true });
  return (
    <div className="space-y-5" data-testid="campaign-popup" data-campaign={campaign.sysname} data-preview={preview ? '' : undefined}>
      <div className="flex min-h-9 flex-wrap items-center gap-2 pr-10">
        <TriggerChip trigger={campaign.trigger} />
        {preview && (
          <span className="inline-flex items-center gap-1 rounded-full bg-gold-400 px-2.5 py-1 text-[11px] font-extrabold tracking-widest text-ink-950 uppercase" data-testid="campaign-popup-preview">
            <Icon name="info" size={12} />
            {t('popup.preview')}
          </span>
        )}
      </div>
      <CampaignArt campaign={campaign} size="banner" className="aspect-[2/1] rounded-2xl ring-1 ring-white/10" />
      <div>
        <h2 className="text-2xl leading-tight font-black" data-testid="campaign-popup-title">
          {campaign.title}
        </h2>
        {campaign.summary && <p className="mt-2 text-sm leading-relaxed text-ink-300">{campaign.summary}</p>}
      </div>
      <div className="space-y-2">
        <RewardBadge campaign={campaign} />
        <RewardTerms campaign={campaign} />
      </div>
      <CampaignAction campaign={campaign} preview={!!preview} onLeave={leave} />
      {preview ? (
        <p className="text-center text-xs text-ink-400">{t('popup.previewNote')}</p>
      ) : (
        <LocalLink to={campaignPath(campaign)} onClick={leave} className="flex items-center justify-center gap-1 text-sm font-semibold text-gold-400 hover:text-gold-300" data-testid="campaign-popup-details">
          {t('popup.details')}
          <Icon name="chevronRight" size={16} />
        </LocalLink>
      )}
    </div>
  );
}
