import { useTranslation } from 'react-i18next';
import type { BonusView } from '../../../contract/promotions.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { money } from '../cashier/format.ts';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { HeroTile } from './parts.tsx';

/**
 * The betting-bonus-activated confirm (spec 2 section 2): a free bet or an odds boost is now
 * active and waits in the sportsbook; the button leads to /betting.
 */
export default function BettingBonusActivated({ dialogId, bonus }: DialogComponentProps) {
  const { t } = useTranslation('bonuses');
  const close = useDialogs((state) => state.close);
  const item = bonus as BonusView;
  const boost = item.details.type === 'odds_boost';
  const what = boost
    ? t('betting.readyBoost', { percent: Number(item.details.boost_percent ?? 0) })
    : t('betting.readyFreeBet', { amount: money({ amount: item.amount, currency: item.currency }) });
  return (
    <div className="space-y-5 pt-1 text-center" data-testid="betting-bonus-activated">
      <HeroTile icon="ball" tone="jade" />
      <div>
        <p className="text-xs font-semibold tracking-widest text-jade-400 uppercase">{t('betting.kicker')}</p>
        <h2 className="mt-1 text-2xl leading-tight font-extrabold">{what}</h2>
        <p className="mt-2 text-sm leading-relaxed text-ink-300">{t('betting.readyText')}</p>
      </div>
      <div className="flex flex-col gap-2">
        <LocalLink to="/betting" onClick={() => close(dialogId, { immediate: true })} className={buttonClass('primary', 'lg', 'w-full')} data-testid="betting-bonus-go">
          <Icon name="ball" size={20} />
          {t('betting.go')}
        </LocalLink>
        <Button size="lg" variant="ghost" className="w-full" onClick={() => close(dialogId)}>
          {t('betting.later')}
        </Button>
      </div>
    </div>
  );
}
