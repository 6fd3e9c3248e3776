import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { validateField } from '../../../contract/validation.ts';
import { api } from '../../lib/api-client.ts';
import { useLocale, useRootData } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert, SelectField, TextField } from '../../ui/field.tsx';
import { useToasts } from '../toasts/store.ts';
import { errorMessage, fieldErrors } from './errors.ts';
import { DirtyMark, Panel } from './panel.tsx';

/** The public display name: fakename rule (letters and digits, 4 to 32), saved with changefakename. */
export function FakenameForm() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const root = useRootData();
  const revalidator = useRevalidator();
  const showToast = useToasts((state) => state.show);
  const current = root?.user.fakename ?? '';
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = value !== current;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const message = validateField({ type: 'fakename', max: 32 }, value, { locale, validationDict: root?.config.validatorConfig.validationDict });
    setError(message);
    if (message) return;
    setBusy(true);
    try {
      await api<number>('changefakename', { body: { fakename: value } });
      showToast({ kind: 'success', title: t('fakename.saved'), message: t('fakename.savedText', { fakename: value }) });
      revalidator.revalidate();
    } catch (failure) {
      setError(fieldErrors(failure, ['fakename']).fakename ?? errorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel icon="sparkles" title={t('fakename.title')} text={t('fakename.text')} testId="fakename">
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          id="profile-fakename"
          name="fakename"
          autoComplete="nickname"
          label={
            <>
              {t('fakename.label')}
              {dirty && <DirtyMark />}
            </>
          }
          hint={t('fakename.hint')}
          value={value}
          error={error}
          maxLength={32}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit" className="w-full" disabled={busy || !dirty} data-testid="fakename-save">
          {busy ? t('common.saving') : t('fakename.save')}
        </Button>
      </form>
    </Panel>
  );
}

/** The account currency (setCurrency), from the site's available currencies; refused after a first deposit. */
export function CurrencyForm() {
  const { t } = useTranslation('profile');
  const root = useRootData();
  const revalidator = useRevalidator();
  const showToast = useToasts((state) => state.show);
  const currencies = Object.entries(root?.general.available_currencies ?? {});
  const current = root?.user.balance_main.currency ?? root?.general.default_currency ?? '';
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api<number>('setCurrency', { body: { currency: value } });
      showToast({ kind: 'success', title: t('currency.saved'), message: t('currency.savedText', { currency: value }) });
      revalidator.revalidate();
    } catch (failure) {
      setError(fieldErrors(failure, ['currency']).currency ?? errorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel icon="coins" title={t('currency.title')} text={t('currency.text')} testId="currency">
      <form noValidate onSubmit={submit} className="space-y-4">
        {error && <FormAlert>{error}</FormAlert>}
        <SelectField
          id="profile-currency"
          name="currency"
          label={t('currency.label')}
          hint={t('currency.hint')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        >
          {currencies.map(([code, symbol]) => (
            <option key={code} value={code}>
              {`${code} (${symbol})`}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" className="w-full" disabled={busy || value === current} data-testid="currency-save">
          {busy ? t('common.saving') : t('currency.save')}
        </Button>
      </form>
    </Panel>
  );
}
