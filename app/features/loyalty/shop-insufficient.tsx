import { useTranslation } from 'react-i18next';
import { POINTS_ALIAS, type LoyaltyProductView } from '../../../contract/loyalty.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { DialogHeading } from '../bonuses/parts.tsx';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { pointsText } from './rules.ts';

/**
 * The loyalty shop insufficient funds dialog (spec 2 section 2): how many points are missing for
 * the product, how points are earned at the player's rate, and the way to the game hall.
 */
export default function LoyaltyShopInsufficient({ dialogId, product, missing, balance, rate, alias = POINTS_ALIAS }: DialogComponentProps) {
  const { t } = useTranslation('loyalty');
  const close = useDialogs((state) => state.close);
  const item = product as LoyaltyProductView;
  const unit = alias as string;
  return (
    <div className="space-y-5 pt-1" data-testid="loyalty-shop-insufficient">
      <DialogHeading icon="coins" tone="ruby" kicker={t('insufficient.kicker')} title={t('insufficient.title')} />
      <p className="text-sm text-ink-200">{t('insufficient.text', { name: item.name, price: pointsText(item.price, unit), balance: pointsText(balance as number, unit) })}</p>
      <div className="rounded-2xl bg-ruby-500/10 px-4 py-4 text-center ring-1 ring-ruby-500/30">
        <p className="text-xs font-semibold tracking-widest text-ruby-400 uppercase">{t('insufficient.missing')}</p>
        <p className="mt-1 text-3xl font-black tabular-nums" data-testid="loyalty-insufficient-missing">
          {pointsText(missing as number, unit)}
        </p>
      </div>
      <p className="text-sm leading-relaxed text-ink-300">{t('insufficient.how', { rate: (rate as number) || 1, alias: unit })}</p>
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        <LocalLink to="/gamehall" className={buttonClass('primary', 'lg', 'w-full tablet:flex-1')} onClick={() => close(dialogId)} data-testid="loyalty-insufficient-hall">
          {t('insufficient.hall')}
        </LocalLink>
        <Button size="lg" variant="secondary" className="w-full tablet:flex-1" onClick={() => close(dialogId)} data-testid="loyalty-insufficient-close">
          {t('insufficient.close')}
        </Button>
      </div>
    </div>
  );
}
