import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { twoFactorPanelShown } from '../../../contract/site-switches.ts';
import { validateField, validateForm, type FieldRule } from '../../../contract/validation.ts';
import { api } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useLocale, useRootData } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert, PasswordField, TextField } from '../../ui/field.tsx';
import { PageHeading, PageMeta } from '../pages/page-meta.tsx';
import { useToasts } from '../toasts/store.ts';
import { errorMessage, fieldErrors, isTooManyRequests } from './errors.ts';
import { Badge, Panel } from './panel.tsx';
import { CODE_RESEND_SECONDS } from './types.ts';
import { retryAfterSeconds, useCountdown } from './use-countdown.ts';

/** /profile/security: change the password, turn two-factor authentication on or off. */
export function SecurityPage() {
  const { t } = useTranslation('profile');
  const root = useRootData();
  // functionalSettings.isTwoFAEnable: while off, only a player who has two-factor sees the panel (to turn it off).
  const twoFactor = twoFactorPanelShown(root?.config.functionalSettings.isTwoFAEnable ?? true, root?.user.two_factor_auth ?? false);
  return (
    <div data-testid="page-profile.security">
      <PageMeta title={t('security.title')} description={t(twoFactor ? 'security.subtitle' : 'security.subtitlePasswordOnly')} />
      <PageHeading title={t('security.title')} subtitle={t(twoFactor ? 'security.subtitle' : 'security.subtitlePasswordOnly')} />
      <div className="grid items-start gap-6 llaptop:grid-cols-2">
        <PasswordForm />
        {twoFactor && <TwoFactorPanel />}
      </div>
    </div>
  );
}

const PASSWORD_RULES: Record<string, FieldRule> = {
  old_password: { type: 'text', max: 128 },
  password: { type: 'password' },
  password_confirmation: { type: 'password', confirmOf: 'password' },
};
const PASSWORD_FIELDS = Object.keys(PASSWORD_RULES);
const EMPTY = { old_password: '', password: '', password_confirmation: '' };

