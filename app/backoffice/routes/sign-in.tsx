import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BACKOFFICE_PATH, type StaffMe } from '../../../contract/backoffice.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useTexts } from '../i18n.ts';
import { ME_QUERY } from '../session.tsx';
import { Button, Notice, TextField } from '../ui/controls.tsx';

const texts = defineTexts({
  en: {
    title: 'Back office sign-in',
    email: 'E-mail',
    password: 'Password',
    next: 'Continue',
    codeTitle: 'Two-step verification',
    codeHelp: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    code: 'Code',
    signIn: 'Sign in',
    back: 'Use another account',
  },
  fr: {
    title: 'Connexion au back office',
    email: 'E-mail',
    password: 'Mot de passe',
    next: 'Continuer',
    codeTitle: 'Vérification en deux étapes',
    codeHelp: 'Saisissez le code à 6 chiffres de votre application d’authentification, ou un de vos codes de secours.',
    code: 'Code',
    signIn: 'Se connecter',
    back: 'Utiliser un autre compte',
  },
});

/** Password, then the authenticator's code: two forms, one page. */
export default function BackofficeSignIn() {
  const t = useTexts(texts);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      if (step === 'password') {
        await backofficeApi('auth/login', { body: { email: form.get('email'), password: form.get('password') } });
        setStep('code');
      } else {
        const me = await backofficeApi<StaffMe>('auth/code', { body: { code: form.get('code') } });
        queryClient.setQueryData(ME_QUERY, me);
        const next = params.get('next');
        navigate(next?.startsWith(`${BACKOFFICE_PATH}`) ? next : BACKOFFICE_PATH, { replace: true });
      }
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="bo-auth">
      <form method="post" className="bo-auth-card bo-form" onSubmit={(event) => void submit(event)} noValidate>
        <img src="/brand/logo-mark.svg" alt="Croupier" width={36} height={36} />
        <h1>{step === 'password' ? t('title') : t('codeTitle')}</h1>
        {step === 'password' ? (
          <>
            <TextField label={t('email')} name="email" type="email" autoComplete="username" required autoFocus error={fieldError(error, 'email')} />
            <TextField label={t('password')} name="password" type="password" autoComplete="current-password" required error={fieldError(error, 'password')} />
          </>
        ) : (
          <>
            <p className="bo-hint">{t('codeHelp')}</p>
            <TextField label={t('code')} name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus error={fieldError(error, 'code')} />
          </>
        )}
        {fieldError(error, '_') && <Notice tone="bad">{fieldError(error, '_')}</Notice>}
        <Button type="submit" tone="primary" disabled={busy}>
          {step === 'password' ? t('next') : t('signIn')}
        </Button>
        {step === 'code' && (
          <Button tone="quiet" onClick={() => setStep('password')}>
            {t('back')}
          </Button>
        )}
      </form>
    </main>
  );
}
