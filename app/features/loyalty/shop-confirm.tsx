import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS_ALIAS, type LoyaltyInfo, type LoyaltyProductView, type LoyaltyPurchase } from '../../../contract/loyalty.ts';
import { api } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert } from '../../ui/field.tsx';
import { DialogHeading } from '../bonuses/parts.tsx';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { KIND_ICONS, ProductArt } from './parts.tsx';
import { pointsAfter, pointsText } from './rules.ts';
import type { ShopConfirmResult } from './shop-flow.ts';

/**
 * The loyalty shop confirm (spec 2 section 2): what the product costs, what it gives and the points
 * left after, then loyalty/buyproduct. A refusal for points closes it towards the insufficient
 * dialog (with the points really missing, read again); any other is read here in the player's language.
 */
export default function LoyaltyShopConfirm({ dialogId, product, balance, alias = POINTS_ALIAS }: DialogComponentProps) {
  const { t } = useTranslation('loyalty');
  const close = useDialogs((state) => state.close);
  const setPreventClose = useDialogs((state) => state.setPreventClose);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const item = product as LoyaltyProductView;
  const have = balance as number;
  const unit = alias as string;

  async function buy() {
    setPending(true);
    setError(null);
    setPreventClose(dialogId, true);
    try {
      const purchase = await api<LoyaltyPurchase>('loyalty/buyproduct', { body: { product_id: item.id } });
      close(dialogId, { result: { purchase } satisfies ShopConfirmResult, immediate: true });
    } catch (failure) {
      if (isApiError(failure) && failure.details.reason === 'points') {
        const info = await api<LoyaltyInfo>('loyalty/getinfo').catch(() => null);
        close(dialogId, { result: { short: Math.max(1, item.price - (info?.points ?? have)) } satisfies ShopConfirmResult, immediate: true });
        return;
      }
      setError(isApiError(failure) && failure.type !== 'UnknownError' ? failure.fields.product_id || failure.message : t('errors.generic'));
      setPending(false);
      setPreventClose(dialogId, false);
    }
  }

  return (
    <div className="space-y-5 pt-1" data-testid="loyalty-shop-confirm">
      <DialogHeading icon={KIND_ICONS[item.kind]} tone="gold" kicker={t('confirm.kicker')} title={t('confirm.title')} />
      <div className="flex gap-4 rounded-2xl bg-white/[0.03] p-3 ring-1 ring-white/5">
        <ProductArt product={item} className="h-20 w-20 shrink-0 rounded-xl" />
        <div className="min-w-0 self-center">
          <p className="text-xs font-semibold tracking-widest text-gold-400 uppercase">{t(`shop.kind.${item.kind}`)}</p>
          <p className="font-bold text-white">{item.name}</p>
          <p className="mt-0.5 text-sm text-ink-300">{t(`shop.gives.${item.kind}`)}</p>
        </div>
      </div>
      <dl className="divide-y divide-white/5 rounded-2xl bg-ink-900/60 text-sm ring-1 ring-white/5">
        <Row label={t('confirm.get')} value={item.name} />
        <Row label={t('confirm.cost')} value={pointsText(item.price, unit)} strong testId="loyalty-confirm-cost" />
        <Row label={t('confirm.after')} value={pointsText(pointsAfter(item, have), unit)} testId="loyalty-confirm-after" />
      </dl>
      {error && (
        <FormAlert>
          <span data-testid="loyalty-confirm-error">{error}</span>
        </FormAlert>
      )}
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        <Button size="lg" className="w-full tablet:flex-1" disabled={pending} aria-busy={pending || undefined} onClick={() => void buy()} data-testid="loyalty-confirm-yes">
          {pending && <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
          {t('confirm.yes')}
        </Button>
        <Button size="lg" variant="secondary" className="w-full tablet:flex-1" disabled={pending} onClick={() => close(dialogId)} data-testid="loyalty-confirm-no">
          {t('confirm.no')}
        </Button>
      </div>
    </div>
  );
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3">
      <dt className="text-ink-300">{label}</dt>
      <dd className={strong ? 'text-base font-black text-gold-300 tabular-nums' : 'text-right font-bold text-white tabular-nums'} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
