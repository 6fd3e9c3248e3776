import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playedGames, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { readGameSeed } from '../../db/seed.ts';
import { recentPlayersByGame } from '../wallet/index.ts';

/**
 * The hall's order and filters (docs/api.md, games/get): "popular" is the games most players
 * played with real money in the last 7 days, refreshed by the job `catalogue.popularity`; the
 * filters by volatility, RTP and feature leave only what they name.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const seed = readGameSeed();
type Item = { sysname: string; rtp: string; volatility: string; tags: string[] };
async function hall(query: Record<string, string | string[]> = {}): Promise<Item[]> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) flat[key] = Array.isArray(value) ? value.join(',') : value;
  const answer = await t.call('games/get', { query: { count: '300', ...flat } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json.data as { items: Item[] }).items;
}

/** `players` real players whose last bet on `game` was `daysAgo` days ago. */
async function played(game: string, players: number, daysAgo: number) {
  const rows = await t.database.db
    .insert(users)
    .values(Array.from({ length: players }, () => ({ passwordHash: 'x', currency: 'EUR', locale: 'en' })))
    .returning({ id: users.id });
  await t.database.db.insert(playedGames).values(rows.map((row) => ({ userId: row.id, game, lastPlayedAt: new Date(Date.now() - daysAgo * 86_400_000) })));
}
const refresh = async () => t.services.catalogue.refreshPopularity(await recentPlayersByGame(t.database.db, 7));

describe('popular: real-money players of the last 7 days', () => {
  it('puts the most played games of the week first, ignores older plays, and keeps the rank for the rest', async () => {
    const byRank = [...seed.games].sort((a, b) => a.popularity - b.popularity).map((game) => game.sysname);
    expect((await hall()).map((item) => item.sysname)).toEqual(byRank);

    const [least, second, lastWeek] = [byRank[byRank.length - 1], byRank[byRank.length - 2], byRank[byRank.length - 3]];
    await played(least, 3, 1);
    await played(second, 2, 6);
    // Many players, but ten days ago: no longer counted.
    await played(lastWeek, 5, 10);
    expect(await refresh()).toBe(2);
    const order = (await hall()).map((item) => item.sysname);
    expect(order.slice(0, 2)).toEqual([least, second]);
    expect(order.slice(2)).toEqual(byRank.filter((name) => name !== least && name !== second));
    // Nothing moved since: nothing written, the lists stay cached.
    expect(await refresh()).toBe(0);
  });
});

describe('filters', () => {
  it('by volatility, by least RTP and by feature, each alone and together', async () => {
    const high = await hall({ volatility: 'high' });
    expect(high.length).toBe(seed.games.filter((game) => game.volatility === 'high').length);
    expect(high.every((item) => item.volatility === 'high')).toBe(true);
    const generous = await hall({ rtp_min: '97' });
    expect(generous.length).toBe(seed.games.filter((game) => Number(game.rtp) >= 97).length);
    expect(generous.every((item) => Number(item.rtp) >= 97)).toBe(true);
    const jackpots = await hall({ tags: 'jackpot' });
    expect(jackpots.length).toBeGreaterThan(0);
    expect(jackpots.every((item) => item.tags.includes('jackpot'))).toBe(true);
    const both = await hall({ volatility: ['low', 'medium'], rtp_min: '97' });
    expect(both.map((item) => item.sysname).sort()).toEqual(seed.games.filter((game) => game.volatility !== 'high' && Number(game.rtp) >= 97).map((game) => game.sysname).sort());
  });

  it('refuses a bad filter naming it', async () => {
    for (const [query, field] of [
      [{ volatility: 'wild' }, 'volatility.0'],
      [{ rtp_min: 'lots' }, 'rtp_min'],
      [{ rtp_min: '120' }, 'rtp_min'],
    ] as const) {
      const answer = await t.call('games/get', { query });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.json.error?.fields ?? {})).toEqual([field]);
    }
  });
});
