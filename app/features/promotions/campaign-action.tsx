import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { isLoggedIn } from '../../../contract/api.ts';
import type { BonusView, CampaignView } from '../../../contract/promotions.ts';
import { api } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { useAuthEntry } from '../shell/use-auth-entry.ts';
import { usePromoPopup } from './open-popups.ts';
import { PromoCodeForm } from './promo-code-form.tsx';
import { amountText, depositPath } from './reward.ts';

/**
 * How a campaign is taken, by its trigger: a deposit offer leads to the deposit page with the
 * offer chosen, a promo-code campaign takes its code, a 'manual' one gives its bonus on a button,
 * a cashback campaign explains itself. A guest is asked to sign up first; a signed-in player who
 * cannot take it sees why. In a preview (an operator's ?popup=...#popup-preview) nothing acts.
 */
export function CampaignAction({ campaign, preview = false, onLeave }: { campaign: CampaignView; preview?: boolean; onLeave?: () => void }) {
  const { t } = useTranslation('promotions');
  const signedIn = isLoggedIn(useRootData()?.user);
  const localize = useLocalizedPath();
  const openAuth = useAuthEntry();
  const eligibility = campaign.eligibility;
  const signUp = () => {
    onLeave?.();
    openAuth('sign_up');
  };

  if (signedIn && eligibility && !eligibility.eligible) {
    const taken = eligibility.reason === 'taken';
    return (
      <Notice icon={taken ? 'check' : 'lock'} tone={taken ? 'jade' : 'ink'} title={t(taken ? 'eligibility.takenTitle' : 'eligibility.unavailableTitle')} testId="campaign-not-eligible">
        <p>{t(taken ? 'eligibility.takenText' : 'eligibility.unavailableText')}</p>
        {/* Some offers open to the players who entered their code (WELCOME): the way in is here. */}
        {!taken && <PromoCodeForm disabled={preview} onActivated={onLeave} className="mt-4" />}
        <ButtonLink to={localize(taken ? '/profile/bonuses' : '/offers')} variant="secondary" size="sm" className="mt-3" onClick={onLeave}>
          {t(taken ? 'action.myBonuses' : 'action.otherOffers')}
        </ButtonLink>
      </Notice>
    );
  }

  switch (campaign.trigger) {
    case 'deposit': {
      const label = campaign.button || t('action.deposit');
      const min = campaign.reward.type === 'deposit_match' ? amountText(campaign.reward.min_deposit, campaign.currency) : null;
      return (
        <div className="space-y-3" data-testid="campaign-action">
          {signedIn && !preview ? (
            <ButtonLink to={localize(depositPath(campaign.id))} size="lg" className="w-full" onClick={onLeave} data-testid="campaign-deposit">
              <Icon name="wallet" size={18} />
              {label}
            </ButtonLink>
          ) : (
            <Button size="lg" className="w-full" disabled={preview} onClick={signUp} data-testid="campaign-deposit">
              <Icon name="wallet" size={18} />
              {label}
            </Button>
          )}
          <p className="text-center text-xs text-ink-400">{min ? t('action.depositHintMin', { amount: min }) : t('action.depositHint')}</p>
        </div>
      );
    }
    case 'promo_code':
      return (
        <div className="space-y-3" data-testid="campaign-action">
          <p className="text-sm text-ink-200">{t('action.codeHint')}</p>
          <PromoCodeForm disabled={preview} onActivated={onLeave} />
        </div>
      );
    case 'manual':
      return signedIn ? (
        <TakeButton campaign={campaign} preview={preview} onLeave={onLeave} />
      ) : (
        <div className="space-y-3" data-testid="campaign-action">
          <Button size="lg" className="w-full" disabled={preview} onClick={signUp} data-testid="campaign-take">
            <Icon name="gift" size={18} />
            {t('action.signUpToTake')}
          </Button>
          <p className="text-center text-xs text-ink-400">{t('action.takeHint')}</p>
        </div>
      );
    case 'cashback': {
      const reward = campaign.reward.type === 'cashback' ? campaign.reward : null;
      return (
        <Notice icon="percent" tone="gold" title={t('action.cashbackTitle')} testId="campaign-action">
          <p>{reward ? t('action.cashbackText', { percent: reward.percent, count: reward.period_days }) : null}</p>
          {reward && <p className="mt-1">{t(reward.payout === 'auto' ? 'action.cashbackAuto' : 'action.cashbackRequest')}</p>}
          {signedIn ? (
            <ButtonLink to={localize('/profile/cashback')} variant="secondary" size="sm" className={clsx('mt-3', preview && 'pointer-events-none opacity-50')} onClick={onLeave} aria-disabled={preview || undefined}>
              {t('action.myCashback')}
            </ButtonLink>
          ) : (
            <Button variant="secondary" size="sm" className="mt-3" disabled={preview} onClick={signUp}>
              {t('action.signUp')}
            </Button>
          )}
        </Notice>
      );
    }
  }
}

/** 'Get bonus' of a manual campaign: campaigns/takepromotions, then the popup with the bonus. */
function TakeButton({ campaign, preview, onLeave }: { campaign: CampaignView; preview: boolean; onLeave?: () => void }) {
  const { t } = useTranslation('promotions');
  const openPopup = usePromoPopup();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const take = async () => {
    setBusy(true);
    setError(null);
    try {
      const bonus = await api<BonusView>('campaigns/takepromotions', { body: { offer_id: campaign.id } });
      onLeave?.();
      openPopup({ campaign, bonus });
      void revalidator.revalidate();
    } catch (failure) {
      setError(isApiError(failure) ? (failure.fields.offer_id ?? failure.message) : t('action.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3" data-testid="campaign-action">
      <Button size="lg" className="w-full" disabled={preview || busy} aria-busy={busy} onClick={take} data-testid="campaign-take">
        <Icon name="gift" size={18} />
        {campaign.button || t('action.take')}
      </Button>
      {error ? (
        <p role="alert" className="text-center text-sm font-semibold text-ruby-400" data-testid="campaign-take-error">
          {error}
        </p>
      ) : (
        <p className="text-center text-xs text-ink-400">{t('action.takeHint')}</p>
      )}
    </div>
  );
}

const TONES = {
  jade: 'ring-jade-400/30 [&_h3]:text-jade-400',
  gold: 'ring-gold-400/30 [&_h3]:text-gold-300',
  ink: 'ring-white/10 [&_h3]:text-ink-100',
};

function Notice({ icon, tone, title, testId, children }: { icon: IconName; tone: keyof typeof TONES; title: string; testId: string; children: ReactNode }) {
  return (
    <div className={clsx('rounded-2xl bg-black/35 p-5 text-sm text-ink-200 ring-1', TONES[tone])} data-testid={testId}>
      <h3 className="mb-1 flex items-center gap-2 text-base font-extrabold">
        <Icon name={icon} size={18} />
        {title}
      </h3>
      {children}
    </div>
  );
}
