/**
 * The platform types of spec 2 section 2: the site in an ordinary browser (default), the site
 * installed as a web app (opened from the home screen), or the site inside another app's web
 * view (Telegram, Facebook, Instagram...), where installing makes no sense.
 */
export type PlatformType = 'default' | 'installed-web-app' | 'embedded-web-view';

export type PlatformSignals = {
  userAgent: string;
  /** matchMedia('(display-mode: standalone | fullscreen | minimal-ui)') matched. */
  displayModeApp: boolean;
  /** iOS Safari's navigator.standalone. */
  iosStandalone: boolean;
  /** Telegram's in-app browser bridge (window.TelegramWebviewProxy or window.Telegram.WebApp). */
  telegramBridge: boolean;
  /** document.referrer, which starts with android-app:// in a Trusted Web Activity. */
  referrer: string;
};

const IOS = /iPhone|iPad|iPod/;
// In-app browsers: Telegram, Facebook/Messenger, Instagram, LINE, TikTok, Snapchat; Android's
// WebView marks itself with "; wv)".
const IN_APP = /Telegram|FBAN|FBAV|FB_IAB|Instagram|\bLine\/|musical_ly|BytedanceWebview|Snapchat|; wv\)/;

export function platformType(signals: PlatformSignals): PlatformType {
  if (signals.displayModeApp || signals.iosStandalone || signals.referrer.startsWith('android-app://')) return 'installed-web-app';
  if (signals.telegramBridge || IN_APP.test(signals.userAgent)) return 'embedded-web-view';
  // iOS apps embedding WKWebView send Safari's user agent without its "Safari/" token.
  if (IOS.test(signals.userAgent) && !/Safari\//.test(signals.userAgent)) return 'embedded-web-view';
  return 'default';
}

/**
 * How this browser installs the site: its own prompt (the beforeinstallprompt event, Chromium
 * browsers), the Share > Add to Home Screen steps (Safari on iPhone and iPad), or not at all.
 */
export function installMethod(platform: PlatformType, userAgent: string): 'prompt' | 'ios-steps' | null {
  if (platform !== 'default') return null;
  if (IOS.test(userAgent) && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent)) return 'ios-steps';
  return 'prompt';
}

export function readPlatformSignals(): PlatformSignals {
  const bridges = window as unknown as { TelegramWebviewProxy?: unknown; Telegram?: { WebApp?: unknown } };
  return {
    userAgent: navigator.userAgent,
    displayModeApp: ['standalone', 'fullscreen', 'minimal-ui'].some((mode) => matchMedia(`(display-mode: ${mode})`).matches),
    iosStandalone: (navigator as { standalone?: boolean }).standalone === true,
    telegramBridge: Boolean(bridges.TelegramWebviewProxy || bridges.Telegram?.WebApp),
    referrer: document.referrer,
  };
}
