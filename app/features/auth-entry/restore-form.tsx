import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { withConfiguredFields } from '../../../contract/configured-forms.ts';
import type { FieldRule } from '../../../contract/validation.ts';
import { api } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useLocale, useRootData } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert, PasswordField, TextField } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { formFailure } from './api-errors.ts';
import { useValidatedForm } from './form-state.ts';
import { useCountdown } from './use-countdown.ts';
import { ResendRow } from './resend-row.tsx';

const LOGIN_RULES: Record<string, FieldRule> = { login: { type: 'login' } };
const RESET_RULES: Record<string, FieldRule> = {
  code: { type: 'code' },
  password: { type: 'password' },
  password_confirmation: { type: 'password', confirmOf: 'password' },
};

const loginValue = (login: string) => login.trim().replace(/^\+/, '');

/**
 * Password restore: the login first (a code and a link go to its contact), then the code with
 * the new password. The link of the e-mail (/forms/sign_in?restore=1&login=..&code=..) opens the
 * second step prefilled. Success ends every session; the player signs in with the new password.
 */
export function RestoreForm({
  initialLogin = '',
  initialCode = '',
  onDone,
}: {
  initialLogin?: string;
  initialCode?: string;
  /** Back to sign-in, with the login to prefill. */
  onDone: (login: string) => void;
}) {
  const { t } = useTranslation('auth');
  const [login, setLogin] = useState(initialCode && initialLogin ? initialLogin : null);
  const [resendTime, setResendTime] = useState(0);
  const [done, setDone] = useState(false);

  if (done && login) {
    return (
      <div className="space-y-5 text-center" data-testid="restore-done">
        <span className="mx-auto grid h-14 w-14 place-items-center rounded-2xl bg-jade-500/15 text-jade-400 ring-1 ring-jade-500/30">
          <Icon name="check" size={28} />
        </span>
        <div>
          <h3 className="text-lg font-bold">{t('restore.doneTitle')}</h3>
          <p className="mt-1 text-sm text-ink-300">{t('restore.doneText')}</p>
        </div>
        <Button size="lg" className="w-full" onClick={() => onDone(login)} data-testid="restore-to-sign-in">
          {t('restore.toSignIn')}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3 rounded-2xl bg-white/5 p-4 ring-1 ring-white/10">
        <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-gold-500/15 text-gold-400">
          <Icon name="key" />
        </span>
        <div>
          <h3 className="font-bold">{t('restore.title')}</h3>
          <p className="mt-1 text-sm text-ink-300">{login ? t('restore.codeText', { login }) : t('restore.text')}</p>
        </div>
      </div>
      {login === null ? (
        <RequestStep
          initialLogin={initialLogin}
          onSent={(value, seconds) => {
            setLogin(value);
            setResendTime(seconds);
          }}
        />
      ) : (
        <ResetStep login={login} initialCode={initialCode} resendTime={resendTime} onDone={() => setDone(true)} />
      )}
      <button
        type="button"
        onClick={() => onDone(login ?? initialLogin)}
        className="mx-auto flex items-center gap-1 text-sm text-ink-300 hover:text-white"
        data-testid="restore-back"
      >
        <Icon name="chevronLeft" size={16} />
        {t('restore.back')}
      </button>
    </div>
  );
}

function useFormSettings() {
  const root = useRootData();
  return {
    strategy: root?.config.auth.registration.validationStrategy ?? 'eager',
    validationDict: root?.config.validatorConfig.validationDict,
    // forms.restore: the operator's pattern and messages for the restore fields (login, code, password...).
    fields: root?.config.forms.restore ?? [],
  };
}

function RequestStep({ initialLogin, onSent }: { initialLogin: string; onSent: (login: string, resendTime: number) => void }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const { strategy, validationDict, fields } = useFormSettings();
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const rules = useMemo(() => withConfiguredFields(LOGIN_RULES, fields), [fields]);
  const form = useValidatedForm({ login: initialLogin }, { strategy, rules, options: { locale, validationDict } });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    if (!form.validate()) return;
    const login = loginValue(form.values.login);
    setPending(true);
    try {
      const answer = await api<{ resend_time: number }>('restore', { body: { login }, locale });
      onSent(login, answer.resend_time);
    } catch (error) {
      setPending(false);
      const failure = formFailure(error, ['login'], t('errors.generic'));
      form.setServerErrors(failure.fields);
      setAlert(failure.alert);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="restore-request-form">
      {alert && <FormAlert>{alert}</FormAlert>}
      <TextField
        label={t('fields.login')}
        name="login"
        autoComplete="username"
        inputMode="email"
        autoFocus
        placeholder={t('fields.loginPlaceholder')}
        {...form.bind('login')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending} data-testid="restore-request-submit">
        {t('restore.send')}
      </Button>
    </form>
  );
}

function ResetStep({ login, initialCode, resendTime, onDone }: { login: string; initialCode: string; resendTime: number; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const { strategy, validationDict, fields } = useFormSettings();
  const rules = useMemo(() => withConfiguredFields(RESET_RULES, fields), [fields]);
  const countdown = useCountdown(resendTime);
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  const [alert, setAlert] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const form = useValidatedForm(
    { code: initialCode, password: '', password_confirmation: '' },
    { strategy, rules, options: { locale, validationDict } },
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    if (!form.validate()) return;
    setPending(true);
    try {
      await api('restore', { body: { login, ...form.values }, locale });
      onDone();
    } catch (error) {
      setPending(false);
      const failure = formFailure(error, ['code', 'password', 'password_confirmation'], t('errors.generic'));
      form.setServerErrors(failure.fields);
      if (failure.alert) setAlert({ tone: 'error', text: failure.alert });
    }
  }

  async function resend() {
    setAlert(null);
    setResending(true);
    try {
      const answer = await api<{ resend_time: number }>('restore', { body: { login }, locale });
      countdown.restart(answer.resend_time);
      setAlert({ tone: 'info', text: t('restore.sent') });
    } catch (error) {
      setAlert({ tone: 'error', text: formFailure(error, [], t('errors.generic')).alert ?? t('errors.generic') });
      if (isApiError(error) && typeof error.details.retry_after === 'number') countdown.restart(error.details.retry_after);
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="restore-reset-form">
      {alert && <FormAlert tone={alert.tone}>{alert.text}</FormAlert>}
      <TextField
        label={t('fields.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus={!initialCode}
        className="tracking-[0.3em] tabular-nums"
        value={form.values.code}
        onChange={(event) => form.set('code', event.target.value.replace(/\s/g, ''))}
        onBlur={() => form.blur('code')}
        error={form.error('code')}
      />
      <ResendRow secondsLeft={countdown.left} onResend={resend} busy={resending} testId="restore" className="flex min-h-6 items-center text-sm" />
      <PasswordField
        label={t('fields.newPassword')}
        name="password"
        autoComplete="new-password"
        autoFocus={!!initialCode}
        hint={t('fields.passwordHint')}
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
        {...form.bind('password')}
      />
      <PasswordField
        label={t('fields.passwordConfirmation')}
        name="password_confirmation"
        autoComplete="new-password"
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
        {...form.bind('password_confirmation')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending} data-testid="restore-reset-submit">
        {t('restore.submit')}
      </Button>
    </form>
  );
}