/** changepassword: the server ends every other session and gives this browser a new one. */
function PasswordForm() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const root = useRootData();
  const showToast = useToasts((state) => state.show);
  const [values, setValues] = useState<Record<string, string>>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = validateForm(PASSWORD_RULES, values, { locale, validationDict: root?.config.validatorConfig.validationDict });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await api<number>('changepassword', { body: values });
      setValues(EMPTY);
      showToast({ kind: 'success', title: t('security.password.changed'), message: t('security.password.changedText') });
    } catch (error) {
      const byField = fieldErrors(error, PASSWORD_FIELDS);
      setErrors(byField);
      if (!Object.keys(byField).length) setFormError(errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof typeof EMPTY, autoComplete: string) => (
    <PasswordField
      id={`security-${name}`}
      name={name}
      autoComplete={autoComplete}
      label={t(`security.password.${name}`)}
      hint={name === 'password' ? t('security.password.hint') : undefined}
      showLabel={t('common.show')}
      hideLabel={t('common.hide')}
      value={values[name]}
      error={errors[name]}
      maxLength={128}
      onChange={(event) => {
        const next = event.target.value;
        setValues((current) => ({ ...current, [name]: next }));
        setErrors((current) => {
          if (!(name in current)) return current;
          const rest = { ...current };
          delete rest[name];
          return rest;
        });
      }}
    />
  );

  return (
    <Panel icon="lock" title={t('security.password.title')} text={t('security.password.text')} testId="password">
      <form noValidate onSubmit={submit} className="space-y-4" data-testid="password-form">
        {formError && <FormAlert>{formError}</FormAlert>}
        {field('old_password', 'current-password')}
        {field('password', 'new-password')}
        {field('password_confirmation', 'new-password')}
        <div className="flex justify-end pt-1">
          <Button type="submit" disabled={busy} data-testid="password-save">
            {busy ? t('common.saving') : t('security.password.submit')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/**
 * Two-factor authentication: the state comes from the account info (root data). Turning it on or
 * off sends a code to the login contact (changeTwoFactorAuth); the code confirms the change
 * (confirmTwoFactorAuth), after which the root data is reloaded.
 */
function TwoFactorPanel() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const root = useRootData();
  const revalidator = useRevalidator();
  const showToast = useToasts((state) => state.show);
  const enabled = root?.user.two_factor_auth ?? false;
  const [pending, setPending] = useState<boolean | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();

  async function start(enable: boolean) {
    setBusy(true);
    setError(null);
    try {
      const answer = await api<{ resend_time?: number }>('changeTwoFactorAuth', { body: { enable: enable ? '1' : '0' } });
      setPending(enable);
      setNotice({ tone: 'success', text: t('security.twoFactor.codeSent', { contact: root?.user.login ?? '' }) });
      countdown.start(Number(answer?.resend_time) > 0 ? Number(answer.resend_time) : CODE_RESEND_SECONDS);
    } catch (failure) {
      if (isTooManyRequests(failure)) {
        setPending(enable);
        setNotice({ tone: 'info', text: t('security.twoFactor.tooSoon') });
        countdown.start(retryAfterSeconds(failure.details, CODE_RESEND_SECONDS));
      } else {
        setError(errorMessage(failure, t));
      }
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const invalid = validateField({ type: 'code' }, code, { locale });
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await api<number>('confirmTwoFactorAuth', { body: { code } });
      showToast({ kind: 'success', title: t(pending ? 'security.twoFactor.enabled' : 'security.twoFactor.disabled') });
      setPending(null);
      setCode('');
      setNotice(null);
      countdown.stop();
      revalidator.revalidate();
    } catch (failure) {
      setError(failure instanceof ApiError && 'code' in failure.fields ? failure.fields.code : errorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  }

  const cancel = () => {
    setPending(null);
    setCode('');
    setError(null);
    setNotice(null);
  };

  return (
    <Panel
      icon="shield"
      title={t('security.twoFactor.title')}
      text={t('security.twoFactor.text')}
      testId="two-factor"
      aside={
        <Badge tone={enabled ? 'jade' : 'ink'} icon={enabled ? 'check' : undefined} testId="two-factor-state">
          {t(enabled ? 'security.twoFactor.on' : 'security.twoFactor.off')}
        </Badge>
      }
    >
      {pending === null ? (
        <div className="space-y-4">
          {error && <FormAlert>{error}</FormAlert>}
          <p className="text-sm text-ink-300">{t(enabled ? 'security.twoFactor.onText' : 'security.twoFactor.offText', { contact: root?.user.login ?? '' })}</p>
          <div className="flex justify-end">
            <Button variant={enabled ? 'secondary' : 'primary'} disabled={busy} onClick={() => void start(!enabled)} data-testid="two-factor-toggle">
              {t(enabled ? 'security.twoFactor.disable' : 'security.twoFactor.enable')}
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={confirm} className="space-y-4" data-testid="two-factor-confirm">
          {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
          <TextField
            id="two-factor-code"
            name="code"
            label={t('security.twoFactor.codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="000000"
            maxLength={6}
            className="font-mono tracking-[0.4em]"
            value={code}
            error={error}
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
              setError(null);
            }}
          />
          <div className="flex flex-wrap items-center justify-end gap-2">
            <Button variant="ghost" onClick={cancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button variant="secondary" disabled={busy || countdown.left > 0} onClick={() => void start(pending)} data-testid="two-factor-resend">
              {countdown.left > 0 ? t('security.twoFactor.resendIn', { seconds: countdown.left }) : t('security.twoFactor.resend')}
            </Button>
            <Button type="submit" disabled={busy} data-testid="two-factor-submit">
              {t(pending ? 'security.twoFactor.confirmOn' : 'security.twoFactor.confirmOff')}
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}
