import { useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BACKOFFICE_PATH, type StaffRole } from '../../../contract/backoffice.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useTexts } from '../i18n.ts';
import { Button, Notice, TextField } from '../ui/controls.tsx';

const texts = defineTexts({
  en: {
    title: 'Set up your back-office account',
    welcome: 'Welcome {name}: you join as {role}.',
    dead: 'This set-up link is not valid any more. Ask an owner for a new one.',
    password: 'Choose a password',
    passwordHint: 'At least 12 characters.',
    continue: 'Continue',
    scan: 'Scan this code with your authenticator app (Google Authenticator, 1Password, Authy…), then enter the 6-digit code it shows.',
    manual: 'Or type this key:',
    code: 'Code from the app',
    confirm: 'Confirm',
    codesTitle: 'Your recovery codes',
    codesHelp: 'Each works once if you lose your phone. Keep them somewhere safe: they are shown only now.',
    done: 'I have saved them: open the back office',
    loading: 'Checking the link…',
  },
  fr: {
    title: 'Configurer votre compte back office',
    welcome: 'Bienvenue {name} : vous rejoignez l’équipe en tant que {role}.',
    dead: 'Ce lien de configuration n’est plus valide. Demandez-en un nouveau à un propriétaire.',
    password: 'Choisissez un mot de passe',
    passwordHint: 'Au moins 12 caractères.',
    continue: 'Continuer',
    scan: 'Scannez ce code avec votre application d’authentification (Google Authenticator, 1Password, Authy…), puis saisissez le code à 6 chiffres affiché.',
    manual: 'Ou saisissez cette clé :',
    code: 'Code de l’application',
    confirm: 'Confirmer',
    codesTitle: 'Vos codes de secours',
    codesHelp: 'Chacun sert une fois si vous perdez votre téléphone. Gardez-les en lieu sûr : ils ne sont affichés qu’une fois.',
    done: 'Je les ai enregistrés : ouvrir le back office',
    loading: 'Vérification du lien…',
  },
});

type Enrolment = { otpauth_uri: string; secret: string; qr_svg: string };

function subscribeToHash(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The one-time set-up link (`#token=...`): password, authenticator, recovery codes. */
export default function BackofficeSetup() {
  const t = useTexts(texts);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  // The token rides after `#`, which never reaches a server or a Referer header (so the server
  // renders without it: null until the browser reads it).
  const hash = useSyncExternalStore(subscribeToHash, () => window.location.hash, () => null);
  const token = hash === null ? null : (new URLSearchParams(hash.slice(1)).get('token') ?? '');
  const info = useQuery({
    queryKey: ['backoffice', 'setup', token],
    enabled: !!token,
    queryFn: () => backofficeApi<{ email: string; display_name: string; role: StaffRole }>('auth/setup-info', { query: { token: token ?? '' } }),
  });

  async function run(event: FormEvent<HTMLFormElement>, action: (form: FormData) => Promise<void>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await action(new FormData(event.currentTarget));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  if (token === '' || info.isError) {
    return (
      <main className="bo-auth">
        <div className="bo-auth-card">
          <h1>{t('title')}</h1>
          <Notice tone="bad">{t('dead')}</Notice>
        </div>
      </main>
    );
  }
  if (!info.data) {
    return (
      <main className="bo-auth">
        <p>{t('loading')}</p>
      </main>
    );
  }

  return (
    <main className="bo-auth">
      <div className="bo-auth-card">
        <h1>{t('title')}</h1>
        <p>{t('welcome', { name: info.data.display_name, role: info.data.role })}</p>
        {codes ? (
          <>
            <h2>{t('codesTitle')}</h2>
            <p className="bo-hint">{t('codesHelp')}</p>
            <ul className="bo-codes" aria-label={t('codesTitle')}>
              {codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
            <Link className="bo-button bo-button-primary" to={BACKOFFICE_PATH}>
              {t('done')}
            </Link>
          </>
        ) : !enrolment ? (
          <form
            method="post"
            className="bo-form"
            noValidate
            onSubmit={(event) => void run(event, async (form) => setEnrolment(await backofficeApi<Enrolment>('auth/setup-password', { body: { token, password: form.get('password') } })))}
          >
            <TextField label={t('password')} hint={t('passwordHint')} name="password" type="password" autoComplete="new-password" required autoFocus error={fieldError(error, 'password') ?? fieldError(error, 'token')} />
            <Button type="submit" tone="primary" disabled={busy}>
              {t('continue')}
            </Button>
          </form>
        ) : (
          <form
            method="post"
            className="bo-form"
            noValidate
            onSubmit={(event) =>
              void run(event, async (form) => setCodes((await backofficeApi<{ recovery_codes: string[] }>('auth/setup-confirm', { body: { token, code: form.get('code') } })).recovery_codes))
            }
          >
            <p className="bo-hint">{t('scan')}</p>
            <img className="bo-qr" alt="QR code" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`} />
            <p className="bo-hint">
              {t('manual')} <span className="bo-mono" data-testid="totp-secret">{enrolment.secret}</span>
            </p>
            <TextField label={t('code')} name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus error={fieldError(error, 'code')} />
            <Button type="submit" tone="primary" disabled={busy}>
              {t('confirm')}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
