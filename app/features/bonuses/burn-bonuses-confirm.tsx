import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { money } from '../cashier/format.ts';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { DialogHeading } from './parts.tsx';
import { BURN_CONFIRMED } from './rules.ts';

/**
 * The burn-bonuses confirm (spec 2 section 2): a withdrawal while a bonus is being wagered
 * removes it. Shows the bonus money that will be lost and the server's own words; closing with
 * BURN_CONFIRMED lets the withdrawal page send the request again with burn_bonuses=1.
 */
export default function BurnBonusesConfirm({ dialogId, balance, currency, message }: DialogComponentProps) {
  const { t } = useTranslation('bonuses');
  const close = useDialogs((state) => state.close);
  const lost = money({ amount: String(balance ?? '0'), currency: String(currency ?? 'EUR') });
  return (
    <div className="space-y-5 pt-1" data-testid="burn-bonuses-confirm">
      <DialogHeading icon="alert" tone="ruby" kicker={t('burn.kicker')} title={t('burn.title')} />
      <div className="rounded-2xl bg-gradient-to-br from-ruby-500/15 to-transparent px-4 py-4 text-center ring-1 ring-ruby-500/25">
        <p className="text-xs font-semibold tracking-wider text-ink-300 uppercase">{t('burn.lost')}</p>
        <p className="mt-1 text-3xl font-black text-white tabular-nums line-through decoration-ruby-500/70 decoration-2" data-testid="burn-bonuses-balance">
          {lost}
        </p>
      </div>
      {typeof message === 'string' && message && <p className="text-sm leading-relaxed text-ink-300">{message}</p>}
      <p className="text-sm leading-relaxed text-ink-300">{t('burn.text')}</p>
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        <Button size="lg" variant="danger" className="w-full tablet:flex-1" onClick={() => close(dialogId, { result: BURN_CONFIRMED })} data-testid="burn-bonuses-yes">
          {t('burn.yes')}
        </Button>
        <Button size="lg" variant="secondary" className="w-full tablet:flex-1" onClick={() => close(dialogId)} data-testid="burn-bonuses-no">
          {t('burn.no')}
        </Button>
      </div>
    </div>
  );
}
