import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { gameCategoryGames, gameProviders, games } from '../../db/schema.ts';
import { readGameSeed } from '../../db/seed.ts';
import { createCatalogue } from './index.ts';

// Issue 29: the live casino holds only live-dealer games from their provider; the demo catalogue's
// RNG tables are never among them, and without a live game there is nothing live to show.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Category = { id: string; games_count: number };
type Page = { items: Array<{ sysname: string; type: string }>; total: number };
type Provider = { sysname: string; game_params: { types: string[] } };

const liveCount = (categories: Category[]) => categories.find((category) => category.id === 'live')?.games_count;

describe('the live casino', () => {
  it('is empty in the demo catalogue: no in-house or demo-studio game is live', async () => {
    expect(readGameSeed().games.filter((game) => game.type === 'live')).toEqual([]);
    // Each call in French: the English ones below, after a live game arrives, are not served from the cache.
    const categories = (await t.call('games/getCategories', { query: { locale: 'fr' } })).json.data as Category[];
    expect(liveCount(categories)).toBe(0);
    const page = await t.call('games/get', { query: { category: 'live', locale: 'fr' } });
    expect(page.status).toBe(200);
    expect(page.json.data).toEqual({ items: [], total: 0 });
    const providers = await t.call('games/getProviders', { query: { 'types[]': 'live', locale: 'fr' } });
    expect(providers.json.data).toEqual([]);
  });

  it('never takes an RNG game, whether the database or an operator tries to label one live', async () => {
    await expect(t.database.db.update(games).set({ type: 'live' }).where(eq(games.sysname, 'velvet-roulette-live'))).rejects.toHaveProperty('cause.message', expect.stringContaining('games_live_is_never_rng'));
    const catalogue = createCatalogue(t.database.db, { cacheMs: 0 });
    await expect(catalogue.admin.updateGame('croupier-roulette', { categories: ['casino', 'live'] })).rejects.toMatchObject({
      type: 'InvalidParameterException',
      fields: { categories: 'croupier-roulette is not a live-dealer game' },
    });
    expect((await catalogue.categories('en')).find((category) => category.id === 'live')?.games_count).toBe(0);
  });

  it('shows a game its provider marks live, in its category, its count and its provider', async () => {
    await t.database.db.insert(gameProviders).values({ sysname: 'northlight-live', name: 'Northlight Live', integration: 'external', position: 9 });
    await t.database.db.insert(games).values({
      sysname: 'northlight-roulette',
      name: 'Northlight Roulette',
      provider: 'northlight-live',
      type: 'live',
      rtp: '97.30',
      volatility: 'low',
      imageUrl: '/games/northlight-roulette.svg',
      engine: null,
    });
    await t.database.db.insert(gameCategoryGames).values({ categoryId: 'live', game: 'northlight-roulette', position: 1 });

    const categories = (await t.call('games/getCategories')).json.data as Category[];
    expect(liveCount(categories)).toBe(1);
    const page = (await t.call('games/get', { query: { category: 'live' } })).json.data as Page;
    expect(page.items.map((item) => [item.sysname, item.type])).toEqual([['northlight-roulette', 'live']]);
    const providers = (await t.call('games/getProviders', { query: { 'fields[]': 'game_params', 'types[]': 'live' } })).json.data as Provider[];
    expect(providers.map((provider) => [provider.sysname, provider.game_params.types])).toEqual([['northlight-live', ['live']]]);
  });
});
