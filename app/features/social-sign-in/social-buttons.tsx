import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeLocalPath } from '../../../contract/routing.ts';
import { api } from '../../lib/api-client.ts';
import { usePlatformType } from '../../lib/device.ts';
import { useLocale } from '../../lib/locale.ts';
import { FormAlert } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { afterSignIn } from '../auth-entry/navigation.ts';
import { markSignedIn } from '../promotions/after-login.ts';
import { initAddress, keepReturnAddress, onSocialOutcome, openPopup, takeReturnAddress } from './popup.ts';

type Provider = { name: string; label: string };

/** Google's four-colour "G", as its brand guidelines ask for the sign-in button. */
function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/**
 * "Or continue with" buttons under the sign-in and sign-up forms, one per configured provider
 * (none configured: nothing shows). A button opens the provider in a 640x480 popup; where popups
 * do not exist (blocked, or inside an app's web view) the same address opens in this window.
 */
export function SocialButtons({ mode, redirectUrl }: { mode: 'sign_in' | 'sign_up'; redirectUrl?: string | null }) {
  const { t } = useTranslation('sign-in-channels');
  const locale = useLocale();
  const platform = usePlatformType();
  const [failure, setFailure] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);
  const popupRef = useRef<Window | null>(null);
  const { data } = useQuery({
    queryKey: ['oauth/providers'],
    queryFn: () => api<{ providers: Provider[] }>('oauth/providers', { locale }),
    staleTime: 5 * 60_000,
  });

  useEffect(
    () =>
      onSocialOutcome((outcome) => {
        setWaiting(null);
        // The callback page closes itself; this covers a popup whose opener a provider cut.
        popupRef.current?.close();
        popupRef.current = null;
        if (!outcome.ok) {
          setFailure(outcome.message);
          return;
        }
        // Read once and removed (spec 1 §4); then a full load, as after any sign-in.
        const target = safeLocalPath(takeReturnAddress()) ?? '/';
        markSignedIn(target);
        window.location.assign(target);
      }),
    [],
  );

  const providers = data?.providers ?? [];
  if (providers.length === 0) return null;

  function start(service: string) {
    setFailure(null);
    // Where the password sign-in would go: the redirectUrl, else the home of the language.
    const back = afterSignIn(locale, window.location, redirectUrl);
    keepReturnAddress(back);
    const address = initAddress({ service, redirectUrl: back, mode, locale });
    const popup = platform === 'webview' ? null : openPopup(address);
    if (!popup) {
      window.location.assign(address);
      return;
    }
    popupRef.current = popup;
    setWaiting(service);
  }

  return (
    <div className="space-y-3" data-testid="social-sign-in">
      <div className="flex items-center gap-3 text-xs font-semibold tracking-wide text-ink-400 uppercase">
        <span className="h-px flex-1 bg-white/10" />
        {t('social.divider')}
        <span className="h-px flex-1 bg-white/10" />
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="grid gap-2">
        {providers.map((provider) => (
          <button
            key={provider.name}
            type="button"
            data-testid={`social-${provider.name}`}
            onClick={() => start(provider.name)}
            disabled={waiting !== null}
            className="inline-flex h-11 items-center justify-center gap-3 rounded-xl bg-white px-5 text-sm font-semibold text-ink-950 ring-1 ring-white/20 transition hover:bg-ink-100 disabled:cursor-wait disabled:opacity-60"
          >
            {provider.name === 'google' ? <GoogleMark /> : <Icon name="key" size={18} />}
            {waiting === provider.name ? t('social.waiting') : t('social.continueWith', { provider: provider.label })}
          </button>
        ))}
      </div>
    </div>
  );
}
