import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bettingEvents } from '../../db/schema/betting.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { bookOdds } from './markets.ts';
import { createOddsApiFeed, parseCompetitions } from './odds-api.ts';

/**
 * The Odds API adapter (docs/betting.md, "A real feed") against a local stand-in that answers
 * as The Odds API v4 does (/v4/sports/{sport}/odds and /scores, decimal odds, ISO dates, the
 * apiKey parameter, the quota header): events booked with prices from the bookmakers' consensus
 * at the book's own margin, re-priced on their lines, suspended when their line goes, live at
 * kick-off, scored and resulted; reads paced by the poll interval; a refused key changes nothing.
 */
const KEY = 'stand-in-key-0123';
type Outcome = { name: string; price: number; point?: number };
type Bookmaker = { key: string; title: string; last_update: string; markets: Array<{ key: string; last_update: string; outcomes: Outcome[] }> };

const standIn = {
  odds: [] as unknown[],
  scores: [] as unknown[],
  reads: [] as string[],
};
let server: Server;
let base = '';
let t: TestApp;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    standIn.reads.push(url.pathname);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'x-requests-remaining': '480', 'x-requests-used': '20' });
      response.end(JSON.stringify(body));
    };
    if (url.searchParams.get('apiKey') !== KEY) return send(401, { message: 'API key is not valid', error_code: 'INVALID_KEY' });
    if (url.pathname === '/v4/sports/soccer_epl/odds') {
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ regions: 'eu', markets: 'h2h,totals,spreads', oddsFormat: 'decimal', dateFormat: 'iso' });
      return send(200, standIn.odds);
    }
    if (url.pathname === '/v4/sports/soccer_epl/scores') return send(200, standIn.scores);
    send(404, { message: 'Unknown sport' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

const HOME = 'Northbridge United';
const AWAY = 'Kingsford City';
const bookmaker = (key: string, h2h: [number, number, number], totals: [number, number] | null, spread: { point: number; prices: [number, number] } | null): Bookmaker => ({
  key,
  title: key,
  last_update: '2026-11-27T16:00:00Z',
  markets: [
    { key: 'h2h', last_update: '2026-11-27T16:00:00Z', outcomes: [{ name: HOME, price: h2h[0] }, { name: AWAY, price: h2h[2] }, { name: 'Draw', price: h2h[1] }] },
    ...(totals ? [{ key: 'totals', last_update: '2026-11-27T16:00:00Z', outcomes: [{ name: 'Over', price: totals[0], point: 2.5 }, { name: 'Under', price: totals[1], point: 2.5 }] }] : []),
    ...(spread ? [{ key: 'spreads', last_update: '2026-11-27T16:00:00Z', outcomes: [{ name: HOME, price: spread.prices[0], point: spread.point }, { name: AWAY, price: spread.prices[1], point: -spread.point }] }] : []),
  ],
});
const apiEvent = (commence: Date, bookmakers: Bookmaker[]) => ({ id: 'e1a2b3c4', sport_key: 'soccer_epl', sport_title: 'EPL', commence_time: commence.toISOString(), home_team: HOME, away_team: AWAY, bookmakers });

/** The hand computation: each bookmaker's chances without its margin, averaged, priced at 5%. */
function expectedOdds(prices: number[][]): number[] {
  const chances = prices.map((book) => {
    const implied = book.reduce((sum, price) => sum + 1 / price, 0);
    return book.map((price) => 1 / price / implied);
  });
  return chances[0].map((_, index) => bookOdds(1 / (chances.reduce((sum, book) => sum + book[index], 0) / chances.length), 0.05));
}

const feedOf = (apiKey = KEY) =>
  createOddsApiFeed({
    book: t.services.betting.book,
    config: { baseUrl: base, apiKey, competitions: parseCompetitions('soccer_epl:football:England'), regions: 'eu', pollSeconds: 300 },
    margins: () => t.services.siteSettings.get('bettingMargins'),
  });
const ourEvent = async () => (await t.database.db.select().from(bettingEvents).where(eq(bettingEvents.feedRef, 'oddsapi:e1a2b3c4')))[0];
const marketsByType = async (eventId: number) =>
  Object.fromEntries((await t.services.betting.book.marketsOf(eventId)).map((market) => [market.type, { ...market, odds: Object.fromEntries(market.selections.map((s) => [s.key, s.odds])) }]));

describe('the Odds API feed', () => {
  it('books, prices, suspends, turns live, scores and results an event, polling at its interval', async () => {
    const feed = feedOf();
    const kickOff = new Date('2026-11-28T15:00:00Z');
    standIn.odds = [
      apiEvent(kickOff, [bookmaker('pinnacle', [2.1, 3.4, 3.6], [1.9, 1.9], { point: -0.5, prices: [1.95, 1.85] }), bookmaker('unibet', [2.05, 3.5, 3.7], [1.88, 1.92], { point: -0.5, prices: [1.93, 1.87] })]),
    ];
    let now = new Date('2026-11-27T16:00:00Z');
    await feed.tick(t.services.betting.sink, now);

    const event = await ourEvent();
    expect(event).toMatchObject({ home: HOME, away: AWAY, status: 'scheduled', startsAt: kickOff });
    const markets = await marketsByType(event.id);
    expect(Object.keys(markets).sort()).toEqual(['1x2', 'handicap', 'total']);
    expect(markets.total.line).toBe(250);
    expect(markets.handicap.line).toBe(-50);
    const [home, draw, away] = expectedOdds([
      [2.1, 3.4, 3.6],
      [2.05, 3.5, 3.7],
    ]);
    expect(markets['1x2'].odds).toEqual({ home, draw, away });
    expect(markets['1x2'].status).toBe('open');
    // The seeded demo fixtures have no feed any more: called off.
    const demo = await t.database.db.select({ status: bettingEvents.status }).from(bettingEvents).where(like(bettingEvents.feedRef, 'seed:%'));
    expect(demo.length).toBeGreaterThan(0);
    expect(new Set(demo.map((row) => row.status))).toEqual(new Set(['cancelled']));

    // Within the poll interval nothing is read.
    const reads = standIn.reads.length;
    await feed.tick(t.services.betting.sink, new Date(now.getTime() + 60_000));
    expect(standIn.reads.length).toBe(reads);

    // Prices move and the spread line goes: the 1x2 follows the bookmakers, the handicap is suspended.
    standIn.odds = [apiEvent(kickOff, [bookmaker('pinnacle', [1.8, 3.8, 4.6], [1.9, 1.9], null), bookmaker('unibet', [1.85, 3.7, 4.4], [1.88, 1.92], null)])];
    now = new Date(now.getTime() + 300_000);
    await feed.tick(t.services.betting.sink, now);
    const moved = await marketsByType(event.id);
    const [home2, draw2, away2] = expectedOdds([
      [1.8, 3.8, 4.6],
      [1.85, 3.7, 4.4],
    ]);
    expect(moved['1x2'].odds).toEqual({ home: home2, draw: draw2, away: away2 });
    expect(moved.handicap.status).toBe('suspended');
    expect(moved.total.status).toBe('open');

    // The operator's margin for 1x2 applies from the next poll.
    await t.services.siteSettings.set('bettingMargins', { '1x2': 10, match_winner: 5, total: 5, handicap: 5 });
    now = new Date(now.getTime() + 300_000);
    await feed.tick(t.services.betting.sink, now);
    const overround = Object.values((await marketsByType(event.id))['1x2'].odds).reduce((sum, odds) => sum + 1000 / odds, 0);
    expect(overround).toBeCloseTo(1.1, 2);
    await t.services.siteSettings.set('bettingMargins', { '1x2': 5, match_winner: 5, total: 5, handicap: 5 });

    // Kick-off: live, then a goal from the scores endpoint, then the final score.
    now = new Date(kickOff.getTime() + 60_000);
    standIn.scores = [{ id: 'e1a2b3c4', sport_key: 'soccer_epl', completed: false, home_team: HOME, away_team: AWAY, scores: [{ name: HOME, score: '1' }, { name: AWAY, score: '0' }], last_update: now.toISOString() }];
    await feed.tick(t.services.betting.sink, now);
    expect(await ourEvent()).toMatchObject({ status: 'live', scoreHome: 1, scoreAway: 0 });

    now = new Date(now.getTime() + 300_000);
    standIn.scores = [{ id: 'e1a2b3c4', sport_key: 'soccer_epl', completed: true, home_team: HOME, away_team: AWAY, scores: [{ name: HOME, score: '2' }, { name: AWAY, score: '1' }], last_update: now.toISOString() }];
    await feed.tick(t.services.betting.sink, now);
    const ended = await ourEvent();
    expect([ended.scoreHome, ended.scoreAway]).toEqual([2, 1]);
    expect(['ended', 'settled']).toContain(ended.status);
    const settled = await t.services.betting.book.marketsOf(ended.id);
    const winner = settled.find((market) => market.type === '1x2')!.selections.find((selection) => selection.key === 'home')!;
    expect(winner.result).toBe('won');
  });

  it('a refused key changes nothing and does not throw', async () => {
    const before = JSON.stringify(await t.database.db.select().from(bettingEvents).orderBy(bettingEvents.id));
    await feedOf('not-the-key-000').tick(t.services.betting.sink, new Date('2026-12-01T10:00:00Z'));
    expect(JSON.stringify(await t.database.db.select().from(bettingEvents).orderBy(bettingEvents.id))).toBe(before);
  });

  it('reads its competitions from the environment, naming a bad item', () => {
    expect(parseCompetitions('soccer_epl:football:England, basketball_nba:basketball:USA')).toEqual([
      { key: 'soccer_epl', sport: 'football', country: 'England' },
      { key: 'basketball_nba', sport: 'basketball', country: 'USA' },
    ]);
    expect(() => parseCompetitions('soccer_epl:cricket:England')).toThrow(/soccer_epl:cricket:England/);
  });
});
