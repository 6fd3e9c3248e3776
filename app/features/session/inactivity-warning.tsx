import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { secondsLeft } from './inactivity.ts';
import { signOut } from './sign-out.ts';

/**
 * The inactivity warning: a countdown to the logout. Any click (the buttons too), key press or
 * scroll is activity, so the session host closes this dialog and starts the timer over.
 */
export default function InactivityWarning({ logoutAt }: DialogComponentProps) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const deadline = typeof logoutAt === 'number' ? logoutAt : 0;
  const [left, setLeft] = useState(() => secondsLeft(deadline, Date.now()));

  useEffect(() => {
    const tick = () => setLeft(secondsLeft(deadline, Date.now()));
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [deadline]);

  return (
    <div className="space-y-5 pt-2 text-center" data-testid="inactivity-warning">
      <div className="relative mx-auto grid h-24 w-24 place-items-center">
        <div className="absolute inset-0 animate-pulse rounded-full bg-gold-500/15 blur-md" />
        <div className="relative grid h-24 w-24 place-items-center rounded-full bg-ink-900 ring-2 ring-gold-400/60">
          <span className="text-4xl font-black text-gold-300 tabular-nums" data-testid="inactivity-countdown" aria-live="polite">
            {left}
          </span>
        </div>
      </div>
      <div>
        <h2 className="flex items-center justify-center gap-2 text-xl font-extrabold">
          <Icon name="clock" size={20} className="text-gold-400" />
          {t('inactivity.title')}
        </h2>
        <p className="mx-auto mt-2 max-w-sm text-sm text-ink-300">{t('inactivity.text', { seconds: left })}</p>
      </div>
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        <Button size="lg" className="w-full tablet:flex-1" data-testid="inactivity-stay">
          {t('inactivity.stay')}
        </Button>
        <Button size="lg" variant="secondary" className="w-full tablet:flex-1" onClick={() => void signOut(locale)} data-testid="inactivity-sign-out">
          {t('inactivity.signOut')}
        </Button>
      </div>
    </div>
  );
}
