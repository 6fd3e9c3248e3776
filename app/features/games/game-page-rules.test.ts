import { describe, expect, it } from 'vitest';
import { detectPlatformType } from '../../lib/device.ts';
import { fullScreenVisible, gameCanonical, initialMode, needsDeposit, playPath, wantsReal } from './game-page-rules.ts';

describe('game page rules', () => {
  it('shows full screen per visibleFullScreen and platform, only where the browser supports it', () => {
    expect(fullScreenVisible('all', 'default', true)).toBe(true);
    expect(fullScreenVisible('all', 'default', false)).toBe(false);
    expect(fullScreenVisible('telegram', 'default', true)).toBe(false);
    expect(fullScreenVisible('telegram', 'webview', true)).toBe(true);
    expect(fullScreenVisible('product', 'webview', true)).toBe(false);
    expect(fullScreenVisible('product', 'installed', true)).toBe(true);
    expect(fullScreenVisible('none', 'installed', true)).toBe(false);
  });

  it('starts guests in demo and players in real money; #real asks for real money', () => {
    expect(initialMode(false)).toBe('demo');
    expect(initialMode(true)).toBe('real');
    expect(wantsReal('#real')).toBe(true);
    expect(wantsReal('#REAL')).toBe(true);
    expect(wantsReal('')).toBe(false);
    expect(wantsReal('#realm')).toBe(false);
  });

  it('asks for a deposit only in real money, for a player with an empty main balance, unless allowed', () => {
    const base = { mode: 'real' as const, signedIn: true, canAccessWithZeroBalance: false, mainBalance: '0.00' };
    expect(needsDeposit(base)).toBe(true);
    expect(needsDeposit({ ...base, mainBalance: '0.01' })).toBe(false);
    expect(needsDeposit({ ...base, mode: 'demo' })).toBe(false);
    expect(needsDeposit({ ...base, canAccessWithZeroBalance: true })).toBe(false);
    expect(needsDeposit({ ...base, signedIn: false })).toBe(false);
    expect(needsDeposit({ ...base, hasFreeSpins: true })).toBe(false);
  });

  it('frames the play page of the locale and builds the canonical link without trailing slashes', () => {
    expect(playPath('golden-croupier', 'demo', 'en')).toBe('/platform/game/golden-croupier/play?mode=demo');
    expect(playPath('golden-croupier', 'real', 'fr')).toBe('/fr/platform/game/golden-croupier/play?mode=real');
    expect(gameCanonical('https://croupier.example/', 'golden-croupier', 'en')).toBe('https://croupier.example/game/golden-croupier');
    expect(gameCanonical('https://croupier.example//', 'golden-croupier', 'fr')).toBe('https://croupier.example/fr/game/golden-croupier');
  });

  it('tells the platform type: embedded web view, installed web app, or a browser tab', () => {
    const win = (options: { ua?: string; standalone?: boolean; telegram?: boolean; iosStandalone?: boolean }) => ({
      navigator: { userAgent: options.ua ?? 'Mozilla/5.0 Chrome', standalone: options.iosStandalone } as unknown as Navigator,
      matchMedia: (query: string) => ({ matches: !!options.standalone && query.includes('standalone') }) as MediaQueryList,
      ...(options.telegram ? { Telegram: { WebApp: {} } } : {}),
    });
    expect(detectPlatformType(win({}))).toBe('default');
    expect(detectPlatformType(win({ standalone: true }))).toBe('installed');
    expect(detectPlatformType(win({ iosStandalone: true }))).toBe('installed');
    expect(detectPlatformType(win({ telegram: true }))).toBe('webview');
    expect(detectPlatformType(win({ ua: 'Mozilla/5.0 ... Telegram-Android/10.0' }))).toBe('webview');
  });
});
