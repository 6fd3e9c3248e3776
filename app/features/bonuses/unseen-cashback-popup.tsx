import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashbackView } from '../../../contract/promotions.ts';
import { api } from '../../lib/api-client.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { FormAlert } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { money } from '../cashier/format.ts';
import { useRefreshBalance } from '../cashier/use-balance.ts';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { HeroTile, TimeLeft, errorText } from './parts.tsx';
import { canPayOut } from './rules.ts';

/**
 * The unseen cashback popup (spec 2 section 4): the player's latest cashback, with "Pay out" while
 * it waits to be claimed, or the news that it was paid into the main balance. Whoever opened it
 * stores the cashback as seen when it closes.
 */
export default function UnseenCashbackPopup({ dialogId, cashback }: DialogComponentProps) {
  const { t } = useTranslation('bonuses');
  const close = useDialogs((state) => state.close);
  const refreshBalance = useRefreshBalance();
  const [item, setItem] = useState(cashback as CashbackView);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const amount = money({ amount: item.amount, currency: item.currency });
  const claimable = canPayOut(item, now);

  async function payOut() {
    setPending(true);
    setError(null);
    try {
      setItem(await api<CashbackView>('cashbacks/payout', { body: { cashback_id: item.id } }));
      await refreshBalance();
    } catch (failure) {
      setError(errorText(failure, t, 'cashback_id'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-5 pt-1 text-center" data-testid="unseen-cashback" data-status={item.status}>
      <HeroTile icon="percent" tone="gold" />
      <div>
        <p className="text-xs font-semibold tracking-widest text-gold-400 uppercase">{t('popup.kicker')}</p>
        <h2 className="mt-1 text-xl leading-tight font-extrabold">{t(item.status === 'paid_out' ? 'popup.paidTitle' : 'popup.title')}</h2>
        <p className="mt-3 bg-gradient-to-b from-gold-300 to-gold-500 bg-clip-text text-4xl font-black text-transparent tabular-nums" data-testid="unseen-cashback-amount">
          {amount}
        </p>
        <p className="mt-2 text-sm leading-relaxed text-ink-300">{item.description}</p>
      </div>
      {item.status === 'paid_out' ? (
        <p className="rounded-2xl bg-jade-500/10 px-4 py-3 text-sm text-jade-400 ring-1 ring-jade-500/25" data-testid="unseen-cashback-paid">
          {t('popup.paidText', { amount })}
        </p>
      ) : (
        item.receiving_expired_at && (
          <p className="text-xs">
            <TimeLeft iso={item.receiving_expired_at} now={now} label="claim" />
          </p>
        )
      )}
      {error && (
        <FormAlert>
          <span data-testid="unseen-cashback-error">{error}</span>
        </FormAlert>
      )}
      <div className="flex flex-col gap-2">
        {claimable ? (
          <Button size="lg" className="w-full" disabled={pending} aria-busy={pending || undefined} onClick={() => void payOut()} data-testid="unseen-cashback-payout">
            {pending ? <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" /> : <Icon name="coins" size={20} />}
            {t('actions.payOut', { amount })}
          </Button>
        ) : (
          <LocalLink to="/gamehall" onClick={() => close(dialogId)} className={buttonClass('primary', 'lg', 'w-full')} data-testid="unseen-cashback-play">
            <Icon name="dice" size={20} />
            {t('popup.play')}
          </LocalLink>
        )}
        <LocalLink to="/profile/cashback" onClick={() => close(dialogId)} className={buttonClass('ghost', 'md', 'w-full')} data-testid="unseen-cashback-all">
          {t('popup.all')}
        </LocalLink>
      </div>
    </div>
  );
}
