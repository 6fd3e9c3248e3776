import { describe, expect, it } from 'vitest';
import { gameImage, gameName, hallHref, hallQuery, hasLiveGames, isCategory, NO_REFINE, offeredCategories, parseProviders, parseRefine, providerLabel, toggled, type Game } from './types.ts';

const game: Game = { sysname: 'abyss-jewels', name: 'Abyss Jewels', image_url: '/games/abyss-jewels.svg', provider: 'velvet-room', type: 'slot' };

describe('games helpers', () => {
  it('prefers the locale name and artwork', () => {
    expect(gameName(game)).toBe('Abyss Jewels');
    expect(gameName({ ...game, description: { name: 'Joyaux' } })).toBe('Joyaux');
    expect(gameImage({ ...game, description: { img_288_192: '/x.svg' } })).toBe('/x.svg');
  });

  it('reads the providers list of the address', () => {
    expect(parseProviders('a, b,,A,bad name,c-d')).toEqual(['a', 'b', 'c-d']);
    expect(parseProviders(null)).toEqual([]);
  });

  it('builds hall queries and addresses', () => {
    expect(hallQuery({ category: 'slot', providers: [] }, 15)).toEqual({ offset: 15, count: 15, category: 'slot' });
    expect(hallQuery({ category: 'all', providers: ['a'] }, 0)).toMatchObject({ providers: ['a'] });
    expect(hallHref('all', [])).toBe('/gamehall');
    expect(hallHref('slot', [], '/tournaments/t1/gamehall')).toBe('/tournaments/t1/gamehall?category=slot');
    expect(hallHref('live', ['a', 'b'])).toBe('/gamehall?category=live&providers=a,b');
  });

  it('reads the refinements of an address, ignoring what it does not know, and writes them back', () => {
    const refine = parseRefine(new URLSearchParams('sort=az&volatility=high&rtp=97&feature=jackpot'));
    expect(refine).toEqual({ sort: 'az', volatility: 'high', rtp: 97, feature: 'jackpot' });
    expect(hallHref('slot', ['a'], '/gamehall', refine)).toBe('/gamehall?category=slot&providers=a&sort=az&volatility=high&rtp=97&feature=jackpot');
    expect(hallQuery({ category: 'all', providers: [], refine }, 0)).toEqual({ offset: 0, count: 15, category: 'all', sort_options: 'name', volatility: ['high'], rtp_min: '97', tags: ['jackpot'] });
    expect(parseRefine(new URLSearchParams('sort=loud&volatility=wild&rtp=42&feature=x'))).toEqual(NO_REFINE);
  });

  it('knows the categories, labels providers and toggles', () => {
    expect(isCategory('slot')).toBe(true);
    expect(isCategory('x')).toBe(false);
    expect(providerLabel('velvet-room')).toBe('Velvet Room');
    expect(providerLabel('a', { a: 'Alpha' })).toBe('Alpha');
    expect(toggled(['a'], 'a')).toEqual([]);
    expect(toggled(['a'], 'b')).toEqual(['a', 'b']);
  });

  it('offers the live casino only while it counts a live game', () => {
    const categories = (live: number) => [
      { id: 'all', name: 'All', games_count: 26 + live },
      { id: 'casino', name: 'Table games', games_count: 0 },
      { id: 'live', name: 'Live casino', games_count: live },
    ];
    expect(hasLiveGames(categories(0))).toBe(false);
    expect(hasLiveGames([])).toBe(false);
    // Only the live casino goes away when empty: an empty table-games category stays a filter.
    expect(offeredCategories(categories(0)).map((category) => category.id)).toEqual(['all', 'casino']);
    expect(hasLiveGames(categories(1))).toBe(true);
    expect(offeredCategories(categories(1)).map((category) => category.id)).toEqual(['all', 'casino', 'live']);
  });
});
