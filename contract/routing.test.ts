import { describe, expect, it } from 'vitest';
import { isGuardedPath, isNavigableUrl, matchRedirect, safeLocalPath } from './routing.ts';

describe('guest guard', () => {
  it.each([
    ['/cashier', true],
    ['/cashier/deposit/visa', true],
    ['/fr/profile/settings', true],
    ['/bets/history', true],
    ['/responsible-game', true],
    ['/profile', true],
    ['/', false],
    ['/gamehall', false],
    ['/promotions/cashier-week', false],
    ['/fr', false],
  ])('%s guarded: %s', (path, guarded) => {
    expect(isGuardedPath(path)).toBe(guarded);
  });
});

describe('redirect rules', () => {
  const rules = [
    { from_url: '/casino', to_url: '/gamehall' },
    { from_url: '/slots/*', to_url: '/gamehall?category=slot' },
    { from_url: '/old/*', to_url: '/new/*' },
    { from_url: '/partner', to_url: 'https://partner.example/landing' },
  ];
  it('matches exact paths, with or without a trailing slash, without the locale prefix', () => {
    expect(matchRedirect('/casino', rules)).toBe('/gamehall');
    expect(matchRedirect('/casino/', rules)).toBe('/gamehall');
    expect(matchRedirect('/fr/casino', rules)).toBe('/gamehall');
    expect(matchRedirect('/casinos', rules)).toBeNull();
  });
  it('supports the * wildcard and carries the matched part over', () => {
    expect(matchRedirect('/slots/fruit', rules)).toBe('/gamehall?category=slot');
    expect(matchRedirect('/old/a/b', rules)).toBe('/new/a/b');
  });
  it('allows external targets', () => {
    expect(matchRedirect('/partner', rules)).toBe('https://partner.example/landing');
  });
  it('treats regex characters in rules literally', () => {
    expect(matchRedirect('/aXb', [{ from_url: '/a.b', to_url: '/x' }])).toBeNull();
  });
});

describe('link safety', () => {
  const origin = 'https://croupier.test';
  it('refuses unsafe protocols whatever the flag', () => {
    for (const href of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,hi', 'vbscript:x', 'file:///etc/passwd']) {
      expect(isNavigableUrl(href, origin, { external: true })).toBe(false);
    }
  });
  it('allows internal links, and external ones only when flagged external', () => {
    expect(isNavigableUrl('/gamehall', origin)).toBe(true);
    expect(isNavigableUrl('https://elsewhere.test/', origin)).toBe(false);
    expect(isNavigableUrl('https://elsewhere.test/', origin, { external: true })).toBe(true);
    expect(isNavigableUrl('//elsewhere.test/x', origin)).toBe(false);
  });
  it('keeps redirectUrl on the site', () => {
    expect(safeLocalPath('/profile/settings')).toBe('/profile/settings');
    expect(safeLocalPath('//evil.test')).toBeNull();
    expect(safeLocalPath('/\\evil.test')).toBeNull();
    expect(safeLocalPath('https://evil.test')).toBeNull();
  });
});
