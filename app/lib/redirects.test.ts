import { describe, expect, it } from 'vitest';
import { pageRedirect } from './redirects.ts';

const base: Omit<Parameters<typeof pageRedirect>[0], 'url'> = {
  cookieHeader: null,
  acceptLanguage: null,
  isBot: false,
  isSignedIn: false,
  rules: [{ from_url: '/casino', to_url: '/gamehall' }],
  isDocumentRequest: true,
};
const at = (path: string, extra: Partial<typeof base> = {}) => pageRedirect({ ...base, ...extra, url: new URL(path, 'http://site.test') });

describe('page redirects', () => {
  it('sends a guest on a guarded path home with redirectUrl', () => {
    expect(at('/cashier')).toEqual({ location: '/?redirectUrl=%2Fcashier', status: 302 });
    expect(at('/fr/profile/settings?from=mail')).toEqual({ location: '/fr?redirectUrl=%2Ffr%2Fprofile%2Fsettings%3Ffrom%3Dmail', status: 302 });
    expect(at('/cashier', { isSignedIn: true })).toBeNull();
    expect(at('/gamehall')).toBeNull();
  });
  it('follows the visitor language: cookie first, then Accept-Language, never for crawlers', () => {
    expect(at('/gamehall', { cookieHeader: 'a=1; i18n_locale=fr' })).toEqual({ location: '/fr/gamehall', status: 302 });
    expect(at('/', { acceptLanguage: 'fr-FR,fr;q=0.9' })).toEqual({ location: '/fr', status: 302 });
    expect(at('/', { acceptLanguage: 'fr-FR', cookieHeader: 'i18n_locale=en' })).toBeNull();
    expect(at('/', { acceptLanguage: 'fr-FR', isBot: true })).toBeNull();
    expect(at('/fr/gamehall', { cookieHeader: 'i18n_locale=en' })).toBeNull();
    expect(at('/', { acceptLanguage: 'fr-FR', isDocumentRequest: false })).toBeNull();
  });
  it('removes a stray /en prefix', () => {
    expect(at('/en/gamehall?x=1')).toEqual({ location: '/gamehall?x=1', status: 301 });
  });
  it('applies the operator redirect rules in the page locale', () => {
    expect(at('/casino')).toEqual({ location: '/gamehall', status: 301 });
    expect(at('/fr/casino')).toEqual({ location: '/fr/gamehall', status: 301 });
    expect(at('/x', { rules: [{ from_url: '/x', to_url: 'javascript:alert(1)' }] })).toBeNull();
  });
});
