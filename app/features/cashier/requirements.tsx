import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useGatesT } from './gates-i18n.ts';
import { useRevalidator } from 'react-router';
import type { CashierDirection, MissingRequirements } from '../../../contract/cashier-requirements.ts';
import { isApiError } from '../../lib/api-error.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useDialogs } from '../dialogs/store.ts';
import { Card } from './parts.tsx';

/**
 * What the site configuration asks before a deposit or a withdrawal (cashier.requirements): the
 * page says it up front, and a refused call (UserNeedProfileData, UserNeedConfirmContact) opens
 * the dialog that fixes it: the fill-profile-info confirm or the e-mail confirm. Once a contact
 * is confirmed the page's data is read again, so the notice goes.
 */
export function useCashierGates() {
  const { t } = useTranslation('profile');
  const gates = useGatesT().t;
  const open = useDialogs((state) => state.open);
  const revalidator = useRevalidator();

  const askProfile = useCallback(
    (fields: readonly string[]) => open({ component: 'fill-profile-info', type: 'confirm', componentProps: { fields }, dialogProps: { title: gates('gate.fill.title') } }),
    [open, gates],
  );
  const askContact = useCallback(
    (contact: MissingRequirements['contact']) =>
      open({
        component: 'email-confirm',
        type: 'popup',
        componentProps: { contact: contact?.contact ?? '', contactType: contact?.type ?? 'email' },
        dialogProps: { title: t(`gate.confirm.title.${contact?.type ?? 'email'}`) },
        onClose: (result) => {
          if (result === 'confirmed') void revalidator.revalidate();
        },
      }),
    [open, t, revalidator],
  );

  /** Opens the dialog a refused call asks for; answers whether it did. */
  const handle = useCallback(
    (error: unknown): boolean => {
      if (!isApiError(error)) return false;
      if (error.type === 'UserNeedProfileDataException') {
        const fields = error.details?.profile_fields;
        askProfile(Array.isArray(fields) ? fields.map(String) : Object.keys(error.fields));
        return true;
      }
      if (error.type === 'UserNeedConfirmContactException') {
        askContact((error.details?.contact as MissingRequirements['contact']) ?? null);
        return true;
      }
      return false;
    },
    [askProfile, askContact],
  );

  return { askProfile, askContact, handle };
}

/** The notice above a cashier form while the player lacks what the configuration asks. */
export function RequirementsNotice({ direction, missing }: { direction: CashierDirection; missing: MissingRequirements | undefined }) {
  const { t } = useGatesT();
  const profile = useTranslation('profile').t;
  const gates = useCashierGates();
  if (!missing || (missing.profile_fields.length === 0 && !missing.confirm_contact)) return null;
  const fields = missing.profile_fields.map((field) => profile(`personal.fields.${field}`, { defaultValue: field })).join(', ');
  return (
    <Card testId="cashier-requirements">
      <div className="flex items-start gap-4">
        <span className="grid h-11 w-11 shrink-0 place-items-center rounded-2xl bg-gold-500/15 text-gold-300 ring-1 ring-gold-400/30">
          <Icon name="shield" size={22} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-bold">{t(`requirements.title.${direction}`)}</h2>
          <p className="mt-1 text-sm text-ink-300">{t('requirements.text')}</p>
        </div>
      </div>
      <ul className="mt-4 space-y-3">
        {missing.profile_fields.length > 0 && (
          <li className="flex flex-col gap-3 rounded-2xl bg-ink-900/60 p-3 ring-1 ring-white/5 tablet:flex-row tablet:items-center" data-testid="requirement-profile">
            <span className="flex min-w-0 flex-1 items-start gap-2 text-sm">
              <Icon name="user" size={18} className="mt-0.5 shrink-0 text-gold-300" />
              <span>{t('requirements.profile', { fields })}</span>
            </span>
            <Button size="sm" variant="secondary" className="shrink-0" onClick={() => gates.askProfile(missing.profile_fields)} data-testid="requirement-profile-action">
              {t('requirements.fillProfile')}
            </Button>
          </li>
        )}
        {missing.confirm_contact && (
          <li className="flex flex-col gap-3 rounded-2xl bg-ink-900/60 p-3 ring-1 ring-white/5 tablet:flex-row tablet:items-center" data-testid="requirement-contact">
            <span className="flex min-w-0 flex-1 items-start gap-2 text-sm">
              <Icon name={missing.contact?.type === 'phone' ? 'phone' : 'mail'} size={18} className="mt-0.5 shrink-0 text-gold-300" />
              <span className="min-w-0 break-words">{missing.contact ? t('requirements.contact', { contact: missing.contact.contact }) : t('requirements.anyContact')}</span>
            </span>
            <Button size="sm" variant="secondary" className="shrink-0" onClick={() => gates.askContact(missing.contact)} data-testid="requirement-contact-action">
              {t('requirements.confirmContact')}
            </Button>
          </li>
        )}
      </ul>
    </Card>
  );
}

/** A cashier alert's words: the error type's title when it has one, then the server's message. */
export function ProblemText({ alert, testId }: { alert: { type: string; message: string | null }; testId: string }) {
  const { t, i18n } = useTranslation('cashier');
  const title = i18n.exists(`cashier:errors.types.${alert.type}`) ? t(`errors.types.${alert.type}`) : null;
  return (
    <span data-testid={testId} data-type={alert.type}>
      {title && <strong className="block font-bold" data-testid={`${testId}-title`}>{title}</strong>}
      {alert.message ?? t('errors.generic')}
    </span>
  );
}
