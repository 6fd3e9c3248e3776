import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../lib/locale.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { useAuthEntry } from '../shell/use-auth-entry.ts';
import { CampaignArt } from './campaign-art.tsx';
import { RewardBadge, RewardTerms } from './campaign-card.tsx';
import { promoPopupTitle, type PromoPopupProps } from './open-popups.ts';
import { amountText, depositPath } from './reward.ts';

/**
 * The promo-code-activated popup (spec 2 section 2): the campaign a code (or a 'Get bonus'
 * button) gave, and the one next step. A bonus waits in the profile's bonuses; a deposit offer
 * is chosen on the deposit page; a guest's valid code is applied at sign-up.
 */
export default function PromoCodePopup(props: DialogComponentProps) {
  const { dialogId, campaign, bonus, code, guest } = props as DialogComponentProps & PromoPopupProps;
  const { t } = useTranslation('promotions');
  const localize = useLocalizedPath();
  const openAuth = useAuthEntry();
  const close = useDialogs((state) => state.close);
  const done = () => close(dialogId, { immediate: true });

  let text: string;
  let action: React.ReactNode;
  if (guest) {
    text = t('activated.guestText');
    action = (
      <Button
        size="lg"
        className="w-full"
        onClick={() => {
          done();
          openAuth('sign_up');
        }}
        data-testid="promo-popup-sign-up"
      >
        {t('action.signUp')}
      </Button>
    );
  } else if (bonus) {
    text = bonus.status === 'available' ? t('activated.bonusAvailable') : t('activated.bonusActive');
    action = (
      <ButtonLink to={localize('/profile/bonuses')} size="lg" className="w-full" onClick={done} data-testid="promo-popup-bonuses">
        {t('action.myBonuses')}
      </ButtonLink>
    );
  } else if (campaign.trigger === 'deposit') {
    const min = campaign.reward.type === 'deposit_match' ? amountText(campaign.reward.min_deposit, campaign.currency) : null;
    text = min ? t('activated.depositTextMin', { amount: min }) : t('activated.depositText');
    action = (
      <ButtonLink to={localize(depositPath(campaign.id))} size="lg" className="w-full" onClick={done} data-testid="promo-popup-deposit">
        <Icon name="wallet" size={18} />
        {t('action.depositNow')}
      </ButtonLink>
    );
  } else {
    text = t('activated.cashbackText');
    action = (
      <ButtonLink to={localize('/profile/cashback')} size="lg" className="w-full" onClick={done} data-testid="promo-popup-cashback">
        {t('action.myCashback')}
      </ButtonLink>
    );
  }

  return (
    <div className="space-y-5 pt-1" data-testid="promo-popup" data-campaign={campaign.sysname}>
      <div className="text-center">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-jade-400/10 px-3 py-1 text-xs font-extrabold tracking-widest text-jade-400 uppercase ring-1 ring-jade-400/30">
          <Icon name="check" size={14} />
          {code ? t('activated.kicker', { code }) : t('activated.kickerBonus')}
        </p>
        <h2 className="mt-3 text-2xl leading-tight font-black" data-testid="promo-popup-title">
          {promoPopupTitle(t, { code, guest })}
        </h2>
      </div>
      <div className="overflow-hidden rounded-2xl bg-ink-900 ring-1 ring-white/10">
        <CampaignArt campaign={campaign} size="banner" className="h-36" />
        <div className="flex flex-col items-center gap-2 p-4 text-center">
          <p className="font-bold text-ink-100" data-testid="promo-popup-campaign">
            {campaign.title}
          </p>
          <RewardBadge campaign={campaign} size="lg" />
          <RewardTerms campaign={campaign} className="justify-center" />
        </div>
      </div>
      <p className="rounded-xl bg-white/[0.03] px-4 py-3 text-center text-sm leading-relaxed text-ink-200 ring-1 ring-white/5" data-testid="promo-popup-next">
        {text}
      </p>
      <div className="space-y-2">
        {action}
        <Button variant="ghost" className="w-full" onClick={done}>
          {t('activated.later')}
        </Button>
      </div>
    </div>
  );
}
