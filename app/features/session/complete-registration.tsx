import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { FieldRule } from '../../../contract/validation.ts';
import { api } from '../../lib/api-client.ts';
import { useLocale, useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { CheckboxField, FormAlert, TextField } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { formFailure } from '../auth-entry/api-errors.ts';
import { useValidatedForm } from '../auth-entry/form-state.ts';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { signOut } from './sign-out.ts';

const RULES: Record<string, FieldRule> = { fakename: { type: 'fakename', max: 32 }, terms: { type: 'checkbox' } };

/**
 * 'Complete registration' (spec 1 section 4): a signed-in player whose registration is not
 * complete (e.g. signed up through a messenger) chooses a public name and accepts the terms.
 * The popup cannot be closed; signing out is the way out.
 */
export default function CompleteRegistration(_props: DialogComponentProps) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const root = useRootData();
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useValidatedForm(
    { fakename: root?.user.fakename ?? '', terms: false },
    {
      strategy: root?.config.auth.registration.validationStrategy ?? 'eager',
      rules: RULES,
      options: { locale, validationDict: root?.config.validatorConfig.validationDict },
    },
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    if (!form.validate()) return;
    setPending(true);
    try {
      await api('changefakename', { body: { fakename: form.values.fakename }, locale });
      // The root data (is_registration_completed) comes with the page: load it again.
      window.location.reload();
    } catch (error) {
      setPending(false);
      const failure = formFailure(error, ['fakename'], t('errors.generic'));
      form.setServerErrors(failure.fields);
      setAlert(failure.alert);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" data-testid="complete-registration">
      <div className="flex items-start gap-3">
        <span className="grid h-11 w-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-violet-500/40 to-gold-500/30 text-gold-300 ring-1 ring-white/10">
          <Icon name="user" size={22} />
        </span>
        <div>
          <h2 className="text-xl font-extrabold tracking-tight">{t('complete.title')}</h2>
          <p className="mt-1 text-sm text-ink-300">{t('complete.text')}</p>
        </div>
      </div>
      {alert && <FormAlert>{alert}</FormAlert>}
      <TextField
        label={t('fields.fakename')}
        name="fakename"
        autoComplete="nickname"
        hint={t('fields.fakenameHint')}
        {...form.bind('fakename')}
      />
      <CheckboxField
        name="terms"
        checked={form.values.terms}
        onChange={(event) => form.set('terms', event.target.checked)}
        error={form.error('terms')}
        label={
          <Trans
            t={t}
            i18nKey="fields.terms"
            components={{ terms: <a href={localize('/terms')} target="_blank" rel="noreferrer" className="font-semibold text-gold-400 hover:underline" /> }}
          />
        }
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending} data-testid="complete-submit">
        {t('complete.submit')}
      </Button>
      <button type="button" onClick={() => void signOut(locale)} className="mx-auto flex items-center gap-1 text-sm text-ink-300 hover:text-white">
        <Icon name="logout" size={16} />
        {t('userMenu.signOut')}
      </button>
    </form>
  );
}
