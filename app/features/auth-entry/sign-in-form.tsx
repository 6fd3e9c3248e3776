import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../contract/api.ts';
import type { FieldRule } from '../../../contract/validation.ts';
import { api } from '../../lib/api-client.ts';
import { deviceFields, useDeviceWarmup } from '../../lib/device-fingerprint.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useLocale, useRootData } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert, PasswordField, TextField } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { formFailure } from './api-errors.ts';
import { useValidatedForm } from './form-state.ts';
import { afterSignIn } from './navigation.ts';
import { useCountdown } from './use-countdown.ts';
import { ResendRow } from './resend-row.tsx';
import { markSignedIn } from '../promotions/after-login.ts';
import { track } from '../../lib/analytics.ts';

const CREDENTIAL_RULES: Record<string, FieldRule> = { login: { type: 'login' }, password: { type: 'text' } };
const CODE_RULES: Record<string, FieldRule> = { code: { type: 'code' } };

/** What the login call gets: a leading + is removed (spec 1 section 7). */
const loginValue = (login: string) => login.trim().replace(/^\+/, '');

type TwoFactor = { login: string; password: string; resendTime: number };

/** The two-factor payload of a failed login (spec 1 section 4), or null for any other failure. */
function twoFactorOf(error: unknown, login: string, password: string): TwoFactor | null {
  if (!isApiError(error) || error.type !== 'AuthorizationException') return null;
  const { two_factor: twoFactor, resend_time: resendTime } = error.details;
  if (twoFactor !== true && typeof resendTime !== 'number') return null;
  return { login, password, resendTime: typeof resendTime === 'number' ? resendTime : 60 };
}

function useStrategy() {
  const root = useRootData();
  return {
    strategy: root?.config.auth.registration.validationStrategy ?? 'eager',
    validationDict: root?.config.validatorConfig.validationDict,
  };
}

export function SignInForm({
  redirectUrl,
  initialLogin = '',
  onSignUp,
  onForgot,
}: {
  redirectUrl?: string | null;
  initialLogin?: string;
  onSignUp: () => void;
  onForgot: (login: string) => void;
}) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const { strategy, validationDict } = useStrategy();
  const [twoFactor, setTwoFactor] = useState<TwoFactor | null>(null);
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useValidatedForm({ login: initialLogin, password: '' }, { strategy, rules: CREDENTIAL_RULES, options: { locale, validationDict } });
  // The sign-in carries the browser's fingerprint (docs/devices.md): computed while the form shows.
  useDeviceWarmup();

  const signedIn = () => {
    const target = afterSignIn(locale, window.location, redirectUrl);
    // The page landed on queues the campaign popups the player has not seen (spec 2 section 4).
    markSignedIn(target);
    window.location.assign(target);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    if (!form.validate()) return;
    const login = loginValue(form.values.login);
    setPending(true);
    try {
      await api<UserInfo>('login', { body: { login, password: form.values.password, ...(await deviceFields()) }, locale });
      track('login', { method: 'password' });
      signedIn();
    } catch (error) {
      setPending(false);
      const step = twoFactorOf(error, login, form.values.password);
      if (step) {
        setTwoFactor(step);
        return;
      }
      track('login_failed', { error: isApiError(error) ? error.type : 'UnknownError' });
      const failure = formFailure(error, ['login', 'password'], t('errors.generic'));
      form.setServerErrors(failure.fields);
      setAlert(failure.alert);
    }
  }

  if (twoFactor) {
    return <TwoFactorStep key={twoFactor.login} payload={twoFactor} onSignedIn={signedIn} onBack={() => setTwoFactor(null)} />;
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="sign-in-form">
      {alert && <FormAlert>{alert}</FormAlert>}
      <TextField
        label={t('fields.login')}
        name="login"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('fields.loginPlaceholder')}
        {...form.bind('login')}
      />
      <div className="space-y-2">
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          showLabel={t('password.show')}
          hideLabel={t('password.hide')}
          {...form.bind('password')}
        />
        <div className="flex justify-end">
          <button
            type="button"
            onClick={() => onForgot(form.values.login)}
            className="text-sm font-semibold text-gold-400 hover:text-gold-300"
            data-testid="forgot-password"
          >
            {t('signIn.forgot')}
          </button>
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending} data-testid="sign-in-submit">
        {pending ? t('signIn.pending') : t('signIn.submit')}
      </Button>
      <p className="text-center text-sm text-ink-300">
        {t('signIn.noAccount')}{' '}
        <button type="button" onClick={onSignUp} className="font-semibold text-gold-400 hover:text-gold-300">
          {t('signIn.toSignUp')}
        </button>
      </p>
    </form>
  );
}

