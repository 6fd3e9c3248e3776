import { describe, expect, it } from 'vitest';
import { MAX_ODDS, MIN_ODDS, type EventScore, type MarketType, type SelectionKey, type SportKey } from '../../../contract/betting.ts';
import type { Book, Fixture, MarketUpdate } from './book.ts';
import { createDemoFeed, demoFixture, quote, seededRandom, type DemoState, type FeedSink } from './feed.ts';
import { basketballDistribution, footballDistribution, tennisDistribution } from './markets.ts';

/**
 * The demo feed played for hours of simulated time against a book kept in memory: what a player
 * would see on /betting after every tick (who plays when, which markets are open and at what odds).
 */

type EventRow = { clock?: string; id: number; feedRef: string; sport: SportKey; home: string; away: string; startsAt: Date; status: string; scoreHome: number | null; scoreAway: number | null; feedState: Record<string, unknown> };
type MarketRow = { id: number; eventId: number; type: MarketType; line: number | null; status: string; selections: Array<{ key: SelectionKey; odds: number }> };

function memoryBook() {
  const events: EventRow[] = [];
  const markets: MarketRow[] = [];
  const cancelled: number[] = [];
  let ids = 0;
  const add = (fixture: Fixture) => {
    const existing = events.find((row) => row.feedRef === fixture.feedRef);
    if (existing) return existing.id;
    const id = (ids += 1);
    events.push({ id, feedRef: fixture.feedRef, sport: fixture.sport, home: fixture.home, away: fixture.away, startsAt: fixture.startsAt, status: fixture.status ?? 'scheduled', scoreHome: fixture.score?.home ?? null, scoreAway: fixture.score?.away ?? null, feedState: fixture.feedState ?? {} });
    for (const market of fixture.markets) {
      markets.push({ id: (ids += 1), eventId: id, type: market.type, line: market.line, status: market.status ?? 'open', selections: Object.entries(market.odds).map(([key, odds]) => ({ key: key as SelectionKey, odds: odds! })) });
    }
    return id;
  };
  const event = (id: number) => events.find((row) => row.id === id)!;
  const marketsOf = (eventId: number) => markets.filter((m) => m.eventId === eventId);
  const end = (id: number, status: string) => {
    event(id).status = status;
    for (const market of marketsOf(id)) market.status = 'settled';
  };
  const sink: FeedSink = {
    createEvent: async (fixture) => add(fixture),
    async updateMarkets(_eventId: number, updates: MarketUpdate[]) {
      for (const update of updates) {
        const market = markets.find((m) => m.id === update.marketId)!;
        if (market.status === 'settled') continue;
        for (const selection of market.selections) selection.odds = update.odds?.[selection.key] ?? selection.odds;
        market.status = update.status ?? market.status;
      }
    },
    async updateEvent(id, change) {
      const row = event(id);
      if (change.status) row.status = change.status;
      if (change.score) [row.scoreHome, row.scoreAway] = [change.score.home, change.score.away];
      if (change.feedState) row.feedState = change.feedState;
      if (change.clock) row.clock = change.clock.label;
    },
    async suspendEvent(id) {
      for (const market of marketsOf(id)) if (market.status !== 'settled') market.status = 'suspended';
    },
    publishResult: async (id: number, score: EventScore) => {
      [event(id).scoreHome, event(id).scoreAway] = [score.home, score.away];
      end(id, 'settled');
    },
    cancelEvent: async (id) => {
      cancelled.push(id);
      end(id, 'cancelled');
    },
  };
  const book = {
    runningEvents: async () => events.filter((row) => row.status === 'scheduled' || row.status === 'live').map((row) => ({ ...row })),
    marketsOf: async (eventId: number) => marketsOf(eventId).map((m) => ({ ...m, selections: m.selections.map((s) => ({ ...s })) })),
  } as unknown as Book;
  return { events, markets, cancelled, sink, book, add };
}

/** Kick-off to final whistle of a match, as the feed plays it. */
const playWindow = (row: EventRow) => [row.startsAt.getTime(), row.startsAt.getTime() + (row.feedState as DemoState).durationMs] as const;

