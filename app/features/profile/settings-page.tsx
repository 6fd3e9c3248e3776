import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { PageHeading, PageMeta } from '../pages/page-meta.tsx';
import { ConfirmContactHint } from '../hints/confirm-contact-hint.tsx';
import { RegistrationHint } from '../hints/registration-hint.tsx';
import { useRootData } from '../../lib/locale.ts';
import { CurrencyForm, FakenameForm } from './account-forms.tsx';
import { ContactsPanel } from './contacts.tsx';
import { PersonalDataForm } from './personal-data-form.tsx';
import type { PersonalDataField, PhoneSettings, ProfileInfo } from './types.ts';
import { useContactConfirmation } from './use-contact-confirmation.ts';

export type SettingsData = {
  profile: ProfileInfo;
  fields: PersonalDataField[];
  phoneSettings: PhoneSettings | null;
  confirmSent: boolean;
  /** The loader's clock, so hints render the same on the server and while hydrating. */
  now: number;
  /** The player has a successful deposit: the registration hint is over. */
  hasDeposit: boolean;
};

/** /profile/settings: hints, personal data, display name, currency and contacts. */
export function SettingsPage({ data }: { data: SettingsData }) {
  const { t } = useTranslation('profile');
  const user = useRootData()?.user;
  const revalidator = useRevalidator();
  const [confirmSent, setConfirmSent] = useState(data.confirmSent);
  const confirmation = useContactConfirmation({
    onSent: () => setConfirmSent(true),
    onConfirmed: () => revalidator.revalidate(),
  });
  const contacts = data.profile.contacts ?? [];
  const login = contacts.find((contact) => contact.is_login) ?? contacts[0];

  return (
    <div data-testid="page-profile.settings">
      <PageMeta title={t('settings.title')} description={t('settings.subtitle')} />
      <PageHeading title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <div className="space-y-6">
        <div className="space-y-4 empty:hidden">
            <RegistrationHint serverNow={data.now} hasDeposit={data.hasDeposit} />
            {login && (
              <ConfirmContactHint
                regTime={user?.reg_time}
                contact={login.contact}
                contactType={login.type}
                loginConfirmed={login.is_confirmed}
                confirmSent={confirmSent}
                serverNow={data.now}
                busy={confirmation.entry(login.contact).busy !== undefined}
                onConfirm={() => {
                  void confirmation.send(login.contact);
                  document.getElementById('contacts')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                }}
              />
            )}
        </div>
        <div className="grid items-start gap-6 llaptop:grid-cols-[minmax(0,1fr)_340px]">
          <PersonalDataForm fields={data.fields} profile={data.profile} />
          <div className="grid gap-6 tablet:grid-cols-2 llaptop:grid-cols-1">
            <FakenameForm />
            <CurrencyForm />
          </div>
        </div>
        <ContactsPanel contacts={contacts} phoneSettings={data.phoneSettings} confirmation={confirmation} />
      </div>
    </div>
  );
}
