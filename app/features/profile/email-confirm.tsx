import { useTranslation } from 'react-i18next';
import { useGatesT } from '../cashier/gates-i18n.ts';
import { useLocalizedPath } from '../../lib/locale.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { DialogHeading } from '../bonuses/parts.tsx';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { ConfirmBox } from './contacts.tsx';
import { useContactConfirmation } from './use-contact-confirmation.ts';

/** The answer the e-mail confirm closes with once the contact is confirmed. */
export const CONTACT_CONFIRMED = 'confirmed';

/**
 * The e-mail confirm (spec 2 section 2, dialogs): confirms a contact by code without leaving the
 * page. Opened after sign-up when the site configuration's auth.registration.confirmEmailPopup
 * is on, and by the cashier when a payment needs a confirmed contact (UserNeedConfirmContact).
 * A phone login is confirmed the same way, by SMS. Closes with CONTACT_CONFIRMED.
 */
export default function EmailConfirm({ dialogId, contact, contactType }: DialogComponentProps) {
  const { t } = useGatesT();
  const profileT = useTranslation('profile').t;
  const localize = useLocalizedPath();
  const close = useDialogs((state) => state.close);
  const confirmation = useContactConfirmation({ onConfirmed: () => close(dialogId, { result: CONTACT_CONFIRMED, immediate: true }) });
  const type = contactType === 'phone' ? 'phone' : 'email';
  const value = typeof contact === 'string' ? contact : '';
  return (
    <div className="space-y-4 pt-1" data-testid="email-confirm">
      <DialogHeading icon={type === 'phone' ? 'phone' : 'mail'} tone="gold" kicker={t('gate.confirm.kicker')} title={profileT(`gate.confirm.title.${type}`)} />
      {value ? (
        <ConfirmBox id="email-confirm-box" contact={{ type, contact: value, is_confirmed: false, is_subscribed: false, is_login: true }} confirmation={confirmation} />
      ) : (
        <>
          <p className="text-sm text-ink-300">{t('gate.confirm.missing')}</p>
          <ButtonLink to={localize('/profile/settings')} size="lg" className="w-full" onClick={() => close(dialogId, { immediate: true })}>
            {t('gate.confirm.toProfile')}
          </ButtonLink>
        </>
      )}
      <Button variant="ghost" className="w-full" onClick={() => close(dialogId)} data-testid="email-confirm-later">
        {t('gate.confirm.later')}
      </Button>
    </div>
  );
}
