import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { GameMode } from '../../../contract/studio.ts';
import { useLocalizedPath } from '../../lib/locale.ts';
import { Icon } from '../../ui/icon.tsx';
import { fieldMessages, type StudioError } from './errors.ts';

/**
 * A refused or failed call in the player's language: the headline of its kind, the server's
 * field messages, and the way out (the cashier for real money, a lower stake, signing in).
 */
export function ErrorNotice({ error, mode, onClose, compact = false }: { error: StudioError; mode?: GameMode; onClose?: () => void; compact?: boolean }) {
  const { t } = useTranslation('studio');
  const localize = useLocalizedPath();
  const details = fieldMessages(error);
  const headline = t(`errors.${error.kind}`);
  const hint = error.kind === 'funds' ? t(mode === 'demo' ? 'errors.fundsDemoHint' : 'errors.fundsRealHint') : null;
  return (
    <div
      role="alert"
      className={clsx(
        'flex items-start gap-3 rounded-2xl bg-ruby-500/15 text-left text-ink-100 shadow-xl ring-1 ring-ruby-400/40 backdrop-blur',
        compact ? 'p-3 text-xs' : 'p-3.5 text-sm',
      )}
      data-testid="studio-error"
      data-kind={error.kind}
    >
      <Icon name="alert" size={compact ? 16 : 20} className="mt-0.5 shrink-0 text-ruby-400" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-bold text-white">{headline}</p>
        {details.length > 0 ? (
          <ul className="space-y-0.5 text-ink-200">
            {details.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : (
          (error.kind === 'unknown' || error.kind === 'limit') && error.message && <p className="text-ink-200" data-testid="studio-error-message">{error.message}</p>
        )}
        {error.kind === 'limit' && (
          <a href={localize('/responsible-game')} target="_top" className="inline-block pt-1 font-semibold text-gold-300 underline underline-offset-2" data-testid="studio-limits-link">
            {t('errors.limitLink')}
          </a>
        )}
        {hint && <p className="text-ink-200">{hint}</p>}
        {error.kind === 'funds' && mode === 'real' && (
          <a href={localize('/cashier/deposit')} target="_top" className="inline-block pt-1 font-semibold text-gold-300 underline underline-offset-2">
            {t('errors.deposit')}
          </a>
        )}
        {error.kind === 'signIn' && (
          <a href={localize('/forms/sign_in')} target="_top" className="inline-block pt-1 font-semibold text-gold-300 underline underline-offset-2">
            {t('guest.signIn')}
          </a>
        )}
      </div>
      {onClose && (
        <button type="button" onClick={onClose} aria-label={t('close')} className="-m-1 grid h-7 w-7 shrink-0 place-items-center rounded-full text-ink-300 hover:bg-white/10 hover:text-white">
          <Icon name="close" size={14} />
        </button>
      )}
    </div>
  );
}
