import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BonusView } from '../../../contract/promotions.ts';
import { api } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert } from '../../ui/field.tsx';
import { money } from '../cashier/format.ts';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { DialogHeading, KIND_ICONS, errorText } from './parts.tsx';

export type BonusConfirmMode = 'activate' | 'remove';
/** bonuses/* for casino bonuses, bettingBonuses/* for free bets and odds boosts. */
export type BonusApi = 'bonuses' | 'bettingBonuses';
/** The dialog closes with the changed bonus once the server took the action. */
export type BonusConfirmResult = { bonus: BonusView };

/**
 * The bonus confirm (spec 2 section 2), in activate or remove mode: says what will happen, then
 * sends bonuses/activate or bonuses/remove itself, so a refusal is read in the dialog in the
 * player's language. Removing an active bonus forfeits what is left of its bonus money.
 */
export default function BonusConfirm({ dialogId, bonus, mode, via = 'bonuses' }: DialogComponentProps) {
  const { t } = useTranslation('bonuses');
  const close = useDialogs((state) => state.close);
  const setPreventClose = useDialogs((state) => state.setPreventClose);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const item = bonus as BonusView;
  const removing = mode === 'remove';
  const left = item.balance !== null && Number(item.balance) > 0 ? money({ amount: item.balance, currency: item.currency }) : null;

  async function confirm() {
    setPending(true);
    setError(null);
    setPreventClose(dialogId, true);
    try {
      const changed = await api<BonusView>(`${via as BonusApi}/${removing ? 'remove' : 'activate'}`, { body: { bonus_id: item.id } });
      close(dialogId, { result: { bonus: changed } satisfies BonusConfirmResult, immediate: true });
    } catch (failure) {
      setError(errorText(failure, t, 'bonus_id'));
      setPending(false);
      setPreventClose(dialogId, false);
    }
  }

  const text = removing
    ? item.status === 'active'
      ? left
        ? t('confirm.removeActiveMoney', { amount: left })
        : t('confirm.removeActive')
      : t('confirm.removeAvailable')
    : item.kind === 'bonus'
      ? t('confirm.activateMoney')
      : t('confirm.activateOther');

  return (
    <div className="space-y-5 pt-1" data-testid="bonus-confirm" data-mode={mode}>
      <DialogHeading
        icon={removing ? 'alert' : KIND_ICONS[item.kind]}
        tone={removing ? 'ruby' : 'gold'}
        kicker={t(removing ? 'confirm.removeKicker' : 'confirm.activateKicker')}
        title={t(removing ? 'confirm.removeTitle' : 'confirm.activateTitle')}
      />
      <div className="rounded-2xl bg-white/[0.03] px-4 py-3 ring-1 ring-white/5">
        <p className="font-bold text-white">{item.title || t(`kind.${item.kind}`)}</p>
        <p className="mt-0.5 text-sm text-ink-300">{item.description}</p>
      </div>
      <p className={clsx('text-sm leading-relaxed', removing ? 'text-ink-200' : 'text-ink-300')} data-testid="bonus-confirm-text">
        {text}
      </p>
      {error && (
        <FormAlert>
          <span data-testid="bonus-confirm-error">{error}</span>
        </FormAlert>
      )}
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        <Button
          size="lg"
          variant={removing ? 'danger' : 'primary'}
          className="w-full tablet:flex-1"
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={() => void confirm()}
          data-testid="bonus-confirm-yes"
        >
          {pending && <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
          {t(removing ? 'confirm.removeYes' : 'confirm.activateYes')}
        </Button>
        <Button size="lg" variant="secondary" className="w-full tablet:flex-1" disabled={pending} onClick={() => close(dialogId)} data-testid="bonus-confirm-no">
          {t(removing ? 'confirm.removeNo' : 'confirm.activateNo')}
        </Button>
      </div>
    </div>
  );
}
