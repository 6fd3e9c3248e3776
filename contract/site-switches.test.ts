import { describe, expect, it } from 'vitest';
import { fieldAppliesToCurrency, withConfiguredFields } from './configured-forms.ts';
import { faviconLinks } from './favicons.ts';
import { contentViewType, gamehallType, loaderPercent, LOADER_DELAY_MS, twoFactorPanelShown } from './site-switches.ts';
import { validateForm } from './validation.ts';

describe('display switches', () => {
  it('reads known values and falls back to the default for anything else', () => {
    expect(contentViewType('list')).toBe('list');
    expect(contentViewType('table')).toBe('grid');
    expect(gamehallType('sidebar')).toBe('sidebar');
    expect(gamehallType('')).toBe('default');
  });

  it('keeps the two-factor panel for a player who has it while the site no longer offers it', () => {
    expect(twoFactorPanelShown(true, false)).toBe(true);
    expect(twoFactorPanelShown(false, true)).toBe(true);
    expect(twoFactorPanelShown(false, false)).toBe(false);
  });
});

describe('configured form fields', () => {
  const rules = { login: { type: 'login' as const }, password: { type: 'password' as const } };

  it('lays the operator pattern and messages over a field the form has, and ignores others', () => {
    const merged = withConfiguredFields(rules, [
      { fieldName: 'login', pattern: '^[a-z]+@example\\.com$', validationDict: [{ errorType: 'invalid', message: 'Use your example.com address' }] },
      { fieldName: 'nickname', pattern: '^x$' },
    ]);
    expect(Object.keys(merged)).toEqual(['login', 'password']);
    expect(validateForm({ login: merged.login }, { login: 'me@elsewhere.org' }, { locale: 'en' })).toEqual({ login: 'Use your example.com address' });
    expect(validateForm({ login: merged.login }, { login: 'me@example.com' }, { locale: 'en' })).toEqual({});
    expect(merged.password).toEqual(rules.password);
  });

  it('asks a currency-bound field only from players of those currencies', () => {
    const conditions = { document_number: ['BRL'], postcode: ['eur', 'GBP'] };
    expect(fieldAppliesToCurrency(conditions, 'document_number', 'BRL')).toBe(true);
    expect(fieldAppliesToCurrency(conditions, 'document_number', 'EUR')).toBe(false);
    expect(fieldAppliesToCurrency(conditions, 'postcode', 'EUR')).toBe(true);
    expect(fieldAppliesToCurrency(conditions, 'first_name', 'EUR')).toBe(true);
    expect(fieldAppliesToCurrency(conditions, 'document_number', null)).toBe(false);
    expect(fieldAppliesToCurrency(conditions, 'constructor', 'EUR')).toBe(true);
  });
});

describe('favicon links', () => {
  it('emits every declared icon with its type and size, ico first and apple icons last', () => {
    expect(
      faviconLinks({
        apple: '/brand/apple-180.png',
        'png-32x32': '/brand/icon-32.png',
        png: '/brand/logo-mark.svg',
        ico: '/favicon.ico',
        '16x16': '/brand/icon-16.png',
      }),
    ).toEqual([
      { rel: 'icon', href: '/favicon.ico', type: 'image/x-icon' },
      { rel: 'icon', href: '/brand/icon-16.png', type: 'image/png', sizes: '16x16' },
      { rel: 'icon', href: '/brand/icon-32.png', type: 'image/png', sizes: '32x32' },
      { rel: 'icon', href: '/brand/logo-mark.svg', type: 'image/svg+xml' },
      { rel: 'apple-touch-icon', href: '/brand/apple-180.png' },
    ]);
  });

  it("adds the site's apple icon when none is declared and leaves unsafe addresses out", () => {
    expect(faviconLinks({ png: 'javascript:alert(1)', svg: '//evil.example/x.svg', 'apple-touch-icon-180x180': 'https://cdn.example/a.png' })).toEqual([
      { rel: 'apple-touch-icon', href: 'https://cdn.example/a.png', sizes: '180x180' },
    ]);
    expect(faviconLinks({ ico: '/favicon.ico' }).at(-1)).toEqual({ rel: 'apple-touch-icon', href: '/brand/apple-touch-icon.png' });
  });
});

describe('page loader', () => {
  it('rises, slows and stays below 100 until the page is there', () => {
    expect(loaderPercent(0)).toBe(0);
    expect(loaderPercent(LOADER_DELAY_MS)).toBe(0);
    const early = loaderPercent(LOADER_DELAY_MS + 500);
    const later = loaderPercent(LOADER_DELAY_MS + 3000);
    expect(early).toBeGreaterThan(20);
    expect(later).toBeGreaterThan(early);
    expect(loaderPercent(60_000)).toBe(95);
    expect(loaderPercent(60_000, true)).toBe(100);
  });
});
