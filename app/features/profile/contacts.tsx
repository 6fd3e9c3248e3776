import clsx from 'clsx';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { checkPhone } from '../../../contract/phone.ts';
import { fieldMessage } from '../../../contract/validation-messages.ts';
import { validateField, type FieldRule } from '../../../contract/validation.ts';
import { api } from '../../lib/api-client.ts';
import { useLocale, useRootData } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert, SelectField, TextField } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useToasts } from '../toasts/store.ts';
import { fieldErrors } from './errors.ts';
import { Badge, DirtyMark, Panel } from './panel.tsx';
import type { ContactType, PhoneSettings, ProfileContact } from './types.ts';
import type { ContactConfirmation } from './use-contact-confirmation.ts';

/**
 * The player's contacts (spec 1 sections 3 and 4): each with its confirmed / unconfirmed badge
 * and the login contact marked; unconfirmed ones open a code field (send code, resend countdown,
 * confirm). Below, a form adds an e-mail address or a phone number.
 */
export function ContactsPanel({
  contacts,
  phoneSettings,
  confirmation,
}: {
  contacts: ProfileContact[];
  phoneSettings: PhoneSettings | null;
  confirmation: ContactConfirmation;
}) {
  const { t } = useTranslation('profile');
  return (
    <Panel icon="mail" title={t('contacts.title')} text={t('contacts.text')} id="contacts" testId="contacts">
      <ul className="space-y-3" data-testid="contact-list">
        {contacts.map((contact) => (
          <ContactRow key={`${contact.type}:${contact.contact}`} contact={contact} confirmation={confirmation} />
        ))}
      </ul>
      <AddContactForm phoneSettings={phoneSettings} onAdded={(expected) => confirmation.open(expected)} />
    </Panel>
  );
}

function ContactRow({ contact, confirmation }: { contact: ProfileContact; confirmation: ContactConfirmation }) {
  const { t } = useTranslation('profile');
  const open = confirmation.expanded === contact.contact && !contact.is_confirmed;
  const panelId = `confirm-${contact.type}-${contact.contact.replace(/[^a-z0-9]/gi, '-')}`;
  return (
    <li className="rounded-2xl bg-ink-900/70 ring-1 ring-white/5" data-testid="contact-row" data-contact={contact.contact}>
      <div className="flex flex-wrap items-center gap-3 p-4">
        <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-white/5 text-ink-200">
          <Icon name={contact.type === 'phone' ? 'phone' : 'mail'} size={18} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold" title={contact.contact}>
            {contact.contact}
          </p>
          <p className="text-xs text-ink-400">{t(`contacts.types.${contact.type}`)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {contact.is_login && (
            <Badge tone="violet" icon="key" testId="contact-login">
              {t('contacts.login')}
            </Badge>
          )}
          {contact.is_confirmed ? (
            <Badge tone="jade" icon="check" testId="contact-confirmed">
              {t('contacts.confirmed')}
            </Badge>
          ) : (
            <Badge tone="gold" icon="alert" testId="contact-unconfirmed">
              {t('contacts.unconfirmed')}
            </Badge>
          )}
          {!contact.is_confirmed && (
            <Button
              size="sm"
              variant={open ? 'ghost' : 'secondary'}
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => confirmation.toggle(contact.contact)}
              data-testid="contact-confirm-toggle"
            >
              {open ? t('common.cancel') : t('contacts.confirm.open')}
            </Button>
          )}
        </div>
      </div>
      {open && <ConfirmBox id={panelId} contact={contact} confirmation={confirmation} />}
    </li>
  );
}

