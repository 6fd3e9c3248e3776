import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, localeOfPath, localizePath, stripLocale } from './locales.ts';

describe('locales in paths', () => {
  it('reads the locale of a path', () => {
    expect(localeOfPath('/')).toBe('en');
    expect(localeOfPath('/fr')).toBe('fr');
    expect(localeOfPath('/fr/gamehall')).toBe('fr');
    expect(localeOfPath('/france')).toBe('en');
  });
  it('strips and adds the prefix', () => {
    expect(stripLocale('/fr')).toBe('/');
    expect(stripLocale('/fr/cashier/deposit')).toBe('/cashier/deposit');
    expect(stripLocale('/gamehall')).toBe('/gamehall');
    expect(localizePath('/', 'fr')).toBe('/fr');
    expect(localizePath('/gamehall', 'fr')).toBe('/fr/gamehall');
    expect(localizePath('/gamehall', 'en')).toBe('/gamehall');
  });
});

describe('Accept-Language', () => {
  it.each([
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['en-GB,en;q=0.9,fr;q=0.8', 'en'],
    ['de-DE,de;q=0.9,fr;q=0.5', 'fr'],
    ['en;q=0.2,fr;q=0.8', 'fr'],
    ['de', null],
    ['', null],
  ])('%s -> %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
