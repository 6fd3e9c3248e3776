import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../contract/api.ts';
import type { SiteConfig } from '../../../contract/site-config.ts';
import { withConfiguredFields } from '../../../contract/configured-forms.ts';
import type { FieldRule } from '../../../contract/validation.ts';
import { api } from '../../lib/api-client.ts';
import { deviceFields, useDeviceWarmup } from '../../lib/device-fingerprint.ts';
import { useLocale, useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { CheckboxField, FormAlert, PasswordField, SelectField, TextField } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { formFailure } from './api-errors.ts';
import { useValidatedForm } from './form-state.ts';
import { afterRegister, PROMO_CODE_KEY, SHOW_POPUP_REG_KEY } from './navigation.ts';
import { PhoneInput, usePhoneCheck, usePhoneCountries } from './phone-input.tsx';
import { markSignedIn } from '../promotions/after-login.ts';
import { rememberRegisterPromo } from '../promotions/register-promo.ts';
import type { RegisterPromo } from '../promotions/types.ts';
import { track } from '../../lib/analytics.ts';

type Method = 'email' | 'phone';
type Mark = 'casino' | 'betting';

type SignUpValues = {
  email: string;
  phone: string;
  password: string;
  currency: string;
  terms: boolean;
  is_subscribed: boolean;
  promo_code: string;
  mark: Mark;
};

const SHOWN_FIELDS = ['email', 'phone', 'password', 'currency', 'terms', 'promo_code'];

/** The registration rules the server applies (server/modules/accounts/fields.ts), for this form's fields. */
function registrationRules(config: SiteConfig, method: Method, country: string): Record<string, FieldRule> {
  const rules: Record<string, FieldRule> = {
    ...(method === 'phone' ? { phone: { type: 'phone', phoneCountry: country || undefined } } : { email: { type: 'email' } }),
    password: { type: 'password' },
    promo_code: { type: 'promoCode', required: false },
  };
  if (config.auth.registration.terms.isActive) rules.terms = { type: 'checkbox' };
  // The operator's form definition may add a pattern or its own messages to a field.
  return withConfiguredFields(rules, config.forms.registration);
}

/** The character picker (auth.registration.showCharacterSelect): its code loads only where the switch is on. */
const CharacterPicker = lazy(() => import('../loyalty/signup-character-picker.tsx'));

export function SignUpForm({
  standalone = false,
  redirectUrl,
  onSignIn,
}: {
  standalone?: boolean;
  redirectUrl?: string | null;
  onSignIn: () => void;
}) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const root = useRootData();
  const config = root?.config;
  const registration = config?.auth.registration;
  const authTypes = config?.auth.authTypes ?? ['email'];
  const methods: Method[] = (['email', 'phone'] as const).filter((type) => authTypes.includes(type));
  const [method, setMethod] = useState<Method>(methods[0] ?? 'email');
  const [chosenCountry, setCountry] = useState('');
  const phoneCheck = usePhoneCheck(method === 'phone');
  const phoneSettings = usePhoneCountries(method === 'phone');
  const country = chosenCountry || phoneSettings?.default_country || '';
  useDeviceWarmup();

  const configuredCurrencies = config?.cashier.availableCurrency ?? {};
  const currencies = Object.entries(
    Object.keys(configuredCurrencies).length ? configuredCurrencies : (root?.general.available_currencies ?? {}),
  );
  const defaultCurrency = currencies.find(([code]) => code === root?.general.default_currency)?.[0] ?? currencies[0]?.[0] ?? '';

  const [promoOpen, setPromoOpen] = useState(!!registration?.showPromoFieldByDefault);
  // A loyalty character picked at sign-up; the picker shows while the switch and the loyalty programme are on.
  const [character, setCharacter] = useState<number | null>(null);
  const showCharacters = !!registration?.showCharacterSelect && config?.features.loyalty !== false;
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const rules = useMemo(() => (config ? registrationRules(config, method, country) : {}), [config, method, country]);
  const form = useValidatedForm<SignUpValues>(
    () => ({
      email: '',
      phone: '',
      password: '',
      currency: defaultCurrency,
      terms: registration?.terms.defaultValue ?? false,
      is_subscribed: registration?.notify.isActive ? registration.notify.defaultValue : false,
      promo_code: '',
      mark: registration?.markBetting.defaultValue ?? 'casino',
    }),
    {
      strategy: registration?.validationStrategy ?? 'eager',
      rules,
      options: { locale, validationDict: config?.validatorConfig.validationDict, phoneCheck },
    },
  );

  // A promo code from an earlier link (?promo_code=..., saved by the shell) fills the field.
  const { set } = form;
  useEffect(() => {
    const stored = localStorage.getItem(PROMO_CODE_KEY);
    if (stored) set('promo_code', stored);
  }, [set]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    if (!form.validate()) return;
    const values = form.values;
    const body: Record<string, unknown> = { password: values.password, currency: values.currency || undefined };
    if (method === 'phone') {
      body.phone = values.phone;
      body.phone_country_code = country;
    } else {
      body.email = values.email;
    }
    if (registration?.terms.isActive && values.terms) body.terms = '1';
    if (registration?.notify.isActive) body.is_subscribed = values.is_subscribed ? '1' : '0';
    if (registration?.showPromocode && values.promo_code.trim()) body.promo_code = values.promo_code.trim();
    if (registration?.markBetting.isActive) body.mark = values.mark;
    if (showCharacters && character !== null) body.character_id = String(character);

    setPending(true);
    try {
      // The sign-up carries the browser's fingerprint (docs/devices.md), never waiting long for it.
      const answer = await api<UserInfo & { promo?: RegisterPromo }>('register', { body: { ...body, ...(await deviceFields()) }, locale });
      localStorage.removeItem(SHOW_POPUP_REG_KEY);
      track('registration', { method: 'password' });
      if (answer.promo && !answer.promo.activated && answer.promo.code === 'NOT_FOUND') track('promocode_not_found', { code: String(body.promo_code ?? '') });
      // A code the form offered was used (or refused) by registration; without the field, it stays
      // for the promotions host to activate once the player is in.
      if (registration?.showPromocode) localStorage.removeItem(PROMO_CODE_KEY);
      // The next page (a full load) shows the outcome: the promo-code-activated popup, or why not.
      rememberRegisterPromo(answer.promo, String(body.promo_code ?? ''));
      const target = afterRegister(locale, window.location, { standalone, redirectUrl });
      markSignedIn(target);
      window.location.assign(target);
    } catch (error) {
      const failure = formFailure(error, SHOWN_FIELDS, t('errors.generic'));
      const fields = { ...failure.fields };
      if (method === 'phone' && (error as { fields?: Record<string, string> }).fields?.phone_country_code) {
        fields.phone ??= (error as { fields: Record<string, string> }).fields.phone_country_code;
      }
      form.setServerErrors(fields);
      if (fields.promo_code) setPromoOpen(true);
      setAlert(failure.alert);
      setPending(false);
    }
  }

  const field = (name: 'email' | 'password' | 'promo_code') => ({
    name,
    value: form.values[name],
    onChange: (event: { target: { value: string } }) => form.set(name, event.target.value),
    onBlur: () => form.blur(name),
    error: form.error(name),
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="sign-up-form">
      {alert && <FormAlert>{alert}</FormAlert>}

      {methods.length > 1 && (
        <Segmented
          label={t('signUp.method')}
          testId="sign-up-method"
          value={method}
          onChange={(next) => {
            setMethod(next);
            form.setServerErrors({});
          }}
          options={[
            { value: 'email', label: <><Icon name="mail" size={16} />{t('signUp.byEmail')}</> },
            { value: 'phone', label: <><Icon name="phone" size={16} />{t('signUp.byPhone')}</> },
          ]}
        />
      )}

      {method === 'email' ? (
        <TextField
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('fields.emailPlaceholder')}
          {...field('email')}
        />
      ) : (
        <PhoneInput
          label={t('fields.phone')}
          countryLabel={t('fields.country')}
          country={country}
          onCountryChange={setCountry}
          value={form.values.phone}
          onChange={(value) => form.set('phone', value)}
          onBlur={() => form.blur('phone')}
          error={form.error('phone')}
          settings={phoneSettings}
        />
      )}

      <PasswordField
        label={t('fields.password')}
        autoComplete="new-password"
        hint={t('fields.passwordHint')}
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
        {...field('password')}
      />

      {currencies.length > 0 && (
        <SelectField
          label={t('fields.currency')}
          name="currency"
          value={form.values.currency}
          onChange={(event) => form.set('currency', event.target.value)}
          error={form.error('currency')}
        >
          {currencies.map(([code, symbol]) => (
            <option key={code} value={code}>
              {code} {symbol && symbol !== code ? `(${symbol})` : ''}
            </option>
          ))}
        </SelectField>
      )}

      {registration?.markBetting.isActive && (
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-ink-200" aria-hidden="true">
            {t('fields.mark')}
          </p>
          <Segmented
            label={t('fields.mark')}
            testId="sign-up-mark"
            value={form.values.mark}
            onChange={(value) => form.set('mark', value)}
            options={[
              { value: 'casino', label: <><Icon name="dice" size={16} />{t('mark.casino')}</> },
              { value: 'betting', label: <><Icon name="ball" size={16} />{t('mark.betting')}</> },
            ]}
          />
        </div>
      )}

      {showCharacters && (
        <Suspense fallback={<div className="h-40 animate-pulse rounded-2xl bg-ink-850" />}>
          <CharacterPicker value={character} onChange={setCharacter} />
        </Suspense>
      )}

      {registration?.showPromocode &&
        (promoOpen ? (
          <TextField label={t('fields.promo')} autoComplete="off" {...field('promo_code')} />
        ) : (
          <button
            type="button"
            onClick={() => setPromoOpen(true)}
            className="flex items-center gap-2 text-sm font-semibold text-gold-400 hover:text-gold-300"
            data-testid="promo-toggle"
            aria-expanded={false}
          >
            <Icon name="gift" size={16} />
            {form.values.promo_code ? t('signUp.promoApplied', { code: form.values.promo_code }) : t('signUp.promoToggle')}
          </button>
        ))}

      <div className="space-y-3 pt-1">
        {registration?.terms.isActive && (
          <CheckboxField
            name="terms"
            checked={form.values.terms}
            onChange={(event) => form.set('terms', event.target.checked)}
            onBlur={() => form.blur('terms')}
            error={form.error('terms')}
            label={
              <Trans
                t={t}
                i18nKey="fields.terms"
                components={{
                  terms: <a href={localize('/terms')} target="_blank" rel="noreferrer" className="font-semibold text-gold-400 underline-offset-2 hover:underline" />,
                }}
              />
            }
          />
        )}
        {registration?.notify.isActive && (
          <CheckboxField
            name="is_subscribed"
            checked={form.values.is_subscribed}
            onChange={(event) => form.set('is_subscribed', event.target.checked)}
            label={t('fields.notify')}
          />
        )}
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending} data-testid="sign-up-submit">
        {pending ? t('signUp.pending') : t('signUp.submit')}
      </Button>

      <p className="text-center text-sm text-ink-300">
        {t('signUp.haveAccount')}{' '}
        <button type="button" onClick={onSignIn} className="font-semibold text-gold-400 hover:text-gold-300">
          {t('signUp.toSignIn')}
        </button>
      </p>
    </form>
  );
}
