import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon.tsx';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { RestoreForm } from './restore-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { SocialButtons } from '../social-sign-in/social-buttons.tsx';

export type AuthPanelProps = {
  mode?: 'sign_in' | 'sign_up';
  /** Where to go after sign-in instead of the address's redirectUrl (e.g. back to a confirmation link). */
  redirectUrl?: string | null;
  /** On the stand-alone /forms pages rather than in the popup. */
  standalone?: boolean;
  /** Opens the second restore step prefilled (the link of the restore e-mail). */
  restore?: { login: string; code: string } | null;
};

type View = 'sign_in' | 'sign_up' | 'restore';

/**
 * Sign-in and sign-up, in the auth popup and on the /forms pages: tabs over the two forms, with
 * password restore reached from sign-in.
 */
export default function AuthPopup(props: DialogComponentProps | (AuthPanelProps & { dialogId: string })) {
  const { mode, redirectUrl, standalone = false, restore = null } = props as AuthPanelProps;
  const { t } = useTranslation('auth');
  const [view, setView] = useState<View>(restore ? 'restore' : mode === 'sign_in' ? 'sign_in' : 'sign_up');
  const [login, setLogin] = useState(restore?.login ?? '');
  // The restore link's code is good for one pass through the restore form.
  const [restoreLink, setRestoreLink] = useState(restore);
  const tab = view === 'sign_up' ? 'sign_up' : 'sign_in';
  const heading = view === 'sign_up' ? 'signUp' : 'signIn';

  return (
    <div data-testid="auth-popup" className="space-y-5">
      <div className={clsx('flex items-center gap-3', !standalone && 'pr-10')}>
        <span className="grid h-11 w-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-violet-500/40 to-gold-500/30 text-gold-300 ring-1 ring-white/10">
          <Icon name={view === 'sign_up' ? 'sparkles' : 'user'} size={22} />
        </span>
        <div className="min-w-0">
          <h2 className="text-xl leading-tight font-extrabold tracking-tight">{t(`${heading}.title`)}</h2>
          <p className="mt-0.5 text-sm text-ink-300">{t(`${heading}.subtitle`)}</p>
        </div>
      </div>

      <div className="flex rounded-xl bg-ink-900 p-1 ring-1 ring-white/5" role="tablist" aria-label={t('tabs.label')}>
        {(['sign_in', 'sign_up'] as const).map((key) => (
          <button
            key={key}
            role="tab"
            type="button"
            aria-selected={tab === key}
            onClick={() => setView(key)}
            className={clsx(
              'flex-1 rounded-lg py-2.5 text-sm font-semibold transition',
              tab === key ? 'bg-ink-700 text-white shadow ring-1 ring-white/10' : 'text-ink-400 hover:text-ink-200',
            )}
          >
            {t(key === 'sign_in' ? 'tabs.signIn' : 'tabs.signUp')}
          </button>
        ))}
      </div>

      <div role="tabpanel">
        {view === 'sign_in' && (
          <SignInForm
            redirectUrl={redirectUrl}
            initialLogin={login}
            onSignUp={() => setView('sign_up')}
            onForgot={(value) => {
              setLogin(value);
              setView('restore');
            }}
          />
        )}
        {view === 'restore' && (
          <RestoreForm
            initialLogin={login}
            initialCode={restoreLink?.code ?? ''}
            onDone={(value) => {
              setRestoreLink(null);
              setLogin(value);
              setView('sign_in');
            }}
          />
        )}
        {view === 'sign_up' && <SignUpForm standalone={standalone} redirectUrl={redirectUrl} onSignIn={() => setView('sign_in')} />}
      </div>

      {view !== 'restore' && <SocialButtons mode={view} redirectUrl={redirectUrl} />}
    </div>
  );
}
