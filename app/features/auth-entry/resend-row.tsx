import { useTranslation } from 'react-i18next';
import { clock } from './use-countdown.ts';

/** Under a code field: the countdown to the next code, then the button that asks for one. */
export function ResendRow({
  secondsLeft,
  onResend,
  busy,
  testId,
  className,
}: {
  secondsLeft: number;
  onResend: () => void;
  busy: boolean;
  /** Prefix of the test ids: `${testId}-countdown` and `${testId}-send-again`. */
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className={className}>
      {secondsLeft > 0 ? (
        <span className="text-ink-300" data-testid={`${testId}-countdown`}>
          {t('code.resendIn', { time: clock(secondsLeft) })}
        </span>
      ) : (
        <button
          type="button"
          onClick={onResend}
          disabled={busy}
          className="font-semibold text-gold-400 hover:text-gold-300 disabled:opacity-50"
          data-testid={`${testId}-send-again`}
        >
          {t('code.sendAgain')}
        </button>
      )}
    </div>
  );
}