export function ConfirmBox({ id, contact, confirmation }: { id: string; contact: ProfileContact; confirmation: ContactConfirmation }) {
  const { t } = useTranslation('profile');
  const entry = confirmation.entry(contact.contact);
  const left = confirmation.secondsLeft(contact.contact);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void confirmation.confirm(contact.contact);
  };
  return (
    <form id={id} noValidate onSubmit={submit} className="space-y-4 border-t border-white/5 p-4" data-testid="contact-confirm">
      <p className="text-sm text-ink-300">{t(`contacts.confirm.text.${contact.type}`, { contact: contact.contact })}</p>
      {entry.notice && <FormAlert tone={entry.notice.tone}>{entry.notice.text}</FormAlert>}
      <div className="grid gap-3 tablet:grid-cols-[minmax(0,1fr)_auto] tablet:items-start">
        <TextField
          id={`${id}-code`}
          name="code"
          label={t('contacts.confirm.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="000000"
          maxLength={6}
          value={entry.code}
          error={entry.error}
          className="font-mono tracking-[0.4em]"
          onChange={(event) => confirmation.setCode(contact.contact, event.target.value)}
        />
        <div className="flex gap-2 tablet:pt-7">
          <Button
            variant="secondary"
            disabled={left > 0 || entry.busy !== undefined}
            onClick={() => void confirmation.send(contact.contact)}
            data-testid="contact-send-code"
          >
            {left > 0 ? t('contacts.confirm.resendIn', { seconds: left }) : entry.resendAt ? t('contacts.confirm.resend') : t('contacts.confirm.send')}
          </Button>
          <Button type="submit" disabled={entry.busy !== undefined} data-testid="contact-confirm-submit">
            {t('contacts.confirm.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The E.164 / lower-case form the server keeps, to find the new contact in the refreshed list. */
function normalizedContact(type: ContactType, value: string, country: string): string {
  if (type === 'email') return value.trim().toLowerCase();
  const parsed = value.trim().startsWith('+')
    ? parsePhoneNumberFromString(value.trim())
    : parsePhoneNumberFromString(value.trim(), { defaultCountry: country as CountryCode });
  return parsed?.number ?? value.trim();
}

/** Country names in the page's language (the code where the browser has no name for it). */
function countryNamer(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code) => {
      try {
        return names.of(code) ?? code;
      } catch {
        return code;
      }
    };
  } catch {
    return (code) => code;
  }
}

function AddContactForm({ phoneSettings, onAdded }: { phoneSettings: PhoneSettings | null; onAdded: (contact: string) => void }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const root = useRootData();
  const revalidator = useRevalidator();
  const showToast = useToasts((state) => state.show);
  const [type, setType] = useState<ContactType>('email');
  const [values, setValues] = useState({ email: '', phone: '' });
  const [country, setCountry] = useState(() => root?.user.country_code ?? phoneSettings?.default_country ?? 'FR');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const value = values[type];
  const dirty = value.trim() !== '';

  const countries = useMemo(() => {
    const name = countryNamer(locale);
    return (phoneSettings?.countries ?? []).map((item) => ({ ...item, name: name(item.code) })).sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [phoneSettings, locale]);
  const selected = countries.find((item) => item.code === country);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const rule: FieldRule = type === 'email' ? { type: 'email' } : { type: 'phone', phoneCountry: country };
    const message = validateField(rule, value, { locale, phoneCheck: checkPhone, validationDict: root?.config.validatorConfig.validationDict });
    setInvalid(message);
    if (message) return;
    setBusy(true);
    try {
      await api<number>('addcontact', { body: { contact: value.trim(), phone_country_code: type === 'phone' ? country : undefined } });
      showToast({ kind: 'success', title: t('contacts.add.done'), message: t('contacts.add.doneText', { contact: value.trim() }) });
      onAdded(normalizedContact(type, value, country));
      setValues((current) => ({ ...current, [type]: '' }));
      revalidator.revalidate();
    } catch (failure) {
      // The server did not take it: the contact is marked invalid (spec 1 section 4), with the
      // server's own reason when it gives one for the field.
      const fallback = fieldMessage(locale, type === 'email' ? 'email' : 'phoneFormat');
      setInvalid(fieldErrors(failure, ['contact']).contact ?? fallback);
    } finally {
      setBusy(false);
    }
  }

  const label = (
    <>
      {t(type === 'email' ? 'contacts.add.emailLabel' : 'contacts.add.phoneLabel')}
      {dirty && <DirtyMark />}
    </>
  );

  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-4 rounded-2xl border border-dashed border-white/10 p-4" data-testid="add-contact">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-semibold">{t('contacts.add.title')}</h3>
        <div className="flex rounded-xl bg-ink-900 p-1" role="radiogroup" aria-label={t('contacts.add.typeLabel')}>
          {(['email', 'phone'] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="radio"
              aria-checked={type === key}
              onClick={() => {
                setType(key);
                setInvalid(null);
              }}
              className={clsx(
                'flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold transition',
                type === key ? 'bg-ink-700 text-white shadow' : 'text-ink-400 hover:text-ink-200',
              )}
              data-testid={`add-contact-type-${key}`}
            >
              <Icon name={key === 'phone' ? 'phone' : 'mail'} size={15} />
              {t(`contacts.types.${key}`)}
            </button>
          ))}
        </div>
      </div>
      <div className={clsx('grid gap-3', type === 'phone' ? 'tablet:grid-cols-[200px_minmax(0,1fr)_auto]' : 'tablet:grid-cols-[minmax(0,1fr)_auto]', 'tablet:items-start')}>
        {type === 'phone' && (
          <SelectField id="add-contact-country" label={t('contacts.add.countryLabel')} value={country} onChange={(event) => setCountry(event.target.value)}>
            {countries.map((item) => (
              <option key={item.code} value={item.code}>
                {`${item.name} (${item.dial_code})`}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          id={`add-contact-${type}`}
          name="contact"
          type={type === 'email' ? 'email' : 'tel'}
          inputMode={type === 'email' ? 'email' : 'tel'}
          autoComplete={type === 'email' ? 'email' : 'tel'}
          label={label}
          placeholder={type === 'email' ? t('contacts.add.emailPlaceholder') : (selected?.example ?? '')}
          hint={type === 'phone' && selected ? t('contacts.add.phoneHint', { dial: selected.dial_code }) : undefined}
          value={value}
          error={invalid}
          data-invalid={invalid ? 'true' : undefined}
          onChange={(event) => {
            const next = event.target.value;
            setValues((current) => ({ ...current, [type]: next }));
            setInvalid(null);
          }}
        />
        <div className="tablet:pt-7">
          <Button type="submit" className="w-full" disabled={busy || !dirty} data-testid="add-contact-submit">
            {busy ? t('common.saving') : t('contacts.add.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}
