import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { isConfirmHintVisible } from './rules.ts';
import { useNow } from './use-now.ts';

/**
 * The confirm-contact hint (spec 1 section 4): until 5 days after registration, while the login
 * contact is unconfirmed and no `confirm_sent` flag is stored, a call to confirm it. The action
 * is the page's (it sends the code and opens the code field).
 */
export function ConfirmContactHint({
  regTime,
  contact,
  contactType,
  loginConfirmed,
  confirmSent,
  serverNow = null,
  busy = false,
  onConfirm,
}: {
  regTime: string | null | undefined;
  contact: string;
  contactType: 'email' | 'phone';
  loginConfirmed: boolean;
  confirmSent: boolean;
  serverNow?: number | null;
  busy?: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('profile');
  const now = useNow(serverNow);
  if (now === null || !isConfirmHintVisible({ regTime, now, loginConfirmed, confirmSent })) return null;
  return (
    <aside
      className="flex flex-col gap-4 rounded-3xl bg-gradient-to-br from-violet-600/30 via-ink-800 to-ink-800 p-5 ring-1 ring-violet-500/25 tablet:flex-row tablet:items-center tablet:p-6"
      data-testid="confirm-contact-hint"
    >
      <span className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-violet-500/20 text-violet-400 ring-1 ring-violet-400/30">
        <Icon name={contactType === 'phone' ? 'phone' : 'mail'} size={24} />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-extrabold">{t(`hints.confirm.title.${contactType}`)}</h2>
        <p className="mt-1 text-sm text-ink-300">
          {t('hints.confirm.text', { contact })}
        </p>
      </div>
      <Button variant="secondary" onClick={onConfirm} disabled={busy} className="tablet:shrink-0" data-testid="confirm-contact-hint-action">
        {t('hints.confirm.cta')}
      </Button>
    </aside>
  );
}
