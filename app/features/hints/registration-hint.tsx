import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_HINT_MS } from '../../../contract/constants.ts';
import { isLoggedIn } from '../../../contract/api.ts';
import { useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { hoursAndMinutes, isRegistrationHintVisible, remainingMs } from './rules.ts';
import { useNow } from './use-now.ts';

/**
 * The registration hint (spec 1 section 4): for a new player, until 2 hours after registration
 * and while they have not deposited, an invitation to make the first deposit.
 *
 * `hasDeposit` comes from the page's loader (./has-deposit.ts): the cashier's history of the
 * player's successful deposits.
 * `variant="card"` is the profile's block, `variant="banner"` the slim strip for the home page.
 */
export function RegistrationHint({
  variant = 'card',
  hasDeposit,
  serverNow = null,
  className,
}: {
  variant?: 'card' | 'banner';
  hasDeposit: boolean;
  serverNow?: number | null;
  className?: string;
}) {
  const { t } = useTranslation('profile');
  const user = useRootData()?.user;
  const localize = useLocalizedPath();
  const now = useNow(serverNow);
  if (!isLoggedIn(user) || now === null) return null;
  if (!isRegistrationHintVisible({ regTime: user?.reg_time, now, hasDeposit })) return null;
  const duration = hoursAndMinutes(remainingMs(user?.reg_time, REGISTRATION_HINT_MS, now));
  const left = t(duration.hours ? (duration.minutes ? 'hints.duration' : 'hints.durationHours') : 'hints.durationMinutes', duration);

  if (variant === 'banner') {
    return (
      <aside
        className={clsx(
          'flex flex-wrap items-center gap-3 rounded-2xl bg-gradient-to-r from-gold-500/20 via-ink-800 to-violet-600/25 px-4 py-3 ring-1 ring-gold-500/25',
          className,
        )}
        data-testid="registration-hint-banner"
      >
        <span className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-gold-500/20 text-gold-300">
          <Icon name="gift" size={18} />
        </span>
        <p className="min-w-0 flex-1 text-sm text-ink-200">
          <span className="font-semibold text-white">{t('hints.registration.title')}</span>{' '}
          <span className="text-ink-300">{t('hints.registration.short', { time: left })}</span>
        </p>
        <ButtonLink to={localize('/cashier/deposit')} size="sm">
          {t('hints.registration.cta')}
        </ButtonLink>
      </aside>
    );
  }

  return (
    <aside
      className={clsx(
        'relative overflow-hidden rounded-3xl bg-gradient-to-br from-gold-500/25 via-ink-800 to-violet-600/30 p-5 ring-1 ring-gold-500/25 tablet:p-6',
        className,
      )}
      data-testid="registration-hint"
    >
      <Icon name="gift" size={120} className="pointer-events-none absolute -right-4 -bottom-6 hidden text-gold-400/10 tablet:block" />
      <div className="relative flex flex-col gap-4 tablet:flex-row tablet:items-center">
        <span className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-gold-500/20 text-gold-300 ring-1 ring-gold-400/30">
          <Icon name="gift" size={24} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-widest text-gold-400 uppercase">{t('hints.registration.kicker')}</p>
          <h2 className="mt-1 text-lg font-extrabold">{t('hints.registration.title')}</h2>
          <p className="mt-1 text-sm text-ink-300">{t('hints.registration.text', { time: left })}</p>
        </div>
        <ButtonLink to={localize('/cashier/deposit')} className="tablet:shrink-0">
          {t('hints.registration.cta')}
        </ButtonLink>
      </div>
    </aside>
  );
}