/**
 * The second step of a two-factor sign-in: the 6-digit code sent to the login contact, with a
 * countdown until a new one may be asked for ('send again' re-submits the login without a code).
 */
function TwoFactorStep({ payload, onSignedIn, onBack }: { payload: TwoFactor; onSignedIn: () => void; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const { strategy, validationDict } = useStrategy();
  const countdown = useCountdown(payload.resendTime);
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  const [alert, setAlert] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const form = useValidatedForm({ code: '' }, { strategy, rules: CODE_RULES, options: { locale, validationDict } });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    if (!form.validate()) return;
    setPending(true);
    try {
      await api<UserInfo>('login', { body: { login: payload.login, password: payload.password, code: form.values.code, ...(await deviceFields()) }, locale });
      track('login', { method: 'password' });
      onSignedIn();
    } catch (error) {
      setPending(false);
      track('login_failed', { error: isApiError(error) ? error.type : 'UnknownError' });
      const failure = formFailure(error, ['code'], t('errors.generic'));
      form.setServerErrors(failure.fields);
      if (failure.alert) setAlert({ tone: 'error', text: failure.alert });
    }
  }

  async function resend() {
    setAlert(null);
    setResending(true);
    try {
      // Two-factor was turned off meanwhile: the login simply succeeds.
      await api<UserInfo>('login', { body: { login: payload.login, password: payload.password, ...(await deviceFields()) }, locale });
      onSignedIn();
    } catch (error) {
      const step = twoFactorOf(error, payload.login, payload.password);
      if (step) {
        countdown.restart(step.resendTime);
        setAlert({ tone: 'info', text: t('twoFactor.sent') });
      } else {
        const failure = formFailure(error, [], t('errors.generic'));
        setAlert({ tone: 'error', text: failure.alert ?? t('errors.generic') });
        if (isApiError(error) && typeof error.details.retry_after === 'number') countdown.restart(error.details.retry_after);
      }
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="two-factor-form">
      <div className="flex items-start gap-3 rounded-2xl bg-violet-500/10 p-4 ring-1 ring-violet-400/20">
        <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-violet-500/20 text-violet-400">
          <Icon name="shield" />
        </span>
        <div>
          <h3 className="font-bold">{t('twoFactor.title')}</h3>
          <p className="mt-1 text-sm text-ink-300">{t('twoFactor.text', { login: payload.login })}</p>
        </div>
      </div>
      {alert && <FormAlert tone={alert.tone}>{alert.text}</FormAlert>}
      <TextField
        label={t('fields.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        placeholder="••••••"
        className="text-center text-2xl font-bold tracking-[0.5em] tabular-nums"
        value={form.values.code}
        onChange={(event) => form.set('code', event.target.value.replace(/\s/g, ''))}
        onBlur={() => form.blur('code')}
        error={form.error('code')}
      />
      <ResendRow secondsLeft={countdown.left} onResend={resend} busy={resending} testId="two-factor" className="flex min-h-6 items-center justify-center text-sm" />
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending} data-testid="two-factor-submit">
        {pending ? t('signIn.pending') : t('twoFactor.submit')}
      </Button>
      <button type="button" onClick={onBack} className="mx-auto flex items-center gap-1 text-sm text-ink-300 hover:text-white">
        <Icon name="chevronLeft" size={16} />
        {t('twoFactor.back')}
      </button>
    </form>
  );
}
