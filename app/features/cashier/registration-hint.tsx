import { useTranslation } from 'react-i18next';
import { REGISTRATION_HINT_MS } from '../../../contract/constants.ts';
import { isLoggedIn } from '../../../contract/api.ts';
import { useRootData } from '../../lib/locale.ts';
import { Icon } from '../../ui/icon.tsx';
import { hoursAndMinutes, isRegistrationHintVisible, remainingMs } from '../hints/rules.ts';
import { useNow } from '../hints/use-now.ts';

/**
 * The cashier's registration hint (spec 2 section 4): shown while cashier.regHintConfig.showRegHint
 * is on, until 2 hours after registration, and while the player has no successful deposit.
 */
export function CashierRegistrationHint({ hasDeposit, serverNow }: { hasDeposit: boolean; serverNow: number }) {
  const { t } = useTranslation('cashier');
  const root = useRootData();
  const now = useNow(serverNow);
  const user = root?.user;
  if (!root?.config.cashier.regHintConfig.showRegHint || !isLoggedIn(user) || now === null) return null;
  if (!isRegistrationHintVisible({ regTime: user?.reg_time, now, hasDeposit })) return null;
  const duration = hoursAndMinutes(remainingMs(user?.reg_time, REGISTRATION_HINT_MS, now));
  const time = duration.hours
    ? duration.minutes
      ? t('hint.duration', duration)
      : t('hint.durationHours', duration)
    : t('hint.durationMinutes', duration);
  return (
    <aside
      className="relative mb-6 flex items-center gap-4 overflow-hidden rounded-3xl bg-gradient-to-r from-gold-500/25 via-ink-800 to-violet-600/30 p-4 ring-1 ring-gold-500/30 tablet:p-5"
      data-testid="cashier-registration-hint"
    >
      <Icon name="gift" size={110} className="pointer-events-none absolute -right-3 -bottom-8 hidden text-gold-400/10 tablet:block" />
      <span className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-gold-500/20 text-gold-300 ring-1 ring-gold-400/30">
        <Icon name="gift" size={24} />
      </span>
      <div className="relative min-w-0">
        <p className="font-extrabold text-white">{t('hint.title')}</p>
        <p className="mt-0.5 text-sm text-ink-200">{t('hint.text', { time })}</p>
      </div>
    </aside>
  );
}