/** Pairs of running matches of one sport that share a participant and whose play windows intersect. */
function doubleBookings(events: EventRow[]): string[] {
  const running = events.filter((row) => row.status === 'scheduled' || row.status === 'live');
  const found: string[] = [];
  for (const a of running) {
    for (const b of running) {
      if (a.id >= b.id || a.sport !== b.sport) continue;
      const [aFrom, aTo] = playWindow(a);
      const [bFrom, bTo] = playWindow(b);
      const shared = [a.home, a.away].filter((side) => side === b.home || side === b.away);
      if (shared.length && aFrom < bTo && bFrom < aTo) found.push(`${shared.join(', ')} in #${a.id} and #${b.id}`);
    }
  }
  return found;
}

/**
 * Open markets of live events the score already decides, or quoted at a bound of the book: a total
 * already passed (its over has won), or any selection at 1.01 or 1000.00.
 */
function decidedButOpen(events: EventRow[], markets: MarketRow[]): string[] {
  const found: string[] = [];
  for (const market of markets) {
    const row = events.find((e) => e.id === market.eventId)!;
    if (market.status !== 'open' || row.status !== 'live') continue;
    const goals = (row.scoreHome ?? 0) + (row.scoreAway ?? 0);
    if (market.type === 'total' && goals * 100 >= (market.line ?? 0) + 50) found.push(`${row.sport} total ${market.line} open at ${row.scoreHome}-${row.scoreAway}`);
    for (const selection of market.selections) {
      if (selection.odds <= MIN_ODDS || selection.odds >= MAX_ODDS) found.push(`${row.sport} ${market.type} ${market.line} ${selection.key} priced ${selection.odds} at ${row.scoreHome}-${row.scoreAway}`);
    }
  }
  return found;
}

/** Six hours of feed at its real 10-second step, `check` after every tick. */
async function simulate(seed: number, check: (memory: ReturnType<typeof memoryBook>, tick: number) => void) {
  const memory = memoryBook();
  const feed = createDemoFeed({ book: memory.book, random: seededRandom(seed) });
  const start = Date.UTC(2026, 0, 1, 12);
  for (let tick = 0; tick < 6 * 360; tick += 1) {
    await feed.tick(memory.sink, new Date(start + tick * 10_000));
    check(memory, tick);
  }
  // The run did play matches to the end (the checks were not idle), and had nothing to call off.
  expect(memory.events.filter((row) => row.status === 'settled').length).toBeGreaterThan(20);
  expect(memory.cancelled).toEqual([]);
  return memory;
}

