import { describe, expect, it } from 'vitest';
import { afterRegister, afterSignIn, redirectTarget } from './navigation.ts';

describe('after sign-in', () => {
  it('goes to the home of the locale', () => {
    expect(afterSignIn('en', { search: '' })).toBe('/');
    expect(afterSignIn('fr', { search: '?show_popup_auth=1' })).toBe('/fr');
  });

  it('follows a redirectUrl from the address or given, when it is a safe local path', () => {
    expect(afterSignIn('en', { search: '?redirectUrl=%2Fprofile%2Fsettings' })).toBe('/profile/settings');
    expect(afterSignIn('fr', { search: '?redirectUrl=%2Ffr%2Fcashier%3Ftab%3Dx' })).toBe('/fr/cashier?tab=x');
    expect(afterSignIn('en', { search: '' }, '/confirmation?contact=a%40b.co&code=123456')).toBe('/confirmation?contact=a%40b.co&code=123456');
  });

  it('refuses a redirectUrl that leaves the site', () => {
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '']) {
      expect(afterSignIn('en', { search: `?redirectUrl=${encodeURIComponent(bad)}` })).toBe('/');
      expect(redirectTarget({ search: '' }, bad)).toBeNull();
    }
  });
});

describe('after registration', () => {
  it('reloads the current page with register=success, without the popup flags', () => {
    expect(afterRegister('en', { pathname: '/gamehall', search: '?category=slot&show_popup_reg=1&prevent_close=1', hash: '#top' })).toBe(
      '/gamehall?category=slot&register=success#top',
    );
    expect(afterRegister('fr', { pathname: '/fr', search: '' })).toBe('/fr?register=success');
  });

  it('goes to the redirectUrl, or from the stand-alone form page to the home of the locale', () => {
    expect(afterRegister('en', { pathname: '/', search: '?redirectUrl=%2Fprofile%2Fsettings' })).toBe('/profile/settings?register=success');
    expect(afterRegister('fr', { pathname: '/fr/forms/sign_up', search: '' }, { standalone: true })).toBe('/fr?register=success');
    expect(afterRegister('en', { pathname: '/forms/sign_up', search: '?redirectUrl=%2F%2Fevil.example' }, { standalone: true })).toBe('/?register=success');
  });
});
