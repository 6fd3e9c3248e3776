import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { fieldAppliesToCurrency, withConfiguredFields } from '../../../contract/configured-forms.ts';
import { parseCalendarDate, validateForm, type FieldRule } from '../../../contract/validation.ts';
import { api } from '../../lib/api-client.ts';
import { useLocale, useRootData } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert, SelectField, TextField } from '../../ui/field.tsx';
import { useToasts } from '../toasts/store.ts';
import { errorMessage, fieldErrors } from './errors.ts';
import { DirtyMark, Panel } from './panel.tsx';
import type { PersonalDataField, ProfileInfo } from './types.ts';

/**
 * Bounds the server applies to the personal data (server/modules/accounts/fields.ts) that the
 * field list does not carry; the birth date's upper bound (18 years ago) is computed on submit.
 */
const BOUNDS: Record<string, Partial<FieldRule>> = {
  birth_date: { min: '1900-01-01' },
  country: { max: 64 },
  region: { max: 128 },
  home_town: { max: 128 },
  address: { max: 256 },
  document_type: { max: 32 },
  document_number: { max: 64 },
};

const WIDE = new Set(['address']);
const AUTOCOMPLETE: Record<string, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  birth_date: 'bday',
  country: 'country-name',
  region: 'address-level1',
  home_town: 'address-level2',
  address: 'street-address',
  postcode: 'postal-code',
};

type Values = Record<string, string>;

export function initialValues(fields: readonly PersonalDataField[], profile: ProfileInfo): Values {
  const source = profile as unknown as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((field) => {
      const value = source[field.name];
      if (value === null || value === undefined) return [field.name, field.type === 'sex' ? '0' : ''];
      if (field.type === 'date') return [field.name, toDateInput(String(value))];
      return [field.name, String(value)];
    }),
  );
}

/** A date input holds yyyy-mm-dd; a date stored as dd.mm.yyyy is shown in that form. */
function toDateInput(value: string): string {
  const date = parseCalendarDate(value);
  if (!date) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

export function rulesFor(fields: readonly PersonalDataField[], now: Date): Record<string, FieldRule> {
  const adultBefore = new Date(now);
  adultBefore.setFullYear(adultBefore.getFullYear() - 18);
  return Object.fromEntries(
    fields.map((field) => {
      const rule: FieldRule = { type: field.type, required: field.required, ...BOUNDS[field.name] };
      if (field.type === 'date') rule.max = adultBefore;
      return [field.name, rule];
    }),
  );
}

/** The personal data form (spec 1 section 3): fields from getPersonalDataFields, saved with saveProfileInfo. */
export function PersonalDataForm({ fields: listed, profile }: { fields: PersonalDataField[]; profile: ProfileInfo }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const root = useRootData();
  const config = root?.config;
  // forms.currencyConditions: a field listed there is asked only from players of those currencies.
  const conditions = config?.forms.currencyConditions ?? {};
  const fields = listed.filter((field) => fieldAppliesToCurrency(conditions, field.name, root?.user.balance_main.currency));
  const revalidator = useRevalidator();
  const showToast = useToasts((state) => state.show);
  const [saved, setSaved] = useState<Values>(() => initialValues(fields, profile));
  const [values, setValues] = useState<Values>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const readOnly = (name: string) => name === 'document_number' && profile.document_number_readonly;
  const dirty = fields.some((field) => values[field.name] !== saved[field.name]);

  const change = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const editable = fields.filter((field) => !readOnly(field.name));
    // forms.profileSettings: the operator's pattern and messages for these fields.
    const rules = withConfiguredFields(rulesFor(editable, new Date()), config?.forms.profileSettings);
    const body = Object.fromEntries(editable.map((field) => [field.name, values[field.name]]));
    // Sex 0 is the API's "not specified": empty for the rules (only a required sex must be chosen).
    const check = { ...body, ...(body.sex === '0' ? { sex: '' } : {}) };
    const found = validateForm(rules, check, { locale, validationDict: config?.validatorConfig.validationDict, postcodePattern: config?.validatorConfig.postcodePattern });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await api<number>('saveProfileInfo', { body });
      setSaved(values);
      showToast({ kind: 'success', title: t('personal.saved'), message: t('personal.savedText') });
      revalidator.revalidate();
    } catch (error) {
      const byField = fieldErrors(error, fields.map((field) => field.name));
      setErrors(byField);
      if (!Object.keys(byField).length) setFormError(errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  }

  const label = (name: string) => (
    <>
      {t(`personal.fields.${name}`, { defaultValue: name })}
      {values[name] !== saved[name] && <DirtyMark />}
    </>
  );

  return (
    <Panel icon="user" title={t('personal.title')} text={t('personal.text')} testId="personal-data">
      <form noValidate onSubmit={submit} className="space-y-5" data-testid="personal-data-form">
        {formError && <FormAlert>{formError}</FormAlert>}
        <div className="grid gap-4 tablet:grid-cols-2">
          {fields.map((field) => {
            const common = {
              id: `profile-${field.name}`,
              name: field.name,
              label: label(field.name),
              error: errors[field.name],
            };
            if (field.type === 'sex') {
              return (
                <SelectField key={field.name} {...common} value={values[field.name]} onChange={(event) => change(field.name, event.target.value)}>
                  <option value="0">{t('personal.sex.0')}</option>
                  {(field.options ?? [1, 2]).map((option) => (
                    <option key={option} value={String(option)}>
                      {t(`personal.sex.${option}`, { defaultValue: String(option) })}
                    </option>
                  ))}
                </SelectField>
              );
            }
            if (field.type === 'documentType') {
              return (
                <SelectField key={field.name} {...common} value={values[field.name]} onChange={(event) => change(field.name, event.target.value)}>
                  <option value="">{t('personal.documentNone')}</option>
                  {(field.options ?? []).map((option) => (
                    <option key={option} value={String(option)}>
                      {t(`personal.documentTypes.${option}`, { defaultValue: String(option) })}
                    </option>
                  ))}
                </SelectField>
              );
            }
            const locked = readOnly(field.name);
            return (
              <div key={field.name} className={WIDE.has(field.name) ? 'tablet:col-span-2' : undefined}>
                <TextField
                  {...common}
                  type={field.type === 'date' ? 'date' : 'text'}
                  inputMode={field.type === 'postcode' ? 'numeric' : undefined}
                  autoComplete={AUTOCOMPLETE[field.name] ?? 'off'}
                  value={values[field.name]}
                  readOnly={locked}
                  aria-readonly={locked || undefined}
                  hint={locked ? t('personal.readOnly') : undefined}
                  className={locked ? 'cursor-not-allowed text-ink-300' : undefined}
                  onChange={(event) => change(field.name, event.target.value)}
                />
              </div>
            );
          })}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-white/5 pt-5">
          {dirty && <p className="mr-auto text-sm text-ink-300">{t('personal.unsavedText')}</p>}
          <Button
            variant="ghost"
            disabled={!dirty || busy}
            onClick={() => {
              setValues(saved);
              setErrors({});
              setFormError(null);
            }}
          >
            {t('common.reset')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="personal-data-save">
            {busy ? t('common.saving') : t('personal.save')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
