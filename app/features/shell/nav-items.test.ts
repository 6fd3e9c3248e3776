import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../../contract/site-config.ts';
import { isNavItemActive, mainNav } from './nav-items.ts';

describe('main navigation', () => {
  it('follows the feature switches of the site configuration', () => {
    const all = mainNav(siteConfigSchema.parse({}), true).map((item) => item.key);
    expect(all).toEqual(['casino', 'live', 'jackpots', 'tournaments', 'promotions', 'loyalty', 'betting']);
    const some = mainNav(siteConfigSchema.parse({ features: { betting: false, loyalty: false } }), true).map((item) => item.key);
    expect(some).toEqual(['casino', 'live', 'jackpots', 'tournaments', 'promotions']);
  });

  it('offers the live casino only while the catalogue holds a live-dealer game', () => {
    const config = siteConfigSchema.parse({});
    expect(mainNav(config, false).map((item) => item.key)).toEqual(['casino', 'jackpots', 'tournaments', 'promotions', 'loyalty', 'betting']);
    expect(mainNav(config).map((item) => item.key)).not.toContain('live');
    expect(mainNav(config, true).find((item) => item.key === 'live')?.to).toBe('/gamehall?category=live');
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
