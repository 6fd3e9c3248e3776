import { useTranslation } from 'react-i18next';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { PromoCodeForm } from '../promotions/promo-code-form.tsx';
import { DialogHeading } from './parts.tsx';

/**
 * The deposit page's "Have a promo code?": the shared promo code form in a small popup (a form
 * cannot sit inside the deposit form). It closes with the activation's answer as its result, and
 * the deposit page selects the offer the code unlocked.
 */
export default function DepositPromoPopup({ dialogId }: DialogComponentProps) {
  const { t } = useTranslation('bonuses');
  const close = useDialogs((state) => state.close);
  return (
    <div className="space-y-5 pt-1" data-testid="deposit-promo-popup">
      <DialogHeading icon="key" tone="gold" kicker={t('offers.title')} title={t('offers.havePromo')} />
      <p className="text-sm leading-relaxed text-ink-300">{t('offers.promoText')}</p>
      <PromoCodeForm showPopup={false} onActivated={(answer) => close(dialogId, { result: answer, immediate: true })} />
    </div>
  );
}
