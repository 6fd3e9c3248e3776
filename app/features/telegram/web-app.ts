/**
 * Telegram's mini-app bridge (core.telegram.org/bots/webapps). Its script is loaded only inside
 * Telegram: there the app opens the page with `#tgWebAppData=...` in the address, and the mobile
 * apps add window.TelegramWebviewProxy. Outside Telegram nothing is loaded.
 */
export const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';

export type TelegramWebApp = {
  initData: string;
  initDataUnsafe?: { user?: { id?: number; username?: string; language_code?: string }; hash?: string };
  ready(): void;
  expand?(): void;
  setHeaderColor?(color: string): void;
  setBackgroundColor?(color: string): void;
  disableVerticalSwipes?(): void;
};

type TelegramWindow = Window & { Telegram?: { WebApp?: TelegramWebApp } };

/** The bridge, loading Telegram's script first (with the page's CSP nonce) when it is not there yet. */
export function loadWebApp(nonce: string | undefined): Promise<TelegramWebApp | null> {
  const win = window as TelegramWindow;
  if (win.Telegram?.WebApp) return Promise.resolve(win.Telegram.WebApp);
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = TELEGRAM_SCRIPT;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => resolve(win.Telegram?.WebApp ?? null);
    script.onerror = () => resolve(null);
    document.head.append(script);
  });
}

/** The register call's Telegram fields (spec 1 §7: is_tg true, id, username, hash, language_code, payload). */
export function registerFields(webApp: TelegramWebApp) {
  const params = new URLSearchParams(webApp.initData);
  let user: { id?: number; username?: string; language_code?: string } = webApp.initDataUnsafe?.user ?? {};
  try {
    user = JSON.parse(params.get('user') ?? '') as typeof user;
  } catch {
    // The server decides; unreadable data is sent as it is and refused there.
  }
  return {
    is_tg: 'true',
    id: user.id === undefined ? '' : String(user.id),
    username: user.username ?? '',
    hash: params.get('hash') ?? '',
    language_code: user.language_code ?? '',
    payload: webApp.initData,
  };
}
