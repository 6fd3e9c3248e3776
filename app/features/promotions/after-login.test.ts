import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markSignedIn, takeSignedIn } from './after-login.ts';

describe('after login', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('window', { location: { href: 'https://casino.test/gamehall' } });
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is the page the form loads next, once', () => {
    markSignedIn('/gamehall?register=success#top');
    expect(takeSignedIn({ pathname: '/gamehall', search: '?register=success' })).toBe(true);
    expect(takeSignedIn({ pathname: '/gamehall', search: '?register=success' })).toBe(false);
  });
  it('passes when the player is elsewhere by then (the landing page never ran)', () => {
    markSignedIn('/fr');
    expect(takeSignedIn({ pathname: '/fr/confirmation/success', search: '' })).toBe(false);
    expect(takeSignedIn({ pathname: '/fr', search: '' })).toBe(false);
  });
  it('is nothing without a sign-in', () => {
    expect(takeSignedIn({ pathname: '/', search: '' })).toBe(false);
  });
});
