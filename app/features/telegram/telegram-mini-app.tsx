import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../../contract/api.ts';
import { api } from '../../lib/api-client.ts';
import { useLocale, useRootData } from '../../lib/locale.ts';
import { useToasts } from '../toasts/store.ts';
import { loadWebApp, registerFields } from './web-app.ts';

/** One try per initData and tab: a refused one is not sent again on every page. */
const TRIED_KEY = 'telegram_signin_tried';
/** The site's own background (ink-900), given to Telegram's header and page so the chrome blends in. */
const SITE_BACKGROUND = '#0b0d17';

/**
 * The site opened as a Telegram mini-app (spec 1 §1): tell Telegram the page is ready, fit its
 * web view (full height, our colours in its header), and sign the guest up or in with the
 * messenger's identity: `register` with is_tg and the signed initData. A refusal shows the
 * spec's wrong-registration toast (spec 1 §8). Mounted by the gate (telegram-gate.tsx) only
 * inside Telegram.
 */
export function TelegramMiniApp() {
  const root = useRootData();
  const locale = useLocale();
  const { t } = useTranslation('sign-in-channels');
  const guest = !!root && !isLoggedIn(root.user);
  const nonce = root?.nonce;
  const failedTitle = t('telegram.wrongRegistration');

  useEffect(() => {
    let cancelled = false;
    void loadWebApp(nonce).then(async (webApp) => {
      if (!webApp || cancelled) return;
      document.documentElement.dataset.platform = 'telegram';
      webApp.ready();
      webApp.expand?.();
      webApp.setHeaderColor?.(SITE_BACKGROUND);
      webApp.setBackgroundColor?.(SITE_BACKGROUND);
      // Scrolling the game hall must not pull the mini-app closed.
      webApp.disableVerticalSwipes?.();
      if (!guest || !webApp.initData) return;
      try {
        if (sessionStorage.getItem(TRIED_KEY) === webApp.initData) return;
        sessionStorage.setItem(TRIED_KEY, webApp.initData);
      } catch {
        // No session storage: try once per page load.
      }
      try {
        await api('register', { body: registerFields(webApp), locale });
        // A full load, as after any sign-in: every loader starts again as the player's.
        window.location.reload();
      } catch {
        if (!cancelled) useToasts.getState().show({ kind: 'error', title: failedTitle });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [guest, nonce, locale, failedTitle]);

  return null;
}
