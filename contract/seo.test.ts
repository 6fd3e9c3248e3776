import { describe, expect, it } from 'vitest';
import { applyReplacements, isDisallowed, robotsRuleMatches } from './seo.ts';

/** Spec 2 section 9: a Disallow path pattern gives `noindex, follow`; `*?` matches any path with a query. */
describe('robots rules', () => {
  it('a rule matches from the start of the path', () => {
    expect(robotsRuleMatches('/cashier', '/cashier')).toBe(true);
    expect(robotsRuleMatches('/cashier', '/cashier/deposit?amount=10')).toBe(true);
    expect(robotsRuleMatches('/cashier', '/fr/cashier')).toBe(false);
    expect(robotsRuleMatches('/platform/', '/platform')).toBe(false);
    expect(robotsRuleMatches('', '/anything')).toBe(false);
  });

  it('a wildcard followed by ? matches any path with a query, and only those', () => {
    expect(robotsRuleMatches('/*?', '/gamehall?providers=croupier')).toBe(true);
    expect(robotsRuleMatches('/*?', '/?promo_code=WELCOME')).toBe(true);
    expect(robotsRuleMatches('/*?', '/gamehall')).toBe(false);
  });

  it('$ anchors the end; other characters are literal', () => {
    expect(robotsRuleMatches('/*.pdf$', '/docs/terms.pdf')).toBe(true);
    expect(robotsRuleMatches('/*.pdf$', '/docs/terms.pdf?x=1')).toBe(false);
    expect(robotsRuleMatches('/a.b', '/axb')).toBe(false);
  });

  it("the site's own rules cover the cashier, profile and forms in both locales, not the public pages", () => {
    for (const path of ['/cashier/deposit', '/profile/settings', '/forms/sign_in', '/fr/cashier', '/fr/profile/bonuses']) expect(isDisallowed(path), path).toBe(true);
    for (const path of ['/', '/fr', '/gamehall', '/game/golden-croupier', '/promotions', '/fr/terms']) expect(isDisallowed(path), path).toBe(false);
  });
});

describe('replacements', () => {
  it('replaces every key in every string, deeply, and leaves other values alone', () => {
    const replaced = applyReplacements({ title: '{brand} · {brand}', faq: [{ q: 'Why {brand}?' }], count: 3 }, { '{brand}': 'Croupier' });
    expect(replaced).toEqual({ title: 'Croupier · Croupier', faq: [{ q: 'Why Croupier?' }], count: 3 });
    expect(applyReplacements({ title: 'same' }, {})).toEqual({ title: 'same' });
  });
});
