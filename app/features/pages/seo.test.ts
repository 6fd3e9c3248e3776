import { describe, expect, it } from 'vitest';
import { absolute, alternates, breadcrumbList, ogLocale, serializeJsonLd, siteBase } from './seo.ts';
import { faqPage, videoGame } from './structured-data.ts';

describe('seo helpers', () => {
  it('takes the configured canonical URL before the request origin, without a trailing slash', () => {
    expect(siteBase('https://croupier.example/', 'http://localhost:3000')).toBe('https://croupier.example');
    expect(siteBase('', 'http://localhost:3000')).toBe('http://localhost:3000');
  });

  it('makes addresses absolute without a trailing slash, except the root', () => {
    expect(absolute('https://c.example', '/gamehall/')).toBe('https://c.example/gamehall');
    expect(absolute('https://c.example', '/')).toBe('https://c.example/');
    expect(absolute('https://c.example', 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });

  it('lists the page in en, fr and x-default (the English address) from either locale', () => {
    const expected = [
      { hrefLang: 'en', href: 'https://c.example/jackpots/mega' },
      { hrefLang: 'fr', href: 'https://c.example/fr/jackpots/mega' },
      { hrefLang: 'x-default', href: 'https://c.example/jackpots/mega' },
    ];
    expect(alternates('https://c.example', '/jackpots/mega')).toEqual(expected);
    expect(alternates('https://c.example', '/fr/jackpots/mega/')).toEqual(expected);
    expect(alternates('https://c.example', '/fr').map((link) => link.href)).toEqual(['https://c.example/', 'https://c.example/fr', 'https://c.example/']);
  });

  it('writes Open Graph locales with an underscore', () => {
    expect(ogLocale('en')).toBe('en_GB');
    expect(ogLocale('fr')).toBe('fr_FR');
  });

  it('numbers breadcrumbs from one with absolute items', () => {
    const list = breadcrumbList('https://c.example', [
      { name: 'Croupier', path: '/' },
      { name: 'Jackpots', path: '/jackpots' },
    ]);
    expect(list).toMatchObject({ '@context': 'https://schema.org', '@type': 'BreadcrumbList' });
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Croupier', item: 'https://c.example/' },
      { '@type': 'ListItem', position: 2, name: 'Jackpots', item: 'https://c.example/jackpots' },
    ]);
  });

  it('describes a game and a FAQ in schema.org terms', () => {
    const game = videoGame({ name: 'Golden', url: 'https://c.example/game/golden', publisher: 'Studio', locale: 'fr' });
    expect(game).toMatchObject({ '@type': 'VideoGame', inLanguage: 'fr-FR', publisher: { '@type': 'Organization', name: 'Studio' } });
    expect(game).not.toHaveProperty('image');
    expect(faqPage([{ question: 'Q?', answer: 'A.' }]).mainEntity).toEqual([{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } }]);
  });

  it('escapes < so data cannot close the script, and still parses back', () => {
    const data = { '@type': 'Thing', name: '</script><script>alert(1)</script>\u2028' };
    const text = serializeJsonLd(data);
    expect(text).not.toContain('<');
    expect(text).not.toContain('\u2028');
    expect(JSON.parse(text)).toEqual(data);
  });
});
