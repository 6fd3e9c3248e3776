import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BonusView, CampaignView } from '../../../contract/promotions.ts';
import { useDialogs } from '../dialogs/store.ts';
import { CAMPAIGN_POPUP, PROMO_POPUP } from './types.ts';

/** What the promo-code-activated popup shows: the campaign, its bonus, and for whom. */
export type PromoPopupProps = {
  campaign: CampaignView;
  bonus: BonusView | null;
  /** The code that was used; absent when a button gave the reward (a 'manual' campaign). */
  code?: string;
  /** A guest's checked code: the popup invites them to sign up. */
  guest?: boolean;
};

/** The popup's heading, also its accessible name. */
export function promoPopupTitle(t: TFunction<'promotions'>, props: Pick<PromoPopupProps, 'code' | 'guest'>): string {
  if (props.guest) return t('activated.validTitle');
  return props.code ? t('activated.title') : t('activated.bonusTitle');
}

export function openPromoPopup(props: PromoPopupProps, title: string): string {
  return useDialogs.getState().open({ component: PROMO_POPUP, type: 'popup', componentProps: props, dialogProps: { title } });
}

export function usePromoPopup() {
  const { t } = useTranslation('promotions');
  return (props: PromoPopupProps) => openPromoPopup(props, promoPopupTitle(t, props));
}

/** A campaign's own popup (?popup=, or queued after sign-in); a preview disables its actions. */
export function openCampaignPopup(campaign: CampaignView, preview: boolean): string {
  return useDialogs.getState().open({
    component: CAMPAIGN_POPUP,
    type: 'popup',
    componentProps: { campaign, preview },
    dialogProps: { title: campaign.title },
  });
}
