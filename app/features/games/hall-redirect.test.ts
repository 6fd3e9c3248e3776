import { describe, expect, it } from 'vitest';
import { gamehallRedirect } from './hall-redirect.ts';

const hall = { categories: ['all', 'casino', 'slot', 'live', 'fast'], providers: ['croupier-originals', 'brass-comet'] };

describe('/gamehall/{id} category redirect', () => {
  it('a category as written stays; another case goes to the lower-case address, keeping locale and query', () => {
    expect(gamehallRedirect({ ...hall, id: 'slot', search: '', locale: 'en' })).toBeNull();
    expect(gamehallRedirect({ ...hall, id: 'SLOT', search: '?providers=brass-comet', locale: 'fr' })).toBe('/fr/gamehall/slot?providers=brass-comet');
  });

  it("'all' is the hall itself; a studio's name opens the hall filtered by it", () => {
    expect(gamehallRedirect({ ...hall, id: 'all', search: '', locale: 'en' })).toBe('/gamehall');
    expect(gamehallRedirect({ ...hall, id: 'Brass-Comet', search: '', locale: 'fr' })).toBe('/fr/gamehall?providers=brass-comet');
  });

  it('anything else is left to the 404', () => {
    expect(gamehallRedirect({ ...hall, id: 'poker-night', search: '', locale: 'en' })).toBeNull();
  });
});
