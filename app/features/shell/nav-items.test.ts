import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../../contract/site-config.ts';
import { isNavItemActive, mainNav } from './nav-items.ts';

describe('main navigation', () => {
  it('follows the feature switches of the site configuration', () => {
    const all = mainNav(siteConfigSchema.parse({})).map((item) => item.key);
    expect(all).toEqual(['casino', 'live', 'jackpots', 'tournaments', 'promotions', 'loyalty', 'betting']);
    const some = mainNav(siteConfigSchema.parse({ features: { betting: false, loyalty: false } })).map((item) => item.key);
    expect(some).toEqual(['casino', 'live', 'jackpots', 'tournaments', 'promotions']);
  });
});

describe('active navigation item', () => {
  it('tells the game hall from its live category', () => {
    const hall = { to: '/gamehall' };
    const live = { to: '/gamehall?category=live' };
    expect(isNavItemActive(hall, '/gamehall', '')).toBe(true);
    expect(isNavItemActive(live, '/gamehall', '')).toBe(false);
    expect(isNavItemActive(hall, '/gamehall', '?category=live')).toBe(false);
    expect(isNavItemActive(live, '/gamehall', '?category=live')).toBe(true);
    expect(isNavItemActive({ to: '/jackpots' }, '/jackpots/mega', '')).toBe(true);
    expect(isNavItemActive({ to: '/jackpots' }, '/jackpotsx', '')).toBe(false);
  });
});
