/**
 * Whether the page runs inside Telegram: the app opens a mini-app with `#tgWebAppData=...` in
 * the address, its mobile apps add window.TelegramWebviewProxy, and once the bridge is loaded
 * window.Telegram.WebApp is there. Its own file so every page can ask without loading the rest.
 */
type MaybeTelegramWindow = Window & { Telegram?: { WebApp?: unknown }; TelegramWebviewProxy?: unknown };

export function insideTelegram(win: MaybeTelegramWindow = window as MaybeTelegramWindow): boolean {
  return Boolean(win.Telegram?.WebApp || win.TelegramWebviewProxy || /(^#|&)tgWebAppData=/.test(win.location.hash));
}
