import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isLoggedIn } from '../../contract/api.ts';
import { stripLocale } from '../../contract/locales.ts';
import { useOpenAuth } from '../features/auth-entry/open-auth.ts';
import { PageMeta } from '../features/pages/page-meta.tsx';
import { api } from '../lib/api-client.ts';
import { isApiError } from '../lib/api-error.ts';
import { useLocale, useLocalizedPath, useRootData } from '../lib/locale.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Icon, type IconName } from '../ui/icon.tsx';

type State = { status: 'idle' } | { status: 'pending' } | { status: 'error'; message: string };

/**
 * /confirmation?contact=..&code=.. is the link of a confirmation e-mail or SMS. A signed-in
 * player's contact is confirmed at once and the page moves to /confirmation/success (the same
 * module); a guest is asked to sign in first and comes back to the link afterwards. Without a
 * link the page explains what confirming is for.
 */
export default function ConfirmationPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const openAuth = useOpenAuth();
  const signedIn = isLoggedIn(useRootData()?.user);
  const params = new URLSearchParams(location.search);
  const contact = params.get('contact') ?? '';
  const code = params.get('code') ?? '';
  const success = stripLocale(location.pathname) === '/confirmation/success';
  const hasLink = !success && !!contact && !!code;
  const [state, setState] = useState<State>(() => (hasLink && signedIn ? { status: 'pending' } : { status: 'idle' }));
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!hasLink || !signedIn) return;
    const key = `${contact}\n${code}`;
    if (asked.current === key) return;
    asked.current = key;
    api('confirmContact', { body: { contact, code }, locale }).then(
      () => navigate(localize('/confirmation/success'), { replace: true }),
      (error: unknown) => {
        const message = isApiError(error) ? (Object.values(error.fields)[0] ?? error.message) : '';
        setState({ status: 'error', message: message || t('confirmation.failedText') });
      },
    );
  }, [hasLink, signedIn, contact, code, locale, localize, navigate, t]);

  let body: ReactNode;
  if (success) {
    body = (
      <Panel icon="check" tone="success" title={t('confirmation.successTitle')} text={t('confirmation.successText')} testId="confirmation-success">
        <ButtonLink to={localize('/profile/settings')} size="lg">
          {t('confirmation.toProfile')}
        </ButtonLink>
        <ButtonLink to={localize('/gamehall')} size="lg" variant="secondary">
          {t('confirmation.toGames')}
        </ButtonLink>
      </Panel>
    );
  } else if (hasLink && !signedIn) {
    body = (
      <Panel icon="lock" tone="info" title={t('confirmation.guestTitle')} text={t('confirmation.guestText', { contact })} testId="confirmation-guest">
        <Button size="lg" onClick={() => openAuth('sign_in', { redirectUrl: location.pathname + location.search })} data-testid="confirmation-sign-in">
          {t('confirmation.signIn')}
        </Button>
      </Panel>
    );
  } else if (hasLink && state.status === 'error') {
    body = (
      <Panel icon="alert" tone="error" title={t('confirmation.failedTitle')} text={state.message} testId="confirmation-failed">
        <ButtonLink to={localize('/profile/settings')} size="lg" className="h-auto min-h-13 max-w-full py-3 text-center whitespace-normal">
          {t('confirmation.toProfileRetry')}
        </ButtonLink>
      </Panel>
    );
  } else if (hasLink) {
    body = (
      <Panel icon="mail" tone="info" title={t('confirmation.pendingTitle')} text={t('confirmation.pendingText', { contact })} testId="confirmation-pending" busy />
    );
  } else {
    body = (
      <Panel icon="mail" tone="info" title={t('confirmation.aboutTitle')} text={t('confirmation.aboutText')} testId="confirmation-about">
        <ul className="mx-auto grid w-full max-w-md gap-2 text-left text-sm text-ink-200">
          {(['secure', 'restore', 'news'] as const).map((key) => (
            <li key={key} className="flex items-start gap-2">
              <Icon name="check" size={18} className="mt-0.5 shrink-0 text-jade-400" />
              {t(`confirmation.perks.${key}`)}
            </li>
          ))}
        </ul>
        <div className="flex w-full flex-wrap justify-center gap-3 pt-2">
          {signedIn ? (
            <ButtonLink to={localize('/profile/settings')} size="lg">
              {t('confirmation.toProfile')}
            </ButtonLink>
          ) : (
            <Button size="lg" onClick={() => openAuth('sign_in')}>
              {t('confirmation.signIn')}
            </Button>
          )}
        </div>
      </Panel>
    );
  }

  return (
    <div className="mx-auto max-w-2xl py-6 tablet:py-12" data-testid="page-confirmation">
      <PageMeta title={t('confirmation.metaTitle')} description={t('confirmation.aboutText')} />
      {body}
    </div>
  );
}

const TONES = {
  success: 'from-jade-500/30 to-jade-500/5 text-jade-400',
  error: 'from-ruby-500/30 to-ruby-500/5 text-ruby-400',
  info: 'from-violet-500/30 to-gold-500/20 text-gold-300',
} as const;

function Panel({
  icon,
  tone,
  title,
  text,
  testId,
  busy = false,
  children,
}: {
  icon: IconName;
  tone: keyof typeof TONES;
  title: string;
  text: string;
  testId: string;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <section
      className="relative overflow-hidden rounded-3xl bg-ink-850 px-6 py-12 text-center ring-1 ring-white/10 tablet:px-12"
      data-testid={testId}
      aria-busy={busy || undefined}
    >
      <div className="pointer-events-none absolute -top-24 left-1/2 h-56 w-96 -translate-x-1/2 rounded-full bg-violet-600/20 blur-3xl" />
      <div className={`relative mx-auto mb-6 grid h-20 w-20 place-items-center rounded-3xl bg-gradient-to-br ring-1 ring-white/10 ${TONES[tone]}`}>
        <Icon name={icon} size={36} className={busy ? 'animate-pulse' : undefined} />
      </div>
      <h1 className="relative text-2xl font-extrabold tracking-tight tablet:text-3xl">{title}</h1>
      <p className="relative mx-auto mt-3 max-w-md text-ink-300">{text}</p>
      {children && <div className="relative mt-8 flex flex-wrap justify-center gap-3">{children}</div>}
    </section>
  );
}
