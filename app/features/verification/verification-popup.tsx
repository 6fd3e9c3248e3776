import { useQuery } from '@tanstack/react-query';
import type { VerificationView } from '../../../contract/verification.ts';
import { api } from '../../lib/api-client.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useLocale } from '../../lib/locale.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { verificationKey } from './api.ts';
import { useVerificationT } from './i18n.ts';
import { DocumentList, StatusBanner } from './parts.tsx';

/**
 * The identity verification popup (spec 2 section 4): opened where verification stands in the
 * way (a withdrawal refused with KycWithdrawalException); the player's status, and the uploads
 * and Send for review right there, or a way to the verification page.
 */
export default function VerificationPopup({ dialogId, message }: DialogComponentProps) {
  const { t } = useVerificationT();
  const locale = useLocale();
  const close = useDialogs((state) => state.close);
  const query = useQuery({ queryKey: verificationKey, queryFn: ({ signal }) => api<VerificationView>('verification/get', { signal }) });
  const view = query.data;
  return (
    <div className="space-y-4 pt-1" data-testid="verification-popup">
      <p className="text-xs font-bold tracking-wider text-gold-300 uppercase">{t('popup.kicker')}</p>
      <h2 className="text-xl font-extrabold text-white">{t('popup.title')}</h2>
      {typeof message === 'string' && message && <p className="text-sm text-ink-300">{message}</p>}
      {view && <StatusBanner view={view} compact />}
      {view?.provider === 'builtin' && view.can_upload && (
        <div className="max-h-[50vh] overflow-y-auto pr-1">
          <DocumentList view={{ ...view, optional: [] }} locale={locale} onChanged={() => void query.refetch()} onSubmitted={() => void query.refetch()} />
        </div>
      )}
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        <LocalLink to="/profile/verification" onClick={() => close(dialogId)} className={buttonClass('secondary', 'lg', 'w-full tablet:flex-1')} data-testid="verification-popup-open">
          {t('popup.open')}
        </LocalLink>
        <Button size="lg" variant="ghost" className="w-full tablet:flex-1" onClick={() => close(dialogId)}>
          {t('popup.close')}
        </Button>
      </div>
    </div>
  );
}
