import { describe, expect, it } from 'vitest';
import { installMethod, platformType, type PlatformSignals } from './platform.ts';

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const ANDROID_WEBVIEW = 'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36';
const IOS_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IOS_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const IOS_IN_APP = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const INSTAGRAM = `${IOS_IN_APP} Instagram 350.0.0.0 (iPhone15,2; iOS 18_1; en_GB)`;
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const signals = (overrides: Partial<PlatformSignals>): PlatformSignals => ({
  userAgent: DESKTOP,
  displayModeApp: false,
  iosStandalone: false,
  telegramBridge: false,
  referrer: '',
  ...overrides,
});

describe('platform type', () => {
  it('is the installed web app when opened from the home screen', () => {
    expect(platformType(signals({ displayModeApp: true }))).toBe('installed-web-app');
    expect(platformType(signals({ userAgent: IOS_SAFARI, iosStandalone: true }))).toBe('installed-web-app');
    expect(platformType(signals({ userAgent: CHROME_ANDROID, referrer: 'android-app://com.croupier.twa/' }))).toBe('installed-web-app');
  });

  it('is an embedded web view inside Telegram and other apps', () => {
    expect(platformType(signals({ userAgent: CHROME_ANDROID, telegramBridge: true }))).toBe('embedded-web-view');
    expect(platformType(signals({ userAgent: ANDROID_WEBVIEW }))).toBe('embedded-web-view');
    expect(platformType(signals({ userAgent: INSTAGRAM }))).toBe('embedded-web-view');
    expect(platformType(signals({ userAgent: IOS_IN_APP }))).toBe('embedded-web-view');
  });

  it('is the default in an ordinary browser', () => {
    for (const userAgent of [DESKTOP, CHROME_ANDROID, IOS_SAFARI, IOS_CHROME]) expect(platformType(signals({ userAgent }))).toBe('default');
  });
});

describe('install method', () => {
  it('uses the browser prompt, Safari steps on iOS, and nothing in an app or a web view', () => {
    expect(installMethod('default', CHROME_ANDROID)).toBe('prompt');
    expect(installMethod('default', DESKTOP)).toBe('prompt');
    expect(installMethod('default', IOS_SAFARI)).toBe('ios-steps');
    expect(installMethod('installed-web-app', IOS_SAFARI)).toBeNull();
    expect(installMethod('embedded-web-view', CHROME_ANDROID)).toBeNull();
  });
});