describe('the demo feed over many ticks', () => {
  it('never books a participant into two overlapping matches (scheduled or live)', async () => {
    for (const seed of [1, 2, 3]) await simulate(seed, (memory, tick) => expect(doubleBookings(memory.events), `seed ${seed}, tick ${tick}`).toEqual([]));
  }, 120_000);

  it('never leaves a decided line open or priced at 1.01 / 1000.00, and does suspend lines in play', async () => {
    for (const seed of [1, 2, 3]) {
      let suspendedWhileLive = 0;
      await simulate(seed, (memory, tick) => {
        expect(decidedButOpen(memory.events, memory.markets), `seed ${seed}, tick ${tick}`).toEqual([]);
        suspendedWhileLive += memory.markets.filter((m) => m.status === 'suspended' && memory.events.find((e) => e.id === m.eventId)!.status === 'live').length;
      });
      expect(suspendedWhileLive).toBeGreaterThan(0);
    }
  }, 120_000);

  it('suspends each market type once the score decides it, and prices it while it is open', () => {
    const football = (home: number, away: number, left: number) => footballDistribution({ home, away }, 1.5, 1.2, left);
    // Totals: over 1.5 has won at 2-0; over 2.25 at 3-0 too (both halves).
    expect(quote('total', 150, football(2, 0, 0.5)).status).toBe('suspended');
    expect(quote('total', 225, football(3, 0, 0.5)).status).toBe('suspended');
    expect(quote('total', 250, football(1, 0, 0.5))).toMatchObject({ status: 'open' });
    // An Asian handicap the lead covers with no time left to lose it, and the match result at the whistle.
    expect(quote('handicap', -75, football(3, 0, 0.0005)).status).toBe('suspended');
    expect(quote('1x2', null, football(3, 0, 0.0005)).status).toBe('suspended');
    // Tennis at one set all: the home player can no longer win 2-0 (-1.5 lost), nor can the match end in 2 sets (total 2.5 over won).
    expect(quote('handicap', -150, tennisDistribution({ home: 1, away: 1 }, 0.5)).status).toBe('suspended');
    expect(quote('total', 250, tennisDistribution({ home: 1, away: 1 }, 0.5)).status).toBe('suspended');
    expect(quote('match_winner', null, tennisDistribution({ home: 1, away: 1 }, 0.5)).status).toBe('open');
    // Basketball: a 30-point lead with seconds left is a price the book cannot quote (1.01 / 1000.00).
    expect(quote('match_winner', null, basketballDistribution({ home: 100, away: 70 }, 110, 105, 0.005)).status).toBe('suspended');
    const open = quote('handicap', -50, basketballDistribution({ home: 50, away: 48 }, 110, 105, 0.5));
    expect(open.status).toBe('open');
    expect(Object.values(open.odds).every((odds) => odds > MIN_ODDS && odds < MAX_ODDS)).toBe(true);
  });

  it('plays tennis game by game: sets won at 6 games two clear or 7-6, shown on the clock', async () => {
    const labels = new Set<string>();
    const setEnds: string[] = [];
    let before = new Map<number, { sets: number; games: [number, number] }>();
    await simulate(4, (memory) => {
      const now = new Map<number, { sets: number; games: [number, number] }>();
      for (const row of memory.events.filter((e) => e.sport === 'tennis' && e.status === 'live')) {
        labels.add(row.clock!);
        const games = ((row.feedState as DemoState).games ?? [0, 0]) as [number, number];
        now.set(row.id, { sets: (row.scoreHome ?? 0) + (row.scoreAway ?? 0), games });
        const was = before.get(row.id);
        if (was && now.get(row.id)!.sets > was.sets) setEnds.push(`${was.games[0]}-${was.games[1]}`);
      }
      before = now;
    });
    for (const label of labels) expect(label).toMatch(/^Set [1-3] · [0-7]–[0-7]$/);
    expect([...labels].some((label) => /· [3-6]–|–[3-6]$/.test(label))).toBe(true);
    // The tick before a set was won, its winner already had 5 or 6 games (a set never jumps).
    expect(setEnds.length).toBeGreaterThan(3);
    for (const end of setEnds) expect(end).toMatch(/^(5-[0-4]|[0-4]-5|6-5|5-6|6-6)$/);
  }, 120_000);

  it('calls off the later of two demo matches that double-book a side, and leaves an operator fixture alone', async () => {
    const memory = memoryBook();
    const at = Date.UTC(2026, 0, 1, 12);
    const random = seededRandom(7);
    // As the feed made them before it kept sides free: the same two players in a live match and one 5 minutes later.
    const live = demoFixture('tennis', new Date(at - 60_000), random, 'demo:tennis:old-1', true)!;
    const clash = { ...demoFixture('tennis', new Date(at + 5 * 60_000), random, 'demo:tennis:old-2')!, home: live.away, away: live.home };
    const liveId = memory.add(live);
    const clashId = memory.add(clash);
    const operator = { ...demoFixture('tennis', new Date(at + 6 * 60_000), random, 'ops:tennis:1')!, home: live.home, away: 'Someone Else' };
    const operatorId = memory.add(operator);
    const feed = createDemoFeed({ book: memory.book, random: seededRandom(8) });
    await feed.tick(memory.sink, new Date(at));
    expect(memory.cancelled).toEqual([clashId]);
    expect(memory.events.find((row) => row.id === liveId)!.status).toBe('live');
    expect(memory.events.find((row) => row.id === operatorId)!.status).toBe('scheduled');
    // The schedule refilled around them without booking anyone twice... except the operator's own pick, which the feed does not undo.
    expect(doubleBookings(memory.events.filter((row) => row.id !== operatorId))).toEqual([]);
    expect(memory.events.filter((row) => row.sport === 'tennis' && row.status === 'scheduled').length).toBe(8);
  });
});
