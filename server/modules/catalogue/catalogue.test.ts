import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { eq } from 'drizzle-orm';
import { freeSpinPacks, gameCategories, gameProviders, games as gameRows } from '../../db/schema.ts';
import { CATALOGUE_CACHE_MS, createCatalogue } from './index.ts';
import { readGameSeed, seedGames } from '../../db/seed.ts';
import { gameArt } from '../../../scripts/generate-game-art.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const seed = readGameSeed();
const ITEM_KEYS = ['sysname', 'name', 'image_url', 'description', 'provider', 'type', 'tags', 'rtp', 'volatility', 'has_demo', 'engine', 'badges'].sort();

type Item = { sysname: string; name: string; image_url: string; description: { name: string; img_288_192: string }; provider: string; type: string; tags: string[]; rtp: string };
type Page = { items: Item[]; total: number };

async function games(query: Record<string, string> = {}, locale?: string) {
  const answer = await t.call('games/get', { query: locale ? { ...query, locale } : query });
  return answer;
}
async function page(query: Record<string, string> = {}, locale?: string): Promise<Page> {
  const answer = await games(query, locale);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as Page;
}
const sysnamesOf = (data: Page) => data.items.map((item) => item.sysname);

let counter = 0;
type Client = { cookie: string; ip: string; uid: number; email: string };
async function player(): Promise<Client> {
  const ip = `10.7.${Math.floor(++counter / 250)}.${counter % 250}`;
  const email = `likes.${Date.now()}.${counter}@example.com`;
  const answer = await t.call('register', {
    body: { email, password: 'secret12', terms: '1' },
    headers: { 'x-croupier-client-ip': ip },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const cookie = answer.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  return { cookie, ip, email, uid: (answer.json.data as { uid: number }).uid };
}
const call = (who: Client, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) =>
  t.call(method, { ...options, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });

/** The in-house games of the seed (every one has "Croupier" in its name). */
const IN_HOUSE = seed.games.filter((game) => game.provider === 'croupier').map((game) => game.sysname);

describe('the seeded catalogue', () => {
  it('holds the seeded playable games of 6 providers, the in-house games among them, each with its own artwork', async () => {
    const all = await page({ count: '300' });
    expect(all.total).toBe(seed.games.length);
    expect(all.total).toBe(24 + IN_HOUSE.length);
    expect(new Set(all.items.map((item) => item.provider)).size).toBe(6);
    for (const sysname of IN_HOUSE) {
      const game = await t.services.catalogue.findGame(sysname);
      expect(game, sysname).toMatchObject({ provider: 'croupier', isInHouse: true, hasDemo: true, isActive: true });
    }
    expect((await t.services.catalogue.findGame('golden-croupier'))?.type).toBe('slot');
    const pictures = new Set<string>();
    for (const game of seed.games) {
      const file = new URL(`../../../public/games/${game.sysname}.svg`, import.meta.url);
      expect(existsSync(file), game.sysname).toBe(true);
      const svg = readFileSync(file, 'utf8');
      // Committed pictures are what the generator draws from the seed today.
      expect(svg, `${game.sysname}: run npx node scripts/generate-game-art.ts`).toBe(gameArt(game));
      expect(svg).toContain('viewBox="0 0 288 192"');
      pictures.add(svg);
    }
    expect(pictures.size).toBe(seed.games.length);
  });

  it('seeds idempotently, without overwriting what an operator changed', async () => {
    // Straight from the database: the API's short cache would answer the same page either way.
    const uncached = createCatalogue(t.database.db, { cacheMs: 0 });
    const all = { offset: 0, count: 300, sort: 'popularity' } as const;
    const before = await uncached.listGames(all, 'en');
    await seedGames(t.database.db);
    expect(await uncached.listGames(all, 'en')).toEqual(before);
  });
});

describe('the catalogue cache', () => {
  it('serves lists from memory for CATALOGUE_CACHE_MS, then shows what the operator changed', async () => {
    let now = 0;
    const catalogue = createCatalogue(t.database.db, { now: () => now });
    const slots = { offset: 0, count: 300, sort: 'popularity', category: 'slot' } as const;
    const listed = async () => (await catalogue.listGames(slots, 'en')).items.map((item) => item.sysname);
    const providerNames = async () => (await catalogue.providers({})).map((item) => item.sysname);
    expect(await listed()).toContain('lantern-tide');
    const hiddenProvider = (await catalogue.findGame('lantern-tide'))!.provider;
    expect(await providerNames()).toContain(hiddenProvider);
    try {
      await t.database.db.update(gameRows).set({ isActive: false }).where(eq(gameRows.sysname, 'lantern-tide'));
      await t.database.db.update(gameProviders).set({ isActive: false }).where(eq(gameProviders.sysname, hiddenProvider));
      now += CATALOGUE_CACHE_MS - 1;
      expect(await listed()).toContain('lantern-tide');
      expect(await providerNames()).toContain(hiddenProvider);
      now += 1;
      expect(await listed()).not.toContain('lantern-tide');
      expect(await providerNames()).not.toContain(hiddenProvider);
      // Single-game lookups (launching a game, a provider's bet) always read the database.
      expect((await catalogue.findGame('lantern-tide'))?.isActive).toBe(false);
    } finally {
      await t.database.db.update(gameRows).set({ isActive: true }).where(eq(gameRows.sysname, 'lantern-tide'));
      await t.database.db.update(gameProviders).set({ isActive: true }).where(eq(gameProviders.sysname, hiddenProvider));
    }
  });

  it('does not keep an unknown category error', async () => {
    const catalogue = createCatalogue(t.database.db);
    const query = { offset: 0, count: 10, sort: 'popularity', category: 'bingo' } as const;
    await expect(catalogue.listGames(query, 'en')).rejects.toMatchObject({ type: 'InvalidParameterException' });
    await t.database.db.insert(gameCategories).values({ id: 'bingo', names: { en: 'Bingo' }, position: 99 });
    try {
      expect((await catalogue.listGames(query, 'en')).total).toBe(0);
    } finally {
      await t.database.db.delete(gameCategories).where(eq(gameCategories.id, 'bingo'));
    }
  });
});

describe('games/get', () => {
  it('answers items of the spec shape, most popular first, 15 by default', async () => {
    const data = await page();
    expect(data.items).toHaveLength(15);
    expect(data.items[0].sysname).toBe('golden-croupier');
    expect(Object.keys(data.items[0]).sort()).toEqual(ITEM_KEYS);
    expect(data.items[0]).toMatchObject({
      name: 'Golden Croupier',
      image_url: '/games/golden-croupier.svg',
      description: { name: 'Golden Croupier', img_288_192: '/games/golden-croupier.svg' },
      provider: 'croupier',
      type: 'slot',
      rtp: '96.00',
      volatility: 'medium',
      has_demo: true,
    });
  });

  it('pages without gaps or repeats', async () => {
    const all = sysnamesOf(await page({ count: '300' }));
    const pages: string[] = [];
    for (let offset = 0; offset < all.length; offset += 12) pages.push(...sysnamesOf(await page({ offset: String(offset), count: '12' })));
    expect(pages).toEqual(all);
    const beyond = await page({ offset: '1000' });
    expect(beyond).toEqual({ items: [], total: all.length });
  });

  it('filters by category, providers, types, tags and sysnames, together', async () => {
    const slots = await page({ category: 'slot', count: '300' });
    expect(slots.total).toBe(seed.games.filter((game) => game.type === 'slot').length);
    expect(slots.items.every((item) => item.type === 'slot')).toBe(true);
    expect((await page({ category: 'all' })).total).toBe(seed.games.length);

    const two = await page({ providers: 'quickfuse,velvet-room', count: '300' });
    expect(new Set(two.items.map((item) => item.provider))).toEqual(new Set(['quickfuse', 'velvet-room']));
    expect(two.total).toBe(seed.games.filter((game) => ['quickfuse', 'velvet-room'].includes(game.provider)).length);

    const bracket = await t.call('games/get', { query: { 'providers[]': 'croupier', 'types[]': 'casino' } });
    expect(sysnamesOf(bracket.json.data as Page).sort()).toEqual(
      seed.games
        .filter((game) => game.provider === 'croupier' && game.type === 'casino')
        .map((game) => game.sysname)
        .sort(),
    );

    const tagged = await page({ tags: 'roulette', count: '300' });
    expect(tagged.items.every((item) => item.tags.includes('roulette'))).toBe(true);
    expect(tagged.total).toBe(seed.games.filter((game) => game.tags.includes('roulette')).length);

    const chosen = await page({ 'sysnames[]': 'coin-flip-rush' });
    expect(sysnamesOf(chosen)).toEqual(['coin-flip-rush']);
    expect(sysnamesOf(await page({ sysname: 'croupier-dice' }))).toEqual(['croupier-dice']);
    expect(await page({ providers: 'no-such-studio' })).toEqual({ items: [], total: 0 });
  });

  it('reads options sent as JSON text, as the spec client sends them, and in bracket notation', async () => {
    const options = JSON.stringify({ offset: 0, count: 2, sort_options: { by: 'name', direction: 'desc' }, options: { category: 'casino' } });
    const tables = await page({ options });
    expect(tables.total).toBe(seed.games.filter((game) => game.type === 'casino').length);
    expect(tables.items).toHaveLength(2);
    const names = seed.games.filter((game) => game.type === 'casino').map((game) => game.name).sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase()));
    expect(tables.items.map((item) => item.name)).toEqual(names.slice(0, 2));

    const flat = await page({ options: JSON.stringify({ providers: ['croupier'], types: ['fast'], fields: ['name'] }) });
    const inHouseFast = seed.games.filter((game) => game.provider === 'croupier' && game.type === 'fast');
    expect(flat.items.map((item) => item.sysname).sort()).toEqual(inHouseFast.map((game) => game.sysname).sort());
    expect(flat.items).toContainEqual({ sysname: 'croupier-dice', name: 'Croupier Dice' });

    const nested = await t.call('games/get', { query: { 'options[category]': 'fast', 'options[count]': '3' } });
    expect((nested.json.data as Page).items.every((item) => item.type === 'fast')).toBe(true);
    expect((nested.json.data as Page).items).toHaveLength(3);

    // Tournament fields are accepted and not applied yet.
    expect((await page({ options: JSON.stringify({ id: 7, type: 'active' }) })).total).toBe(seed.games.length);
  });

  it('sorts by popularity, name, newest and rtp, either way', async () => {
    const byName = await page({ sort_options: 'name', count: '300' });
    const names = byName.items.map((item) => item.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(byName.items[0].name).toBe('Abyss Jewels');

    const newest = await page({ sort_options: 'new', count: '1' });
    const latest = [...seed.games].sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
    expect(newest.items[0].sysname).toBe(latest.sysname);

    const rtp = await page({ sort_options: 'rtp', count: '300' });
    const values = rtp.items.map((item) => Number(item.rtp));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const lowest = await page({ sort_options: 'rtp', order: 'asc', count: '1' });
    expect(Number(lowest.items[0].rtp)).toBe(Math.min(...values));

    const leastPopular = await page({ sort_options: 'priority', order: 'desc', count: '1' });
    expect(leastPopular.items[0].sysname).toBe([...seed.games].sort((a, b) => b.popularity - a.popularity)[0].sysname);
  });

  it('searches game and provider names case-insensitively, in the caller language too', async () => {
    expect(sysnamesOf(await page({ query: 'GOLDEN CROUP', count: '300' }))).toEqual(['golden-croupier']);
    // A provider's name finds its games: every game of Brass Comet, and no other.
    const brass = seed.games.filter((game) => game.provider === 'brass-comet').map((game) => game.sysname);
    expect(brass.length).toBeGreaterThan(1);
    expect(sysnamesOf(await page({ query: 'brass com', count: '300' })).sort()).toEqual([...brass].sort());
    expect(sysnamesOf(await page({ query: 'roulette', count: '300' })).sort()).toEqual(['croupier-roulette', 'sirocco-roulette', 'velvet-roulette-live']);
    const french = await page({ query: 'doré' }, 'fr');
    expect(sysnamesOf(french)).toEqual(['golden-croupier']);
    expect(french.items[0]).toMatchObject({ name: 'Golden Croupier', description: { name: 'Croupier Doré', img_288_192: '/games/golden-croupier.svg' } });
    expect((await page({ query: 'doré' }, 'en')).total).toBe(0);
    expect((await page({ query: '   ' })).total).toBe(seed.games.length);
  });

  it.each([
    ["' OR 1=1 --"],
    ['%'],
    ['_'],
    ['\\'],
    ['%%_%'],
    ['"; drop table games; --'],
    ["Golden' UNION SELECT * FROM users --"],
    ['${name}'],
  ])('treats the search text %j as a literal, finding nothing, and leaves the catalogue whole', async (query) => {
    const data = await page({ query });
    expect(data).toEqual({ items: [], total: 0 });
    expect((await page()).total).toBe(seed.games.length);
  });

  it('refuses malformed input naming the field', async () => {
    const cases: Array<[Record<string, string>, string, number]> = [
      [{ options: '{not json' }, 'options', 422],
      [{ options: '42' }, 'options', 422],
      [{ count: '301' }, 'count', 422],
      [{ offset: '-1' }, 'offset', 422],
      [{ 'fields[]': 'password_hash' }, 'fields.0', 422],
      [{ sort_options: 'random()' }, 'sort_options', 422],
      [{ order: 'sideways' }, 'order', 422],
      [{ types: 'bingo' }, 'types.0', 422],
      [{ tags: "' or 1=1" }, 'tags.0', 422],
      [{ providers: 'croupier;drop' }, 'providers.0', 422],
      [{ query: 'x'.repeat(101) }, 'query', 422],
      [{ category: 'bingo' }, 'category', 404],
    ];
    for (const [query, field, status] of cases) {
      const answer = await games(query);
      expect(answer.status, JSON.stringify(query)).toBe(status);
      expect(answer.json.error?.type).toBe('InvalidParameterException');
      expect(Object.keys(answer.json.error?.fields ?? {}), JSON.stringify(query)).toContain(field);
    }
  });
});

describe('categories and providers', () => {
  it('lists the five categories in hall order, with names in the caller language and game counts', async () => {
    const answer = await t.call('games/getCategories');
    const categories = answer.json.data as Array<{ id: string; name: string; games_count: number }>;
    expect(categories.map((item) => item.id)).toEqual(['all', 'slot', 'casino', 'live', 'fast']);
    expect(categories[0].games_count).toBe(seed.games.length);
    expect(categories.slice(1).reduce((sum, item) => sum + item.games_count, 0)).toBe(seed.games.length);
    const french = (await t.call('games/getCategories', { query: { locale: 'fr' } })).json.data as typeof categories;
    expect(french.find((item) => item.id === 'slot')?.name).toBe('Machines à sous');
  });

  it('lists providers with the game types they offer, and narrows them by type', async () => {
    const plain = (await t.call('games/getProviders')).json.data as Array<Record<string, unknown>>;
    expect(plain.map((item) => item.sysname)).toEqual(seed.providers.map((provider) => provider.sysname));
    expect(plain[0]).toEqual({ sysname: 'croupier', name: 'Croupier Originals', games_count: IN_HOUSE.length });
    const withParams = (await t.call('games/getProviders', { query: { 'fields[]': 'game_params' } })).json.data as Array<{ sysname: string; game_params: { types: string[] } }>;
    expect(withParams.find((item) => item.sysname === 'croupier')?.game_params).toEqual({ types: ['slot', 'casino', 'fast'], games_count: IN_HOUSE.length, is_in_house: true });
    const fast = (await t.call('games/getProviders', { query: { 'fields[]': 'game_params', 'types[]': 'fast' } })).json.data as typeof withParams;
    expect(fast.map((item) => item.sysname)).toEqual(['croupier', 'quickfuse']);
    expect(fast[1].game_params.types).toEqual(['fast']);
    const some = (await t.call('games/getProviders', { query: { types: 'casino,fast' } })).json.data as typeof withParams;
    expect(some.map((item) => item.sysname)).toEqual(['croupier', 'mistral-tables', 'velvet-room', 'quickfuse']);
    expect((await t.call('games/getProviders', { query: { types: 'bingo' } })).status).toBe(422);
  });
});

describe('favourites', () => {
  it('are for signed-in players only', async () => {
    expect((await t.call('games/getLikes')).status).toBe(401);
    expect((await t.call('games/addLike', { body: { sysname: 'coin-flip-rush' } })).status).toBe(401);
    expect((await t.call('games/removeLike', { body: { sysname: 'coin-flip-rush' } })).status).toBe(401);
  });

  it('toggle and persist per player, idempotently, refusing unknown games', async () => {
    const ann = await player();
    const bob = await player();
    expect((await call(ann, 'games/getLikes')).json.data).toEqual({ sysnames: [] });
    expect((await call(ann, 'games/addLike', { body: { sysname: 'coin-flip-rush' } })).json.data).toBe(1);
    expect((await call(ann, 'games/addLike', { body: { sysname: 'croupier-dice' } })).json.data).toBe(1);
    expect((await call(ann, 'games/addLike', { body: { sysname: 'coin-flip-rush' } })).json.data).toBe(1);
    const liked = (await call(ann, 'games/getLikes')).json.data as { sysnames: string[] };
    expect(liked.sysnames.sort()).toEqual(['coin-flip-rush', 'croupier-dice']);
    expect((await call(bob, 'games/getLikes')).json.data).toEqual({ sysnames: [] });

    expect((await call(ann, 'games/removeLike', { body: { sysname: 'coin-flip-rush' } })).json.data).toBe(1);
    expect((await call(ann, 'games/removeLike', { body: { sysname: 'coin-flip-rush' } })).json.data).toBe(1);
    // Persisted: a new sign-in sees the same list.
    const login = await t.call('login', { body: { login: ann.email, password: 'secret12' }, headers: { 'x-croupier-client-ip': ann.ip } });
    expect(login.status).toBe(200);
    const again = { ...ann, cookie: login.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ') };
    expect((await call(again, 'games/getLikes')).json.data).toEqual({ sysnames: ['croupier-dice'] });

    for (const sysname of ['no-such-game', 'Pinfall']) {
      const unknown = await call(ann, 'games/addLike', { body: { sysname } });
      expect(unknown.json.error?.type, sysname).toBe('InvalidParameterException');
      expect(Object.keys(unknown.json.error?.fields ?? {})).toEqual(['sysname']);
    }
    expect((await call(ann, 'games/addLike', { body: { sysname: 'no-such-game' } })).status).toBe(404);
    expect((await call(ann, 'games/removeLike', { body: { sysname: 'no-such-game' } })).status).toBe(404);
    expect((await call(ann, 'games/addLike', { body: { sysname: "x' or 1=1 --" } })).status).toBe(422);
    expect((await call(ann, 'games/addLike', { body: {} })).status).toBe(422);
  });
});

describe('free spins and recent games', () => {
  it('answer real, empty lists for a new player, and the active packs once there are some', async () => {
    expect((await t.call('freespins/get', { query: { status: 'active', count: '99' } })).status).toBe(401);
    const who = await player();
    expect((await call(who, 'freespins/get', { query: { status: 'active', count: '99', 'fields[]': 'description' } })).json.data).toEqual({ items: [], total: 0 });
    await t.database.db.insert(freeSpinPacks).values([
      { userId: who.uid, game: 'golden-croupier', totalCount: 20, remainingCount: 15, betAmount: 20n, currency: 'EUR', description: { en: { title: 'Welcome spins' } } },
      { userId: who.uid, game: 'lantern-tide', totalCount: 10, remainingCount: 10, betAmount: 10n, currency: 'EUR', expiresAt: new Date(Date.now() - 1000) },
    ]);
    const active = (await call(who, 'freespins/get', { query: { status: 'active', count: '99', 'fields[]': 'description' } })).json.data as { items: unknown[]; total: number };
    expect(active.total).toBe(1);
    expect(active.items[0]).toMatchObject({
      game: { sysname: 'golden-croupier', name: 'Golden Croupier', image_url: '/games/golden-croupier.svg' },
      total_count: 20,
      remaining_count: 15,
      bet: { amount: '0.20', currency: 'EUR' },
      status: 'active',
      description: { title: 'Welcome spins' },
    });
    expect((await call(who, 'freespins/get', { query: { status: 'all' } })).json.data).toMatchObject({ total: 2 });
    expect((await call(who, 'freespins/get', { query: { count: '100' } })).status).toBe(422);
  });

  it('has no recent games before the first bet', async () => {
    expect((await t.call('games/getRecent')).status).toBe(401);
    const who = await player();
    expect((await call(who, 'games/getRecent')).json.data).toEqual({ items: [], total: 0 });
  });
});
